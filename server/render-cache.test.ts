import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { matchRoutes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import siteRoutes from "~/routes";
import { pageTrimmer } from "./critical-css";
import { createRenderCache, notFoundMatcher, RENDER_CACHE_HEADER, RenderCache, routePathMatcher } from "./render-cache";
import { securityHeaders } from "./security";

const SITE = "https://agency.example.com";

type Page = { status?: number; headers?: Record<string, string>; canonical?: string | null; filler?: string; body?: string };

/**
 * A stand-in for React Router: a document with the request's nonce on its scripts, a canonical link
 * to the path asked for, and what `pages` says for a path. Counts renders and remembers what it saw.
 */
function site(cache: RenderCache, pages: Record<string, Page> = {}, { delayMs = 0 } = {}) {
  const seen: Request[] = [];
  let version = 1;
  const app = new Hono<{ Variables: { nonce: string } }>();
  app.use(securityHeaders({ https: true, development: false }));
  app.all("*", (c) => {
    const nonce = c.get("nonce");
    const render = async (request: Request) => {
      seen.push(request);
      const url = new URL(request.url);
      const page = pages[url.pathname] ?? {};
      const rendered = version;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const canonical = page.canonical === undefined ? `${SITE}${url.pathname}` : page.canonical;
      const html =
        page.body ??
        `<!DOCTYPE html><html><head>${canonical ? `<link rel="canonical" href="${canonical}"/>` : ""}` +
          `<script type="application/ld+json">{"@type":"Blog"}</script>` +
          `<script nonce="${nonce}">window.a=1;</script></head><body><h1>${url.pathname}${url.search} v${rendered}</h1>` +
          `<p>${page.filler ?? "text ".repeat(200)}</p><script nonce="${nonce}" type="module">import("/assets/x.js")</script>` +
          `<script nonce="${nonce}" src="/assets/y.js"></script></body></html>`;
      return new Response(html, {
        status: page.status ?? 200,
        headers: { "content-type": "text/html; charset=utf-8", ...page.headers },
      });
    };
    return cache.serve(c, render, { nonce, personal: c.req.header("cookie")?.includes("admin_session=") ?? false });
  });
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { headers, method });
  return {
    get,
    seen,
    bump: () => version++,
    renders: () => seen.length,
  };
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && body.length > 0)
    .map(([, , body]) => body);
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the render cache", () => {
  it("stores a page trimmed to the CSS and icons its markup uses, with the CSP of the trimmed scripts", async () => {
    const css = ".used{color:red}.unused{color:blue}";
    const sprite = '<svg hidden><symbol id="icon-phone"><path d="M1"/></symbol><symbol id="icon-mail"><path d="M2"/></symbol></svg>';
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, trim: pageTrimmer(tmpdir(), "silent") });
    const body =
      `<!DOCTYPE html><html><head><link rel="canonical" href="${SITE}/blog/trimmed"/><style>${css}</style>` +
      `<script>window.a=1;</script></head><body>${sprite}<p class="used"><svg><use href="#icon-phone"></use></svg></p></body></html>`;
    const s = site(cache, { "/blog/trimmed": { body } });
    await s.get("/blog/trimmed");
    const stored = await s.get("/blog/trimmed");
    expect(stored.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    const html = await stored.text();
    expect(html).toContain(".used{color:red}");
    expect(html).not.toContain(".unused");
    expect(html).toContain('id="icon-phone"');
    expect(html).not.toContain('id="icon-mail"');
    expect(stored.headers.get("content-security-policy")).toContain(sha("window.a=1;"));
  });

  it("stores a page whole when the trimmer fails on it", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, trim: () => Promise.reject(new Error("parse error")) });
    const s = site(cache);
    const first = await (await s.get("/blog/whole")).text();
    const second = await s.get("/blog/whole");
    expect(second.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(await second.text()).toBe(first);
  });

  it("renders a page once, then answers from memory with brotli, gzip, an ETag and 304", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const s = site(cache);
    const first = await s.get("/blog/a-post", { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(first.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString("utf8");
    expect(html).toContain("<h1>/blog/a-post v1</h1>");

    s.bump();
    const second = await s.get("/blog/a-post", { "accept-encoding": "gzip, deflate" });
    expect(second.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString("utf8")).toBe(html);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("vary")).toBe("Accept-Encoding");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");

    const plain = await s.get("/blog/a-post");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(html));

    const revalidated = await s.get("/blog/a-post", { "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(s.renders()).toBe(1);
    expect(cache.stats).toMatchObject({ hits: 3, misses: 1, renders: 1 });
  });

  it("stores no nonce: every inline script is allowed by its hash, on the first answer and on later ones", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const s = site(cache);
    for (const state of ["miss", "hit"]) {
      const res = await s.get("/careers");
      expect(res.headers.get(RENDER_CACHE_HEADER)).toBe(state);
      const csp = res.headers.get("content-security-policy") ?? "";
      const html = await res.text();
      expect(html).not.toMatch(/nonce/);
      expect(csp).not.toMatch(/nonce/);
      expect(res.headers.has("x-csp-script-sources")).toBe(false);
      const scripts = inlineScripts(html);
      expect(scripts).toHaveLength(3);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1].split(" ");
      for (const body of scripts) expect(scriptSrc).toContain(sha(body));
      expect(scriptSrc).not.toContain(sha("window.b=1;"));
    }
  });

  it("renders what any visitor sees: the site's own origin, no cookie, the whole document at once", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: `${SITE}/` });
    const s = site(cache);
    await s.get("http://other-host.example:8080/careers", { cookie: "_ga=GA1.1.1", "user-agent": "Mozilla/5.0", "accept-language": "fr" });
    const [request] = s.seen;
    expect(request.url).toBe(`${SITE}/careers`);
    expect(request.headers.get("cookie")).toBeNull();
    expect(request.headers.get("accept-language")).toBeNull();
    expect(request.headers.get("user-agent")).toMatch(/bot/);
  });

  it("shares one render between requests that arrive while it runs", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const s = site(cache, {}, { delayMs: 50 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.get("/blog")));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
    expect(s.renders()).toBe(1);
  });

  it("stores only 200s that set no cookie, are not private, and are asked for at their canonical address", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const s = site(cache, {
      "/blog/missing": { status: 404 },
      "/blog/session": { headers: { "set-cookie": "a=b" } },
      "/blog/draft": { headers: { "cache-control": "private, no-store" } },
      "/blog/Some-Title": { canonical: `${SITE}/blog/some-title` },
      "/blog/no-canonical": { canonical: null },
    });
    for (const path of ["/blog/missing", "/blog/session", "/blog/draft", "/blog/Some-Title", "/blog/no-canonical"]) {
      const first = await s.get(path);
      const second = await s.get(path);
      expect(second.headers.get(RENDER_CACHE_HEADER), path).toBeNull();
      // Answered as rendered, its scripts allowed by the request's nonce.
      const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      expect(await second.text(), path).toContain(`nonce="${nonce}"`);
      expect(first.status, path).toBe(second.status);
    }
    expect(s.renders()).toBe(10);
    expect(cache.size.entries).toBe(0);
  });

  it("never answers or stores the back office, other methods, an admin's request, or a query string other than visit tags and one tag", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const s = site(cache);
    const requests: [string, Record<string, string>, string][] = [
      ["/admin/blog", {}, "GET"],
      ["/admin", {}, "GET"],
      ["/blog/a-post.data", {}, "GET"],
      ["/blog?q=trucking", {}, "GET"],
      ["/blog/a-post?utm_source=x&page=2", {}, "GET"],
      ["/blog?tag=Trucking&tag=Cyber", {}, "GET"],
      ["/blog?q=trucking&utm_source=x", {}, "GET"],
      ["/careers", { cookie: "theme=dark; admin_session=token" }, "GET"],
      ["/careers", {}, "POST"],
    ];
    for (const [path, headers, method] of requests) {
      await s.get(path, headers, method);
      const again = await s.get(path, headers, method);
      expect(again.headers.get(RENDER_CACHE_HEADER), `${method} ${path}`).toBeNull();
    }
    expect(cache.size.entries).toBe(0);
    // The admin's request stored nothing, and an anonymous one is not shown what an admin saw.
    expect((await s.get("/careers")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect((await s.get("/careers", { cookie: "admin_session=token" })).headers.get(RENDER_CACHE_HEADER)).toBeNull();
    // HEAD is answered from a stored page, without a body, and never renders one for the cache.
    const head = await s.get("/careers", {}, "HEAD");
    expect(head.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(await head.text()).toBe("");
    expect((await s.get("/blog", {}, "HEAD")).headers.get(RENDER_CACHE_HEADER)).toBeNull();
    expect(cache.size.entries).toBe(1);
  });

  it("keeps within its byte budget, dropping the least recently used page first", async () => {
    const maxBytes = 400_000;
    const cache = new RenderCache({ maxBytes, siteUrl: SITE });
    // Random text does not compress: each page holds about 3 x 30 KB.
    const pages = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`/blog/post-${i}`, { filler: randomBytes(22_000).toString("base64") }]),
    );
    const s = site(cache, pages);
    await s.get("/blog/post-0");
    for (let i = 1; i < 12; i++) {
      await s.get(`/blog/post-${i}`);
      // post-0 stays the most recently used.
      expect((await s.get("/blog/post-0")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
      expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size.bytes).toBeGreaterThan(maxBytes / 2);
    expect(cache.size.entries).toBeLessThan(12);
    expect((await s.get("/blog/post-1")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect((await s.get("/blog/post-11")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
  });

  it("answers an address with visit tags from the page stored without them, unless its page shows them", async () => {
    const readsVisitTags = (path: string) => path === "/careers";
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, readsVisitTags });
    const s = site(cache);
    // The first render is of the address without its tags, stored under it.
    const first = await s.get("/blog/a-post?utm_source=google&utm_medium=cpc&gclid=EAIa1");
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(new URL(s.seen[0].url).search).toBe("");
    expect(await first.text()).toContain("<h1>/blog/a-post v1</h1>");
    for (const target of ["/blog/a-post", "/blog/a-post?fbclid=x", "/blog/a-post?", "/blog/a-post?msclkid=1&utm_campaign=spring_2026"]) {
      expect((await s.get(target)).headers.get(RENDER_CACHE_HEADER), target).toBe("hit");
      expect(cache.lookup(target)?.key, target).toBe("/blog/a-post");
    }
    // A tag page keeps its tag and drops the visit tags around it.
    await s.get("/blog?utm_source=news&tag=Trucking");
    expect(new URL(s.seen.at(-1)!.url).search).toBe("?tag=Trucking");
    expect((await s.get("/blog?tag=Trucking&gclid=2")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(cache.lookup("/blog?tag=Trucking&gclid=2")?.key).toBe("/blog?tag=Trucking");
    // Any other parameter, a tag spelled otherwise, or a page that shows its tags: rendered as written.
    const renders = s.renders();
    for (const target of ["/blog/a-post?utm_source=x&ref=1", "/blog/a-post?UTM_SOURCE=x", "/blog/a-post?utm%5Fsource=x"]) {
      expect((await s.get(target)).headers.get(RENDER_CACHE_HEADER), target).toBeNull();
      expect(cache.lookup(target), target).toBeUndefined();
    }
    await s.get("/careers");
    expect((await s.get("/careers")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect((await s.get("/careers?utm_source=indeed")).headers.get(RENDER_CACHE_HEADER)).toBeNull();
    expect(cache.lookup("/careers?utm_source=indeed")).toBeUndefined();
    expect(new URL(s.seen.at(-1)!.url).search).toBe("?utm_source=indeed");
    expect(s.renders()).toBe(renders + 5);
  });

  it("keeps /blog?tag= pages apart, so made-up tags cannot push out the posts", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, maxTagEntries: 4 });
    const s = site(cache);
    await s.get("/blog/a-post");
    await s.get("/blog?tag=Trucking");
    expect((await s.get("/blog?tag=Trucking")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    for (let i = 0; i < 50; i++) await s.get(`/blog?tag=made-up-${i}`);
    expect((await s.get("/blog/a-post")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect((await s.get("/blog?tag=Trucking")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(cache.size.entries).toBeLessThanOrEqual(1 + 4);
  });

  it("drops content pages on a change, keeps prerenderable ones, and stores no render that began before it", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, fixedPaths: ["/", "/about"] });
    const s = site(cache, {}, { delayMs: 30 });
    for (const path of ["/", "/about", "/blog", "/careers"]) await s.get(path);
    cache.invalidate("change");
    expect((await s.get("/")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect((await s.get("/about")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    const blog = await s.get("/blog");
    expect(blog.headers.get(RENDER_CACHE_HEADER)).toBe("miss");

    // A render under way when the content changes is answered but not kept.
    s.bump();
    const during = s.get("/careers");
    await new Promise((resolve) => setTimeout(resolve, 5));
    cache.invalidate("write");
    s.bump();
    expect(await (await during).text()).toContain("v2");
    const after = await s.get("/careers");
    expect(after.headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(await after.text()).toContain("v3");
    expect(cache.stats.drops).toEqual({ write: 1, change: 1, connection: 0, site: 0 });
  });

  it("compresses a stored prerenderable page again at the build's levels, keeping its ETag; a content page keeps its first forms", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, fixedPaths: ["/"] });
    const filler = Array.from({ length: 3000 }, (_, i) => `word${(i * 7919) % 1013}`).join(" ");
    const s = site(cache, { "/": { filler }, "/blog/a-post": { filler } });
    const first = await s.get("/", { "accept-encoding": "br" });
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const html = brotliDecompressSync(firstBytes).toString("utf8");
    await cache.recompressed;
    const again = await s.get("/", { "accept-encoding": "br" });
    expect(again.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    const againBytes = Buffer.from(await again.arrayBuffer());
    expect(brotliDecompressSync(againBytes).toString("utf8")).toBe(html);
    expect(againBytes.byteLength).toBeLessThan(firstBytes.byteLength);
    expect(Number(again.headers.get("content-length"))).toBe(againBytes.byteLength);
    const gz = await s.get("/", { "accept-encoding": "gzip" });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString("utf8")).toBe(html);
    expect(cache.lookup("/")?.br).toEqual(againBytes);

    const post = await s.get("/blog/a-post", { "accept-encoding": "br" });
    const postBytes = Buffer.from(await post.arrayBuffer());
    await cache.recompressed;
    const postAgain = Buffer.from(await (await s.get("/blog/a-post", { "accept-encoding": "br" })).arrayBuffer());
    expect(postAgain).toEqual(postBytes);
    expect(s.renders()).toBe(2);
  });

  it("keeps a page dropped while it was compressed again dropped", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, fixedPaths: ["/"] });
    const s = site(cache);
    await s.get("/");
    cache.invalidate("site");
    await cache.recompressed;
    expect(cache.lookup("/")).toBeUndefined();
  });

  it("while changes cannot be heard, renders content pages per request", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, fixedPaths: ["/"] });
    const s = site(cache);
    await s.get("/blog");
    cache.pause();
    for (let i = 0; i < 2; i++) expect((await s.get("/blog")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    await s.get("/");
    expect((await s.get("/")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    cache.resume();
    await s.get("/blog");
    expect((await s.get("/blog")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
  });

  it("renders a page again once it is older than its maximum age", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, maxAgeMs: 100 });
    const s = site(cache);
    await s.get("/blog");
    expect((await s.get("/blog")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await s.get("/blog")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(s.renders()).toBe(2);
  });

  it("renders the not-found page once for every address no route has, and answers it with 404 and no ETag", async () => {
    const isNotFound = (path: string) => !path.startsWith("/blog");
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, isNotFound });
    const notFound = `<!DOCTYPE html><html><head><meta name="robots" content="noindex"/></head><body><h1>Page not found</h1><p>${"Try the home page. ".repeat(50)}</p></body></html>`;
    const pages: Record<string, Page> = {};
    for (const path of ["/nope", "/wp-login.php", "/old/page"]) pages[path] = { status: 404, canonical: null, body: notFound };
    // A missing post is a 404 of its own route: never stored, never answered from the not-found page.
    pages["/blog/missing"] = { status: 404, canonical: null, body: "<html><body>Post not found</body></html>" };
    const s = site(cache, pages);

    const first = await s.get("/nope");
    expect(first.status).toBe(404);
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    for (const path of ["/wp-login.php", "/old/page?utm_source=x", "/nope"]) {
      const res = await s.get(path, { "accept-encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get(RENDER_CACHE_HEADER), path).toBe("hit");
      expect(res.headers.get("etag"), path).toBeNull();
      expect(res.headers.get("content-encoding")).toBe("br");
    }
    expect((await s.get("/nope", { "if-none-match": "*" })).status).toBe(404);
    expect(s.renders()).toBe(1);
    expect(cache.size.entries).toBe(1);

    expect((await s.get("/blog/missing")).status).toBe(404);
    expect((await s.get("/blog/missing")).headers.get(RENDER_CACHE_HEADER)).toBeNull();
    // A change of content renders it again (it shows the agency's details).
    cache.invalidate("site");
    expect((await s.get("/wp-login.php")).headers.get(RENDER_CACHE_HEADER)).toBe("miss");
  });

  it("stores an answer without a canonical link (sitemap, feed, robots.txt) under its route's own path alone", async () => {
    const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
    const isRoutePath = routePathMatcher({
      routes: {
        root: route("root", undefined, ""),
        "routes/blog-rss": route("routes/blog-rss", "root", "blog/rss.xml"),
        "routes/blog-post": route("routes/blog-post", "root", "blog/:slug"),
        "routes/sitemap-xml": route("routes/sitemap-xml", "root", "sitemap.xml"),
        "routes/robots-txt": route("routes/robots-txt", "root", "robots.txt"),
        "routes/not-found": route("routes/not-found", "root", "*"),
      } as never,
    });
    // Room for eight pages: stored spellings would push the post out after a few.
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, maxEntries: 8, isRoutePath });
    const answers: Record<string, Page> = {
      "/sitemap.xml": {
        headers: { "content-type": "application/xml; charset=utf-8" },
        body: `<?xml version="1.0"?><urlset>${"<url/>".repeat(80)}</urlset>`,
      },
      "/robots.txt": { headers: { "content-type": "text/plain; charset=utf-8" }, body: "User-agent: *\nAllow: /\n" },
      "/blog/rss.xml": { headers: { "content-type": "application/rss+xml; charset=utf-8" }, body: `<rss>${"<item/>".repeat(80)}</rss>` },
    };
    // What React Router answers for other spellings of those routes: the same route, so the same answer.
    const spellings: [string, string][] = [
      ["/%73itemap.xml", "/sitemap.xml"],
      ["/sitemap.xml/", "/sitemap.xml"],
      ["/Robots.TXT", "/robots.txt"],
      ["/robots.txt/", "/robots.txt"],
      ["/BLOG/RSS.XML", "/blog/rss.xml"],
      ["/blog/%72ss.xml", "/blog/rss.xml"],
    ];
    for (let mask = 1; mask < 40; mask++) {
      spellings.push([`/${[..."sitemap"].map((ch, i) => (mask & (1 << i) ? ch.toUpperCase() : ch)).join("")}.xml`, "/sitemap.xml"]);
    }
    const pages: Record<string, Page> = { ...answers };
    for (const [spelling, path] of spellings) pages[spelling] = answers[path];
    const s = site(cache, pages);

    await s.get("/blog/a-post");
    for (const path of Object.keys(answers)) {
      expect((await s.get(path)).headers.get(RENDER_CACHE_HEADER), path).toBe("miss");
      expect((await s.get(path)).headers.get(RENDER_CACHE_HEADER), path).toBe("hit");
    }
    expect(cache.size.entries).toBe(4);
    for (const [spelling, path] of spellings) {
      const res = await s.get(spelling);
      expect(res.status, spelling).toBe(200);
      expect(await res.text(), spelling).toBe(answers[path].body);
      expect(res.headers.get(RENDER_CACHE_HEADER), spelling).toBeNull();
    }
    expect(cache.size.entries).toBe(4);
    expect((await s.get("/blog/a-post")).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    for (const path of Object.keys(answers)) expect((await s.get(path)).headers.get(RENDER_CACHE_HEADER), path).toBe("hit");

    // Without the route table, no such answer is stored at all.
    const bare = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE });
    const b = site(bare, answers);
    await b.get("/sitemap.xml");
    expect((await b.get("/sitemap.xml")).headers.get(RENDER_CACHE_HEADER)).toBeNull();
    expect(bare.size.entries).toBe(0);
  });

  it("tells a route's own path from its other spellings", () => {
    const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
    const isRoutePath = routePathMatcher({
      routes: {
        root: route("root", undefined, ""),
        "routes/home": route("routes/home", "root", undefined, true),
        "routes/area": route("routes/area", "root", "area/"),
        "routes/area-page": route("routes/area-page", "routes/area", "page"),
        "routes/blog-rss": route("routes/blog-rss", "root", "blog/rss.xml"),
        "routes/blog-post": route("routes/blog-post", "root", "blog/:slug"),
        "routes/shop": route("routes/shop", "root", "shop/:item?"),
        "routes/not-found": route("routes/not-found", "root", "*"),
      } as never,
    });
    for (const path of ["/", "/area", "/area/page", "/blog/rss.xml"]) expect(isRoutePath(path), path).toBe(true);
    for (const path of [
      "/Area",
      "/area/",
      "/BLOG/rss.xml",
      "/blog/%72ss.xml",
      "/blog/rss.xml/",
      "/blog/some-post",
      "/blog/:slug",
      "/shop",
      "/x",
    ]) {
      expect(isRoutePath(path), path).toBe(false);
    }
  });

  it("tells the addresses of the not-found route as React Router matches them", () => {
    const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
    const matcher = notFoundMatcher({
      routes: {
        root: route("root", undefined, ""),
        "routes/home": route("routes/home", "root", undefined, true),
        "routes/blog-post": route("routes/blog-post", "root", "blog/:slug"),
        "routes/landing-hoa": route("routes/landing-hoa", "root", "hoa-insurance"),
        "routes/admin/layout": route("routes/admin/layout", "root"),
        "routes/admin/leads": route("routes/admin/leads", "routes/admin/layout", "admin/leads"),
        "routes/not-found": route("routes/not-found", "root", "*"),
      } as never,
    });
    for (const path of ["/nope", "/wp-login.php", "/hoa-insurance/extra", "/blog/a/b"]) expect(matcher(path), path).toBe(true);
    for (const path of ["/", "/blog/some-post", "/hoa-insurance", "/admin/leads"]) expect(matcher(path), path).toBe(false);
  });

  it("tells exactly what React Router's matchRoutes tells, for the site's routes and every kind of path pattern", () => {
    type Entry = { id?: string; file?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Entry[] };
    const manifest: Record<
      string,
      { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: object }
    > = {};
    const add = (entries: Entry[], parentId: string) => {
      for (const entry of entries) {
        const id = entry.id ?? (entry.file ?? "").replace(/\.tsx?$/, "");
        manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module: {} };
        add(entry.children ?? [], id);
      }
    };
    manifest.root = { id: "root", path: "", module: {} };
    add(siteRoutes as Entry[], "root");
    // Patterns the site does not use today, as React Router reads them.
    add(
      [
        { id: "x/optional", path: "docs/:lang?/guide" },
        { id: "x/optional-static", path: "files/archive?/list" },
        { id: "x/optional-end", path: "shop/:item?" },
        { id: "x/splat", path: "downloads/*" },
        { id: "x/case", path: "Exact/Case", caseSensitive: true },
        { id: "x/dots", path: "feed.json" },
        // Nested: a parent with a trailing slash, a child with an absolute path, a layout without one.
        { id: "x/area", path: "area/", children: [{ id: "x/area-page", path: "page" }] },
        { id: "x/zone", path: "zone", children: [{ id: "x/zone-inner", path: "/zone/inner" }] },
        { id: "x/shell", children: [{ id: "x/shell-page", path: "inside/:id" }] },
      ],
      "root",
    );
    const tree = (parentId: string | undefined): Parameters<typeof matchRoutes>[0] =>
      Object.values(manifest)
        .filter((r) => r.parentId === parentId)
        .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(r.id) }) as never);
    const routes = tree(undefined);
    const reference = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id === "routes/not-found";
    const matcher = notFoundMatcher({ routes: manifest as never });
    const paths = [
      "/",
      "//",
      "/about",
      "/about/",
      "/About",
      "/about//",
      "/about/x",
      "/insurance",
      "/insurance/",
      "/insurance/trucking",
      "/insurance/trucking/",
      "/insurance/a/b",
      "/insurance/%2F",
      "/insurance/%E0%A4%A",
      "/blog",
      "/blog/rss.xml",
      "/blog/rssxxml",
      "/blog/some-post",
      "/blog/a/b",
      "/admin",
      "/admin/leads/7",
      "/admin/leads/7/x",
      "/admin/jobs/edit/",
      "/admin/jobs/edit/1",
      "/admin/team/new",
      "/hoa-insurance",
      "/hoa-insurance/x",
      "/wp-login.php",
      "/docs/guide",
      "/docs/en/guide",
      "/docs/en/x/guide",
      "/files/list",
      "/files/archive/list",
      "/files/archivelist",
      "/shop",
      "/shop/",
      "/shop/hat",
      "/shop/hat/x",
      "/downloads",
      "/downloads/",
      "/downloads/a/b",
      "/downloadsx",
      "/Exact/Case",
      "/exact/case",
      "/feed.json",
      "/feedxjson",
      "/%2e%2e/etc",
      "/sitemap.xml",
      "/robots.txt/",
      "/admin/login/code",
      "/admin/invite/abc",
      "/admin/invite/",
      "/area",
      "/area/",
      "/area/page",
      "/area/page/",
      "/zone",
      "/zone/inner",
      "/zone/other",
      "/inside/7",
      "/inside",
    ];
    // React Router warns of the malformed address; both leave it undecoded.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (const path of paths) expect(matcher(path), path).toBe(reference(path));
      // A case-sensitive route (matched by React Router itself).
      manifest["x/case-parent"] = { id: "x/case-parent", parentId: "root", path: "Parent", caseSensitive: true, module: {} };
      manifest["x/case-child"] = { id: "x/case-child", parentId: "x/case-parent", path: "child", module: {} };
      const withCase = tree(undefined);
      const caseMatcher = notFoundMatcher({ routes: manifest as never });
      for (const path of ["/Parent/child", "/Parent/CHILD", "/parent/child", "/Parent", "/about"])
        expect(caseMatcher(path), path).toBe(matchRoutes(withCase, path)?.at(-1)?.route.id === "routes/not-found");
    } finally {
      warn.mockRestore();
    }
  });

  it("is off with RENDER_CACHE_MAX_MB=0", () => {
    expect(createRenderCache({ RENDER_CACHE_MAX_MB: 0, SITE_URL: SITE }, tmpdir())).toBeUndefined();
    expect(createRenderCache({ RENDER_CACHE_MAX_MB: 64, SITE_URL: SITE }, tmpdir())?.maxBytes).toBe(64 * 1024 * 1024);
  });
});

