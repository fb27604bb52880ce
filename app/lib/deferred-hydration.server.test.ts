import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { AFTER_PAINT, deferHydration } from "./deferred-hydration.server";

/** Preload links as React places them (in the head, after the page's meta tags). */
const PRELOADS = [
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/framework-B2.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/root-C3.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/product-D4.js" nonce="n0nce"/>',
].join("");

/** The scripts React Router's <Scripts> ends the body with (lazy route discovery, two matched routes). */
const SCRIPTS = [
  '<script nonce="n0nce">window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = new ReadableStream();</script>',
  '<script nonce="n0nce" type="module" async="">;',
  'import * as route0 from "/assets/root-C3.js";',
  'import * as route1 from "/assets/product-D4.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A1.js"},"routes":{"root":{"id":"root","path":"/price-$&-$\'"}}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};',
  "",
  'import("/assets/entry.client-A1.js");</script>',
].join("\n");

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Trucking 🚚 Insurance</title><meta name="description" content="Façade, naïve, “quotes” — 30 minutes."/>';
const BODY = "<style>h1{color:#112f57}</style></head><body><main><h1>Trucking insurance 🚚</h1><p>Owner-operators — “$750,000”.</p></main>";
const DOCUMENT = `${HEAD}${PRELOADS}${BODY}${SCRIPTS}<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>`;

function moduleScript(html: string): string {
  return /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
}

describe("deferHydration", () => {
  const out = deferHydration(DOCUMENT);

  it("removes the module preload links and keeps everything before and after the tail", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.startsWith(HEAD + BODY)).toBe(true);
    expect(out).toContain('<script nonce="n0nce">window.__reactRouterContext = {"basename":"/"};');
    expect(out.endsWith('<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>')).toBe(true);
  });

  it("waits for paint, then preloads every module at once and imports the routes dynamically", () => {
    const body = moduleScript(out);
    expect(body.startsWith(AFTER_PAINT)).toBe(true);
    expect(body).toContain('["/assets/entry.client-A1.js","/assets/framework-B2.js","/assets/root-C3.js","/assets/product-D4.js"]');
    expect(body).toContain('const [route0,route1]=await Promise.all([import("/assets/root-C3.js"),import("/assets/product-D4.js")]);');
    expect(body).not.toMatch(/^\s*import\s/m);
    expect(body).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};');
    expect(body).toContain('"path":"/price-$&-$\'"');
    expect(body.trimEnd().endsWith('import("/assets/entry.client-A1.js");')).toBe(true);
    // The nonce and the module type stay on the script.
    expect(out).toContain('<script nonce="n0nce" type="module" async="">');
  });

  it("produces a valid module", () => {
    expect(() => transformSync(moduleScript(out), { loader: "js", format: "esm" })).not.toThrow();
  });

  it("keeps a side-effect import of the route manifest", () => {
    const withManifest = DOCUMENT.replace(";\nimport * as route0", 'import "/assets/manifest-E5.js";\nimport * as route0');
    const body = moduleScript(deferHydration(withManifest));
    expect(body).toContain('await import("/assets/manifest-E5.js");const [route0,route1]=await Promise.all(');
    expect(() => transformSync(body, { loader: "js", format: "esm" })).not.toThrow();
  });

  it("in development, runs the hot-reload runtime and the manifest first, in order", async () => {
    const dev = DOCUMENT.replace(
      ";\nimport * as route0",
      'import "/@id/virtual:react-router/inject-hmr-runtime";import "/assets/manifest-E5.js";\nimport * as route0',
    );
    const body = moduleScript(deferHydration(dev));
    expect(body).toContain(
      'await import("/@id/virtual:react-router/inject-hmr-runtime");await import("/assets/manifest-E5.js");const [route0,route1]=await Promise.all(',
    );
    expect(() => transformSync(body, { loader: "js", format: "esm" })).not.toThrow();
  });

  it("leaves a document without React Router's tail, or with a tail of another shape, unchanged", () => {
    const plain = "<!DOCTYPE html><html><body><p>Hello</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
    const odd = DOCUMENT.replace(
      'import * as route1 from "/assets/product-D4.js";',
      'import { x as route1 } from "/assets/product-D4.js";',
    );
    expect(deferHydration(odd)).toBe(odd);
  });
});

describe("deferHydration on a whole page", () => {
  it("rewrites a document whose head holds a large stylesheet between the preload links and the rest", () => {
    const style = `<style>${".a{color:red}".repeat(2000)}</style>`;
    const big = DOCUMENT.replace("<head>", `<head>${style}`);
    const out = deferHydration(big);
    expect(out).toContain(style);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.replace(style, "")).toBe(deferHydration(DOCUMENT));
  });
});
