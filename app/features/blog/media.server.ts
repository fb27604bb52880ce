/**
 * Images uploaded for blog posts (docs/decisions/055-images-in-posts.md). One file per request,
 * multipart, read with a byte bound while it arrives (`receivePostImage`); then checked by its bytes
 * (JPEG, PNG, WebP, GIF or AVIF by its first bytes, then decoded by sharp under a pixel bound: never
 * its name or the browser's claim, never SVG), turned upright, stripped of its metadata (a phone's GPS
 * position never reaches the site), and made into WebP and AVIF at the site's responsive widths
 * (`processPostImage`). `storePostImage` writes every file to the document storage (disk or S3, so
 * every process serves it) before it records the row, and deletes what it wrote when a step fails.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { postImages } from "#db/schema";
import { detectImageType, IMAGE_MAGIC_BYTES_LENGTH, type ImageMimeType } from "~/features/uploads/magic-bytes";
import type { FileStorage } from "~/features/uploads/storage.server";
import { limitInWords } from "~/lib/file-sizes";
import { blogAdminMessages } from "./admin-messages";
import { MEDIA_FORMATS, type MediaImage, mediaFileName, mediaStorageKey, mediaWidths } from "./media";

const m = blogAdminMessages.images;

/** sharp (libvips) loads with the first image stored, not with the site. */
const loadSharp = () => import("sharp").then((module) => module.default);

/** An image refused, with the status the API answers and the reason in words. */
export class PostImageRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
    this.name = "PostImageRefused";
  }
}

export type PostImageLimits = { maxBytes: number; maxPixels: number };

/** Room for the multipart framing around the file when judging a declared Content-Length. */
const ENVELOPE_BYTES = 16 * 1024;

/** Whether the bytes are (probably) SVG or other markup: text starting with "<", an <svg> near the start. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8");
  return /^\uFEFF?\s*</.test(head) && /<svg[\s>]/i.test(head);
}

/**
 * Reads the one file of a multipart body (field `file`) into memory, at most `maxBytes`: a declared
 * length over the bound is refused before a byte is read, and the byte past it ends the reading with
 * 413. Other fields are ignored; a second file is refused.
 */
export async function receivePostImage(
  request: { headers: Record<string, string | undefined>; body: Readable },
  maxBytes: number,
): Promise<Buffer> {
  const contentType = request.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new PostImageRefused(415, m.notMultipart);
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES)
    throw new PostImageRefused(413, m.tooLarge(limitInWords(maxBytes)));
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: maxBytes, fields: 20, parts: 25 } });
  } catch {
    throw new PostImageRefused(415, m.notMultipart);
  }
  return new Promise<Buffer>((resolve, reject) => {
    let file: Buffer | undefined;
    let failed = false;
    const fail = (error: PostImageRefused) => {
      if (failed) return;
      failed = true;
      request.body.unpipe(parser);
      // The rest of the body is read and dropped, so the answer reaches a client still sending.
      request.body.resume();
      reject(error);
    };
    parser.on("file", (name, stream) => {
      if (name !== "file" || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on("limit", () => fail(new PostImageRefused(413, m.tooLarge(limitInWords(maxBytes)))));
      stream.on("end", () => {
        if (!failed && !file) file = Buffer.concat(chunks, size);
      });
    });
    parser.on("filesLimit", () => fail(new PostImageRefused(400, m.oneFile)));
    parser.on("error", () => fail(new PostImageRefused(400, m.notMultipart)));
    parser.on("close", () => {
      if (failed) return;
      if (!file) return fail(new PostImageRefused(400, m.noFile));
      resolve(file);
    });
    request.body.on("error", () => fail(new PostImageRefused(400, m.notMultipart)));
    request.body.pipe(parser);
  });
}

/** 16 hex digits of the bytes' SHA-256: the image's name in its addresses. */
const contentHash = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/** A processed image: its description, the source's type, and the files to store (name as served, bytes). */
export type ProcessedImage = MediaImage & { sourceType: ImageMimeType; files: { name: string; bytes: Buffer }[] };

