import { gunzipSync, inflateSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers, pickEncoding } from "./compress";

const PAGE = `<!DOCTYPE html><html><body>${"<p>General liability for roofing contractors in Texas.</p>".repeat(200)}</body></html>`;

function app() {
  const a = new Hono();
  a.use(compressAnswers());
  a.get("/page", (c) => c.html(PAGE));
  a.get("/small", (c) => c.json({ ok: true }));
  a.get("/vary", (c) => c.html(PAGE, 200, { Vary: "Cookie" }));
  a.get("/no-transform", (c) => c.html(PAGE, 200, { "Cache-Control": "no-transform" }));
  a.get("/csv", (c) => c.body("name,phone\n".repeat(500), 200, { "Content-Type": "text/csv" }));
  return a;
}

describe("compressAnswers", () => {
  it("gzips a whole page in one piece, with its length and Vary", async () => {
    const res = await app().request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(PAGE);
    expect(bytes.byteLength).toBeLessThan(PAGE.length / 10);
  });

  it("adds Accept-Encoding to a Vary the answer already has", async () => {
    const res = await app().request("/vary", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
  });

  it("leaves small answers, no-transform answers and clients that take no gzip alone", async () => {
    const small = await app().request("/small", { headers: { "Accept-Encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const kept = await app().request("/no-transform", { headers: { "Accept-Encoding": "gzip" } });
    expect(kept.headers.get("content-encoding")).toBeNull();
    expect(await kept.text()).toBe(PAGE);
    const refused = await app().request("/page", { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(await refused.text()).toBe(PAGE);
  });

  it("leaves a client that takes deflate alone, and other types, to Hono's compress()", async () => {
    const deflated = await app().request("/page", { headers: { "Accept-Encoding": "deflate" } });
    expect(deflated.headers.get("content-encoding")).toBe("deflate");
    expect(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString()).toBe(PAGE);
    const csv = await app().request("/csv", { headers: { "Accept-Encoding": "gzip" } });
    expect(csv.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe("name,phone\n".repeat(500));
  });

  it("answers HEAD without a body and uncompressed", async () => {
    const res = await app().request("/page", { method: "HEAD", headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip or any, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
    expect(pickEncoding("gzip, br;q=0", ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding("*", ["gzip"])).toBe("gzip");
    expect(pickEncoding("deflate", ["br", "gzip"])).toBeNull();
    expect(pickEncoding("br", ["gzip"])).toBeNull();
  });
});

describe("pickEncoding with hostile headers", () => {
  it("answers a long or ever-new Accept-Encoding as a short one, whatever came before", () => {
    for (let i = 0; i < 200; i++) expect(pickEncoding(`x-${i}, gzip`, ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding(`${"x, ".repeat(2000)}br`, ["br", "gzip"])).toBe("br");
    expect(pickEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
  });
});
