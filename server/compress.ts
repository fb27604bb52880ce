/**
 * Compression of what the server makes per request: pages React Router renders and API answers are
 * whole when they leave their handler (app/entry.server.tsx renders a document before answering),
 * so each is gzipped in one call, in Node's thread pool, and written in one piece. (Brotli at a level
 * as fast as gzip's made the server slower: each call's encoder memory, counted as V8's external
 * memory, brought on garbage collections of the whole heap.) Anything else that may be compressed (a
 * streamed answer, a client that takes deflate alone) goes through Hono's compress() as before.
 * Stored pages and the build's files carry their compressed forms and are never compressed here.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

const gzipAsync = promisify(gzip);

/** Answers made whole here: documents and API answers. */
const WHOLE = /^\s*(?:text\/html|application\/json)\s*(?:;|$)/i;
/** Below this many bytes compression saves less than it costs (Hono's threshold too). */
export const COMPRESS_THRESHOLD = 1024;
/** zlib's default level. */
const GZIP_LEVEL = 6;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Accept-Encoding headers seen, parsed; a bounded map, as clients send the same few again and again. */
const acceptedByHeader = new Map<string, readonly string[]>();
const ACCEPT_CACHE_LIMIT = 64;
/** A browser's header is under 100 characters; a longer one is parsed each time, never kept. */
const ACCEPT_CACHE_LENGTH = 256;

/** The encodings an Accept-Encoding header takes (any named with q=0 left out), lower-cased. */
function acceptedEncodings(accept: string): readonly string[] {
  let accepted = acceptedByHeader.get(accept);
  if (accepted) return accepted;
  accepted = accept
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, q]) => !q || !/q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase());
  if (acceptedByHeader.size < ACCEPT_CACHE_LIMIT && accept.length <= ACCEPT_CACHE_LENGTH) acceptedByHeader.set(accept, accepted);
  return accepted;
}

/** The stored form a client takes: brotli first, then gzip (or any, "*"); none named with q=0. */
export function pickEncoding(accept: string, available: readonly ("br" | "gzip")[]): "br" | "gzip" | null {
  const accepted = acceptedEncodings(accept);
  if (available.includes("br") && accepted.includes("br")) return "br";
  if (available.includes("gzip") && (accepted.includes("gzip") || accepted.includes("*"))) return "gzip";
  return null;
}

export function compressAnswers(): MiddlewareHandler {
  const streamed = compress();
  const after = async () => {};
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      c.req.method === "HEAD" ||
      !WHOLE.test(headers.get("content-type") ?? "") ||
      headers.has("content-encoding") ||
      headers.has("transfer-encoding") ||
      NO_TRANSFORM.test(headers.get("cache-control") ?? "")
    )
      return streamed(c, after);
    const encoding = pickEncoding(c.req.header("accept-encoding") ?? "", ["gzip"]);
    const length = headers.get("content-length");
    if (!encoding || (length !== null && Number(length) < COMPRESS_THRESHOLD) || res.status === 204 || res.status === 304)
      return streamed(c, after);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.byteLength < COMPRESS_THRESHOLD) return replace(c, bytes, res.status, headers);
    const body = await gzipAsync(bytes, { level: GZIP_LEVEL });
    headers.set("content-encoding", encoding);
    headers.delete("content-length");
    const vary = headers.get("vary");
    if (!vary) headers.set("vary", "Accept-Encoding");
    else if (!/\baccept-encoding\b/i.test(vary) && vary.trim() !== "*") headers.set("vary", `${vary}, Accept-Encoding`);
    replace(c, body, res.status, headers);
  };
}

/**
 * Sets the answer to these bytes. Hono's setter would turn the body into a stream to merge the old
 * answer's headers (which the new one already has); with the old answer cleared first it keeps the
 * bytes, which @hono/node-server writes in one call.
 */
function replace(c: Context, body: Buffer, status: number, headers: Headers): void {
  c.res = undefined;
  c.res = new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status, headers });
}
