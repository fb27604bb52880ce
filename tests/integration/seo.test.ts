import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentPaths } from "../../app/prerender";
import { productSlugs } from "../../app/content/products";
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
    expect(locs).toEqual(contentPaths.map((p) => (p === "/" ? "https://agency.example.com/" : `https://agency.example.com${p}`)));
    for (const path of ["/", "/services", "/testimonials", "/team", "/about", "/contact", "/privacy-policy", "/terms-and-conditions", "/sms-consent", ...productSlugs.map((s) => `/insurance/${s}`)]) {
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

  it("sends the six marketing paths to their product pages, keeping the query", async () => {
    const { landingToProduct } = await import("../../app/routes/landing-redirect");
    expect(Object.keys(landingToProduct)).toHaveLength(6);
    for (const [from, to] of Object.entries(landingToProduct)) {
      const res = await fetch(`${server.url}${from}?utm_source=google`, { redirect: "manual" });
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location")).toBe(`${to}?utm_source=google`);
    }
  });

  it("renders pages per request with this SITE_URL when the build was made with another", async () => {
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain('<link rel="canonical" href="https://agency.example.com/about"/>');
    expect(html).toContain('"@type":"InsuranceAgency"');
  });
});
