import { calendarDay } from "~/features/blog/format";
import { RSS_PATH } from "~/features/blog/mapping";
import { blogMessages } from "~/features/blog/messages";
import { allPublishedPosts } from "~/features/blog/public.server";
import type { Route } from "./+types/blog-rss";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
/** CDATA cannot hold "]]>": split it across two sections. */
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/** Feed readers show the body away from the site: its site-relative links become absolute. */
const absoluteLinks = (html: string, siteUrl: string) =>
  html
    .replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`)
    // An uploaded image's srcset names each of its widths by a path of this site (docs/decisions/055).
    .replace(/\bsrcset="([^"]*)"/g, (_, set: string) => `srcset="${set.replace(/(^|,\s*)\/(?!\/)/g, `$1${siteUrl}/`)}"`);

/** RFC 822 date for RSS: a built-in post's calendar day at noon UTC (the same day everywhere), a stored post's instant. */
function rssDate(publishDate: string, timeZone: string): string {
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(publishDate)
    ? (() => {
        const day = calendarDay(publishDate, timeZone);
        return new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12));
      })()
    : new Date(publishDate);
  return instant.toUTCString();
}

/** RSS 2.0 of the built-in and published posts, newest first, with absolute links from SITE_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.config.SITE_URL;
  const { agency } = context.site.facts;
  const zone = agency.hours.timezone;
  const posts = await allPublishedPosts(context.db, context.site.facts);
  const items = posts
    .map((post) => {
      const link = `${siteUrl}${post.path}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${rssDate(post.publishDate, zone)}</pubDate>`,
        `      <dc:creator>${escapeXml(post.author.name)}</dc:creator>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        `      <description>${escapeXml(post.description)}</description>`,
        `      <content:encoded>${cdata(absoluteLinks(post.content.trim(), siteUrl))}</content:encoded>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  const latest = posts[0] ? `\n    <lastBuildDate>${rssDate(posts[0].publishDate, zone)}</lastBuildDate>` : "";
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${agency.name} Blog`)}</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(blogMessages.listIntro)}</description>
    <language>en-us</language>${latest}
${items}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" } });
}
