/**
 * The public blog (spec 000 sections 2, 3, 7 and 8): /blog, /blog/{slug} and /blog/{id} rendered on
 * the server from the built-in articles and the database's published posts, drafts only for a
 * signed-in admin, the not-found page, the page metadata, the RSS feed and the sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, type NewBlogPost } from "#db/schema";
import { builtInPostsFor } from "../../app/content/blog-posts";
import { defaultSite } from "../../app/content/site-profile";

const builtInPosts = builtInPostsFor(defaultSite);

import { newestFirst } from "../../app/features/blog/mapping";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const SITE = "https://agency.example.com";
const MISSING = "00000000-0000-4000-8000-000000000000";

/** The text React wrote for a string (it escapes &, <, >, " and '). */
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The card links of /blog, in the order shown. */
function cardLinks(html: string): string[] {
  return [...html.matchAll(/<article[^>]*data-testid="blog-card"[\s\S]*?<a[^>]*href="([^"]+)"/g)].map((m) => decode(m[1]));
}
const meta = (html: string, attr: "name" | "property", key: string) => {
  const tag = html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`));
  return tag ? decode(tag[1]) : null;
};
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? null;
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(decode(m[1])));
const h1s = (html: string) => [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1].replace(/<[^>]+>/g, "")));

const longText =
  "Hail season in Central Texas tests every roof. Before the storms, photograph your buildings, confirm your wind and hail deductible in dollars and keep a roofer's number handy for temporary repairs after a loss.";

describe.each(databaseKinds)("the public blog on %s", (kind) => {
  let server: Server;
  let cookie: string;
  const ids: Record<string, string> = {};

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const html = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    return { res, body: await res.text() };
  };
  const insert = async (values: NewBlogPost) => {
    const [row] = await server.services.db.insert(blogPosts).values(values).returning();
    return row;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { SITE_URL: SITE });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    // Published posts inserted oldest first; the list must show them newest first after the built-ins.
    ids.older = (
      await insert({
        title: "Hail Season Checklist",
        slug: "hail-season-checklist",
        content: `<h1>Hail Season Checklist</h1><p>${longText}</p><h2>Before the storm</h2><p>Trim trees.</p>`,
        category: "Commercial Property",
        imageUrl: "https://images.example.com/hail.jpg",
        status: "published",
        authorEmail: "jenna.brooks@agency.example",
        createdAt: new Date("2025-04-10T15:00:00Z"),
      })
    ).id;
    ids.newer = (
      await insert({
        title: "Cybersecurity",
        slug: "cybersecurity",
        content: "<p>Multi-factor authentication is now a condition of most cyber policies.</p>",
        category: "Cyber Insurance",
        imageUrl: null,
        status: "published",
        authorEmail: null,
        // 02:30 UTC on May 3 is May 2 in Texas.
        createdAt: new Date("2025-05-03T02:30:00Z"),
      })
    ).id;
    ids.draft = (
      await insert({
        title: "Unreleased Draft About Bonds",
        slug: "unreleased-draft-about-bonds",
        content: "<p>Work in progress on surety bonds.</p>",
        category: "Contractors",
        status: "draft",
        authorEmail: "daniel@agency.example",
        createdAt: new Date("2025-06-01T12:00:00Z"),
      })
    ).id;
    ids.impostor = (
      await insert({
        title: "Impostor Property Post",
        slug: "commercial-property-insurance-explained",
        content: "<p>A stored post whose slug a built-in article already uses.</p>",
        category: "Commercial Property",
        status: "published",
        authorEmail: "someone@agency.example",
        createdAt: new Date("2025-04-01T12:00:00Z"),
      })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("renders the list on the server: built-in posts newest first, then published posts newest first, no drafts", async () => {
    const { res, body } = await html("/blog");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const builtIn = newestFirst(builtInPosts).map((p) => `/blog/${p.slug}`);
    // "cybersecurity" has no hyphen: linked by id. The impostor's slug belongs to a built-in post
    // (which wins at that address), so it is linked by id too.
    expect(cardLinks(body)).toEqual([...builtIn, `/blog/${ids.newer}`, "/blog/hail-season-checklist", `/blog/${ids.impostor}`]);
    expect(body).not.toContain("Unreleased Draft About Bonds");
    for (const post of builtInPosts) expect(decode(body)).toContain(post.title);
    expect(body).toContain("Impostor Property Post");
    // Cards: dates as "MMM d, yyyy", reading time, the stored post's description and author.
    // Stored pages are trimmed like the build's: attribute names in lower case, void elements without a slash.
    expect(body).toMatch(/<time datetime="2025-03-24">Mar 24, 2025<\/time>/i);
    expect(body).toMatch(/<time datetime="2025-05-02">May 2, 2025<\/time>/i);
    expect(decode(body)).toContain(`${longText.slice(0, 150 - "Hail Season Checklist ".length).trimEnd()}...`);
    expect(body).toMatch(/>Admin<\/span>/);
    expect(body).toMatch(/>jenna\.brooks<\/span>/);
    // Tag buttons for every tag; a stored post's category is its tag.
    for (const tag of ["Contractors", "Cyber Insurance", "Commercial Property", "Commercial Trucking"])
      expect(body).toMatch(new RegExp(`aria-pressed="false"[^>]*>${tag}</button>`));
    // SEO: title, canonical, RSS alternate.
    expect(body).toContain("<title>Commercial Insurance Blog | Hill Country Commercial Insurance</title>");
    expect(canonical(body)).toBe(`${SITE}/blog`);
    expect(body).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Hill Country Commercial Insurance Blog" href="${SITE}/blog/rss.xml">`,
    );
  });

  it("filters on the server when the form is submitted without JavaScript (?q=, ?tag=)", async () => {
    const byTag = await html("/blog?tag=Contractors");
    expect(cardLinks(byTag.body)).toEqual(["/blog/2025-contractors-insurance-trends", "/blog/contractors-guide-to-insurance"]);
    expect(byTag.body).toMatch(/aria-pressed="true"[^>]*>Contractors<\/button>/);
    const both = await html("/blog?q=guide&tag=Contractors");
    expect(cardLinks(both.body)).toEqual(["/blog/contractors-guide-to-insurance"]);
    const none = await html("/blog?q=zebra+crossing");
    expect(cardLinks(none.body)).toEqual([]);
    expect(none.body).toContain("No articles found");
    expect(none.body).toContain("Try adjusting your search or filter criteria");
  });

  it("serves a built-in post by slug and by id, with its parts and without a second h1", async () => {
    const post = builtInPosts.find((p) => p.slug === "contractors-guide-to-insurance")!;
    for (const path of [`/blog/${post.slug}`, `/blog/${post.id}`]) {
      const { res, body } = await html(path);
      expect(res.status, path).toBe(200);
      expect(h1s(body)).toEqual([post.title]);
      expect(body).toContain('href="/blog"');
      expect(body).toContain("Back to Blog");
      expect(body).toContain(`>${post.author.name}</p>`);
      expect(decode(body)).toContain(post.author.role);
      expect(body).toMatch(/<time datetime="2025-03-22" data-testid="post-date">March 22, 2025<\/time>/i);
      expect(body).toContain(`${post.readingTime} min read`);
      for (const tag of post.tags) expect(body).toContain(`>${tag}</a>`);
      expect(body).toContain("<h2>Bonds are not insurance</h2>");
      // Both addresses name the slug address as canonical.
      expect(canonical(body)).toBe(`${SITE}/blog/${post.slug}`);
      const share = encodeURIComponent(`${SITE}/blog/${post.slug}`);
      expect(body).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${share}"`);
      expect(decode(body)).toContain(`href="https://twitter.com/intent/tweet?url=${share}&text=${encodeURIComponent(post.title)}"`);
      expect(body).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${share}"`);
    }
  });

  it("serves a stored post by slug and by id: leading h1 removed, long date, category tag, author from the email", async () => {
    for (const path of ["/blog/hail-season-checklist", `/blog/${ids.older}`, `/blog/${ids.older.toUpperCase()}`]) {
      const { res, body } = await html(path);
      expect(res.status, path).toBe(200);
      expect(h1s(body), path).toEqual(["Hail Season Checklist"]);
      expect(body).toContain("<h2>Before the storm</h2>");
      expect(body).toContain("April 10, 2025");
      expect(body).toContain(">Commercial Property</a>");
      expect(body).toContain(">jenna.brooks</p>");
      expect(body).toContain(">Insurance Expert</p>");
      expect(body).toContain("1 min read");
      expect(body).toContain('src="https://images.example.com/hail.jpg"');
      expect(canonical(body)).toBe(`${SITE}/blog/hail-season-checklist`);
      expect(res.headers.get("cache-control") ?? "").not.toMatch(/private/);
    }
    const byId = await html(`/blog/${ids.newer}`);
    expect(byId.res.status).toBe(200);
    expect(h1s(byId.body)).toEqual(["Cybersecurity"]);
    expect(byId.body).toContain("May 2, 2025");
    expect(byId.body).toContain(">Admin</p>");
    expect(byId.body).toContain('src="/og-image.png"');
    expect(canonical(byId.body)).toBe(`${SITE}/blog/${ids.newer}`);
  });

  it("prefers the built-in post when a stored post has the same slug; the stored one stays reachable by id", async () => {
    const builtIn = builtInPosts.find((p) => p.slug === "commercial-property-insurance-explained")!;
    const bySlug = await html(`/blog/${builtIn.slug}`);
    expect(bySlug.res.status).toBe(200);
    expect(h1s(bySlug.body)).toEqual([builtIn.title]);
    expect(bySlug.body).not.toContain("Impostor Property Post");
    const byId = await html(`/blog/${ids.impostor}`);
    expect(h1s(byId.body)).toEqual(["Impostor Property Post"]);
    expect(canonical(byId.body)).toBe(`${SITE}/blog/${ids.impostor}`);
  });

  it("shows a draft only to a signed-in admin, never stored by a cache", async () => {
    for (const path of [`/blog/${ids.draft}`, "/blog/unreleased-draft-about-bonds"]) {
      const anon = await html(path);
      expect(anon.res.status, path).toBe(404);
      expect(anon.body).not.toContain("Work in progress on surety bonds");
      expect(anon.body).toContain("Post not found");

      const forged = await html(path, { cookie: "admin_session=forged-token" });
      expect(forged.res.status).toBe(404);

      const admin = await html(path, { cookie });
      expect(admin.res.status, path).toBe(200);
      expect(h1s(admin.body)).toEqual(["Unreleased Draft About Bonds"]);
      expect(admin.body).toContain("Work in progress on surety bonds");
      expect(admin.body).toContain('data-testid="draft-notice"');
      expect(admin.res.headers.get("cache-control")).toBe("private, no-store");
      expect(meta(admin.body, "name", "robots")).toBe("noindex");
    }
    // The client-side data request follows the same rule.
    const data = await get(`/blog/${ids.draft}.data`);
    expect(data.status).toBe(404);
    expect(await data.text()).not.toContain("surety bonds");
    const adminData = await get(`/blog/${ids.draft}.data`, { cookie });
    expect(adminData.status).toBe(200);
    expect(adminData.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a missing post with 404, 'Post not found' and a 'Return to Blog' link", async () => {
    for (const path of ["/blog/no-such-article", `/blog/${MISSING}`, "/blog/99"]) {
      const { res, body } = await html(path);
      expect(res.status, path).toBe(404);
      expect(h1s(body)).toEqual(["Post not found"]);
      expect(body).toMatch(/<a[^>]*href="\/blog"[^>]*>Return to Blog<\/a>/);
      expect(body).toContain("Blog post not found");
      expect(body).toContain("<title>Blog post not found | Hill Country Commercial Insurance</title>");
      expect(meta(body, "name", "robots")).toBe("noindex");
    }
  });

  it("answers an address no post can have (NUL, line breaks, an encoded lone surrogate or bidi control) with 404, not 503", async () => {
    for (const path of ["/blog/cybersecurity%00", "/blog/%00", "/blog/a%0D%0Ab", "/blog/%ED%A0%80", "/blog/%E2%80%AEcybersecurity"]) {
      const { res, body } = await html(path);
      expect(res.status, path).toBe(404);
      expect(h1s(body)).toEqual(["Post not found"]);
    }
    // A slug in another case still finds its post.
    expect((await get("/blog/CyberSecurity")).status).toBe(200);
  });

  it("describes each post: 155-character meta description, Open Graph article, Article JSON-LD", async () => {
    const stored = await html("/blog/hail-season-checklist");
    const text = `Hail Season Checklist ${longText} Before the storm Trim trees.`;
    const description = meta(stored.body, "name", "description");
    expect(description).toBe(text.slice(0, 155).trimEnd());
    expect(description!.length).toBeGreaterThan(150);
    expect(meta(stored.body, "property", "og:type")).toBe("article");
    expect(meta(stored.body, "property", "og:url")).toBe(`${SITE}/blog/hail-season-checklist`);
    expect(meta(stored.body, "property", "og:image")).toBe("https://images.example.com/hail.jpg");
    expect(meta(stored.body, "property", "og:image:width")).toBeNull();
    expect(meta(stored.body, "property", "article:published_time")).toBe("2025-04-10T15:00:00.000Z");
    expect(stored.body).toContain("<title>Hail Season Checklist | Hill Country Commercial Insurance</title>");
    const article = jsonLd(stored.body).find((d) => d["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "Hail Season Checklist",
      description,
      image: ["https://images.example.com/hail.jpg"],
      datePublished: "2025-04-10T15:00:00.000Z",
      author: { "@type": "Person", name: "jenna.brooks", jobTitle: "Insurance Expert" },
      publisher: { name: "Hill Country Commercial Insurance" },
      mainEntityOfPage: { "@id": `${SITE}/blog/hail-season-checklist` },
      keywords: "Commercial Property",
    });
    expect(
      jsonLd(stored.body)
        .find((d) => d["@type"] === "BreadcrumbList")
        ?.itemListElement.map((i: { item: string }) => i.item),
    ).toEqual([`${SITE}/`, `${SITE}/blog`, `${SITE}/blog/hail-season-checklist`]);

    // A built-in post: its illustration is an SVG, so sharing uses the agency's raster card.
    const builtIn = builtInPosts[0];
    const page = await html(`/blog/${builtIn.slug}`);
    expect(meta(page.body, "name", "description")).toHaveLength(155);
    expect(meta(page.body, "property", "og:image")).toBe(`${SITE}/og-image.png`);
    expect(meta(page.body, "property", "og:image:width")).toBe("1200");
    const builtInArticle = jsonLd(page.body).find((d) => d["@type"] === "Article");
    expect(builtInArticle).toMatchObject({
      headline: builtIn.title,
      datePublished: builtIn.publishDate,
      author: { name: builtIn.author.name },
    });
    expect(builtInArticle.wordCount).toBeGreaterThan(1400);
  });

  it("publishes an RSS 2.0 feed of the built-in and published posts with absolute links", async () => {
    const res = await get("/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<atom:link href="${SITE}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links).toHaveLength(builtInPosts.length + 3);
    expect(links[0]).toBe(`${SITE}/blog/${ids.newer}`);
    expect(links).toContain(`${SITE}/blog/hail-season-checklist`);
    for (const post of builtInPosts) expect(links).toContain(`${SITE}/blog/${post.slug}`);
    expect(xml).not.toContain("Unreleased Draft");
    expect(xml).toContain("<pubDate>Sat, 03 May 2025 02:30:00 GMT</pubDate>");
    expect(xml).toContain("<pubDate>Mon, 24 Mar 2025 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<category>Cyber Insurance</category>");
    expect(xml).toContain("<title>The Contractor&apos;s Guide to Insurance: Coverages, Bonds, Certificates and Contracts</title>");
    // Site-relative links in the bodies become absolute.
    expect(xml).toContain(`<a href="${SITE}/contact">`);
    expect(xml).not.toMatch(/href="\/[a-z]/);
  });

  it("lists /blog and every published post in the sitemap, not drafts", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${SITE}/blog`);
    for (const post of builtInPosts) expect(locs).toContain(`${SITE}/blog/${post.slug}`);
    expect(locs).toContain(`${SITE}/blog/hail-season-checklist`);
    expect(locs).toContain(`${SITE}/blog/${ids.newer}`);
    expect(locs).toContain(`${SITE}/blog/${ids.impostor}`);
    expect(locs.filter((l) => l.includes("unreleased") || l.includes(ids.draft))).toEqual([]);
    expect(xml).toContain(`<loc>${SITE}/blog/2025-contractors-insurance-trends</loc><lastmod>2025-03-24</lastmod>`);
  });
});
