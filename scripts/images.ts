/**
 * Image pipeline, run before every build and development start:
 *  - each photograph in app/assets/photos becomes AVIF, WebP and JPEG at the site's responsive widths, with
 *    content-hashed names under public/assets/img (served with immutable caching), and an entry in
 *    app/generated/images.json (intrinsic size and widths) that <Picture> reads;
 *  - the icon sprite (app/components/ui/icon-sprite.tsx) becomes the string module app/generated/icon-sprite.ts;
 *  - the share image drawn by app/assets/share-image.ts (with the first-run profile) becomes the 1200x630 share
 *    image public/og-image.png;
 *  - public/favicon.svg becomes public/favicon.ico (16, 32 and 48 pixels), for those who ask for /favicon.ico.
 * Work already done for unchanged sources is skipped.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { shareImageSvg } from "../app/assets/share-image";
import { iconSpriteMarkup } from "../app/components/ui/icon-sprite";
import { defaultSite } from "../app/content/site-profile";
import { IMAGE_WIDTHS } from "../app/lib/site-images";

/** The site's responsive widths, shared with the photographs uploaded in the back office. */
export { IMAGE_WIDTHS };
export const IMAGE_FORMATS = ["avif", "webp", "jpg"] as const;

export type ImageEntry = { width: number; height: number; hash: string; widths: number[] };
export type ImageManifest = Record<string, ImageEntry>;

const SOURCE = /\.(jpe?g|png|webp|tiff?)$/i;

export async function processPhotos(sourceDir: string, outDir: string): Promise<ImageManifest> {
  const manifest: ImageManifest = {};
  if (!existsSync(sourceDir)) return manifest;
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(sourceDir)
    .filter((f) => SOURCE.test(f))
    .sort()) {
    const name = file
      .replace(SOURCE, "")
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-");
    const input = readFileSync(path.join(sourceDir, file));
    const hash = createHash("sha256").update(input).digest("hex").slice(0, 10);
    const meta = await sharp(input).rotate().metadata();
    const sourceWidth = meta.autoOrient?.width ?? meta.width ?? 0;
    const sourceHeight = meta.autoOrient?.height ?? meta.height ?? 0;
    // Never upscale: widths above the source are dropped (the smallest is always kept).
    const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= sourceWidth);
    if (widths.length === 0) widths.push(sourceWidth);
    for (const width of widths) {
      for (const format of IMAGE_FORMATS) {
        const out = path.join(outDir, `${name}.${hash}-${width}.${format}`);
        if (existsSync(out)) continue;
        const pipeline = sharp(input).rotate().resize({ width, withoutEnlargement: true });
        const encoded =
          format === "avif"
            ? pipeline.avif({ quality: 50, effort: 4 })
            : format === "webp"
              ? pipeline.webp({ quality: 72 })
              : pipeline.jpeg({ quality: 78, mozjpeg: true, progressive: true });
        writeFileSync(out, await encoded.toBuffer());
      }
    }
    manifest[name] = { width: sourceWidth, height: sourceHeight, hash, widths };
  }
  return manifest;
}

export async function renderShareImage(svgText: string, outFile: string, stamp: string): Promise<void> {
  const svg = Buffer.from(svgText);
  const digest = createHash("sha256").update(svg).digest("hex");
  if (existsSync(outFile) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest) return;
  writeFileSync(outFile, await sharp(svg).resize(1200, 630).png({ compressionLevel: 9 }).toBuffer());
  writeFileSync(stamp, digest);
}

/**
 * An .ico file holding PNG images (every browser since Windows Vista's reads PNG inside ICO): one
 * directory entry of 16 bytes per image after the 6-byte header, then the images.
 */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  for (const [i, { size, png }] of images.entries()) {
    const at = 16 * i;
    entries.writeUInt8(size >= 256 ? 0 : size, at);
    entries.writeUInt8(size >= 256 ? 0 : size, at + 1);
    entries.writeUInt16LE(1, at + 4);
    entries.writeUInt16LE(32, at + 6);
    entries.writeUInt32LE(png.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += png.length;
  }
  return Buffer.concat([header, entries, ...images.map((image) => image.png)]);
}

/**
 * public/favicon.ico from public/favicon.svg (16, 32 and 48 pixels): the address crawlers and some
 * browsers ask for whatever the page links, answered from the build instead of the not-found page.
 */
export async function renderFavicon(svgFile: string, outFile: string, stamp: string): Promise<void> {
  const svg = readFileSync(svgFile);
  const digest = createHash("sha256").update(svg).digest("hex");
  if (existsSync(outFile) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest) return;
  const images = await Promise.all(
    [16, 32, 48].map(async (size) => ({
      size,
      png: await sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    })),
  );
  writeFileSync(outFile, icoFromPngs(images));
  writeFileSync(stamp, digest);
}

export async function buildImages(root: string): Promise<ImageManifest> {
  const manifest = await processPhotos(path.join(root, "app/assets/photos"), path.join(root, "public/assets/img"));
  mkdirSync(path.join(root, "app/generated"), { recursive: true });
  const manifestFile = path.join(root, "app/generated/images.json");
  const json = `${JSON.stringify(manifest, null, 1)}\n`;
  if (!existsSync(manifestFile) || readFileSync(manifestFile, "utf8") !== json) writeFileSync(manifestFile, json);
  await renderShareImage(
    shareImageSvg(defaultSite),
    path.join(root, "public/og-image.png"),
    path.join(root, "app/generated/og-image.sha256"),
  );
  await renderFavicon(
    path.join(root, "public/favicon.svg"),
    path.join(root, "public/favicon.ico"),
    path.join(root, "app/generated/favicon.sha256"),
  );
  const sprite = `/** Generated by scripts/images.ts from app/components/ui/icon-sprite.tsx. */\nexport const iconSprite = ${JSON.stringify(iconSpriteMarkup())};\n`;
  const spriteFile = path.join(root, "app/generated/icon-sprite.ts");
  if (!existsSync(spriteFile) || readFileSync(spriteFile, "utf8") !== sprite) writeFileSync(spriteFile, sprite);
  // The same symbols as a static file: prerendered pages carry only their own icons and fetch the rest.
  const svgFile = path.join(root, "public/icons.svg");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${iconSpriteMarkup()}</svg>`;
  if (!existsSync(svgFile) || readFileSync(svgFile, "utf8") !== svg) writeFileSync(svgFile, svg);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  buildImages(root).then(
    (m) => console.log(`images: ${Object.keys(m).length} photographs processed`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
