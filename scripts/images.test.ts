import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { PictureFromEntry } from "../app/components/ui/picture";
import { IMAGE_FORMATS, IMAGE_WIDTHS, processPhotos } from "./images";

describe("image pipeline", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "photos-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("turns a photograph into AVIF, WebP and JPEG at every width up to its own, and <Picture> serves them", async () => {
    const source = path.join(dir, "in");
    const out = path.join(dir, "out");
    await import("node:fs").then((fs) => fs.mkdirSync(source, { recursive: true }));
    // A 1700x1000 "photograph": smooth gradients, as a photograph mostly is (noise made AVIF's encoder take most of a minute).
    const { width, height } = { width: 1700, height: 1000 };
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        pixels[i] = Math.round((255 * x) / width);
        pixels[i + 1] = Math.round((255 * y) / height);
        pixels[i + 2] = Math.round(127 + 127 * Math.sin((x + y) / 90));
      }
    }
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toFile(path.join(source, "Office Front.jpg"));

    const manifest = await processPhotos(source, out);
    const entry = manifest["office-front"];
    expect(entry).toMatchObject({ width: 1700, height: 1000 });
    expect(entry.widths).toEqual(IMAGE_WIDTHS.filter((w) => w <= 1700));
    const files = readdirSync(out);
    expect(files).toHaveLength(entry.widths.length * IMAGE_FORMATS.length);
    for (const w of entry.widths) {
      for (const format of IMAGE_FORMATS) {
        const file = path.join(out, `office-front.${entry.hash}-${w}.${format}`);
        const meta = await sharp(file).metadata();
        expect(meta.width).toBe(w);
        expect(meta.format).toBe(format === "jpg" ? "jpeg" : format === "avif" ? "heif" : format);
      }
    }

    const html = renderToStaticMarkup(
      createElement(PictureFromEntry, { name: "office-front", entry, alt: "Our office", sizes: "(min-width: 1024px) 50vw, 100vw" }),
    );
    expect(html).toContain('<source type="image/avif"');
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain(`/assets/img/office-front.${entry.hash}-320.avif 320w`);
    expect(html).toContain('width="1700" height="1000"');
    expect(html).toContain('alt="Our office"');
    expect(html).toContain('loading="lazy"');

    // A second run finds the work done.
    const again = await processPhotos(source, out);
    expect(again).toEqual(manifest);
  }, 120_000);

  it("never upscales a small photograph", async () => {
    const source = path.join(dir, "small");
    const out = path.join(dir, "small-out");
    await import("node:fs").then((fs) => fs.mkdirSync(source, { recursive: true }));
    await sharp({ create: { width: 500, height: 300, channels: 3, background: "#336699" } })
      .png()
      .toFile(path.join(source, "badge.png"));
    const manifest = await processPhotos(source, out);
    expect(manifest.badge.widths).toEqual([320]);
  });
});
