/**
 * Images in blog posts (docs/decisions/055-images-in-posts.md): POST /api/blogs/images for the blog
 * permission only, files refused by their bytes with the reason, the image stored in the document
 * storage and recorded, served from /media/ with immutable caching, and kept by the post's sanitiser
 * with its srcset, in the post's HTML and as its cover image on the public pages.
 */
import { Writable } from "node:stream";
import { crc32 } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postImages } from "#db/schema";
import { writeArchive } from "../../app/features/backup/backup.server";
import { blogAdminMessages } from "../../app/features/blog/admin-messages";
import { articleImageAttributes, type MediaImage, mediaSrcSet } from "../../app/features/blog/media";
import { storePostImage } from "../../app/features/blog/media.server";
import { limitInWords } from "../../app/features/uploads/messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
const m = blogAdminMessages.images;
const MAX_BYTES = 300 * 1024;
const STAFF = { email: "writer@agency.example", password: "a long staff password for tests" };

const photo = (width: number, height: number, color = { r: 20, g: 110, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "30/1 16/1 0/1" } })
    .toBuffer();

async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(databaseKinds)("images in blog posts on %s", (kind) => {
  let server: Server;
  let owner: string;
  let staff: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { POST_IMAGE_MAX_BYTES: String(MAX_BYTES) });
    await ensureAdmin(server.services);
    await ensureAdmin(server.services, STAFF, "staff");
    owner = await signIn(server.url);
    staff = await signIn(server.url, STAFF);
  });
  afterAll(async () => {
    await server?.close();
  });

  const upload = (
    bytes: Buffer | string,
    { cookie, name = "photo.jpg", headers = {} }: { cookie?: string; name?: string; headers?: Record<string, string> } = {},
  ) => {
    const form = new FormData();
    form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type: "image/jpeg" }), name);
    return fetch(`${server.url}/api/blogs/images`, { method: "POST", headers: { ...(cookie ? { cookie } : {}), ...headers }, body: form });
  };
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const { key } of server.services.storage.list()) keys.push(key);
    return keys;
  };

  it("answers 401 signed out, 403 from another site's page, and 415 for a body that is not multipart", async () => {
    const bytes = await photo(400, 300);
    for (const cookie of [undefined, "admin_session=forged-token"]) {
      const res = await upload(bytes, { cookie });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const foreign = await upload(bytes, { cookie: owner, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const json = await fetch(`${server.url}/api/blogs/images`, {
      method: "POST",
      headers: { cookie: owner, "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ success: false, message: m.notMultipart });
    expect(await server.services.db.select().from(postImages)).toHaveLength(0);
  });

  it("stores a staff member's photo upright, without EXIF, at the site's widths, and serves it immutable", async () => {
    const bytes = await photo(900, 500);
    const res = await upload(bytes, { cookie: staff });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; message: string; data: MediaImage & { url: string } };
    expect(body).toMatchObject({ success: true, message: m.uploaded });
    const image = body.data;
    // Turned upright: 900x500 stored sideways is 500 wide.
    expect(image).toMatchObject({ width: 500, height: 900, widths: [320, 500], url: `/media/${image.hash}-500.webp` });

    const [row] = await server.services.db.select().from(postImages).where(eq(postImages.hash, image.hash));
    expect(row).toMatchObject({ width: 500, height: 900, widths: [320, 500], sourceType: "image/jpeg", sourceBytes: bytes.length });
    const keys = await storedKeys();
    for (const w of [320, 500]) for (const f of ["avif", "webp"]) expect(keys).toContain(`media-${image.hash}-${w}.${f}`);

    for (const [name, type] of [
      [`${image.hash}-500.webp`, "image/webp"],
      [`${image.hash}-320.avif`, "image/avif"],
    ]) {
      const served = await fetch(`${server.url}/media/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = served.headers.get("etag");
      expect(etag).toBe(`"${name}"`);
      const sent = Buffer.from(await served.arrayBuffer());
      const chunks: Buffer[] = [];
      for await (const chunk of server.services.storage.open(`media-${name}`)) chunks.push(chunk as Buffer);
      const stored = Buffer.concat(chunks);
      expect(sent.equals(stored)).toBe(true);
      const meta = await sharp(sent).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(name)?.[1]));
      expect(meta.exif).toBeUndefined();
      expect(sent.toString("latin1")).not.toContain("PhoneCo");
      const again = await fetch(`${server.url}/media/${name}`, { headers: { "if-none-match": etag ?? "" } });
      expect(again.status).toBe(304);
    }
    for (const missing of ["ffffffffffffffff-320.webp", `${image.hash}-321.webp`, `${image.hash}-320.png`, "..%2Fpglite-320.webp"]) {
      const res404 = await fetch(`${server.url}/media/${missing}`);
      expect(res404.status, missing).toBe(404);
      expect(res404.headers.get("cache-control")).toBe("no-store");
    }

    // The same bytes again: the stored image, not a second one.
    const repeat = await upload(bytes, { cookie: owner });
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { data: MediaImage }).data.hash).toBe(image.hash);
    expect(await server.services.db.select().from(postImages).where(eq(postImages.hash, image.hash))).toHaveLength(1);
  });

  it("refuses a renamed text file, an SVG, a file over the limit and one of too many pixels, naming the reason, and stores nothing", async () => {
    const before = (await storedKeys()).length;
    const rows = (await server.services.db.select().from(postImages)).length;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const tooLarge = await sharp({
      create: { width: 900, height: 900, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(tooLarge.length).toBeGreaterThan(MAX_BYTES);
    const cases: [string, Buffer | string, string, number, string][] = [
      ["a text file named .jpg", "name,phone\nAcme Hauling,5125550100\n", "notes.jpg", 415, m.notImage],
      ["an SVG", svg, "logo.svg", 415, m.svg],
      ["a file over the limit", tooLarge, "big.png", 413, m.tooLarge(limitInWords(MAX_BYTES))],
      ["a decompression bomb", await pngClaiming(20_000, 20_000), "bomb.png", 422, m.tooManyPixels(40)],
      ["a damaged JPEG", (await photo(300, 300)).subarray(0, 400), "cut.jpg", 422, m.unreadable],
    ];
    for (const [what, bytes, name, status, message] of cases) {
      const res = await upload(bytes, { cookie: staff, name });
      expect(res.status, what).toBe(status);
      expect(await res.json(), what).toEqual({ success: false, message, errors: { file: message } });
    }
    expect((await storedKeys()).length).toBe(before);
    expect(await server.services.db.select().from(postImages)).toHaveLength(rows);
  });

  it("keeps the image with its srcset in the post's sanitised HTML, and shows it and the cover image on the public page", async () => {
    const res = await upload(await photo(1400, 1000, { r: 150, g: 40, b: 40 }), { cookie: owner });
    expect(res.status).toBe(201);
    const image = ((await res.json()) as { data: MediaImage & { url: string } }).data;
    const cover = (
      (await (await upload(await photo(2000, 1400, { r: 40, g: 40, b: 150 }), { cookie: owner })).json()) as {
        data: MediaImage & { url: string };
      }
    ).data;
    const attrs = articleImageAttributes(image, "A flatbed loaded with steel coils");
    const img = `<img src="${attrs.src}" srcset="${attrs.srcset}" sizes="${attrs.sizes}" width="${attrs.width}" height="${attrs.height}" alt="${attrs.alt}">`;
    const smuggled = `<img src="${attrs.src}" srcset="https://evil.example/x.webp 640w" onerror="alert(1)" alt="x">`;
    const created = await fetch(`${server.url}/api/blogs`, {
      method: "POST",
      headers: { cookie: owner, "content-type": "application/json" },
      body: JSON.stringify({
        title: "Securing steel coils on a flatbed",
        content: `<p>Chains, not straps.</p>${img}${smuggled}`,
        category: "Commercial Trucking",
        imageUrl: cover.url,
        status: "published",
      }),
    });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { data: { slug: string; content: string; imageUrl: string } }).data;
    expect(post.imageUrl).toBe(cover.url);
    expect(post.content).toContain(
      `<img src="${attrs.src}" alt="A flatbed loaded with steel coils" width="${attrs.width}" height="${attrs.height}" srcset="${attrs.srcset}" sizes="${attrs.sizes}" loading="lazy" decoding="async" />`,
    );
    expect(post.content).toContain(`<img src="${attrs.src}" alt="x" loading="lazy" decoding="async" />`);
    expect(post.content).not.toContain("evil.example");
    expect(post.content).not.toContain("onerror");

    const page = await fetch(`${server.url}/blog/${post.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`srcset="${attrs.srcset}"`);
    // The cover image: AVIF, then WebP, at every width it was kept at.
    expect(html).toContain(`srcset="${mediaSrcSet(cover, "avif")}"`);
    expect(html).toContain(`srcset="${mediaSrcSet(cover, "webp")}"`);
    const list = await (await fetch(`${server.url}/blog`)).text();
    expect(list).toContain(`srcset="${mediaSrcSet(cover, "webp")}"`);

    // The feed names every width by its full address.
    const feed = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    const absolute = attrs.srcset.replaceAll("/media/", `${server.services.config.SITE_URL}/media/`);
    expect(feed).toContain(`srcset="${absolute}"`);

    // An address that looks like ours but names a width no image is kept at is no cover image.
    const bad = await fetch(`${server.url}/api/blogs`, {
      method: "POST",
      headers: { cookie: owner, "content-type": "application/json" },
      body: JSON.stringify({
        title: "x",
        content: "<p>x</p>",
        category: "Commercial Trucking",
        imageUrl: "/media/../../etc/passwd",
        status: "draft",
      }),
    });
    expect(bad.status).toBe(400);
  });

  it("leaves neither files nor a row when storing fails part-way", async () => {
    const { db, storage } = server.services;
    const before = await storedKeys();
    const rows = (await db.select().from(postImages)).length;
    let writes = 0;
    const failing = {
      write: (...args: Parameters<typeof storage.write>) => {
        writes++;
        if (writes === 3) return Promise.reject(new Error("disk full"));
        return storage.write(...args);
      },
      delete: (key: string) => storage.delete(key),
    };
    const bytes = await photo(1000, 700, { r: 90, g: 90, b: 10 });
    await expect(storePostImage({ db, storage: failing }, bytes, { maxBytes: MAX_BYTES, maxPixels: 40_000_000 }, null)).rejects.toThrow(
      "disk full",
    );
    expect(writes).toBe(3);
    expect((await storedKeys()).sort()).toEqual(before.sort());
    expect(await db.select().from(postImages)).toHaveLength(rows);
    // Stored once the storage takes it: nothing of the failed attempt is in the way.
    const stored = await storePostImage({ db, storage }, bytes, { maxBytes: MAX_BYTES, maxPixels: 40_000_000 }, null);
    expect(stored.created).toBe(true);
  });

  it("puts every stored image file and the post_images rows in a backup", async () => {
    const rows = await server.services.db.select().from(postImages);
    expect(rows.length).toBeGreaterThan(0);
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const { manifest } = await writeArchive(
      { database: server.services.database, storage: server.services.storage, version: "test" },
      sink,
    );
    const documents = manifest.documents.map((d) => d.key);
    for (const row of rows)
      for (const w of row.widths) for (const f of ["avif", "webp"]) expect(documents).toContain(`media-${row.hash}-${w}.${f}`);
    expect(manifest.tables.find((t) => t.name === "post_images")?.rows).toBe(rows.length);
  });
});
