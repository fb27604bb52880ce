/**
 * The client build answered from Node's request listener (server/fast-static.ts): each answer must be
 * the one the Hono app gives (createApp with serveBuild), header for header and byte for byte, and
 * whatever the fast path cannot answer so must reach Hono.
 */
import { request as httpRequest, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { createFastStatic, withFastPaths } from "../../server/fast-static";
import { createLogger } from "../../server/logger";
import { bakedPublicSettings } from "../../server/main";
import type { SecurityOptions } from "../../server/security";
import { type BuildFiles, loadStaticFiles, loadStaticManifest, type StaticManifest, serveBuild } from "../../server/static";
import { requireBuild, root, startTestServer } from "../support/server";

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
type Answer = { status: number; headers: Record<string, string>; body: Buffer };
type Ask = { method?: string; headers?: Record<string, string> };
type HonoApp = ReturnType<typeof createApp>;

const buildDir = path.join(root, "build");
const clientDir = path.join(buildDir, "client");
/** What the fast-path-only servers below answer with when a request is left to Hono. */
const LEFT_TO_HONO = 599;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

/** A request over a fresh connection, its target sent as written (not normalised), the body read as sent (not decompressed). */
function ask(base: string, target: string, { method = "GET", headers = {} }: Ask = {}): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path: target, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
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

/** The same request through the Hono app, as the server answered it before the fast path. */
async function askHono(app: HonoApp, target: string, { method = "GET", headers = {} }: Ask = {}): Promise<Answer> {
  const res = await app.request(target, { method, headers });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/** Headers that must match: all but Node's own (date, connection, keep-alive) and the per-request id. */
function comparable(headers: Record<string, string>) {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, "x-request-id": _id, ...rest } = headers;
  return rest;
}

/** A server answering from the fast path alone; every file recorded before it listens unless `recordAtStart` is false. */
function startFastOnly(
  staticFiles: BuildFiles,
  options: { security: SecurityOptions; lines: Record<string, unknown>[]; recordAtStart?: boolean },
) {
  const logger = createLogger("info", { destination: { write: (line: string) => void options.lines.push(JSON.parse(line)) } });
  const lifecycle = { draining: false };
  const recordAtStart = options.recordAtStart ?? true;
  return createFastStatic({ staticFiles, services: { logger, lifecycle }, security: options.security, recordAtStart }).then(
    (fast) =>
      new Promise<{ url: string; server: Server; lifecycle: typeof lifecycle }>((resolve) => {
        const server = serve(
          {
            fetch: () => new Response("left to Hono", { status: LEFT_TO_HONO }),
            port: 0,
            hostname: "127.0.0.1",
            createServer: withFastPaths([fast], logger),
          },
          (info) => resolve({ url: `http://127.0.0.1:${info.port}`, server: server as Server, lifecycle }),
        );
      }),
  );
}

function closeServer(server: Server | undefined) {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

describe("the client build answered ahead of Hono", () => {
  let server: TestServer;
  let manifest: StaticManifest;
  let hono: HonoApp;
  let fast: Awaited<ReturnType<typeof startFastOnly>>;
  let stale: Awaited<ReturnType<typeof startFastOnly>>;
  const lines: Record<string, unknown>[] = [];
  /** Paths of the build, by kind. */
  let asset: string;
  let smallAsset: string;
  let image: string;
  let pageData: string;

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer("pglite");
    manifest = loadStaticManifest(buildDir)!;
    const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
    const files = loadStaticFiles(clientDir, manifest);
    const staticFiles = serveBuild({ clientDir, manifest, servePrerendered: () => true, files });
    hono = createApp({ services: server.services, build, staticFiles });
    const { config } = server.services;
    const security = { https: config.secureCookies, development: false, gaMeasurementId: config.GA_MEASUREMENT_ID };
    fast = await startFastOnly(staticFiles, { security, lines });
    stale = await startFastOnly(serveBuild({ clientDir, manifest, servePrerendered: () => false, files }), { security, lines: [] });

    const paths = Object.keys(manifest.files);
    const pick = (test: (p: string) => boolean, what: string) => {
      const found = paths.find(test);
      if (!found) throw new Error(`the build has no ${what}`);
      return found;
    };
    asset = pick((p) => p.startsWith("/assets/") && p.endsWith(".js") && manifest.files[p].encodings.length === 2, "compressed script");
    smallAsset = pick(
      (p) => p.startsWith("/assets/") && manifest.files[p].encodings.length === 0 && p.endsWith(".js") && !p.includes("blog-rss"),
      "uncompressed script",
    );
    image = pick((p) => p.endsWith(".png") && !p.startsWith("/assets/"), "image outside /assets/");
    pageData = pick((p) => p.endsWith(".data") && manifest.files[p].prerendered === true, "prerendered page data");
  });
  afterAll(async () => {
    await closeServer(fast?.server);
    await closeServer(stale?.server);
    await server?.close();
  });

  /** Asks the fast-path-only server and the Hono app the same, and expects the same answer. */
  async function expectSameAsHono(target: string, init: Ask = {}): Promise<Answer> {
    const [got, before] = await Promise.all([ask(fast.url, target, init), askHono(hono, target, init)]);
    expect(got.status, `${init.method ?? "GET"} ${target} was left to Hono`).not.toBe(LEFT_TO_HONO);
    expect(got.status, target).toBe(before.status);
    expect(comparable(got.headers), target).toEqual(comparable(before.headers));
    expect(got.body.equals(before.body), `${target}: body`).toBe(true);
    expect(got.headers["x-request-id"]).toMatch(UUID);
    return got;
  }

  it("answers a prerendered page as the Hono app does, in each stored encoding, unencoded, and for HEAD", async () => {
    // The build must carry this server's public settings, or its pages would not be served as files at all.
    expect(manifest.publicConfig).toEqual(bakedPublicSettings(server.services.config));
    for (const page of ["/", "/about"]) {
      const br = await expectSameAsHono(page, { headers: { "accept-encoding": "br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
      expect(br.headers["content-security-policy"]).not.toContain("'nonce-");
      expect(br.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(br.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(br.headers["permissions-policy"]).toContain("camera=()");
      expect(br.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect((await expectSameAsHono(page, { headers: { "accept-encoding": "gzip" } })).headers["content-encoding"]).toBe("gzip");
      expect((await expectSameAsHono(page, { headers: BROWSER })).headers["content-encoding"]).toBe("br");
      const plain = await expectSameAsHono(page);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString("utf8")).toMatch(/^<!DOCTYPE html>/i);
      expect(Number(plain.headers["content-length"])).toBe(plain.body.byteLength);

      const head = await expectSameAsHono(page, { method: "HEAD", headers: { "accept-encoding": "br" } });
      expect(head.body.byteLength).toBe(0);
      expect(head.headers["content-length"]).toBe(br.headers["content-length"]);
    }
    await expectSameAsHono(pageData, { headers: BROWSER });
  });

  it("answers a prerendered page asked with visit tags alone as the page itself, as the Hono app does", async () => {
    for (const target of ["/?utm_source=newsletter&utm_medium=email", "/about?gclid=EAIaIQ", "/about?"]) {
      const got = await expectSameAsHono(target, { headers: BROWSER });
      expect(got.headers.etag, target).toBe(manifest.files[target.split("?")[0]].etag);
      expect(got.headers["content-security-policy"], target).not.toContain("'nonce-");
    }
  });

  it("answers assets with immutable caching, with or without a query string, and other client files", async () => {
    const js = await expectSameAsHono(asset, { headers: BROWSER });
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers["content-type"]).toMatch(/javascript/);
    expect(js.headers["x-content-type-options"]).toBe("nosniff");
    expect(js.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(js.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // A script is no document: the headers that govern documents are left off (docs/decisions/029).
    for (const name of [
      "content-security-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "permissions-policy",
      "referrer-policy",
    ])
      expect(js.headers[name], name).toBeUndefined();
    await expectSameAsHono(asset, { headers: { "accept-encoding": "gzip" } });
    await expectSameAsHono(asset);
    await expectSameAsHono(`${asset}?v=2`, { headers: BROWSER });
    await expectSameAsHono(asset, { method: "HEAD", headers: { "accept-encoding": "deflate" } });
    // The percent-encoded form of a file name is decoded, as serveBuild decodes it.
    await expectSameAsHono(asset.replace(/\.js$/, "%2Ejs"), { headers: BROWSER });
    await expectSameAsHono(smallAsset, { headers: BROWSER });
    const png = await expectSameAsHono(image, { headers: BROWSER });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers["cache-control"]).toBe("public, max-age=3600");
    // /favicon.ico, which crawlers ask for whatever the page links, is the build's icon, not the not-found page.
    const ico = await expectSameAsHono("/favicon.ico");
    expect(ico.status).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/x-icon");
    expect([...ico.body.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  });

  it("answers 304 to an If-None-Match naming the ETag, alone or in a list; a weak form is no match, as before", async () => {
    for (const target of ["/", asset]) {
      const etag = manifest.files[target].etag;
      const alone = await expectSameAsHono(target, { headers: { "if-none-match": etag, ...BROWSER } });
      expect(alone.status).toBe(304);
      expect(alone.body.byteLength).toBe(0);
      expect(alone.headers.etag).toBe(etag);
      expect(alone.headers["x-content-type-options"]).toBe("nosniff");
      // The page's 304 carries its CSP; the script's, like its 200, the headers a script needs.
      expect(alone.headers["content-security-policy"] === undefined).toBe(target === asset);
      expect((await expectSameAsHono(target, { headers: { "if-none-match": `"stale", ${etag}` } })).status).toBe(304);
      expect((await expectSameAsHono(target, { method: "HEAD", headers: { "if-none-match": etag } })).status).toBe(304);
      expect((await expectSameAsHono(target, { headers: { "if-none-match": `W/${etag}`, ...BROWSER } })).status).toBe(200);
      expect((await expectSameAsHono(target, { headers: { "if-none-match": '"stale"' } })).status).toBe(200);
    }
  });

  it("keeps a well-formed request id the client sent, as the app does, and gives every other response its own", async () => {
    const first = await ask(fast.url, "/");
    const second = await ask(fast.url, "/");
    expect(first.headers["x-request-id"]).toMatch(UUID);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    for (const sent of ["edge-7f3a=", "not valid!", "x".repeat(256)]) {
      const [got, before] = await Promise.all([
        ask(fast.url, "/", { headers: { "x-request-id": sent } }),
        askHono(hono, "/", { headers: { "x-request-id": sent } }),
      ]);
      expect(got.headers["x-request-id"] === sent, sent).toBe(before.headers["x-request-id"] === sent);
    }
    expect((await ask(fast.url, "/", { headers: { "x-request-id": "edge-7f3a=" } })).headers["x-request-id"]).toBe("edge-7f3a=");
  });

  it("writes the request log line for pages and none for assets", async () => {
    lines.length = 0;
    const page = await ask(fast.url, "/about", { headers: BROWSER });
    await ask(fast.url, asset, { headers: BROWSER });
    await ask(fast.url, "/", { method: "HEAD", headers: { "if-none-match": manifest.files["/"].etag } });
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        reqId: page.headers["x-request-id"],
        method: "GET",
        path: "/about",
        status: 200,
        ms: expect.any(Number),
        msg: "request",
      },
      {
        level: 30,
        time: expect.any(Number),
        reqId: expect.stringMatching(UUID),
        method: "HEAD",
        path: "/",
        status: 304,
        ms: expect.any(Number),
        msg: "request",
      },
    ]);
  });

  it("tells a kept-alive client to reconnect while the process is stopping", async () => {
    const before = await fetch(`${fast.url}/`);
    expect(before.headers.get("connection")).toBe("keep-alive");
    await before.arrayBuffer();
    fast.lifecycle.draining = true;
    try {
      const res = await fetch(`${fast.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get("connection")).toBe("close");
      await res.arrayBuffer();
    } finally {
      fast.lifecycle.draining = false;
    }
  });

  it("leaves to Hono what the recorded answers cannot stand for", async () => {
    const left = async (target: string, init: Ask = {}) =>
      expect((await ask(fast.url, target, init)).status, `${init.method ?? "GET"} ${target}`).toBe(LEFT_TO_HONO);
    // React Router renders a prerendered page asked with a query string other than visit tags.
    await left("/?page=2");
    await left("/?utm_source=newsletter&ref=partner");
    await left(`${pageData}?_routes=root`);
    await left("/", { method: "POST" });
    await left("/no-such-page");
    await left("/about/");
    await left("/%61bout");
    await left("/services/../about");
    // A client that accepts only deflate gets the file compressed on the fly by compress().
    expect((await askHono(hono, asset, { headers: { "accept-encoding": "deflate" } })).headers["content-encoding"]).toBe("deflate");
    await left(asset, { headers: { "accept-encoding": "deflate" } });
    // A Host whose name is not the whole header: @hono/node-server's listener refuses it before the app runs.
    expect((await ask(fast.url, "/", { headers: { host: "visitor@example.com" } })).status).toBe(400);
  });

  it("records nothing at start: a file's first request is left to Hono, the next ones answered as Hono answers them", async () => {
    const files = loadStaticFiles(clientDir, manifest);
    const { config } = server.services;
    const security = { https: config.secureCookies, development: false, gaMeasurementId: config.GA_MEASUREMENT_ID };
    const lazy = await startFastOnly(serveBuild({ clientDir, manifest, servePrerendered: () => true, files }), {
      security,
      lines: [],
      recordAtStart: false,
    });
    try {
      for (const target of ["/", asset]) {
        expect((await ask(lazy.url, target, { headers: BROWSER })).status, target).toBe(LEFT_TO_HONO);
        await vi.waitFor(async () => expect((await ask(lazy.url, target, { headers: BROWSER })).status, target).toBe(200), {
          timeout: 15_000,
        });
        const [got, before] = await Promise.all([ask(lazy.url, target, { headers: BROWSER }), askHono(hono, target, { headers: BROWSER })]);
        expect(comparable(got.headers)).toEqual(comparable(before.headers));
        expect(got.body.equals(before.body)).toBe(true);
      }
    } finally {
      await closeServer(lazy.server);
    }
  });

  it("does not answer a stale build's prerendered pages, only its other files", async () => {
    expect((await ask(stale.url, "/", { headers: BROWSER })).status).toBe(LEFT_TO_HONO);
    expect((await ask(stale.url, "/about")).status).toBe(LEFT_TO_HONO);
    expect((await ask(stale.url, pageData)).status).toBe(LEFT_TO_HONO);
    const js = await ask(stale.url, asset, { headers: BROWSER });
    expect(js.status).toBe(200);
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("the running server answers pages and assets as the Hono app does", async () => {
    for (const [target, init] of [
      ["/", { headers: { "accept-encoding": "br" } }],
      ["/", {}],
      ["/", { method: "HEAD", headers: BROWSER }],
      ["/", { headers: { "if-none-match": manifest.files["/"].etag } }],
      [asset, { headers: { "accept-encoding": "gzip" } }],
      [image, { headers: BROWSER }],
    ] as const) {
      const [got, before] = await Promise.all([ask(server.url, target, init), askHono(hono, target, init)]);
      expect(got.status, target).toBe(before.status);
      expect(comparable(got.headers), target).toEqual(comparable(before.headers));
      expect(got.body.equals(before.body), target).toBe(true);
      expect(got.headers["x-request-id"]).toMatch(UUID);
    }
    server.services.lifecycle.draining = true;
    try {
      const res = await fetch(`${server.url}/`);
      expect(res.headers.get("connection")).toBe("close");
      await res.arrayBuffer();
    } finally {
      server.services.lifecycle.draining = false;
    }
  });

  it("the running server renders a prerendered page asked with a query string, with a nonce CSP", async () => {
    const res = await fetch(`${server.url}/?page=2&utm_source=newsletter`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(res.headers.get("etag")).not.toBe(manifest.files["/"].etag);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>/i);
  });
});

describe("a server whose build has other public settings", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { WHATSAPP_NUMBER: "15125550199" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("renders its prerendered pages instead of serving the built files, and still serves the assets", async () => {
    const manifest = loadStaticManifest(buildDir)!;
    expect(manifest.publicConfig).not.toEqual(bakedPublicSettings(server.services.config));
    const res = await fetch(`${server.url}/`, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(manifest.files["/"].etag);
    // The page carries this server's settings, not the build's.
    expect(await res.text()).toContain("15125550199");
    const asset = Object.keys(manifest.files).find((p) => p.startsWith("/assets/") && p.endsWith(".js"))!;
    const js = await fetch(`${server.url}${asset}`, { headers: BROWSER });
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await js.arrayBuffer();
  });
});
