import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { readJournal, runMigrations } from "#db/migrate";
import { backups, consentRecords, leads, siteSettings, uploads } from "#db/schema";
import { seed } from "#db/seed";
import { loadConfig } from "~/env.server";
import { S3FileStorage } from "~/features/uploads/s3-storage.server";
import { LocalFileStorage } from "~/features/uploads/storage.server";
import { createPostgresDatabase, postgresUrl } from "../../../tests/support/databases";
import { startS3Server } from "../../../tests/support/s3";
import { ArchiveError } from "./archive.server";
import { archiveName, backupStatus, pruneArchives, runBackup, writeArchive } from "./backup.server";
import { RestoreRefused, restoreArchive } from "./restore.server";
import { Backups } from "./service.server";

const temp: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  temp.push(dir);
  return dir;
}

type Kind = "pglite" | "postgres";
const kinds: Kind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/** An empty database of the kind: a PGlite data folder on disk, or a fresh PostgreSQL database. */
async function emptyDatabase(kind: Kind): Promise<DatabaseHandle> {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: folder() });
    closers.push(() => handle.close());
    return handle;
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ url });
  closers.push(async () => {
    await handle.close();
    await drop();
  });
  return handle;
}

/**
 * Tests that open embedded databases on empty folders: each first start makes its data folder and runs every
 * migration. Two of them and a restore take about 20 s on a 2-core machine, and over 30 s beside the rest of the suite.
 */
const EMPTY_DATABASES = { timeout: 120_000 };

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A site with leads, consent, a setting, awkward text and a stored document. */
async function siteWithData(kind: Kind) {
  const database = await emptyDatabase(kind);
  await runMigrations(database);
  await seed(database.db);
  const storage = new LocalFileStorage(folder());
  const document = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(3000, 7)]);
  const stored = await storage.write("doc-1.pdf", Readable.from([document]), { maxBytes: 1e6 });
  const [consent] = await database.db
    .insert(consentRecords)
    .values({
      sourceForm: "contact_form",
      name: "Zoë O'Brien",
      email: "zoe@example.com",
      phone: "+15125550100",
      consented: true,
      consentText: "I agree to receive texts.",
      consentVersion: "2026-01",
      ip: "203.0.113.9",
      recordHash: "a".repeat(64),
    })
    .returning();
  for (let i = 0; i < 25; i++) {
    await database.db.insert(leads).values({
      reference: `AG-${1000 + i}`,
      leadType: "contact",
      submissionType: "contact_form",
      source: "website",
      name: i === 0 ? 'Zoë "Q" O\'Brien\nline two \\ back' : `Lead ${i}`,
      email: `lead${i}@example.com`,
      phone: "5125550100",
      payload: { nested: { list: [1, 2, 3], text: "ünïcödé ✓" } },
      consentRecordId: i === 0 ? consent.id : null,
    });
  }
  const [lead] = await database.db.select().from(leads).limit(1);
  await database.db.insert(uploads).values({
    id: crypto.randomUUID(),
    slot: "lossRuns",
    originalName: "loss runs.pdf",
    sizeBytes: stored.size,
    mimeType: "application/pdf",
    storageKey: "doc-1.pdf",
    sha256: stored.sha256,
    leadId: lead.id,
  });
  await database.db.insert(siteSettings).values({ key: "lead_round_robin", value: true });
  return { database, storage, document };
}

