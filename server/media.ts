/**
 * GET /media/{hash}-{width}.{avif|webp}: the images uploaded for blog posts (docs/decisions/055),
 * streamed from the document storage (disk or S3) that every process shares. A name is made from the
 * upload's SHA-256 (app/features/blog/media.server.ts), so its bytes never change: browsers and proxies
 * keep it for a year without asking again. Names of any other shape are not looked up.
 */
import { Hono } from "hono";
import { MEDIA_CONTENT_TYPES, MEDIA_NAME, type MediaFormat, mediaStorageKey } from "~/features/blog/media";
import type { AppServices } from "./context";
import { IMMUTABLE, opened } from "./site-images";

export function mediaRoutes({ storage, logger }: Pick<AppServices, "storage" | "logger">) {
  return new Hono().get("/media/:name", async (c) => {
    const name = c.req.param("name");
    const match = MEDIA_NAME.exec(name);
    if (!match) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    const etag = `"${name}"`;
    const headers: Record<string, string> = {
      "Content-Type": MEDIA_CONTENT_TYPES[match[3] as MediaFormat],
      "Cache-Control": IMMUTABLE,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
    };
    const tags = c.req.header("if-none-match")?.split(",") ?? [];
    if (tags.some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
    let body: ReadableStream<Uint8Array>;
    try {
      body = await opened(storage.open(mediaStorageKey(name)));
    } catch (error) {
      // A missing file is ENOENT in every store (the S3 store says so too).
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        logger.error({ err: error, name }, "a post image could not be read from storage");
        return c.text("The image could not be read.", 503, { "Cache-Control": "no-store" });
      }
      return c.text("Not found", 404, { "Cache-Control": "no-store" });
    }
    if (c.req.method === "HEAD") {
      await body.cancel();
      return new Response(null, { status: 200, headers });
    }
    return new Response(body, { status: 200, headers });
  });
}
