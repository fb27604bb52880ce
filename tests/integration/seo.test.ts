import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInPostsFor } from "../../app/content/blog-posts";
import { defaultSite } from "../../app/content/site-profile";

const builtInPosts = builtInPostsFor(defaultSite);

import { productSlugs } from "../../app/content/products";
import { newestFirst } from "../../app/features/blog/mapping";
import { contentPaths } from "../../app/prerender";
import { startTestServer } from "../support/server";

describe("sitemap and robots", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer("pglite", { SITE_URL: "https://agency.example.com" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("/sitemap.xml lists every public page under SITE_URL", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The prerendered pages, then the ones rendered per request: careers (live openings), the blog and its posts.
    const posts = newestFirst(builtInPosts).map((p) => `/blog/${p.slug}`);
    expect(locs).toEqual(
      [...contentPaths, "/careers", "/blog", ...posts].map((p) =>
        p === "/" ? "https://agency.example.com/" : `https://agency.example.com${p}`,
      ),
    );
    for (const path of [
      "/",
      "/services",
      "/testimonials",
      "/team",
      "/about",
      "/contact",
      "/privacy-policy",
      "/terms-and-conditions",
      "/sms-consent",
      ...productSlugs.map((s) => `/insurance/${s}`),
    ]) {
      expect(locs).toContain(path === "/" ? "https://agency.example.com/" : `https://agency.example.com${path}`);
    }
    expect(xml).not.toContain("/admin");
  });

  it("/robots.txt disallows the back office and points to the sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/agency\.example\.com\/sitemap\.xml$/m);
  });

  it("serves the six landing pages with their own title, description, canonical and FAQ data", async () => {
    const landingPages = (await import("../../app/content/landing-pages.copy")).landingPagesFor(defaultSite);
    expect(landingPages).toHaveLength(6);
    for (const page of landingPages) {
      const path = `/${page.slug}-insurance`;
      // An ad's visit tags change nothing: the page stored for its path, trimmed as the build's are.
      const res = await fetch(`${server.url}${path}?utm_source=google`);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
      expect(html, path).toContain(`<title>${escapeHtml(page.pageTitle)} | Hill Country Commercial Insurance</title>`);
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https://agency\\.example\\.com${path}"/?>`));
      expect(html, path).toContain('"@type":"FAQPage"');
      expect(html, path).toContain(`<meta name="description" content="${escapeHtml(page.metaDescription)}"`);
      expect(html, path).not.toMatch(/\b15 states\b/);
    }
  });

  it("renders pages per request with this SITE_URL when the build was made with another", async () => {
    const html = await (await fetch(`${server.url}/about`)).text();
    // Stored pages are trimmed like the build's, which writes void elements without their slash.
    expect(html).toMatch(/<link rel="canonical" href="https:\/\/agency\.example\.com\/about"\/?>/);
    expect(html).toContain('"@type":"InsuranceAgency"');
  });
});
