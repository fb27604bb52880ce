import { publishedPostPaths } from "~/features/blog/public.server";
import { contentPaths } from "~/prerender";
import type { Route } from "./+types/sitemap-xml";

/** Public pages rendered per request (not prerendered), listed beside the prerendered ones. */
const dynamicPaths = ["/careers", "/blog"];

/** Every public page; pages added by later features join through `sitemapPaths`. */
export function sitemapPaths(): string[] {
  return [...contentPaths, ...dynamicPaths];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

type Entry = { path: string; lastmod?: string };

/** The pages, then every published blog post (built-in and stored) with its last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.config.SITE_URL;
  let posts: Entry[] = [];
  try {
    posts = await publishedPostPaths(context.db, context.site.facts);
  } catch (error) {
    context.logger.error({ err: error }, "sitemap: blog posts unavailable");
  }
  const entries: Entry[] = [...sitemapPaths().map((path) => ({ path })), ...posts];
  const urls = entries
    .map(({ path, lastmod }) => {
      const loc = `<loc>${escapeXml(path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`)}</loc>`;
      return `  <url>${loc}${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
