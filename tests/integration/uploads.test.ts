/**
 * POST /api/uploads and the upload lifecycle, against the real server, a real database and real
 * files on disk: content-type detection, the streaming size limit, flat memory on a large upload,
 * linking to a lead, the orphan sweep and the rate limit; and the same lifecycle with the documents
 * in an S3 bucket (s3rver).
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand } from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, uploads } from "#db/schema";
import { withPhone as withPhoneOf } from "../../app/content/site-facts";
import { defaultSite } from "../../app/content/site-profile";

const withPhone = (message: string) => withPhoneOf(defaultSite, message);

import { enqueueMail } from "../../app/features/mail/outbox.server";
import { autoReplyMail } from "../../app/features/mail/templates.server";
import { uploadMessages } from "../../app/features/uploads/messages";
import { S3FileStorage } from "../../app/features/uploads/s3-storage.server";
import { LocalFileStorage } from "../../app/features/uploads/storage.server";
import { linkUploads, sweepOrphanUploads, UploadLinkError } from "../../app/features/uploads/uploads.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { truckingQuoteBody } from "../support/lead-fixtures";
import { startS3Server, type TestS3Server } from "../support/s3";
import { startTestServer } from "../support/server";
import { waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const MB = 1024 * 1024;
const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A small but well-formed PDF, padded to `size` bytes with a comment. */
function pdfBytes(size = 2000): Buffer {
  const head =
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n%";
  return Buffer.concat([Buffer.from(head, "latin1"), Buffer.alloc(Math.max(0, size - head.length), "x")]);
}
/** A 1x1 PNG. */
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

let ipCounter = 0;
/** Every request comes from its own address (the server trusts X-Forwarded-For here) unless a test picks one. */
const freshIp = () => {
  const n = ipCounter++;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Uint8Array };

function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    if ("value" in part) data.append(part.name, part.value);
    else data.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type ?? "application/octet-stream" }), part.filename);
  }
  return data;
}

/**
 * A multipart body produced chunk by chunk as the connection takes it (never whole in memory):
 * a slot field, then a file of `size` bytes that starts with `head`.
 */
