/**
 * What a file is, by its first bytes (its "magic number"), never by its name or the Content-Type the
 * sender claims. Browser-safe and pure: the quote form can check a file before sending it.
 */

export type UploadMimeType = "application/pdf" | "image/jpeg" | "image/png";

const signatures: { type: UploadMimeType; bytes: readonly number[] }[] = [
  // "%PDF-"
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes `detectFileType` needs to decide (fewer is fine for a shorter file). */
export const MAGIC_BYTES_LENGTH = Math.max(...signatures.map((s) => s.bytes.length));

/** The file extension each type is stored with. */
export const extensionOf: Record<UploadMimeType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** Whether a recorded type (a row's mime_type) is one of the accepted types. */
export function isUploadMimeType(type: string): type is UploadMimeType {
  return Object.hasOwn(extensionOf, type);
}

/** The accepted type the bytes start with, or undefined. */
export function detectFileType(firstBytes: Uint8Array): UploadMimeType | undefined {
  for (const { type, bytes } of signatures) {
    if (firstBytes.length >= bytes.length && bytes.every((b, i) => firstBytes[i] === b)) return type;
  }
  return undefined;
}

// ---- images (the blog's uploaded images, docs/decisions/055-images-in-posts.md) ----

export type ImageMimeType = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";

/** How many leading bytes `detectImageType` needs to decide. */
export const IMAGE_MAGIC_BYTES_LENGTH = 12;

const latin1 = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The raster image type the bytes start with, or undefined: JPEG, PNG, WebP ("RIFF....WEBP"), GIF
 * (87a or 89a) and AVIF (an ISO media file whose brand is avif or avis). SVG is text, not one of these:
 * it can carry script, so it is never an image here.
 */
export function detectImageType(firstBytes: Uint8Array): ImageMimeType | undefined {
  const type = detectFileType(firstBytes);
  if (type === "image/jpeg" || type === "image/png") return type;
  if (firstBytes.length < 6) return undefined;
  if (["GIF87a", "GIF89a"].includes(latin1(firstBytes, 0, 6))) return "image/gif";
  if (firstBytes.length < 12) return undefined;
  if (latin1(firstBytes, 0, 4) === "RIFF" && latin1(firstBytes, 8, 12) === "WEBP") return "image/webp";
  if (latin1(firstBytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(latin1(firstBytes, 8, 12))) return "image/avif";
  return undefined;
}