async function snapshotOf(database: DatabaseHandle) {
  const count = async (table: string) =>
    Number((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n as number);
  const names = (await database.db.select({ name: leads.name, payload: leads.payload, receivedAt: leads.receivedAt }).from(leads))
    .map((row) => JSON.stringify(row))
    .sort();
  return {
    leads: await count("leads"),
    consent: await count("consent_records"),
    categories: await count("categories"),
    settings: await count("site_settings"),
    uploads: await count("uploads"),
    names,
  };
}

describe.each(kinds)("a backup made on %s", (source) => {
  it.each(kinds)("restores into an empty %s database with every row and document, byte for byte", EMPTY_DATABASES, async (target) => {
    const site = await siteWithData(source);
    const dir = folder();
    const result = await runBackup({ ...site, version: "1.0.0", target: { kind: "dir", dir }, trigger: "command", keepDays: 14 });
    expect(result.counts.leads).toBe(25);
    expect(result.counts.documents).toBe(1);
    expect(readdirSync(dir)).toEqual([path.basename(result.location)]);
    const status = await backupStatus(site.database.db);
    expect(status.last?.bytes).toBe(result.bytes);
    expect(status.failure).toBeNull();

    const into = await emptyDatabase(target);
    const storage = new LocalFileStorage(folder());
    const restored = await restoreArchive({ file: result.location, database: into, storage, targetName: "the target" });
    expect(restored.counts.leads).toBe(25);
    expect(await snapshotOf(into)).toEqual(await snapshotOf(site.database));
    expect(sha(readFileSync(path.join(storage.dir, "doc-1.pdf")))).toBe(sha(site.document));
    // The restored database is at this version's migrations and takes new rows.
    const applied = await into.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0].n).toBe(readJournal().length);
    await into.db.insert(leads).values({
      reference: "AG-9999",
      leadType: "contact",
      submissionType: "contact_form",
      source: "website",
      name: "After",
      email: "a@example.com",
      phone: "5125550100",
      payload: {},
    });
    // The record of backups is not carried over.
    expect(await into.db.select().from(backups)).toEqual([]);

    // A second restore into it is refused; --force replaces what it holds.
    await expect(restoreArchive({ file: result.location, database: into, storage, targetName: "the target" })).rejects.toThrow(
      RestoreRefused,
    );
    await expect(restoreArchive({ file: result.location, database: into, storage, targetName: "the target" })).rejects.toThrow(
      /the target is not empty \(it holds rows in .*leads.*\): restore into an empty database, or add --force/,
    );
    await restoreArchive({ file: result.location, database: into, storage, targetName: "the target", force: true });
    expect((await snapshotOf(into)).leads).toBe(25);
  });
});

describe("a damaged or foreign archive", () => {
  it("is refused with the file named, and nothing is written", EMPTY_DATABASES, async () => {
    const site = await siteWithData("pglite");
    const dir = folder();
    const { location } = await runBackup({ ...site, version: "1.0.0", target: { kind: "dir", dir }, trigger: "command", keepDays: 14 });
    const label = path.basename(location);

    // One byte changed inside a table's rows: the gzip stream or a checksum gives it away.
    const bytes = readFileSync(location);
    const corrupt = path.join(dir, "corrupt.tar.gz");
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] ^= 0xff;
    writeFileSync(corrupt, flipped);
    const into = await emptyDatabase("pglite");
    const storage = new LocalFileStorage(folder());
    await expect(restoreArchive({ file: corrupt, database: into, storage, targetName: "the target" })).rejects.toThrow(ArchiveError);
    await expect(restoreArchive({ file: corrupt, database: into, storage, targetName: "the target" })).rejects.toThrow(/corrupt\.tar\.gz/);

    // A well-formed archive whose rows were edited after the manifest was written.
    const edited = path.join(dir, "edited.tar.gz");
    await rewriteArchive(location, edited, (name, data) =>
      name === "db/leads.jsonl" ? Buffer.from(data.toString().replace("Lead 3", "Lead X")) : data,
    );
    await expect(restoreArchive({ file: edited, database: into, storage, targetName: "the target" })).rejects.toThrow(
      "edited.tar.gz is damaged: db/leads.jsonl does not match its checksum.",
    );
    // A path that would leave the folder.
    const escaping = path.join(dir, "escaping.tar.gz");
    await rewriteArchive(location, escaping, (_name, data) => data, { name: "../../etc/passwd", data: Buffer.from("x") });
    await expect(restoreArchive({ file: escaping, database: into, storage, targetName: "the target" })).rejects.toThrow(
      'escaping.tar.gz is not a backup of this site: it holds "../../etc/passwd".',
    );
    await expect(
      restoreArchive({ file: path.join(dir, "missing.tar.gz"), database: into, storage, targetName: "the target" }),
    ).rejects.toThrow("missing.tar.gz is not a readable backup archive (there is no such file).");
    // Nothing was written: the target is still empty and holds no document.
    expect(
      (await into.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)).rows[0].n,
    ).toBe(0);
    expect(readdirSync(storage.dir)).toEqual([]);
    expect(label).toMatch(/^agency-backup-/);
  });
});

