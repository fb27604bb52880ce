import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { blogAdminMessages } from "./admin-messages";
import { articleImageAttributes, MEDIA_NAME, mediaWidths, parseMediaUrl } from "./media";
import { PostImageRefused, processPostImage, receivePostImage } from "./media.server";

const m = blogAdminMessages.images;
const limits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 };

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });

/** A phone's photo: stored sideways (EXIF orientation 6, "turn 90° clockwise to view") with a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return solid(800, 400)
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Pocket 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 16/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "97/1 44/1 0/1" },
    })
    .toBuffer();
}

async function refusal(promise: Promise<unknown>): Promise<PostImageRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PostImageRefused);
  return error as PostImageRefused;
}

/** A real PNG whose header claims `width` x `height` pixels (its checksum made right): a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(16, 16).png().toBuffer());
  // Signature (8), length (4), "IHDR" (4), then width and height; the CRC follows the 13 bytes of data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("processPostImage", () => {
  it("turns a phone's JPEG upright, drops its EXIF (the GPS position too) and makes WebP and AVIF at the site's widths", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("PhoneCo");

    const image = await processPostImage(photo, limits);
    expect(image.sourceType).toBe("image/jpeg");
    // Upright: the 800x400 file is shown 400 wide and 800 high.
    expect([image.width, image.height]).toEqual([400, 800]);
    expect(image.widths).toEqual([320, 400]);
    expect(image.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(image.files.map((f) => f.name).sort()).toEqual(
      [`${image.hash}-320.avif`, `${image.hash}-320.webp`, `${image.hash}-400.avif`, `${image.hash}-400.webp`].sort(),
    );
    for (const file of image.files) {
      expect(file.name).toMatch(MEDIA_NAME);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.format).toBe(file.name.endsWith(".webp") ? "webp" : "heif");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const width = Number(/-(\d+)\./.exec(file.name)?.[1]);
      expect(meta.width).toBe(width);
      // Portrait, as the phone showed it.
      expect(meta.height).toBe(width * 2);
      expect(file.bytes.toString("latin1")).not.toContain("PhoneCo");
    }
  });

  it("takes a PNG, a WebP, a GIF and an AVIF, and never makes a width larger than the upload", async () => {
    const cases = [
      ["image/png", await solid(1300, 650).png().toBuffer()],
      ["image/webp", await solid(700, 300).webp().toBuffer()],
      ["image/gif", await solid(100, 50).gif().toBuffer()],
      ["image/avif", await solid(330, 200).avif({ effort: 0 }).toBuffer()],
    ] as const;
    const widths = {
      "image/png": [320, 640, 768, 1024, 1280, 1300],
      "image/webp": [320, 640, 700],
      "image/gif": [100],
      "image/avif": [320, 330],
    };
    for (const [type, bytes] of cases) {
      const image = await processPostImage(bytes, limits);
      expect(image.sourceType).toBe(type);
      expect(image.widths).toEqual(widths[type]);
      expect(image.files).toHaveLength(image.widths.length * 2);
    }
  });

  it("takes a 16-bit PNG with transparency and a CMYK JPEG, keeping their shape", async () => {
    const png16 = await sharp({ create: { width: 500, height: 250, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .toColourspace("rgb16")
      .png()
      .toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe("ushort");
    const cmyk = await solid(400, 300).toColourspace("cmyk").jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    for (const [bytes, width, height] of [
      [png16, 500, 250],
      [cmyk, 400, 300],
    ] as const) {
      const image = await processPostImage(bytes, limits);
      expect([image.width, image.height]).toEqual([width, height]);
      const widest = image.files.find((f) => f.name.endsWith(`-${width}.webp`));
      const meta = await sharp(widest?.bytes).metadata();
      expect([meta.width, meta.height, meta.space]).toEqual([width, height, "srgb"]);
    }
  });

  it("keeps a large photo at most 1920 wide", async () => {
    const image = await processPostImage(await solid(2400, 1200).jpeg().toBuffer(), limits);
    expect(image.widths).toEqual([320, 640, 768, 1024, 1280, 1536, 1920]);
    expect([image.width, image.height]).toEqual([2400, 1200]);
    expect(articleImageAttributes(image, "A truck")).toMatchObject({ width: 1920, height: 960, src: `/media/${image.hash}-1024.webp` });
  });

  it("refuses a text file renamed to .jpg, by its bytes", async () => {
    const error = await refusal(processPostImage(Buffer.from("name,phone\nAcme Hauling,5125550100\n"), limits));
    expect([error.status, error.message]).toEqual([415, m.notImage]);
  });

  it("refuses an SVG, naming why", async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const error = await refusal(processPostImage(svg, limits));
    expect([error.status, error.message]).toEqual([415, m.svg]);
    const plain = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await refusal(processPostImage(plain, limits))).message).toBe(m.svg);
  });

  it("refuses a file over the size limit", async () => {
    const png = await solid(64, 64).png().toBuffer();
    const error = await refusal(processPostImage(png, { ...limits, maxBytes: png.length - 1 }));
    expect(error.status).toBe(413);
    expect(error.message).toBe(m.tooLarge(`${png.length - 1} bytes`));
    const big = await refusal(processPostImage(Buffer.alloc(11 * 1024 * 1024, 0xff), limits));
    expect([big.status, big.message]).toEqual([413, m.tooLarge("10 MB")]);
  });

  it("refuses an image of too many pixels before decoding it", async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1024);
    const error = await refusal(processPostImage(bomb, limits));
    expect([error.status, error.message]).toEqual([422, m.tooManyPixels(40)]);
  });

  it("refuses an empty file and a damaged one", async () => {
    expect((await refusal(processPostImage(Buffer.alloc(0), limits))).message).toBe(m.empty);
    const jpeg = await solid(300, 300).jpeg().toBuffer();
    const cut = await refusal(processPostImage(jpeg.subarray(0, 200), limits));
    expect([cut.status, cut.message]).toEqual([422, m.unreadable]);
  });
});

describe("receivePostImage", () => {
  const multipart = (file: Buffer, boundary = "----x") =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const headers = (body: Buffer, length = String(body.length)) => ({
    "content-type": "multipart/form-data; boundary=----x",
    "content-length": length,
  });

  it("reads the file field", async () => {
    const file = Buffer.from("0123456789");
    const body = multipart(file);
    expect(await receivePostImage({ headers: headers(body), body: Readable.from([body]) }, 100)).toEqual(file);
  });

  it("stops at the byte past the limit, and refuses a declared length over it before reading", async () => {
    const body = multipart(Buffer.alloc(5000, 1));
    const streamed = await refusal(receivePostImage({ headers: headers(body, ""), body: Readable.from([body]) }, 1000));
    expect(streamed.status).toBe(413);
    let read = false;
    const untouched = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    const declared = await refusal(receivePostImage({ headers: headers(body, String(10 ** 9)), body: untouched }, 1000));
    expect(declared.status).toBe(413);
    expect(read).toBe(false);
  });

  it("refuses two files in one request", async () => {
    const part = (name: string) =>
      `------x\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n${name}\r\n`;
    const two = Buffer.from(`${part("a.jpg")}${part("b.jpg")}------x--\r\n`);
    const error = await refusal(receivePostImage({ headers: headers(two), body: Readable.from([two]) }, 100));
    expect([error.status, error.message]).toEqual([400, m.oneFile]);
  });

  it("refuses a body that is not multipart, and one without a file", async () => {
    const json = await refusal(receivePostImage({ headers: { "content-type": "application/json" }, body: Readable.from(["{}"]) }, 1000));
    expect([json.status, json.message]).toEqual([415, m.notMultipart]);
    const empty = Buffer.from("------x--\r\n");
    const none = await refusal(receivePostImage({ headers: headers(empty), body: Readable.from([empty]) }, 1000));
    expect([none.status, none.message]).toEqual([400, m.noFile]);
  });
});

describe("media addresses", () => {
  it("names every width from the widest", () => {
    expect(mediaWidths(5000)).toEqual([320, 640, 768, 1024, 1280, 1536, 1920]);
    expect(mediaWidths(1000)).toEqual([320, 640, 768, 1000]);
    expect(parseMediaUrl("/media/0123456789abcdef-1000.webp")).toEqual({
      hash: "0123456789abcdef",
      widths: [320, 640, 768, 1000],
      format: "webp",
    });
    for (const other of [
      "/media/0123456789abcdef-1000.png",
      "/media/../x-1.webp",
      "https://x/media/0123456789abcdef-10.webp",
      "/media/0123456789abcdef-4000.webp",
    ])
      expect(parseMediaUrl(other)).toBeNull();
  });
});
