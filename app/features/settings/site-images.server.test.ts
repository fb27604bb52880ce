/**
 * Uploaded images on the document storage, on a folder and on an S3 bucket (s3rver): a team photo is
 * checked by its bytes and kept at the site's widths in AVIF and WebP; anything else is refused with
 * the field's message and nothing is stored; a logo is a PNG kept at a fixed height (PNG and WebP) or a
 * sanitised SVG, and an SVG holding a script, an event handler or an outside reference is refused.
 */
import { mkdtempSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../../tests/support/s3";
import { S3FileStorage } from "../uploads/s3-storage.server";
import { type FileStorage, LocalFileStorage } from "../uploads/storage.server";
import { settingsMessages } from "./messages";
import { deleteSiteImage, ImageRefused, LOGO_HEIGHT, photoType, sanitizeSvg, storeLogo, storeTeamPhoto } from "./site-images.server";
import { PHOTO_MAX_BYTES, siteListMessages } from "./site-lists-messages";

const PHOTO_ERROR = siteListMessages.team.fields.photo;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A photograph-like picture: noise, so the encoders have real work to do. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

type Store = { storage: FileStorage; keys: () => Promise<string[]>; close: () => Promise<void> };

async function folder(): Promise<Store> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "site-images-"));
  return {
    storage: new LocalFileStorage(dir),
    keys: async () => (await readdir(dir).catch(() => [])).sort(),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function bucket(): Promise<Store> {
  const s3 = await startS3Server();
  return { storage: new S3FileStorage(s3.client, s3.bucket), keys: async () => (await s3.objectKeys()).sort(), close: s3.close };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefused);
    return (error as Error).message;
  }
  throw new Error("the image was accepted");
}

