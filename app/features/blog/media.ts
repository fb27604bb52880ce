/**
 * Images uploaded for blog posts: their public addresses, widths and responsive sets
 * (docs/decisions/055-images-in-posts.md). An image is kept in WebP and AVIF at the site's responsive
 * widths (app/lib/site-images.ts `IMAGE_WIDTHS`) below its own width, and at its own width (at most
 * MEDIA_MAX_WIDTH); its address names the content hash and the widest width, so every other width
 * follows from the address alone. Browser-safe: the editor, the sanitiser, the public pages and the
 * server's /media route share it.
 */
import { IMAGE_WIDTHS } from "~/lib/site-images";

/** Where post images are served from. */
export const MEDIA_PATH = "/media";

/** The widest an uploaded post image is kept: the site's widest responsive width. */
export const MEDIA_MAX_WIDTH: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

export const MEDIA_FORMATS = ["avif", "webp"] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** A served file's name: 16 hex digits of the upload's SHA-256, a width and a format ("3f9a...-1280.webp"). */
export const MEDIA_NAME = /^([0-9a-f]{16})-([1-9]\d{0,3})\.(avif|webp)$/;

/** The storage key of a served file: the document storage holds other files too, so a prefix keeps these apart. */
export const mediaStorageKey = (name: string) => `media-${name}`;

/** The widths an image of `width` pixels (upright) is kept at, smallest first. */
export function mediaWidths(width: number): number[] {
  const widest = Math.min(width, MEDIA_MAX_WIDTH);
  return [...IMAGE_WIDTHS.filter((w) => w < widest), widest];
}

export const mediaFileName = (hash: string, width: number, format: MediaFormat) => `${hash}-${width}.${format}`;
export const mediaUrl = (hash: string, width: number, format: MediaFormat) => `${MEDIA_PATH}/${mediaFileName(hash, width, format)}`;

/** An uploaded image as the editor and the post form receive it from POST /api/blogs/images. */
export type MediaImage = {
  /** 16 hex digits of the upload's SHA-256. */
  hash: string;
  width: number;
  height: number;
  widths: number[];
};

/** The `srcset` of an image in one format: every width it is kept at. */
export const mediaSrcSet = (image: Pick<MediaImage, "hash" | "widths">, format: MediaFormat) =>
  image.widths.map((w) => `${mediaUrl(image.hash, w, format)} ${w}w`).join(", ");

/** The width of the plain `src`: the first at least 1024 wide, or the widest. */
export const mediaFallbackWidth = (widths: readonly number[]) => widths.find((w) => w >= 1024) ?? widths[widths.length - 1];

/** What `sizes` a post's own images carry: the article's column is 720 px wide from 768 px up. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 768px) 720px, 100vw";

/** The address a post's featured image is stored as: the widest WebP (what API clients read as `imageUrl`). */
export const featuredImageUrl = (image: Pick<MediaImage, "hash" | "widths">) =>
  mediaUrl(image.hash, image.widths[image.widths.length - 1], "webp");

/**
 * The image an address of ours names (`/media/<hash>-<width>.<format>`, the width being the widest it is
 * kept at), or null for any other address.
 */
export function parseMediaUrl(url: string): { hash: string; widths: number[]; format: MediaFormat } | null {
  if (!url.startsWith(`${MEDIA_PATH}/`)) return null;
  const match = MEDIA_NAME.exec(url.slice(MEDIA_PATH.length + 1));
  if (!match) return null;
  const widest = Number(match[2]);
  if (widest > MEDIA_MAX_WIDTH) return null;
  return { hash: match[1], widths: mediaWidths(widest), format: match[3] as MediaFormat };
}

/** The attributes of the `<img>` the editor puts in a post for an uploaded image. */
export function articleImageAttributes(image: MediaImage, alt: string) {
  const { width, height } = mediaDisplaySize(image);
  return {
    src: mediaUrl(image.hash, mediaFallbackWidth(image.widths), "webp"),
    srcset: mediaSrcSet(image, "webp"),
    sizes: ARTICLE_IMAGE_SIZES,
    width,
    height,
    alt,
  };
}

/** The widest kept version's size: what `width` and `height` say, so the page keeps the image's shape before it loads. */
export function mediaDisplaySize(image: MediaImage): { width: number; height: number } {
  const width = image.widths[image.widths.length - 1];
  return { width, height: Math.max(1, Math.round((image.height * width) / image.width)) };
}
