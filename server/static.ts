/**
 * Serves the client build: hashed assets with immutable caching, and prerendered pages as
 * stored files. Every file was compressed at build (brotli and gzip); the stored bytes are
 * served as they are, with an ETag, so no request pays for compression.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { STORED_SCRIPT_SOURCES } from "./security";

export type StaticEntry = {
  /** File path relative to the client folder. */
  file: string;
  type: string;
  etag: string;
  encodings: ("br" | "gzip")[];
  /** Prerendered HTML: CSP sources for its inline scripts. */
  scriptSources?: string[];
  /** Prerendered page or its data: not served when the build is stale. */
  prerendered?: boolean;
};

export type StaticManifest = {
  /** Public settings baked into prerendered pages at build time. */
  publicConfig: Record<string, unknown>;
  files: Record<string, StaticEntry>;
};

export const STATIC_MANIFEST = "static-manifest.json";

export function loadStaticManifest(buildDir: string): StaticManifest | null {
  const file = path.join(buildDir, STATIC_MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StaticManifest) : null;
}

function pickEncoding(accept: string, available: ("br" | "gzip")[]): "br" | "gzip" | null {
  const accepted = accept
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase());
  if (available.includes("br") && accepted.includes("br")) return "br";
  if (available.includes("gzip") && (accepted.includes("gzip") || accepted.includes("*"))) return "gzip";
  return null;
}

export function serveBuild(options: {
  clientDir: string;
  manifest: StaticManifest;
  /** False when the prerendered pages were built with other public settings: render them instead. */
  servePrerendered: boolean;
}): MiddlewareHandler {
  const { clientDir, manifest } = options;
  const cache = new Map<string, Buffer>();
  const bytes = (file: string) => {
    let b = cache.get(file);
    if (!b) {
      b = readFileSync(path.join(clientDir, file));
      cache.set(file, b);
    }
    return b;
  };

  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return next();
    }
    const entry = manifest.files[pathname];
    if (!entry) return next();
    if (entry.prerendered && (!options.servePrerendered || url.search !== "")) return next();

    const headers = new Headers({ "Content-Type": entry.type, ETag: entry.etag, Vary: "Accept-Encoding" });
    headers.set(
      "Cache-Control",
      pathname.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : entry.prerendered
          ? "public, max-age=0, must-revalidate"
          : "public, max-age=3600",
    );
    if (entry.scriptSources) headers.set(STORED_SCRIPT_SOURCES, entry.scriptSources.join(" "));

    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch?.split(",").some((t) => t.trim() === entry.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = pickEncoding(c.req.header("accept-encoding") ?? "", entry.encodings);
    const file = encoding ? `${entry.file}.${encoding === "br" ? "br" : "gz"}` : entry.file;
    if (encoding) headers.set("Content-Encoding", encoding);
    const body = bytes(file);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
  };
}
