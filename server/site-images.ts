/**
 * GET /site-images/{name}: the team photos and logos uploaded in the back office, streamed from the
 * document storage (disk or S3) that every process shares. A name is made from its file's SHA-256
 * (app/features/settings/site-images.server.ts), so its bytes never change: browsers and proxies keep
 * it for a year without asking again. Names of any other shape are not looked up.
 */
import type { Readable } from "node:stream";
import { Hono } from "hono";
import { SITE_IMAGE_NAME } from "~/lib/site-images";
import type { AppServices } from "./context";

export const IMMUTABLE = "public, max-age=31536000, immutable";

const TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  svg: "image/svg+xml",
};

/** An SVG opened on its own is a document: it may style itself, and nothing else. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox";

/** The file's stream once its first bytes have arrived, so a missing file is a 404 rather than a cut-off 200. */
export async function opened(source: Readable): Promise<ReadableStream<Uint8Array>> {
  const chunks = source[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer> | undefined;
  try {
    first = await chunks.next();
  } catch (error) {
    source.destroy();
    throw error;
  }
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = first ?? (await chunks.next());
      first = undefined;
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    },
    cancel() {
      source.destroy();
    },
  });
}

export function siteImageRoutes({ storage, logger }: Pick<AppServices, "storage" | "logger">) {
  return new Hono().get("/site-images/:name", async (c) => {
    const name = c.req.param("name");
    if (!SITE_IMAGE_NAME.test(name)) return c.text("Not found", 404);
    const etag = `"${name}"`;
    const headers: Record<string, string> = {
      "Content-Type": TYPES[name.slice(name.lastIndexOf(".") + 1)],
      "Cache-Control": IMMUTABLE,
      ETag: etag,
    };
    if (name.endsWith(".svg")) headers["Content-Security-Policy"] = SVG_CSP;
    if (
      c.req
        .header("if-none-match")
        ?.split(",")
        .some((tag) => tag.trim().replace(/^W\//, "") === etag)
    ) {
      return new Response(null, { status: 304, headers });
    }
    let body: ReadableStream<Uint8Array>;
    try {
      body = await opened(storage.open(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        logger.error({ err: error, name }, "a site image could not be read from storage");
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
