/**
 * POST /api/uploads: one document for the trucking quote, as multipart/form-data with a `slot` field
 * followed by the `file`. Streamed to storage; answered 201 { id, slot, name, size, type } once the
 * file is stored and recorded. The JSON body limit of /api does not apply here (server/app.ts): the
 * upload's own limits are enforced while the bytes arrive: UPLOAD_MAX_BYTES per file, and
 * UPLOAD_BYTES_PER_ADDRESS_MAX per client address and window (counted under the same key as the
 * request-count limit); below UPLOAD_MIN_FREE_BYTES of free disk, uploads are refused with 507.
 */
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { withPhone } from "~/content/site-facts";
import { uploadMessages } from "~/features/uploads/messages";
import { receiveUpload, UploadError } from "~/features/uploads/uploads.server";
import { addressKey, clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

/** The request body as a Node stream: the socket's own stream under @hono/node-server, else the web body. */
export function requestBody(c: Context): Readable {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import("node:stream/web").ReadableStream) : Readable.from([]);
}

export function uploadRoutes(services: AppServices) {
  const { config, logger, db, storage } = services;
  const windowMs = config.RATE_LIMIT_UPLOADS_WINDOW_MINUTES * 60_000;
  const limiter = services.limits.rate("uploads", config.RATE_LIMIT_UPLOADS_MAX, windowMs);
  // Keyed like the limiter (an IPv6 address by its /64), so both count the same sender.
  const budget = services.limits.bytes("upload-bytes", config.UPLOAD_BYTES_PER_ADDRESS_MAX, windowMs, addressKey);
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  // The texts name the stored profile's phone as it is when they are written.
  const phoned = (message: string) => withPhone(services.site.current().facts, message);
  const perAddress = { limiter, key: ipOf, message: () => phoned(uploadMessages.tooManyUploads) };

  // Same site and the count per address through the pipeline; the multipart body is streamed, not read as JSON.
  const guards = { crossSite: uploadMessages.crossSite, rateLimit: [perAddress] };
  return new Hono().post(
    ...apiPost(services, "/uploads", guards, async (c) => {
      const started = performance.now();
      try {
        const upload = await receiveUpload(
          { db, storage, maxBytes: config.UPLOAD_MAX_BYTES, budget, minFreeBytes: config.UPLOAD_MIN_FREE_BYTES || undefined },
          {
            headers: { "content-type": c.req.header("content-type"), "content-length": c.req.header("content-length") },
            body: requestBody(c),
            ip: ipOf(c),
          },
        );
        logger.info(
          {
            reqId: c.get("requestId" as never),
            uploadId: upload.id,
            slot: upload.slot,
            type: upload.type,
            size: upload.size,
            ms: Math.round(performance.now() - started),
          },
          "upload stored",
        );
        return c.json(upload, 201);
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        logger.info(
          { reqId: c.get("requestId" as never), status: error.status, reason: error.message, errors: error.errors },
          "upload refused",
        );
        if (error.retryAfter) c.header("Retry-After", String(error.retryAfter));
        return apiError(c, error.status, phoned(error.message), error.errors);
      }
    }),
  );
}
