/**
 * POST /api/blogs/images (the `blog` permission): one image for a post, as multipart/form-data with
 * the file in the field `file`, from the post editor (an image inserted, dropped or pasted into the
 * text) and the post form's cover image (docs/decisions/055-images-in-posts.md). The JSON body limit
 * of /api does not apply here (server/app.ts): the file is read up to POST_IMAGE_MAX_BYTES and no
 * further. Answered 201 `{ success, message, data: { hash, width, height, widths, url } }` once every
 * file is stored and the image recorded (200 with the same shape for bytes already stored); `url` is
 * the widest WebP, /media/<hash>-<width>.webp, what a post's `imageUrl` holds. A refused file is a
 * 400, 413, 415 or 422 whose message names the reason, also under `errors.file`.
 */
import { Hono } from "hono";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { featuredImageUrl } from "~/features/blog/media";
import { PostImageRefused, receivePostImage, storePostImage } from "~/features/blog/media.server";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";
import { requestBody } from "./uploads";

const m = blogAdminMessages.images;

export const POST_IMAGES_PATH = "/api/blogs/images";

export function postImageRoutes(services: AppServices) {
  const { config, db, storage, logger } = services;
  const windowMs = config.RATE_LIMIT_UPLOADS_WINDOW_MINUTES * 60_000;
  const limiter = services.limits.rate("post-images", config.RATE_LIMIT_POST_IMAGES_MAX, windowMs);
  const perAddress = { limiter, key: (c: Parameters<typeof clientIp>[0]) => clientIp(c, config.TRUST_PROXY), message: m.tooMany };
  const limits = { maxBytes: config.POST_IMAGE_MAX_BYTES, maxPixels: config.POST_IMAGE_MAX_PIXELS };

  return new Hono().post(
    ...apiPost(services, "/blogs/images", { admin: true, crossSite: m.crossSite, rateLimit: [perAddress] }, async (c) => {
      const started = performance.now();
      const admin = c.get("admin");
      const reqId = c.get("requestId" as never) as string | undefined;
      try {
        const bytes = await receivePostImage(
          {
            headers: { "content-type": c.req.header("content-type"), "content-length": c.req.header("content-length") },
            body: requestBody(c),
          },
          limits.maxBytes,
        );
        const { created, ...image } = await storePostImage({ db, storage }, bytes, limits, admin.id);
        logger.info(
          { reqId, adminId: admin.id, hash: image.hash, bytes: bytes.length, created, ms: Math.round(performance.now() - started) },
          "post image stored",
        );
        return c.json({ success: true, message: m.uploaded, data: { ...image, url: featuredImageUrl(image) } }, created ? 201 : 200);
      } catch (error) {
        if (error instanceof PostImageRefused) {
          logger.info({ reqId, adminId: admin.id, status: error.status, reason: error.message }, "post image refused");
          return apiError(c, error.status, error.message, { file: error.message });
        }
        logger.error({ reqId, adminId: admin.id, err: error }, "a post image could not be stored");
        return apiError(c, 503, m.failed);
      }
    }),
  );
}