describe.each([
  ["a folder", folder],
  ["an S3 bucket (s3rver)", bucket],
])("team photos kept in %s", (_name, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("makes a JPEG into AVIF and WebP at the site's widths up to 640, named by its content, upright", async () => {
    // Taken sideways: the camera's orientation tag says to turn it, so it is stored 900 wide and 1200 high.
    const jpeg = await noise(1200, 900).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const image = await storeTeamPhoto(store.storage, jpeg);
    expect(image).toMatchObject({ width: 900, height: 1200, widths: [320, 640] });
    expect(image.name).toMatch(/^team-[0-9a-f]{16}$/);
    const keys = await store.keys();
    for (const width of image.widths) {
      for (const format of ["avif", "webp"] as const) {
        const key = `${image.name}-${width}.${format}`;
        expect(keys).toContain(key);
        const meta = await sharp(await readAll(store.storage.open(key))).metadata();
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * 1200) / 900));
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        // Re-encoded without the camera's metadata.
        expect(meta.exif).toBeUndefined();
      }
    }
    // The same photo again: the same names, nothing more.
    expect(await storeTeamPhoto(store.storage, jpeg)).toEqual(image);
    expect((await store.keys()).filter((k) => k.startsWith(image.name))).toHaveLength(4);

    await deleteSiteImage(store.storage, image);
    expect((await store.keys()).filter((k) => k.startsWith(image.name))).toEqual([]);
  });

  it("keeps a photo narrower than the smallest width at its own width, and takes PNG, WebP and AVIF", async () => {
    for (const encode of [(s: sharp.Sharp) => s.png(), (s: sharp.Sharp) => s.webp(), (s: sharp.Sharp) => s.avif()]) {
      const image = await storeTeamPhoto(store.storage, await encode(noise(200, 240)).toBuffer());
      expect(image).toMatchObject({ width: 200, height: 240, widths: [200] });
    }
  });

  it("refuses what is not a JPEG, PNG, WebP or AVIF photo, or is over 5 MB, with the field's message, storing nothing", async () => {
    const before = await store.keys();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const gif = await noise(20, 20).gif().toBuffer();
    const notAnImage = Buffer.from("%PDF-1.7 this is a document, named photo.jpg");
    const brokenJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const huge = Buffer.concat([await noise(64, 64).jpeg().toBuffer(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    for (const bytes of [svg, gif, notAnImage, brokenJpeg, huge, Buffer.alloc(0)]) {
      expect(await refusal(storeTeamPhoto(store.storage, bytes))).toBe(PHOTO_ERROR);
    }
    expect(await store.keys()).toEqual(before);
  });
});

describe("a photo's files", () => {
  it("are written all or not at all: a storage failure part-way leaves none behind", async () => {
    const store = await folder();
    try {
      let writes = 0;
      const failing: Pick<FileStorage, "write" | "delete"> = {
        write: async (key, source, opts) => {
          if (++writes === 3) throw new Error("disk full");
          return store.storage.write(key, source, opts);
        },
        delete: (key) => store.storage.delete(key),
      };
      await expect(storeTeamPhoto(failing, await noise(800, 800).jpeg().toBuffer())).rejects.toThrow("disk full");
      expect(await store.keys()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("are told by their first bytes", async () => {
    expect(photoType(await noise(8, 8).jpeg().toBuffer())).toBe("jpeg");
    expect(photoType(await noise(8, 8).png().toBuffer())).toBe("png");
    expect(photoType(await noise(8, 8).webp().toBuffer())).toBe("webp");
    expect(photoType(await noise(8, 8).avif().toBuffer())).toBe("avif");
    expect(photoType(Buffer.from("GIF89a"))).toBeNull();
    expect(photoType(Buffer.from("<svg"))).toBeNull();
  });
});

describe("the logo", () => {
  let store: Store;
  beforeAll(async () => {
    store = await folder();
  });
  afterAll(async () => {
    await store?.close();
  });
  const m = settingsMessages.fields;
  const stored = async (publicPath: string) => readAll(store.storage.open(publicPath.replace("/site-images/", "")));

  it("keeps a PNG at a fixed height, as PNG and as WebP beside it", async () => {
    const png = await noise(900, 300).png().toBuffer();
    const logo = await storeLogo(store.storage, png);
    expect(logo).toMatch(/^\/site-images\/logo-[0-9a-f]{16}\.png$/);
    const pngMeta = await sharp(await stored(logo)).metadata();
    expect(pngMeta).toMatchObject({ format: "png", height: LOGO_HEIGHT, width: 384 });
    const webpMeta = await sharp(await stored(logo.replace(/\.png$/, ".webp"))).metadata();
    expect(webpMeta).toMatchObject({ format: "webp", height: LOGO_HEIGHT, width: 384 });
  });

  it("keeps a plain SVG, sanitised, and refuses one with a script, an event handler or an outside reference", async () => {
    const plain = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 32 36" width="28" height="32">
  <!-- exported -->
  <defs><linearGradient id="g"><stop offset="0" stop-color="#173f72"/></linearGradient></defs>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <path d="M16 1 2 6v11c0 9 6 15.5 14 18 8-2.5 14-9 14-18V6L16 1Z" fill="url(#g)"/>
  <use xlink:href="#g"/>
</svg>`;
    const logo = await storeLogo(store.storage, Buffer.from(plain));
    expect(logo).toMatch(/^\/site-images\/logo-[0-9a-f]{16}\.svg$/);
    const kept = (await stored(logo)).toString("utf8");
    expect(kept).toMatch(/^<svg /);
    expect(kept).toContain('viewBox="0 0 32 36"');
    expect(kept).toContain("<linearGradient");
    expect(kept).not.toContain("metadata");
    expect(kept).not.toContain("exported");

    const svg = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`);
    const scripted = [
      svg("<script>alert(1)</script><rect width='10' height='10'/>"),
      svg('<rect width="10" height="10" onload="alert(1)"/>'),
      svg('<a href="javascript:alert(1)"><rect width="10" height="10"/></a>'),
      svg('<image href="https://tracker.example/pixel.png" width="10" height="10"/>'),
      svg('<use href="other.svg#icon"/>'),
      svg('<rect width="10" height="10" style="fill: url(https://evil.example/x)"/>'),
      svg('<rect width="10" height="10" fill="url(https://evil.example/pattern.svg#p)"/>'),
      svg("<style>@import url(https://evil.example/x.css);</style>"),
      svg('<foreignObject width="10" height="10"><div>hi</div></foreignObject>'),
      svg('<set attributeName="href" to="javascript:alert(1)"/>'),
      Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'),
    ];
    const before = await store.keys();
    for (const bytes of scripted) expect(await refusal(storeLogo(store.storage, bytes)), bytes.toString()).toBe(m.logoScript);
    expect(await store.keys()).toEqual(before);

    // An embedded raster image is part of the file, not a reference.
    const pixel = (await noise(2, 2).png().toBuffer()).toString("base64");
    expect(await storeLogo(store.storage, svg(`<image href="data:image/png;base64,${pixel}" width="10" height="10"/>`))).toMatch(/\.svg$/);
  });

  it("refuses anything else with the logo's message", async () => {
    for (const bytes of [
      await noise(50, 50).jpeg().toBuffer(),
      Buffer.from("not an image"),
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><rect"),
      Buffer.alloc(0),
    ]) {
      expect(await refusal(storeLogo(store.storage, bytes))).toBe(m.logo);
    }
  });

  it("sanitises without the storage too", () => {
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3" fill="red"/></svg>')).toEqual({
      svg: '<svg xmlns="http://www.w3.org/2000/svg"><circle r="3" fill="red"></circle></svg>',
    });
    expect(sanitizeSvg("<div>not svg</div>")).toEqual({ refused: "invalid" });
    expect(sanitizeSvg('<svg><rect ONCLICK="x()"/></svg>')).toEqual({ refused: "script" });
    expect(sanitizeSvg('<svg><a xlink:href=" jav&#x09;ascript:alert(1)">x</a></svg>')).toEqual({ refused: "script" });
  });
});