/**
 * Checks the bytes and makes the image's files: WebP and AVIF at each of its widths (./media.ts
 * `mediaWidths`), upright, in sRGB, with no metadata. Throws PostImageRefused with the reason for an
 * empty, too large, SVG, unknown, damaged or too many-pixel file.
 */
export async function processPostImage(bytes: Buffer, limits: PostImageLimits): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new PostImageRefused(400, m.empty);
  if (bytes.length > limits.maxBytes) throw new PostImageRefused(413, m.tooLarge(limitInWords(limits.maxBytes)));
  const sourceType = detectImageType(bytes.subarray(0, IMAGE_MAGIC_BYTES_LENGTH));
  if (!sourceType) throw new PostImageRefused(415, looksLikeSvg(bytes) ? m.svg : m.notImage);
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error", pages: 1 });
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
    if (meta.width && meta.height && meta.width * meta.height > limits.maxPixels)
      throw new PostImageRefused(422, m.tooManyPixels(Math.floor(limits.maxPixels / 1_000_000)));
    // AVIF is HEIF with AV1; a HEIC photo (HEVC) announced as AVIF is not one the site takes.
    if (meta.format === "heif" && meta.compression !== "av1") throw new PostImageRefused(415, m.notImage);
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (width < 1 || height < 1) throw new PostImageRefused(422, m.unreadable);
  } catch (error) {
    throw error instanceof PostImageRefused ? error : new PostImageRefused(422, m.unreadable);
  }
  const widths = mediaWidths(width);
  const hash = contentHash(bytes);
  const files: ProcessedImage["files"] = [];
  try {
    // Decoded once, upright and at the widest kept width; every file is made from these pixels.
    const { data, info } = await open()
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    for (const w of widths) {
      for (const format of MEDIA_FORMATS) {
        const resized = sharp(data, raw).resize({ width: w });
        // The admin waits for these: AVIF at effort 2 takes a fifth of effort 4's time for nearly the same size.
        const encoded = format === "avif" ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 75 });
        files.push({ name: mediaFileName(hash, w, format), bytes: await encoded.toBuffer() });
      }
    }
  } catch (error) {
    throw error instanceof PostImageRefused ? error : new PostImageRefused(422, m.unreadable);
  }
  return { hash, width, height, widths, sourceType, files };
}

export type PostImageDeps = { db: Database; storage: Pick<FileStorage, "write" | "delete"> };

const described = (row: { hash: string; width: number; height: number; widths: number[] }): MediaImage => ({
  hash: row.hash,
  width: row.width,
  height: row.height,
  widths: row.widths,
});

/**
 * Stores an uploaded image and answers its description. The same bytes uploaded again answer the
 * image already stored. Every file is written before the row; a failure deletes the files written.
 */
export async function storePostImage(
  deps: PostImageDeps,
  bytes: Buffer,
  limits: PostImageLimits,
  uploadedBy: string | null,
): Promise<MediaImage & { created: boolean }> {
  // Bytes already stored (the same photo dropped twice) are answered from their row, not processed again.
  if (bytes.length > 0 && bytes.length <= limits.maxBytes && detectImageType(bytes.subarray(0, IMAGE_MAGIC_BYTES_LENGTH))) {
    const [known] = await deps.db
      .select()
      .from(postImages)
      .where(eq(postImages.hash, contentHash(bytes)))
      .limit(1);
    if (known) return { ...described(known), created: false };
  }
  const image = await processPostImage(bytes, limits);
  const written: string[] = [];
  try {
    for (const file of image.files) {
      const key = mediaStorageKey(file.name);
      await deps.storage.write(key, Readable.from([file.bytes]), { maxBytes: file.bytes.length });
      written.push(key);
    }
    const [row] = await deps.db
      .insert(postImages)
      .values({
        hash: image.hash,
        width: image.width,
        height: image.height,
        widths: image.widths,
        sourceType: image.sourceType,
        sourceBytes: bytes.length,
        storedBytes: image.files.reduce((sum, f) => sum + f.bytes.length, 0),
        uploadedBy,
      })
      .onConflictDoNothing({ target: postImages.hash })
      .returning();
    // The same image stored at this moment by another request: its files are these same bytes, kept.
    if (!row) return { ...described(image), created: false };
    return { ...described(row), created: true };
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  }
}