describe("old archives", () => {
  it("are deleted after the days kept, the newest always kept", async () => {
    const dir = folder();
    const day = 24 * 3_600_000;
    const now = Date.now();
    const names = [40, 20, 10, 1].map((daysAgo) => {
      const name = archiveName(new Date(now - daysAgo * day));
      writeFileSync(path.join(dir, name), "x");
      utimesSync(path.join(dir, name), new Date(now - daysAgo * day), new Date(now - daysAgo * day));
      return name;
    });
    writeFileSync(path.join(dir, "notes.txt"), "not an archive");
    expect(await pruneArchives({ kind: "dir", dir }, 14, names[3], now)).toBe(2);
    expect(readdirSync(dir).sort()).toEqual([names[2], names[3], "notes.txt"].sort());
    // Past the days kept, the newest still stays.
    expect(await pruneArchives({ kind: "dir", dir }, 1, "none", now + 30 * day)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual([names[3], "notes.txt"].sort());
  });

  it("a failed backup is recorded and shown until one succeeds", EMPTY_DATABASES, async () => {
    const site = await siteWithData("pglite");
    const file = path.join(folder(), "not-a-folder");
    writeFileSync(file, "x");
    await expect(
      runBackup({ ...site, version: "1.0.0", target: { kind: "dir", dir: file }, trigger: "daily", keepDays: 14 }),
    ).rejects.toThrow();
    const failed = await backupStatus(site.database.db);
    expect(failed.failure?.error).toMatch(/EEXIST|ENOTDIR|not a directory/i);
    expect(failed.last).toBeNull();
    await runBackup({ ...site, version: "1.0.0", target: { kind: "dir", dir: folder() }, trigger: "daily", keepDays: 14 });
    const ok = await backupStatus(site.database.db);
    expect(ok.failure).toBeNull();
    expect(ok.last?.bytes).toBeGreaterThan(0);
  });

  it("a stream target gets the same archive", EMPTY_DATABASES, async () => {
    const site = await siteWithData("pglite");
    const chunks: Buffer[] = [];
    const { Writable } = await import("node:stream");
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const written = await writeArchive({ ...site, version: "1.0.0" }, sink);
    expect(Buffer.concat(chunks).length).toBe(written.bytes);
    expect(sha(Buffer.concat(chunks))).toBe(written.sha256);
  });
});

describe("backups to an S3 prefix", () => {
  it("go under BACKUP_S3_URL's prefix with the bucket's documents inside, and restore byte for byte", EMPTY_DATABASES, async () => {
    const s3 = await startS3Server();
    closers.push(() => s3.close());
    const config = loadConfig({ ...s3.env, DATA_DIR: "memory://", BACKUP_S3_URL: `s3://${s3.bucket}/backups/site` });
    const database = await emptyDatabase("pglite");
    await runMigrations(database);
    const storage = new S3FileStorage(s3.client, s3.bucket);
    const document = Buffer.from(`%PDF-1.4\n${"loss run ".repeat(500)}`);
    await storage.write("doc-s3.pdf", Readable.from([document]), { maxBytes: 1e6 });

    const backups = new Backups({ config, database, storage });
    expect(backups.destination).toBe(`s3://${s3.bucket}/backups/site`);
    const result = await backups.backUp("daily");
    expect(result.location).toMatch(new RegExp(`^s3://${s3.bucket}/backups/site/agency-backup-.*\\.tar\\.gz$`));
    const key = result.location.slice(`s3://${s3.bucket}/`.length);
    expect((await s3.objectKeys()).sort()).toEqual(["doc-s3.pdf", key].sort());
    // The archive holds the document, not itself (a key with a slash is not a document).
    expect(result.counts.documents).toBe(1);

    const file = path.join(folder(), "from-s3.tar.gz");
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    writeFileSync(file, Buffer.from(await (object.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray()));
    expect(sha(readFileSync(file))).toBe(result.sha256);
    const into = await emptyDatabase("pglite");
    const restoredFiles = new LocalFileStorage(folder());
    await restoreArchive({ file, database: into, storage: restoredFiles, targetName: "the target" });
    expect(sha(readFileSync(path.join(restoredFiles.dir, "doc-s3.pdf")))).toBe(sha(document));
  });
});

/** Copies an archive, passing each entry through `change` (and adding `extra` before the manifest). */
async function rewriteArchive(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer,
  extra?: { name: string; data: Buffer },
): Promise<void> {
  const { createGunzip, gzipSync } = await import("node:zlib");
  const entries: { name: string; data: Buffer }[] = [];
  const extract = tar.extract();
  await new Promise<void>((resolve, reject) => {
    extract.on("entry", (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: unknown) => {
        chunks.push(c as Buffer);
      });
      stream.on("end", () => {
        entries.push({ name: header.name, data: change(header.name, Buffer.concat(chunks)) });
        next();
      });
    });
    extract.on("finish", resolve);
    extract.on("error", reject);
    Readable.from([readFileSync(from)])
      .pipe(createGunzip())
      .pipe(extract);
  });
  if (extra) entries.splice(entries.length - 1, 0, extra);
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name, size: entry.data.length }, entry.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  writeFileSync(to, gzipSync(Buffer.concat(chunks)));
}