/**
 * A stand-in for a page with a part: /blog lists the posts a query (?q=) finds, in one part of the page, and
 * `renderPart` renders that part alone, as app/entry.server.tsx does. Counts both.
 */
function partSite(cache: RenderCache, { partRendersOtherwise = false } = {}) {
  const posts = ["Hail deductibles", "Wind and hail", "Cargo limits", "Builders risk"];
  let whole = 0;
  let parts = 0;
  const list = (url: URL) => {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const found = posts.filter((title) => title.toLowerCase().includes(q));
    return `<div class="browser"><input name="q" value="${q}"/><ul>${found.map((t) => `<li>${t}</li>`).join("")}</ul></div>`;
  };
  const document = (url: URL, nonce: string) =>
    `<!DOCTYPE html><html><head><link rel="canonical" href="${SITE}/blog"/><style>.browser{display:block}</style>` +
    `<script nonce="${nonce}">window.a=1;</script></head><body><header>${"Commercial insurance ".repeat(300)}</header>` +
    `${list(url)}<footer>${"Liberty Hill, Texas ".repeat(300)}</footer><script nonce="${nonce}" type="module">import("/assets/x.js")</script></body></html>`;
  const renderPart = async (url: URL) => {
    parts++;
    if ([...url.searchParams.keys()].some((name) => name !== "q")) return null;
    return partRendersOtherwise ? list(url).replace("<ul>", "<ol>") : list(url);
  };
  const app = new Hono<{ Variables: { nonce: string } }>();
  app.use(securityHeaders({ https: true, development: false }));
  app.all("*", (c) => {
    const nonce = c.get("nonce");
    const render = async (request: Request) => {
      whole++;
      return new Response(document(new URL(request.url), nonce), { headers: { "content-type": "text/html; charset=utf-8" } });
    };
    return cache.serve(c, render, { nonce, personal: c.req.header("cookie")?.includes("admin_session=") ?? false, renderPart });
  });
  return {
    get: (path: string, headers: Record<string, string> = {}, method = "GET") => app.request(path, { headers, method }),
    /** The page as rendered whole for an address, without its nonces. */
    expected: (path: string) => document(new URL(path, SITE), "").replaceAll(' nonce=""', ""),
    renders: () => ({ whole, parts }),
  };
}

