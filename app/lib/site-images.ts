/**
 * Images the agency uploads in the back office (team photos, the logo): their stored description and
 * public addresses. The files themselves sit in the document storage (disk or S3) under
 * content-hashed names and are served from /site-images/{name} with long cache headers
 * (app/features/settings/site-images.server.ts, server/site-images.ts). Browser-safe.
 */

/** The responsive widths every photograph of the site is served at (the build's photos and uploaded ones). */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536, 1920] as const;

/** Where uploaded images are served from. */
export const SITE_IMAGES_PATH = "/site-images";

/** The formats an uploaded photograph is kept in: AVIF first, WebP for the rest (and as the plain <img>'s source). */
export const PHOTO_FORMATS = ["avif", "webp"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/**
 * An uploaded photograph as stored with the record that shows it: `name` is its content-hashed stem
 * ("team-3f9a..."), `width` and `height` its size once turned upright, `widths` the widths it was
 * resized to (never wider than the upload).
 */
export type SiteImage = { name: string; width: number; height: number; widths: number[] };

/** A stored file's name: the stem, the width and the format ("team-3f9a...-640.webp"). */
export const siteImageFile = (image: Pick<SiteImage, "name">, width: number, format: PhotoFormat) => `${image.name}-${width}.${format}`;

export const siteImageUrl = (image: Pick<SiteImage, "name">, width: number, format: PhotoFormat) =>
  `${SITE_IMAGES_PATH}/${siteImageFile(image, width, format)}`;

export const siteImageSrcSet = (image: SiteImage, format: PhotoFormat) =>
  image.widths.map((w) => `${siteImageUrl(image, w, format)} ${w}w`).join(", ");

/** Every file an image is kept as: each width in each format. */
export const siteImageFiles = (image: SiteImage) => image.widths.flatMap((w) => PHOTO_FORMATS.map((f) => siteImageFile(image, w, f)));

/**
 * The names /site-images answers: a kind, 16 hex digits of the upload's SHA-256, then a width and a
 * photo format, or (a logo) PNG, WebP or SVG. Anything else is not one of ours.
 */
export const SITE_IMAGE_NAME = /^(team|logo)-[0-9a-f]{16}(-\d{1,4}\.(avif|webp)|\.(png|webp|svg))$/;

/** Whether `value` has the shape of a stored image (a row's JSON, a loader's data). */
export function isSiteImage(value: unknown): value is SiteImage {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === "string" &&
    /^team-[0-9a-f]{16}$/.test(v.name) &&
    Number.isInteger(v.width) &&
    Number.isInteger(v.height) &&
    Array.isArray(v.widths) &&
    v.widths.length > 0 &&
    v.widths.every((w) => Number.isInteger(w) && (w as number) > 0)
  );
}
