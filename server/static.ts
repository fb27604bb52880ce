/**
 * Serves the client build: hashed assets with immutable caching, and prerendered pages as
 * stored files. Every file was compressed at build (brotli and gzip); the stored bytes are
 * served as they are, with an ETag, so no request pays for compression. The files are read
 * into memory once, at start; server/fast-static.ts answers most of these requests before
 * they reach Hono, with the headers this middleware gives.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { withoutVisitTags } from "~/lib/visit-tags";
import { pickEncoding } from "./compress";
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
  /** The version of the stored site content the prerendered pages show (the first-run defaults'). */
  siteVersion?: string;
  files: Record<string, StaticEntry>;
};

export const STATIC_MANIFEST = "static-manifest.json";

export function loadStaticManifest(buildDir: string): StaticManifest | null {
  const file = path.join(buildDir, STATIC_MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StaticManifest) : null;
}

/** A file of the build, read once: its original bytes and its stored compressed forms. */
export type StaticFile = { entry: StaticEntry; identity: Buffer; br?: Buffer; gzip?: Buffer };

export function loadStaticFiles(clientDir: string, manifest: StaticManifest): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const [pathname, entry] of Object.entries(manifest.files)) {
    const read = (file: string) => readFileSync(path.join(clientDir, file));
    files.set(pathname, {
      entry,
      identity: read(entry.file),
      br: entry.encodings.includes("br") ? read(`${entry.file}.br`) : undefined,
      gzip: entry.encodings.includes("gzip") ? read(`${entry.file}.gz`) : undefined,
    });
  }
  return files;
}

/** If-None-Match names this ETag (a list is accepted; the comparison is exact, as the ETags are strong). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(",").some((t) => t.trim() === etag) ?? false;
}

function cacheControl(pathname: string, entry: StaticEntry): string {
  if (pathname.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  return entry.prerendered ? "public, max-age=0, must-revalidate" : "public, max-age=3600";
}

/** The middleware, with what the fast path needs: the loaded files and whether prerendered pages are served. */
export type BuildFiles = MiddlewareHandler & { files: ReadonlyMap<string, StaticFile>; servePrerendered: () => boolean };

export function serveBuild(options: {
  clientDir: string;
  manifest: StaticManifest;
  /**
   * Asked at each request: false while the prerendered pages carry other public settings or other
   * stored site content than the server's (render them instead).
   */
  servePrerendered: () => boolean;
  /** Files already loaded (loadStaticFiles); read from clientDir otherwise. */
  files?: Map<string, StaticFile>;
}): BuildFiles {
  const files = options.files ?? loadStaticFiles(options.clientDir, options.manifest);

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return next();
    }
    const file = files.get(pathname);
    if (!file) return next();
    const { entry } = file;
    // A prerendered page is the same whatever visit tags its address carries (lib/visit-tags.ts).
    if (entry.prerendered && (!options.servePrerendered() || withoutVisitTags(url.search) !== "")) return next();

    const headers = new Headers({ "Content-Type": entry.type, ETag: entry.etag, Vary: "Accept-Encoding" });
    headers.set("Cache-Control", cacheControl(pathname, entry));
    if (entry.scriptSources) headers.set(STORED_SCRIPT_SOURCES, entry.scriptSources.join(" "));

    if (etagMatches(c.req.header("if-none-match"), entry.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = pickEncoding(c.req.header("accept-encoding") ?? "", entry.encodings);
    if (encoding) headers.set("Content-Encoding", encoding);
    const body = (encoding && file[encoding]) || file.identity;
    headers.set("Content-Length", String(body.byteLength));
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
  };
  return Object.assign(middleware, { files, servePrerendered: options.servePrerendered });
}
