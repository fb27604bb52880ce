/**
 * Images the agency uploads in the back office: team photos and the logo. Each is checked by its
 * bytes (never its name or the browser's claim), decoded and re-encoded with sharp (which also drops
 * its metadata: a phone's GPS position never reaches the site), and kept in the document storage (disk
 * or S3, `FileStorage`) under names made from the upload's SHA-256, so a name's bytes never change and
 * /site-images serves them with `immutable` caching (server/site-images.ts). Nothing is written under
 * build/: a saved image is live on every process at once, as the storage is shared.
 *
 * A photo is made into the site's responsive widths (app/lib/site-images.ts) up to its own width, in
 * AVIF and WebP. A logo is a PNG (kept at a fixed height, as PNG and WebP) or an SVG, sanitised: one
 * holding a script, an event handler or a reference outside itself is refused.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { onFirstUse } from "~/lib/on-first-use.server";
import { IMAGE_WIDTHS, PHOTO_FORMATS, SITE_IMAGES_PATH, type SiteImage, siteImageFile, siteImageFiles } from "~/lib/site-images";
import { settingsMessages } from "./messages";
import { PHOTO_MAX_BYTES, siteListMessages } from "./site-lists-messages";

const sanitizeHtml = onFirstUse<typeof import("sanitize-html")>("sanitize-html");

/** sharp (libvips, about 18 MB of a process's memory) loads with the first image the back office stores, not with the site. */
const loadSharp = () => import("sharp").then((m) => m.default);

/** An upload that is not an image the site takes: `message` is the field's error. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRefused";
  }
}

/** What this module needs of the document storage (`FileStorage` of the uploads feature: disk or S3). */
export type ImageStorage = {
  write(key: string, source: Readable, opts: { maxBytes: number }): Promise<unknown>;
  delete(key: string): Promise<void>;
};

/** The most pixels an upload may decode to: a 40-megapixel photograph, not a crafted bomb. */
const MAX_PIXELS = 40_000_000;
/** A team photo shows in a small round frame: the site's two smallest widths are plenty even on sharp screens. */
export const TEAM_PHOTO_MAX_WIDTH = 640;
/** The height a PNG logo is kept at: four times the header's, sharp on any screen. */
export const LOGO_HEIGHT = 128;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

type PhotoType = "jpeg" | "png" | "webp" | "avif";

/** The image type the first bytes announce, or null: JPEG, PNG, WebP and AVIF only (never SVG, HEIC, GIF...). */
export function photoType(bytes: Uint8Array): PhotoType | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return null;
}

const contentHash = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/** Writes every file, or none: a failure part-way deletes what was written. */
async function writeAll(storage: ImageStorage, files: { key: string; bytes: Buffer }[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await storage.write(file.key, Readable.from([file.bytes]), { maxBytes: file.bytes.length });
      written.push(file.key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** Decodes `bytes` as one of the photo types, or refuses with `message`; answers its upright size. */
async function decodedSize(bytes: Buffer, message: string): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).metadata();
    if (meta.format === "heif" && meta.compression !== "av1") throw new ImageRefused(message);
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (width < 1 || height < 1) throw new ImageRefused(message);
    return { width, height };
  } catch (error) {
    throw error instanceof ImageRefused ? error : new ImageRefused(message);
  }
}

/**
 * Checks a team photo and stores it: JPEG, PNG, WebP or AVIF of at most 5 MB that decodes, made into
 * AVIF and WebP at each of the site's widths up to its own (at most TEAM_PHOTO_MAX_WIDTH). Throws
 * ImageRefused with the field's message for anything else; nothing is stored then.
 */
export async function storeTeamPhoto(storage: ImageStorage, bytes: Buffer): Promise<SiteImage> {
  const sharp = await loadSharp();
  const message = siteListMessages.team.fields.photo;
  if (bytes.length === 0 || bytes.length > PHOTO_MAX_BYTES || !photoType(bytes)) throw new ImageRefused(message);
  const { width, height } = await decodedSize(bytes, message);
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= Math.min(width, TEAM_PHOTO_MAX_WIDTH));
  if (widths.length === 0) widths.push(width);
  const image: SiteImage = { name: `team-${contentHash(bytes)}`, width, height, widths };
  const files: { key: string; bytes: Buffer }[] = [];
  try {
    for (const w of widths) {
      for (const format of PHOTO_FORMATS) {
        const resized = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" })
          .rotate()
          .resize({ width: w, withoutEnlargement: true });
        // The admin waits for these: AVIF at effort 2 takes a fifth of the build's effort 4 for nearly the same size.
        const encoded = format === "avif" ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 72 });
        files.push({ key: siteImageFile(image, w, format), bytes: await encoded.toBuffer() });
      }
    }
  } catch {
    throw new ImageRefused(message);
  }
  await writeAll(storage, files);
  return image;
}

/** Deletes a stored photo's files; a file already gone is no error. */
export async function deleteSiteImage(storage: ImageStorage, image: SiteImage): Promise<void> {
  await Promise.all(siteImageFiles(image).map((key) => storage.delete(key)));
}

// ---- the logo ----

