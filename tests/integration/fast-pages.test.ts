/**
 * Stored pages answered ahead of Hono (server/fast-pages.ts): every answer is the one the Hono app
 * gives the same request from the same cache (status, headers, bytes), in each stored encoding, for
 * HEAD and for a 304; what the fast path must leave (the admin's session, other methods, other
 * queries, pages not stored) goes through Hono as before.
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { buildDir } from "../../server/main";
import { RENDER_CACHE_HEADER, type RenderCache } from "../../server/render-cache";
import { ensureAdmin, signIn } from "../support/admin";
import { startTestServer } from "../support/server";

type Answer = { status: number; headers: Record<string, string>; body: Buffer };
type Ask = { method?: string; headers?: Record<string, string> };

/** One request over HTTP, with exactly these headers, the body left as sent (compressed or not). */
function ask(url: string, target: string, { method = "GET", headers = {} }: Ask = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    // The target is sent as written (a URL would have its dot segments resolved).
    const req = http.request({ hostname, port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) flat[name] = Array.isArray(value) ? value.join(", ") : (value ?? "");
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Headers that must match: all but Node's own (date, connection, keep-alive) and the per-request id. */
function comparable(headers: Record<string, string>) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": _id, ...rest } = headers;
  return rest;
}

describe("stored pages answered ahead of Hono", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let hono: ReturnType<typeof createApp>;
  let cache: RenderCache;
  let cookie: string;
  let slug: string;
  let id: string;
  let lookup: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    server = await startTestServer("pglite");
    cache = server.renderCache!;
    const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
    // The same services and the same cache, without the fast path in front.
    hono = createApp({ services: server.services, build, renderCache: cache });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    const created = await fetch(`${server.url}/api/blogs`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Fast Path Freight Guide",
        content: "<p>Cargo limits for owner-operators.</p>",
        category: "Commercial Trucking",
        imageUrl: null,
        status: "published",
        tags: ["Cargo"],
      }),
    });
    expect(created.status).toBe(201);
    ({ slug, _id: id } = ((await created.json()) as { data: { slug: string; _id: string } }).data);
    lookup = vi.spyOn(cache, "lookup");
  });
  afterAll(async () => {
    lookup?.mockRestore();
    await server?.close();
  });

  /** The fast path's answer and Hono's for one request, the page stored first. */
  async function both(target: string, options: Ask = {}) {
    await ask(server.url, target);
    lookup.mockClear();
    const fast = await ask(server.url, target, options);
    const answeredFast = lookup.mock.results.some((result: { value: unknown }) => result.value !== undefined);
    const res = await hono.request(target, { method: options.method ?? "GET", headers: options.headers });
    const viaHono = { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
    return { fast, viaHono, answeredFast };
  }

  it.each([
    ["brotli", { "accept-encoding": "gzip, deflate, br" }, "br"],
    ["gzip", { "accept-encoding": "gzip" }, "gzip"],
    ["no encoding", {}, undefined],
  ])("answers a stored post with Hono's headers and bytes (%s)", async (_name, headers, encoding) => {
    const { fast, viaHono, answeredFast } = await both(`/blog/${slug}`, { headers });
    expect(answeredFast).toBe(true);
    expect(fast.status).toBe(200);
    expect(fast.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(fast.headers["content-encoding"]).toBe(encoding);
    expect(comparable(fast.headers)).toEqual(comparable(viaHono.headers));
    expect(fast.body.equals(viaHono.body)).toBe(true);
    expect(fast.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(fast.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers HEAD, a 304, the feed, the sitemap and a tag page as Hono does", async () => {
    const head = await both(`/blog/${slug}`, { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.answeredFast).toBe(true);
    expect(head.fast.body.byteLength).toBe(0);
    expect(comparable(head.fast.headers)).toEqual(comparable(head.viaHono.headers));

    const etag = (await ask(server.url, `/blog/${slug}`)).headers.etag;
    const notModified = await both(`/blog/${slug}`, { headers: { "if-none-match": `"other", ${etag}` } });
    expect(notModified.answeredFast).toBe(true);
    expect(notModified.fast.status).toBe(304);
    expect(comparable(notModified.fast.headers)).toEqual(comparable(notModified.viaHono.headers));

    for (const target of ["/blog/rss.xml", "/sitemap.xml", "/blog?tag=Cargo", "/blog", "/careers"]) {
      const { fast, viaHono, answeredFast } = await both(target, { headers: { "accept-encoding": "br" } });
      expect(answeredFast, target).toBe(true);
      expect(fast.status, target).toBe(200);
      expect(comparable(fast.headers), target).toEqual(comparable(viaHono.headers));
      expect(fast.body.equals(viaHono.body), target).toBe(true);
    }
  });

  it("keeps the client's request id and says Connection: close while the process stops", async () => {
    await ask(server.url, `/blog/${slug}`);
    const kept = await ask(server.url, `/blog/${slug}`, { headers: { "x-request-id": "crawler-42" } });
    expect(kept.headers["x-request-id"]).toBe("crawler-42");
    server.services.lifecycle.draining = true;
    try {
      expect((await ask(server.url, `/blog/${slug}`, { headers: { connection: "keep-alive" } })).headers.connection).toBe("close");
    } finally {
      server.services.lifecycle.draining = false;
    }
  });

  it("answers a stored page asked with visit tags alone, as the page itself", async () => {
    const plain = await ask(server.url, `/blog/${slug}`, { headers: { "accept-encoding": "br" } });
    lookup.mockClear();
    const tagged = await ask(server.url, `/blog/${slug}?utm_source=mail&utm_medium=email&fbclid=IwAR`, {
      headers: { "accept-encoding": "br" },
    });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(tagged.status).toBe(200);
    expect(tagged.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBe("hit");
    expect(tagged.headers.etag).toBe(plain.headers.etag);
    expect(tagged.body.equals(plain.body)).toBe(true);
  });

  it("leaves the admin's session, other methods, other queries and unknown pages to Hono", async () => {
    await ask(server.url, `/blog/${slug}`);
    lookup.mockClear();
    const admin = await ask(server.url, `/blog/${slug}`, { headers: { cookie } });
    expect(admin.status).toBe(200);
    expect(admin.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();

    const posted = await ask(server.url, `/blog/${slug}`, { method: "POST" });
    expect(posted.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBeUndefined();
    expect(lookup).not.toHaveBeenCalled();

    for (const target of [`/blog/${slug}?utm_source=mail&page=2`, "/blog?q=cargo", "/blog/no-such-post", `/blog/./${slug}`]) {
      lookup.mockClear();
      const res = await ask(server.url, target);
      expect(
        lookup.mock.results.every((result: { value: unknown }) => result.value === undefined),
        target,
      ).toBe(true);
      // Hono resolves the dot segment and finds the stored post; the others are rendered per request.
      if (target.includes("/./")) expect(res.status).toBe(200);
      else expect(res.headers[RENDER_CACHE_HEADER.toLowerCase()] ?? null, target).not.toBe("hit");
    }
    // A Host header @hono/node-server refuses gets its 400 from it, not a page.
    expect((await ask(server.url, `/blog/${slug}`, { headers: { host: "bad host" } })).status).toBe(400);
  });

  it("drops a page on an edit: the next request is rendered and shows it", async () => {
    await ask(server.url, `/blog/${slug}`);
    expect((await ask(server.url, `/blog/${slug}`)).headers[RENDER_CACHE_HEADER.toLowerCase()]).toBe("hit");
    const edited = await fetch(`${server.url}/api/blogs/${id}`, {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Fast Path Freight Guide",
        content: "<p>Reefer breakdown cover, added.</p>",
        category: "Commercial Trucking",
        imageUrl: null,
        status: "published",
        tags: ["Cargo"],
      }),
    });
    expect(edited.status).toBe(200);
    const next = await ask(server.url, `/blog/${slug}`);
    expect(next.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBe("miss");
    expect(next.body.toString()).toContain("Reefer breakdown cover, added.");
  });

  it("after a settings change, answers the home page stored again as the build's file was answered: Hono's headers and bytes", async () => {
    const changed = await fetch(`${server.url}/api/admin/settings`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ phone: "(737) 555-0199" }),
    });
    expect(changed.status).toBe(200);
    await ask(server.url, "/");
    await cache.recompressed;
    const variants: Record<string, string>[] = [{ "accept-encoding": "gzip, deflate, br" }, { "accept-encoding": "gzip" }, {}];
    for (const headers of variants) {
      const { fast, viaHono, answeredFast } = await both("/", { headers });
      expect(answeredFast).toBe(true);
      expect(fast.status).toBe(200);
      expect(fast.headers[RENDER_CACHE_HEADER.toLowerCase()]).toBe("hit");
      expect(comparable(fast.headers)).toEqual(comparable(viaHono.headers));
      expect(fast.body.equals(viaHono.body)).toBe(true);
    }
    const page = await ask(server.url, "/");
    expect(page.body.toString()).toContain("(737) 555-0199");
    const notModified = await both("/", { headers: { "if-none-match": page.headers.etag } });
    expect(notModified.fast.status).toBe(304);
    expect(comparable(notModified.fast.headers)).toEqual(comparable(notModified.viaHono.headers));
    // The admin is answered the same stored page, as the build's file was answered to everyone.
    expect((await ask(server.url, "/", { headers: { cookie } })).headers.etag).toBe(page.headers.etag);
  });
});