function streamedUpload(size: number, { slot = "lossRuns", head = Buffer.from("%PDF-1.7\n"), chunkSize = 256 * 1024 } = {}) {
  const boundary = `----vitest${randomUUID().replace(/-/g, "")}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="slot"\r\n\r\n${slot}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="loss-runs-2022-2024.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const hash = createHash("sha256");
  let sent = 0;
  let n = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(preamble);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      const chunk = Buffer.alloc(Math.min(chunkSize, size - sent), 0x61 + (n++ % 26));
      if (sent === 0) head.copy(chunk);
      hash.update(chunk);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, sent: () => sent, sha256: () => hash.digest("hex") };
}

describe.each(databaseKinds)("document uploads on %s", (kind) => {
  let server: Server;
  let dataDir: string;
  const uploadsDir = () => path.join(dataDir, "uploads");
  /** Everything in the uploads folder, partial writes included. */
  const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
  const rowCount = async () => (await server.services.db.select({ id: uploads.id }).from(uploads)).length;

  const upload = (body: FormData | ReadableStream | Buffer, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "x-forwarded-for": freshIp(), ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
    server = await startTestServer(kind, {
      DATA_DIR: dataDir,
      UPLOAD_MAX_BYTES: String(1 * MB),
      TRUST_PROXY: "true",
      RATE_LIMIT_UPLOADS_MAX: "5",
      UPLOAD_SWEEP_INTERVAL_MS: "200",
      SITE_URL: "https://www.agency.example",
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores a PDF byte for byte and answers with its id, slot, name, size and detected type", async () => {
    // Larger than the JSON body limit of /api (100 KB): uploads have their own.
    const file = pdfBytes(300 * 1024);
    const res = await upload(
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "CDL front.pdf", type: "application/pdf", data: file },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      slot: "cdl",
      name: "CDL front.pdf",
      size: file.length,
      type: "application/pdf",
    });

    const [row] = await server.services.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({
      slot: "cdl",
      originalName: "CDL front.pdf",
      sizeBytes: file.length,
      mimeType: "application/pdf",
      sha256: sha256(file),
      leadId: null,
      linkedAt: null,
    });
    expect(row.ip).toMatch(/^198\.51\.\d+\.\d+$/);
    // A server-made name, not the visitor's; the bytes on disk are the bytes sent.
    expect(row.storageKey).not.toContain("CDL");
    const onDisk = readFileSync(path.join(uploadsDir(), row.storageKey));
    expect(sha256(onDisk)).toBe(sha256(file));
    expect(storedFiles()).toContain(row.storageKey);
  });

  it("decides the type by content, not by the name or the declared type, and cleans the name for display", async () => {
    const res = await upload(
      form([
        { name: "slot", value: "vehicleRegistration" },
        { name: "file", filename: "..\\..\\reg\u202Egnp.exe", type: "application/octet-stream", data: png },
      ]),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ slot: "vehicleRegistration", name: "reggnp.exe", size: png.length, type: "image/png" });
    const [row] = await server.services.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(readFileSync(path.join(uploadsDir(), row.storageKey)).equals(png)).toBe(true);

    const photo = await upload(
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "cdl.jpeg", type: "image/jpeg", data: jpeg },
      ]),
    );
    expect(photo.status).toBe(201);
    expect(await photo.json()).toMatchObject({ type: "image/jpeg", name: "cdl.jpeg", size: jpeg.length });
  });

  it("refuses a text file named .pdf and sent as application/pdf with 415, keeping nothing", async () => {
    const [files, rows] = [storedFiles(), await rowCount()];
    const res = await upload(
      form([
        { name: "slot", value: "lossRuns" },
        {
          name: "file",
          filename: "loss-runs.pdf",
          type: "application/pdf",
          data: Buffer.from("Loss runs: none in the last three years.\n".repeat(200)),
        },
      ]),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: "Only PDF, JPG and PNG files can be uploaded." });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it.each([
    ["no slot", [{ name: "file", filename: "a.pdf", type: "application/pdf", data: pdfBytes() }], { slot: uploadMessages.slotMissing }],
    [
      "an unknown slot",
      [
        { name: "slot", value: "passport" },
        { name: "file", filename: "a.pdf", data: pdfBytes() },
      ],
      { slot: uploadMessages.slotUnknown(["cdl", "vehicleRegistration", "lossRuns"]) },
    ],
    [
      "the slot after the file",
      [
        { name: "file", filename: "a.pdf", data: pdfBytes() },
        { name: "slot", value: "cdl" },
      ],
      { slot: uploadMessages.slotMissing },
    ],
    ["no file", [{ name: "slot", value: "cdl" }], { file: uploadMessages.noFile }],
    ["nothing at all", [{ name: "comment", value: "hello" }], { file: uploadMessages.noFile, slot: uploadMessages.slotMissing }],
    [
      "an empty file",
      [
        { name: "slot", value: "cdl" },
        { name: "file", filename: "empty.pdf", data: new Uint8Array(0) },
      ],
      { file: uploadMessages.emptyFile },
    ],
    [
      "a file input left empty",
      [
        { name: "slot", value: "cdl" },
        { name: "file", filename: "", data: new Uint8Array(0) },
      ],
      { file: uploadMessages.noFile },
    ],
    [
      "the file under another name",
      [
        { name: "slot", value: "cdl" },
        { name: "document", filename: "a.pdf", data: pdfBytes() },
      ],
      { file: expect.stringContaining('"file"') },
    ],
  ] as [string, Part[], Record<string, unknown>][])("answers 400 with per-field errors for %s", async (_what, parts, errors) => {
    const [files, rows] = [storedFiles(), await rowCount()];
    const res = await upload(form(parts));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual({ success: false, message: expect.any(String), errors });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("refuses more than one file with 400 and removes the one already stored", async () => {
    const [files, rows] = [storedFiles(), await rowCount()];
    const res = await upload(
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "front.pdf", data: pdfBytes(50_000) },
        { name: "file", filename: "back.pdf", data: pdfBytes(50_000) },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, message: uploadMessages.oneFileOnly, errors: { file: uploadMessages.oneFileOnly } });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("refuses a request that is not multipart", async () => {
    const res = await upload(Buffer.from(pdfBytes()), { "content-type": "application/pdf" });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: uploadMessages.notMultipart });
  });

  it("enforces the size limit while the file streams: 413, no partial file, no row", async () => {
    const [files, rows] = [storedFiles(), await rowCount()];
    const stream = streamedUpload(5 * MB, { chunkSize: 64 * 1024 });
    const res = await upload(stream.body, { "content-type": stream.contentType });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: "File size must be less than 1MB" });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("accepts a file of exactly the limit and refuses one byte more", async () => {
    const exact = streamedUpload(1 * MB);
    const ok = await upload(exact.body, { "content-type": exact.contentType });
    expect(ok.status).toBe(201);
    const body = await ok.json();
    expect(body.size).toBe(1 * MB);
    const [row] = await server.services.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row.sha256).toBe(exact.sha256());

    const over = streamedUpload(1 * MB + 1);
    const res = await upload(over.body, { "content-type": over.contentType });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("File size must be less than 1MB");
  });

  it("refuses a body whose declared length is over the limit before reading it", async () => {
    const [files, rows] = [storedFiles(), await rowCount()];
    const res = await upload(
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "big.pdf", data: pdfBytes(3 * MB) },
      ]),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: "File size must be less than 1MB" });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("refuses uploads posted from another site", async () => {
    const data = () =>
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "a.png", data: png },
      ]);
    const foreign = await upload(data(), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ success: false, message: uploadMessages.crossSite });
    const own = await upload(data(), { origin: "https://www.agency.example" });
    expect(own.status).toBe(201);
    // The address the request was sent to (a proxy ending TLS makes the scheme differ).
    const direct = await upload(data(), { origin: server.url.replace("http:", "https:") });
    expect(direct.status).toBe(201);
  });

  it("rate-limits uploads per address with 429 and Retry-After", async () => {
    const ip = "203.0.113.99";
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await upload(
        form([
          { name: "slot", value: "cdl" },
          { name: "file", filename: `p${i}.png`, data: png },
        ]),
        { "x-forwarded-for": ip },
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await last!.json();
    expect(body).toEqual({ success: false, message: expect.stringMatching(/^Too many uploads from your network\..*call us at /) });
    // Another address is not affected.
    expect(
      (
        await upload(
          form([
            { name: "slot", value: "cdl" },
            { name: "file", filename: "q.png", data: png },
          ]),
        )
      ).status,
    ).toBe(201);
  });

  /** Runs `work` with the given umask (restored after), as a server started from a permissive shell would. */
  async function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
    const previous = process.umask(mask);
    try {
      return await work();
    } finally {
      process.umask(previous);
    }
  }
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it("keeps documents private: each file 0600 and the uploads folder 0700, whatever the process umask", async () => {
    for (const mask of [0o022, 0o000]) {
      const res = await withUmask(mask, () =>
        upload(
          form([
            { name: "slot", value: "cdl" },
            { name: "file", filename: "cdl.png", data: png },
          ]),
        ),
      );
      expect(res.status).toBe(201);
      const [row] = await server.services.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, (await res.json()).id));
      expect(modeOf(path.join(uploadsDir(), row.storageKey)).toString(8), `umask ${mask.toString(8)}`).toBe("600");
      expect(modeOf(uploadsDir()).toString(8)).toBe("700");
    }
    // The embedded database's folder holds the same people's data.
    if (kind === "pglite") expect(modeOf(path.join(dataDir, "pglite")).toString(8)).toBe("700");
    // A folder the storage creates itself (with its parents) under a umask of 0.
    const root = mkdtempSync(path.join(os.tmpdir(), "uploads-mode-"));
    try {
      const storage = new LocalFileStorage(path.join(root, "data", "uploads"));
      await withUmask(0, () => storage.write("doc-1", Readable.from([png]), { maxBytes: MB }));
      expect(modeOf(path.join(root, "data", "uploads")).toString(8)).toBe("700");
      expect(modeOf(path.join(root, "data")).toString(8)).toBe("700");
      expect(modeOf(path.join(root, "data", "uploads", "doc-1")).toString(8)).toBe("600");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("writes the mail outbox's .eml files (no SMTP_URL) 0600 in a 0700 folder, whatever the process umask", async () => {
    const mailDir = path.join(dataDir, "mail");
    expect(existsSync(mailDir)).toBe(false);
    await withUmask(0, async () => {
      await server.services.db.transaction((tx) =>
        enqueueMail(
          tx,
          autoReplyMail(server.services.site.current().facts, {
            to: "luis@ortega-freight.example",
            name: "Luis Ortega",
            subject: "We received your documents",
            opening: "Thanks.",
          }),
          { domain: "agency.example" },
        ),
      );
      server.services.mail.nudge();
      await waitFor(() => existsSync(mailDir) && readdirSync(mailDir).some((n) => n.endsWith(".eml")), 10_000, ".eml written");
    });
    const [eml] = readdirSync(mailDir).filter((n) => n.endsWith(".eml"));
    expect(readFileSync(path.join(mailDir, eml), "utf8")).toMatch(/^To: luis@ortega-freight\.example$/m);
    expect(modeOf(path.join(mailDir, eml)).toString(8)).toBe("600");
    expect(modeOf(mailDir).toString(8)).toBe("700");
  });

  describe("with a lead", () => {
    const db = () => server.services.db;
    const newUpload = async (slot: string, data: Uint8Array = png) => {
      const res = await upload(
        form([
          { name: "slot", value: slot },
          { name: "file", filename: "doc.png", data },
        ]),
      );
      expect(res.status).toBe(201);
      return (await res.json()) as { id: string; slot: string };
    };
    const newLead = async () => {
      const [lead] = await db()
        .insert(leads)
        .values({
          reference: `L-${randomUUID().slice(0, 6).toUpperCase()}`,
          leadType: "commercial_trucking_quote",
          submissionType: "Commercial Trucking Quote",
          source: "Website Quote Form",
          name: "Luis Ortega",
          email: "luis@ortega-freight.example",
          phone: "5125550123",
          payload: {},
        })
        .returning({ id: leads.id });
      return lead.id;
    };
    const rowOf = async (id: string) => (await db().select().from(uploads).where(eq(uploads.id, id)))[0];
    const leadLimits = () => ({
      maxFiles: server.services.config.UPLOAD_LEAD_MAX_FILES,
      maxBytes: server.services.config.UPLOAD_LEAD_MAX_BYTES,
    });

    it("linkUploads claims uploads for the lead inside its transaction", async () => {
      const a = await newUpload("cdl");
      const b = await newUpload("lossRuns", pdfBytes());
      const leadId = await newLead();
      await db().transaction((tx) => linkUploads(tx, leadId, [a, b], leadLimits()));
      for (const id of [a.id, b.id]) {
        const row = await rowOf(id);
        expect(row.leadId).toBe(leadId);
        expect(row.linkedAt).toBeInstanceOf(Date);
      }
      // Nothing to link is fine.
      await db().transaction((tx) => linkUploads(tx, leadId, [], leadLimits()));
    });

    it.each([
      ["an unknown id", async () => [{ slot: "cdl", id: randomUUID() }]],
      ["an id that is not a UUID", async () => [{ slot: "cdl", id: "../../etc/passwd" }]],
      ["a slot that does not match", async (up: typeof newUpload) => [{ ...(await up("cdl")), slot: "lossRuns" }]],
    ] as [string, (up: typeof newUpload) => Promise<{ slot: string; id: string }[]>][])(
      "linkUploads refuses %s and the transaction claims nothing",
      async (_what, attachments) => {
        const good = await newUpload("vehicleRegistration");
        const bad = await attachments(newUpload);
        const leadId = await newLead();
        const error = await db()
          .transaction((tx) => linkUploads(tx, leadId, [good, ...bad], leadLimits()))
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UploadLinkError);
        expect((error as UploadLinkError).status).toBe(400);
        expect((error as UploadLinkError).errors).toEqual({
          attachments: "One of the attached files has expired or was not found. Please attach it again.",
        });
        expect((await rowOf(good.id)).leadId).toBeNull();
      },
    );

    it("linkUploads refuses an upload another lead already claimed", async () => {
      const a = await newUpload("cdl");
      const first = await newLead();
      await db().transaction((tx) => linkUploads(tx, first, [a], leadLimits()));
      const second = await newLead();
      await expect(db().transaction((tx) => linkUploads(tx, second, [a], leadLimits()))).rejects.toBeInstanceOf(UploadLinkError);
      expect((await rowOf(a.id)).leadId).toBe(first);
    });

    it("the back office downloads a document under the detected type: a PDF sent as invoice.html comes back as invoice.pdf, application/pdf, attachment, nosniff", async () => {
      await ensureAdmin(server.services);
      const cookie = await signIn(server.url);
      const cases = [
        { filename: "invoice.html", type: "text/html", data: pdfBytes(3000), mime: "application/pdf", download: "invoice.pdf" },
        { filename: "scan.pdf", type: "application/pdf", data: png, mime: "image/png", download: "scan.png" },
        { filename: "cab.jpeg", type: "image/jpeg", data: jpeg, mime: "image/jpeg", download: "cab.jpeg" },
      ];
      const leadId = await newLead();
      for (const c of cases) {
        const res = await upload(
          form([
            { name: "slot", value: "lossRuns" },
            { name: "file", filename: c.filename, type: c.type, data: c.data },
          ]),
        );
        expect(res.status).toBe(201);
        const sent = (await res.json()) as { id: string; slot: string; name: string; type: string };
        // The visitor's own name stays what the lists show.
        expect(sent).toMatchObject({ name: c.filename, type: c.mime });
        await db().transaction((tx) => linkUploads(tx, leadId, [sent], leadLimits()));

        const got = await fetch(`${server.url}/api/leads/${leadId}/documents/${sent.id}`, { headers: { cookie } });
        expect(got.status).toBe(200);
        expect(got.headers.get("content-type")).toBe(c.mime);
        expect(got.headers.get("content-disposition")).toBe(`attachment; filename="${c.download}"`);
        expect(got.headers.get("x-content-type-options")).toBe("nosniff");
        expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(c.data))).toBe(true);
      }
    });

    it("the background sweep deletes unclaimed uploads older than UPLOAD_ORPHAN_HOURS with their files, and keeps claimed and fresh ones", async () => {
      const linked = await newUpload("cdl");
      const orphan = await newUpload("lossRuns", pdfBytes());
      const fresh = await newUpload("vehicleRegistration");
      const leadId = await newLead();
      await db().transaction((tx) => linkUploads(tx, leadId, [linked], leadLimits()));
      const [orphanRow, linkedRow, freshRow] = await Promise.all([rowOf(orphan.id), rowOf(linked.id), rowOf(fresh.id)]);
      expect(existsSync(path.join(uploadsDir(), orphanRow.storageKey))).toBe(true);

      await db().execute(sql`update uploads set created_at = now() - interval '25 hours' where id in (${orphan.id}, ${linked.id})`);
      // The server's own sweeper (every 200 ms here) removes the orphan.
      await waitFor(async () => !(await rowOf(orphan.id)), 5_000, "orphan upload swept");
      // The row is marked claimed first, then its file goes, then the row (so a lead submitted meanwhile
      // either claims it or is told it expired).
      await waitFor(async () => !existsSync(path.join(uploadsDir(), orphanRow.storageKey)), 5_000, "orphan file deleted");
      expect(await rowOf(linked.id)).toBeDefined();
      expect(await rowOf(fresh.id)).toBeDefined();
      expect(existsSync(path.join(uploadsDir(), linkedRow.storageKey))).toBe(true);
      expect(existsSync(path.join(uploadsDir(), freshRow.storageKey))).toBe(true);
    });

    it("sweepOrphanUploads counts what it deleted and leaves claimed uploads", async () => {
      const old = await newUpload("cdl");
      await db().execute(sql`update uploads set created_at = now() - interval '2 hours' where id = ${old.id}`);
      const storage = server.services.storage;
      // The server's sweeper waits for 24 hours; an hour's threshold catches exactly this one.
      const unclaimedOlderThanAnHour = await db().execute(
        sql`select count(*)::int as n from uploads where lead_id is null and created_at < now() - interval '1 hour'`,
      );
      const deleted = await sweepOrphanUploads(db(), storage, 3_600_000);
      expect(deleted).toBe(unclaimedOlderThanAnHour.rows[0]!.n);
      expect(deleted).toBeGreaterThanOrEqual(1);
      expect(await rowOf(old.id)).toBeUndefined();
      const claimed = await db().execute(sql`select count(*)::int as n from uploads where lead_id is not null`);
      expect(claimed.rows[0]!.n).toBeGreaterThan(0);
      // Every remaining row has its file, and no file is left without a row.
      const keys = (await db().select({ key: uploads.storageKey }).from(uploads)).map((r) => r.key).sort();
      expect(storedFiles().sort()).toEqual(keys);
    });
  });
});

describe.each(databaseKinds)("upload volume limits on %s", (kind) => {
  const KB = 1024;
  let budgeted: Server;
  let full: Server;
  let dataDir: string;
  const uploadsDir = () => path.join(dataDir, "uploads");
  const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
  const rowCount = async () => (await budgeted.services.db.select({ id: uploads.id }).from(uploads)).length;
  const post = (server: Server, ip: string, body: FormData | ReadableStream, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
  const pdfForm = (size: number) =>
    form([
      { name: "slot", value: "lossRuns" },
      { name: "file", filename: "loss-runs.pdf", type: "application/pdf", data: pdfBytes(size) },
    ]);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "uploads-budget-"));
    const { bavail, bsize } = statfsSync(os.tmpdir());
    [budgeted, full] = await Promise.all([
      // Three files of 40 KB per address and window.
      startTestServer(kind, { DATA_DIR: dataDir, TRUST_PROXY: "true", UPLOAD_BYTES_PER_ADDRESS_MAX: String(120 * KB) }),
      // A floor above what this disk has free: every upload finds the disk "full".
      startTestServer(kind, { TRUST_PROXY: "true", UPLOAD_MIN_FREE_BYTES: String(bavail * bsize + 1024 ** 4) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([budgeted?.close(), full?.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("lets one address store UPLOAD_BYTES_PER_ADDRESS_MAX per window, then answers 429 with Retry-After", async () => {
    const ip = "203.0.113.10";
    for (let i = 0; i < 3; i++) expect((await post(budgeted, ip, pdfForm(40 * KB))).status).toBe(201);
    const [files, rows] = [storedFiles(), await rowCount()];
    const fourth = await post(budgeted, ip, pdfForm(1 * KB));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fourth.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^We can't take more documents from your network right now\..*call us at /),
    });
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
    // Another address has its own budget.
    expect((await post(budgeted, "203.0.113.11", pdfForm(40 * KB))).status).toBe(201);
  });

  it("cuts off an upload that goes over the budget while it streams: 429, no partial file, no row, and the bytes are given back", async () => {
    const ip = "203.0.113.20";
    const [files, rows] = [storedFiles(), await rowCount()];
    // No Content-Length (a streamed body): only counting the bytes as they arrive can stop it.
    const stream = streamedUpload(400 * KB, { chunkSize: 16 * KB });
    const res = await post(budgeted, ip, stream.body, { "content-type": stream.contentType });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(withPhone(uploadMessages.addressBytesUsed));
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
    // What was cut off is not counted: the address can still store a file within its budget.
    expect((await post(budgeted, ip, pdfForm(100 * KB))).status).toBe(201);
  });

  it("refuses a declared length over what the address has left, storing nothing", async () => {
    const ip = "203.0.113.30";
    expect((await post(budgeted, ip, pdfForm(100 * KB))).status).toBe(201);
    const [files, rows] = [storedFiles(), await rowCount()];
    const res = await post(budgeted, ip, pdfForm(200 * KB));
    expect(res.status).toBe(429);
    expect(storedFiles()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it("answers 507 with a message for the visitor when free disk space is below UPLOAD_MIN_FREE_BYTES, storing nothing", async () => {
    const dir = (full.services.storage as LocalFileStorage).dir;
    const before = existsSync(dir) ? readdirSync(dir) : [];
    const res = await post(full, "203.0.113.40", pdfForm(2 * KB));
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({ success: false, message: withPhone(uploadMessages.storageFull) });
    expect(uploadMessages.storageFull).toMatch(/send your quote without them/);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual(before);
    expect((await full.services.db.select({ id: uploads.id }).from(uploads)).length).toBe(0);
  });
});

/**
 * Posts a streamed body with node:http. (Node's fetch keeps every chunk of a streamed request body
 * until the request is done, which would hide what the server holds in this same process.)
 */
function postStream(
  url: string,
  headers: Record<string, string>,
  body: ReadableStream<Uint8Array>,
): Promise<{ status: number; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
    });
    Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>).pipe(req);
  });
}

describe.each(databaseKinds)("a large upload on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind, { UPLOAD_MAX_BYTES: String(1024 ** 3) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("streams 200 MB to disk with flat memory", async () => {
    const size = 200 * MB;
    const stream = streamedUpload(size);
    const before = process.memoryUsage();
    const peak = { heapUsed: before.heapUsed, rss: before.rss, arrayBuffers: before.arrayBuffers };
    const sample = () => {
      const now = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    };
    const timer = setInterval(sample, 10);
    let res: Awaited<ReturnType<typeof postStream>>;
    try {
      res = await postStream(`${server.url}/api/uploads`, { "content-type": stream.contentType }, stream.body);
    } finally {
      clearInterval(timer);
    }
    sample();
    expect(res.status).toBe(201);
    const body = res.json() as { id: string };
    expect(body).toMatchObject({ slot: "lossRuns", size, type: "application/pdf", name: "loss-runs-2022-2024.pdf" });

    const growth = {
      heapUsed: peak.heapUsed - before.heapUsed,
      rss: peak.rss - before.rss,
      arrayBuffers: peak.arrayBuffers - before.arrayBuffers,
    };
    // Holding the file would take 200 MB (heap or buffers); streaming takes a few chunks. The heap's figure also
    // counts garbage not yet collected, which Node 24 lets grow further before it collects (40 to 105 MB seen
    // there, under 40 MB on Node 20, with resident memory flat on both): its bound only says the file is not in it.
    expect(growth.heapUsed, JSON.stringify(growth)).toBeLessThan(150 * MB);
    expect(growth.arrayBuffers, JSON.stringify(growth)).toBeLessThan(64 * MB);
    expect(growth.rss, JSON.stringify(growth)).toBeLessThan(120 * MB);

    const [row] = await server.services.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row.sha256).toBe(stream.sha256());
    const file = path.join((server.services.storage as LocalFileStorage).dir, row.storageKey);
    expect(statSync(file).size).toBe(size);
    const onDisk = createHash("sha256");
    for await (const chunk of createReadStream(file)) onDisk.update(chunk as Buffer);
    expect(onDisk.digest("hex")).toBe(row.sha256);
  });

  it("leaves no partial file when the visitor goes away mid-upload", async () => {
    const dir = (server.services.storage as LocalFileStorage).dir;
    const before = readdirSync(dir).sort();
    const rows = (await server.services.db.select({ id: uploads.id }).from(uploads)).length;
    const stream = streamedUpload(100 * MB, { chunkSize: 64 * 1024 });
    const abort = new AbortController();
    const sending = fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "content-type": stream.contentType },
      body: stream.body,
      duplex: "half",
      signal: abort.signal,
    } as RequestInit);
    // Part of the file is on disk under a temporary name...
    await waitFor(() => readdirSync(dir).some((name) => name.endsWith(".part")) && stream.sent() > 5 * MB, 10_000, "upload under way");
    abort.abort();
    await expect(sending).rejects.toThrow();
    // ...and goes when the connection does.
    await waitFor(() => readdirSync(dir).sort().join() === before.join(), 5_000, "partial file removed");
    expect((await server.services.db.select({ id: uploads.id }).from(uploads)).length).toBe(rows);
  });
});

describe.each(databaseKinds)("documents in an S3 bucket on %s", (kind) => {
  let s3: TestS3Server;
  let server: Server;
  const db = () => server.services.db;
  const rowCount = async () => (await db().select({ id: uploads.id }).from(uploads)).length;
  const rowOf = async (id: string) => (await db().select().from(uploads).where(eq(uploads.id, id)))[0];
  /** Everything in the bucket: objects and multipart uploads neither completed nor aborted. */
  const bucketContents = async () => ({ objects: await s3.objectKeys(), unfinished: await s3.pendingUploads() });
  const upload = (body: FormData | ReadableStream, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "x-forwarded-for": freshIp(), ...headers },
      body,
      signal,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(kind, {
      ...s3.env,
      // Larger than one S3 part (5 MiB), so that a file near the limit goes in several.
      UPLOAD_MAX_BYTES: String(8 * MB),
      TRUST_PROXY: "true",
      UPLOAD_SWEEP_INTERVAL_MS: "200",
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it("stores an upload in the bucket; a quote claims it and the admin downloads it byte for byte", async () => {
    expect(server.services.storage).toBeInstanceOf(S3FileStorage);
    const file = pdfBytes(7 * MB);
    const res = await upload(
      form([
        { name: "slot", value: "lossRuns" },
        { name: "file", filename: "loss runs 2022-2024.pdf", type: "application/pdf", data: file },
      ]),
    );
    expect(res.status).toBe(201);
    const sent = (await res.json()) as { id: string; slot: string };
    const row = await rowOf(sent.id);
    expect(row).toMatchObject({ sizeBytes: file.length, sha256: sha256(file), mimeType: "application/pdf", leadId: null });
    expect(await s3.objectKeys()).toContain(row.storageKey);
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: row.storageKey }));
    expect(sha256(await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray())).toBe(sha256(file));

    const quote = await fetch(`${server.url}/api/submit-lead`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify(truckingQuoteBody({ uploadedFiles: ["lossRuns"], attachments: [{ slot: sent.slot, id: sent.id }] })),
    });
    expect(quote.status).toBe(201);
    const { reference } = (await quote.json()) as { reference: string };
    const [lead] = await db().select({ id: leads.id }).from(leads).where(eq(leads.reference, reference));
    expect((await rowOf(sent.id)).leadId).toBe(lead.id);

    await ensureAdmin(server.services);
    const cookie = await signIn(server.url);
    const got = await fetch(`${server.url}/api/leads/${lead.id}/documents/${sent.id}`, { headers: { cookie } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-length")).toBe(String(file.length));
    expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);

    // An object gone from the bucket is answered as a file gone from the disk is.
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: row.storageKey }));
    const gone = await fetch(`${server.url}/api/leads/${lead.id}/documents/${sent.id}`, { headers: { cookie } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ success: false, message: "The document's file is missing from storage." });
  });

  it("refuses a text file named .pdf with 415, keeping nothing in the bucket", async () => {
    const [before, rows] = [await bucketContents(), await rowCount()];
    const res = await upload(
      form([
        { name: "slot", value: "lossRuns" },
        { name: "file", filename: "loss-runs.pdf", type: "application/pdf", data: Buffer.from("Loss runs: none.\n".repeat(500)) },
      ]),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ success: false, message: "Only PDF, JPG and PNG files can be uploaded." });
    expect(await bucketContents()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it("enforces the size limit while the file streams: 413, no object and no unfinished upload in the bucket", async () => {
    const [before, rows] = [await bucketContents(), await rowCount()];
    // Parts of it reach the bucket before the limit is crossed.
    const stream = streamedUpload(20 * MB, { chunkSize: 64 * 1024 });
    const res = await upload(stream.body, { "content-type": stream.contentType });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: "File size must be less than 8MB" });
    expect(await bucketContents()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it("aborts the multipart upload when the visitor goes away mid-upload", async () => {
    const [before, rows] = [await bucketContents(), await rowCount()];
    const stream = streamedUpload(7 * MB, { chunkSize: 64 * 1024 });
    const reader = stream.body.getReader();
    // The visitor's line goes quiet after 6 MB: more than one part, less than the file.
    const stalling = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (stream.sent() >= 6 * MB) return new Promise<void>(() => {});
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    });
    const abort = new AbortController();
    const sending = upload(stalling, { "content-type": stream.contentType }, abort.signal);
    await waitFor(async () => (await s3.pendingUploads()).length > before.unfinished.length, 10_000, "multipart upload begun");
    abort.abort();
    await expect(sending).rejects.toThrow();
    await waitFor(async () => (await s3.pendingUploads()).length === before.unfinished.length, 10_000, "multipart upload aborted");
    expect(await bucketContents()).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });

  it("the orphan sweep deletes an unclaimed upload's object with its row", async () => {
    const res = await upload(
      form([
        { name: "slot", value: "cdl" },
        { name: "file", filename: "cdl.png", type: "image/png", data: png },
      ]),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { storageKey } = await rowOf(id);
    expect(await s3.objectKeys()).toContain(storageKey);
    await db().execute(sql`update uploads set created_at = now() - interval '25 hours' where id = ${id}`);
    await waitFor(async () => !(await rowOf(id)), 5_000, "orphan upload swept");
    await waitFor(async () => !(await s3.objectKeys()).includes(storageKey), 5_000, "orphan object deleted");
  });
});