const SVG_ELEMENTS = [
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "switch",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "title",
  "desc",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "image",
  "style",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
];
/** Elements that run, embed or fetch something: their presence refuses the file. */
const ACTIVE_ELEMENTS = new Set(["script", "foreignobject", "iframe", "embed", "object", "handler", "listener", "audio", "video", "a"]);
/** An embedded raster image is no reference outside the file. */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
/** In a style: a url() to anything but the file's own ids, an import, or an old script hook. */
const STYLE_REFERENCE = /url\(\s*(?!['"]?\s*#)|@import|expression\s*\(|behavior\s*:|-moz-binding/i;
const SCRIPT_URL = /(java|vb)script:/i;

/** Case, spaces and control characters out: how a browser reads a URL's scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip control characters in a URL's scheme; so does this check
const normalised = (value: string) => value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();

/**
 * A sanitised copy of an SVG logo, or why it is refused: "script" (a script, an event handler, a
 * script URL, or a reference to anything outside the file) or "invalid" (not an SVG drawing).
 */
export function sanitizeSvg(text: string): { svg: string } | { refused: "script" | "invalid" } {
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) return { refused: "script" };
  let active = false;
  let root: string | null = null;
  const svg = sanitizeHtml()(text, {
    parser: { xmlMode: true, decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    allowedTags: SVG_ELEMENTS,
    allowedAttributes: false,
    allowedSchemes: [],
    allowedSchemesByTag: { image: ["data"] },
    allowProtocolRelative: false,
    parseStyleAttributes: false,
    disallowedTagsMode: "completelyDiscard",
    // <style> is checked below, and the file is served as an image with a CSP of its own (server/site-images.ts).
    allowVulnerableTags: true,
    onOpenTag(name, attribs) {
      const local = name.split(":").pop()?.toLowerCase() ?? "";
      root ??= local;
      if (ACTIVE_ELEMENTS.has(local)) active = true;
      for (const [attribute, value] of Object.entries(attribs)) {
        const key = attribute.split(":").pop()?.toLowerCase() ?? "";
        const url = normalised(value);
        if (key.startsWith("on") || SCRIPT_URL.test(url)) active = true;
        if ((key === "href" || key === "src") && !url.startsWith("#") && !(local === "image" && EMBEDDED_RASTER.test(value.trim())))
          active = true;
        // A presentation attribute (fill, clip-path, filter...) may point outside the file with url() too.
        if (STYLE_REFERENCE.test(value)) active = true;
        // SMIL animation can set an attribute to a script URL; a logo needs none of it.
        if (key === "attributename" && /^(on|href|xlink:href)/i.test(value.trim())) active = true;
      }
    },
  });
  // A <style> element's text is kept as written: the same references are refused there.
  for (const [, css] of svg.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) if (STYLE_REFERENCE.test(css)) active = true;
  if (active) return { refused: "script" };
  if (root !== "svg" || !/^<svg[\s>]/.test(svg.trim())) return { refused: "invalid" };
  return { svg: svg.trim() };
}

/** Whether the bytes are (probably) SVG text: markup from the first character, with an <svg> element near the start. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8");
  return /^\uFEFF?\s*</.test(head) && /<svg[\s>]/i.test(head);
}

/**
 * Checks a logo and stores it; answers its public path (`/site-images/logo-....png` or `.svg`), what
 * the profile's `logo` holds. A PNG is kept at LOGO_HEIGHT pixels high (never enlarged), as PNG and
 * as WebP beside it (the same name, `.webp`). An SVG is sanitised and must still draw. Throws
 * ImageRefused with the Settings field's message otherwise; nothing is stored then.
 */
export async function storeLogo(storage: ImageStorage, bytes: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const m = settingsMessages.fields;
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) throw new ImageRefused(m.logo);
  if (looksLikeSvg(bytes)) {
    const result = sanitizeSvg(bytes.toString("utf8"));
    if ("refused" in result) throw new ImageRefused(result.refused === "script" ? m.logoScript : m.logo);
    const clean = Buffer.from(result.svg, "utf8");
    try {
      const meta = await sharp(clean, { limitInputPixels: MAX_PIXELS, failOn: "error" }).metadata();
      if (meta.format !== "svg" || !meta.width || !meta.height) throw new Error("not a drawing");
    } catch {
      throw new ImageRefused(m.logo);
    }
    const name = `logo-${contentHash(clean)}.svg`;
    await writeAll(storage, [{ key: name, bytes: clean }]);
    return `${SITE_IMAGES_PATH}/${name}`;
  }
  if (photoType(bytes) !== "png") throw new ImageRefused(m.logo);
  await decodedSize(bytes, m.logo);
  const stem = `logo-${contentHash(bytes)}`;
  let png: Buffer;
  let webp: Buffer;
  try {
    const resized = () =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate().resize({ height: LOGO_HEIGHT, withoutEnlargement: true });
    png = await resized().png({ compressionLevel: 9, palette: true }).toBuffer();
    webp = await resized().webp({ quality: 90, alphaQuality: 100 }).toBuffer();
  } catch {
    throw new ImageRefused(m.logo);
  }
  await writeAll(storage, [
    { key: `${stem}.png`, bytes: png },
    { key: `${stem}.webp`, bytes: webp },
  ]);
  return `${SITE_IMAGES_PATH}/${stem}.png`;
}
