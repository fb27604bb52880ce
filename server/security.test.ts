import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { isBuildSubresource, securityHeaders } from "./security";

describe("security headers", () => {
  const app = new Hono<{ Variables: { nonce: string } }>();
  app.use(securityHeaders({ https: true, development: false }));
  app.get("/page", (c) => c.html("<!DOCTYPE html><p>Hello</p>"));
  app.get("/assets/script.js", (c) => c.body("export {};", 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/assets/style.css", (c) => c.body("p{}", 200, { "content-type": "text/css; charset=utf-8" }));
  app.get("/assets/icons.svg", (c) => c.body("<svg/>", 200, { "content-type": "image/svg+xml" }));
  // An uploaded document an admin opens: an image, but no file of the build.
  app.get("/api/leads/1/files/2", (c) => c.body("jpeg", 200, { "content-type": "image/jpeg" }));
  app.get("/api/health", (c) => c.json({ ok: true }));

  const documentOnly = [
    "content-security-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "permissions-policy",
    "referrer-policy",
  ];
  const everywhere = ["strict-transport-security", "x-content-type-options", "cross-origin-resource-policy"];

  it("gives a page, an SVG and an API answer every header, the document ones included", async () => {
    for (const path of ["/page", "/assets/icons.svg", "/api/health", "/api/leads/1/files/2"]) {
      const res = await app.request(path);
      for (const name of [...documentOnly, ...everywhere]) expect(res.headers.get(name), `${path} ${name}`).toBeTruthy();
    }
    expect((await app.request("/page")).headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
  });

  it("gives a script or a stylesheet only the headers that apply to it", async () => {
    for (const path of ["/assets/script.js", "/assets/style.css"]) {
      const res = await app.request(path);
      for (const name of everywhere) expect(res.headers.get(name), `${path} ${name}`).toBeTruthy();
      for (const name of documentOnly) expect(res.headers.get(name), `${path} ${name}`).toBeNull();
    }
  });

  it("tells the build's files a page loads from anything that may be opened as a document", () => {
    for (const type of ["text/javascript; charset=utf-8", "application/javascript", "text/css", "font/woff2", "image/png", "image/webp"])
      expect(isBuildSubresource("/assets/file", type), type).toBe(true);
    for (const type of [
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/json",
      "text/plain",
      "application/pdf",
      "text/x-script",
      "text/cssx",
      "",
    ])
      expect(isBuildSubresource("/assets/file", type), type).toBe(false);
    for (const path of ["/og-image.png", "/api/leads/1/files/2", "/assetsx/a.js", "/"])
      expect(isBuildSubresource(path, "image/png"), path).toBe(false);
  });
});
