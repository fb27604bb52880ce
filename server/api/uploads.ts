/**
 * POST /api/uploads: one document for the trucking quote, as multipart/form-data with a `slot` field
 * followed by the `file`. Streamed to storage; answered 201 { id, slot, name, size, type } once the
 * file is stored and recorded. The JSON body limit of /api does not apply here (server/app.ts): the
 * upload's own limit, UPLOAD_MAX_BYTES, is enforced while the bytes arrive.
 */
import { Readable } from "node:stream";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { agency } from "~/content/agency";
import { uploadMessages } from "~/features/uploads/messages";
import { receiveUpload, UploadError } from "~/features/uploads/uploads.server";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError } from "../http";
import { RateLimiter, rateLimit } from "../rate-limit";

/** The request body as a Node stream: the socket's own stream under @hono/node-server, else the web body. */
function requestBody(c: Context): Readable {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import("node:stream/web").ReadableStream) : Readable.from([]);
}

/**
 * A multipart POST needs no CORS preflight, so another site could make its visitors' browsers post
 * files here (spreading one sender's uploads over many addresses and rate limits). Browsers name the
 * posting page's origin; one whose host is neither SITE_URL's nor the host the request was sent to is
 * refused. The scheme is not compared: behind a proxy that ends TLS the request arrives over http.
 * Clients that send no Origin (scripts, other tools) are not browsers acting for another site.
 */
function sameSite(siteUrl: string, trustProxy: boolean): MiddlewareHandler {
  const siteHost = new URL(siteUrl).host.toLowerCase();
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin) {
      let host: string;
      try {
        host = new URL(origin).host.toLowerCase();
      } catch {
        host = "";
      }
      const requestHosts = [c.req.header("host"), trustProxy ? c.req.header("x-forwarded-host")?.split(",")[0] : undefined]
        .filter((h): h is string => Boolean(h))
        .map((h) => h.trim().toLowerCase());
      if (host !== siteHost && !requestHosts.includes(host)) return apiError(c, 403, uploadMessages.crossSite);
    }
    await next();
  };
}

export function uploadRoutes(services: AppServices) {
  const { config, logger, db, storage } = services;
  const limiter = new RateLimiter(config.RATE_LIMIT_UPLOADS_MAX, config.RATE_LIMIT_UPLOADS_WINDOW_MINUTES * 60_000);
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  const limit = rateLimit(limiter, ipOf, uploadMessages.tooManyUploads.replace("call us", `call us at ${agency.phone.primary.display}`));

  return new Hono().post("/uploads", sameSite(config.SITE_URL, config.TRUST_PROXY), limit, async (c) => {
    const started = performance.now();
    try {
      const upload = await receiveUpload(
        { db, storage, maxBytes: config.UPLOAD_MAX_BYTES },
        { headers: { "content-type": c.req.header("content-type"), "content-length": c.req.header("content-length") }, body: requestBody(c), ip: ipOf(c) },
      );
      logger.info({ reqId: c.get("requestId" as never), uploadId: upload.id, slot: upload.slot, type: upload.type, size: upload.size, ms: Math.round(performance.now() - started) }, "upload stored");
      return c.json(upload, 201);
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      logger.info({ reqId: c.get("requestId" as never), status: error.status, reason: error.message, errors: error.errors }, "upload refused");
      return apiError(c, error.status, error.message, error.errors);
    }
  });
}
