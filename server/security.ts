/**
 * Security headers for every response. HTML rendered per request carries a CSP with a fresh
 * nonce; prerendered pages carry a CSP with the hashes of their inline scripts, computed at
 * build (docs/decisions/003), because a stored file cannot hold a per-request nonce.
 */
import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isBackOfficePath } from "~/lib/paths";

export type SecurityOptions = {
  /** Over HTTPS: HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Development: Vite's client needs inline and eval'd scripts and a websocket. */
  development: boolean;
  gaMeasurementId?: string | null;
};

/** The one analytics script a public page loads (a CSP source with a path matches that path only). */
const GA_SCRIPT = "https://www.googletagmanager.com/gtag/js";
const GA_CONNECT = "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com";

/** The back office shows personal data: no third-party script runs there, whatever spelling of its path was asked for. */
export function contentSecurityPolicy(options: SecurityOptions, scriptSources: string[], path = "/"): string {
  const ga = Boolean(options.gaMeasurementId) && !isBackOfficePath(path);
  const script = options.development
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : ["'self'", ...scriptSources, ...(ga ? [GA_SCRIPT] : [])];
  const connect = ["'self'", ...(ga ? [GA_CONNECT] : []), ...(options.development ? ["ws:", "wss:"] : [])];
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show images hosted elsewhere (an admin gives their https address).
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The header the static layer sets to tell this middleware the CSP script sources of a stored page. */
export const STORED_SCRIPT_SOURCES = "x-csp-script-sources";

/** The CSP of any response but an HTML page that brings none of its own. */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers every response gets (the build's scripts, stylesheets, fonts and images only the first, second and sixth). */
export const FIXED_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];

/** The headers that matter to a response whatever it is: HTTPS only, no type sniffing, no cross-site embedding. */
const SUBRESOURCE_HEADER_NAMES = new Set(["Strict-Transport-Security", "X-Content-Type-Options", "Cross-Origin-Resource-Policy"]);
const SUBRESOURCE_SECURITY_HEADERS = FIXED_SECURITY_HEADERS.filter(([name]) => SUBRESOURCE_HEADER_NAMES.has(name));

/**
 * A script, stylesheet, font or raster image of the site's own build (under /assets/): a file a page loads,
 * never a document of its own (the site runs no workers, the only scripts whose own CSP would apply). The
 * headers that govern documents (CSP, framing, opener, permissions, referrer) mean nothing on such a
 * response, and they were a third of the bytes of every asset's answer (docs/decisions/029). Anything else,
 * an uploaded document an admin opens included, keeps every header.
 */
export function isBuildSubresource(path: string, contentType: string): boolean {
  return (
    path.startsWith("/assets/") &&
    /^(?:text\/(?:javascript|css)|application\/javascript|font\/[\w.+-]+|image\/(?:png|jpeg|webp|avif|gif))\s*(?:;|$)/i.test(contentType)
  );
}

export function securityHeaders(options: SecurityOptions): MiddlewareHandler<{ Variables: { nonce: string } }> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    try {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      // Some responses (Response.redirect) have immutable headers: copy them into a new one.
      c.res = new Response(c.res.body, c.res);
    }
    const h = c.res.headers;
    const type = h.get("content-type") ?? "";
    if (isBuildSubresource(c.req.path, type)) {
      for (const [name, value] of SUBRESOURCE_SECURITY_HEADERS) h.set(name, value);
      h.delete("X-Powered-By");
      return;
    }
    if (type.startsWith("text/html")) {
      const stored = h.get(STORED_SCRIPT_SOURCES);
      h.delete(STORED_SCRIPT_SOURCES);
      const sources = stored !== null ? stored.split(" ").filter(Boolean) : [`'nonce-${nonce}'`];
      h.set("Content-Security-Policy", contentSecurityPolicy(options, sources, c.req.path));
    } else if (!h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", NON_HTML_CSP);
    }
    for (const [name, value] of FIXED_SECURITY_HEADERS) h.set(name, value);
    h.delete("X-Powered-By");
  };
}

/** sha256 CSP sources for the inline scripts of an HTML document (a stored page's CSP allows them by these). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