describe("pages with a part", () => {
  const partPaths = ["/blog"];

  it("answers an address with a query with the stored page and the part rendered for it: the same document as a whole render", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, partPaths });
    const s = partSite(cache);
    const first = await s.get("/blog?q=hail", { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe("part");
    expect(first.headers.get("content-encoding")).toBe("gzip");
    // One gzip member: gunzip checks its CRC-32 and length against the document.
    const body = gunzipSync(Buffer.from(await first.arrayBuffer())).toString("utf8");
    expect(body).toBe(s.expected("/blog?q=hail"));
    expect(body).toContain("<li>Hail deductibles</li><li>Wind and hail</li></ul>");
    const again = await s.get("/blog?q=hail", { "accept-encoding": "gzip" });
    expect(Number(first.headers.get("content-length"))).toBe((await again.arrayBuffer()).byteLength);
    // The page was rendered once (for /blog, and stored); its own part once, to find it; then one part per address.
    expect(s.renders()).toEqual({ whole: 1, parts: 3 });
    expect(cache.lookup("/blog")).toBeDefined();
    // No nonce in the document: its scripts are allowed by their hashes, and nothing tells a version.
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain("nonce");
    expect(first.headers.get("etag")).toBeNull();

    for (const q of ["wind", "cargo", "zzz", "", "<script>"]) {
      const path = `/blog?q=${encodeURIComponent(q)}`;
      const plain = await s.get(path);
      expect(plain.headers.get("content-encoding"), path).toBeNull();
      expect(await plain.text(), path).toBe(s.expected(path));
    }
    expect(s.renders().whole).toBe(1);
    expect(cache.stats.parts).toBe(7);
    // Visit tags are no part of the address.
    const tagged = await s.get("/blog?q=cargo&utm_source=newsletter&gclid=1");
    expect(tagged.headers.get(RENDER_CACHE_HEADER)).toBe("part");
    expect(await tagged.text()).toBe(s.expected("/blog?q=cargo"));
  });

  it("renders the whole page for what a part cannot answer", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, partPaths });
    const s = partSite(cache);
    await s.get("/blog?q=hail");
    const before = s.renders().whole;
    // Another parameter (the part says so), an admin's request, HEAD, and a path without a part.
    for (const [path, headers, method] of [
      ["/blog?q=hail&page=2", {}, "GET"],
      ["/blog?q=hail", { cookie: "admin_session=token" }, "GET"],
      ["/blog?q=hail", {}, "HEAD"],
      ["/careers?q=hail", {}, "GET"],
    ] as const) {
      const res = await s.get(path, headers, method);
      expect(res.headers.get(RENDER_CACHE_HEADER), `${method} ${path}`).toBeNull();
    }
    expect(s.renders().whole).toBe(before + 4);
  });

  it("renders the whole page when the part alone is not found in the page, and looks for it once per stored page", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, partPaths });
    const s = partSite(cache, { partRendersOtherwise: true });
    for (let i = 0; i < 3; i++) {
      const res = await s.get("/blog?q=hail");
      expect(res.headers.get(RENDER_CACHE_HEADER)).toBeNull();
      expect(await res.text()).toContain("<li>Hail deductibles</li>");
    }
    // The stored page, then three whole renders; its part was rendered once, to look for it.
    expect(s.renders()).toEqual({ whole: 4, parts: 1 });
  });

  it("renders the page again after a change, and the whole page while changes cannot be heard", async () => {
    const cache = new RenderCache({ maxBytes: 4 * 1024 * 1024, siteUrl: SITE, partPaths });
    const s = partSite(cache);
    await s.get("/blog?q=hail");
    cache.invalidate("change");
    expect((await s.get("/blog?q=wind")).headers.get(RENDER_CACHE_HEADER)).toBe("part");
    expect(s.renders().whole).toBe(2);
    cache.pause();
    const res = await s.get("/blog?q=wind");
    expect(res.headers.get(RENDER_CACHE_HEADER)).toBeNull();
    expect(await res.text()).toContain("<li>Wind and hail</li>");
    cache.resume();
    expect((await s.get("/blog?q=wind")).headers.get(RENDER_CACHE_HEADER)).toBe("part");
  });
});
