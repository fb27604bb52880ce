/**
 * Backups: the database read from a snapshot (writers go on; on the embedded database they wait only
 * while its folder is copied) and every stored document, into one archive (archive.server.ts), written
 * to a folder, an S3 prefix or a stream. Each is recorded in `backups`, so the dashboard shows the last
 * one and a failure stays in sight until a later backup succeeds.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/client";
import { readJournal } from "#db/migrate";
import { backups } from "#db/schema";
import type { FileStorage } from "~/features/uploads/storage.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveWriter,
  type DocumentEntry,
  type Manifest,
  type TableEntry,
} from "./archive.server";
import { exportTables } from "./tables.server";

/** How an archive is named: the moment it was begun, in UTC, sortable. */
export const ARCHIVE_NAME = /^agency-backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(-[0-9a-f]{6})?\.tar\.gz$/;

/** Two archives begun in the same second (two processes, or the daily one and the button) get different names. */
export function archiveName(at: Date = new Date()): string {
  return `agency-backup-${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z-${randomBytes(3).toString("hex")}.tar.gz`;
}

export type BackupSources = {
  database: DatabaseHandle;
  storage: FileStorage;
  /** The site's version, written in the manifest. */
  version: string;
  /**
   * The embedded database's tables exported from a copy of its data folder (`copy`) into `folder` by another
   * process (the server's: server/snapshot-process.ts). Without it a copy is opened in this process, in memory.
   */
  exportEmbedded?: (copy: string, folder: string) => Promise<{ tables: TableEntry[]; migrations: number }>;
};

export type WrittenArchive = { manifest: Manifest; bytes: number; sha256: string };

/** Waits until `stream` has opened (its first bytes, or its end); a file gone since it was listed rejects. */
function opened(stream: Readable): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off("readable", ok);
      stream.off("end", ok);
      stream.off("error", done);
      if (error) reject(error);
      else resolve(stream);
    };
    const ok = () => done();
    stream.once("readable", ok);
    stream.once("end", ok);
    stream.once("error", done);
  });
}

const isMissing = (error: unknown) => {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.code === "ENOENT" || e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Writes the archive into `sink`. Documents are listed after the database's snapshot is taken, so every
 * document a row of the snapshot names is in the archive (one deleted in between, by retention, is not,
 * and neither is its row's purpose).
 */
export async function writeArchive(sources: BackupSources, sink: Writable): Promise<WrittenArchive> {
  const work = await mkdtemp(path.join(os.tmpdir(), "agency-backup-"));
  const writer = new ArchiveWriter(sink);
  try {
    const createdAt = new Date().toISOString();
    const { copyDataFolder } = sources.database;
    const { tables, migrations } =
      copyDataFolder && sources.exportEmbedded
        ? await (async () => {
            const copy = await copyDataFolder();
            try {
              return await (sources.exportEmbedded as NonNullable<BackupSources["exportEmbedded"]>)(copy.dir, work);
            } finally {
              await copy.remove();
            }
          })()
        : await sources.database.readSnapshot((query) => exportTables(query, work));
    for (const table of tables)
      await writer.add(`db/${table.name}.jsonl`, table.bytes, createReadStream(path.join(work, "db", `${table.name}.jsonl`)));
    const documents: DocumentEntry[] = [];
    for await (const { key, size } of sources.storage.list()) {
      let stream: Readable;
      try {
        stream = await opened(sources.storage.open(key));
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      documents.push({ key, size, sha256: await writer.add(`documents/${key}`, size, stream) });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt,
      version: sources.version,
      database: sources.database.kind,
      migrations: { count: migrations, last: migrationTag(migrations) },
      tables,
      documents,
    };
    const { bytes, sha256 } = await writer.finish(manifest);
    return { manifest, bytes, sha256 };
  } catch (error) {
    writer.abort(error as Error);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The name of the `count`th migration, from the migrations folder this build carries. */
export function migrationTag(count: number): string | null {
  return count > 0 ? (readJournal()[count - 1]?.tag ?? null) : null;
}

/** Rows per table and documents, as the dashboard and the command print them. */
export function archiveCounts(manifest: Manifest): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of manifest.tables) counts[table.name] = table.rows;
  counts.documents = manifest.documents.length;
  return counts;
}

/**
 * Where archives go: a folder (named by the time, old ones pruned), one file, an S3 bucket and prefix
 * (pruned as a folder), or a stream (the `db:backup` command asking the running server).
 */
export type BackupTarget =
  | { kind: "dir"; dir: string }
  | { kind: "file"; file: string }
  | { kind: "s3"; bucket: string; prefix: string; client: S3Like }
  | { kind: "stream"; sink: Writable; location: string };

/** What a backup needs of an S3 client: the SDK's, loaded only when backups go to a bucket. */
export type S3Like = {
  upload: (bucket: string, key: string, body: Readable) => Promise<void>;
  list: (bucket: string, prefix: string) => AsyncIterable<{ key: string; lastModified: Date }>;
  delete: (bucket: string, key: string) => Promise<void>;
};

export type BackupOptions = BackupSources & {
  target: BackupTarget;
  trigger: "daily" | "manual" | "command";
  requestedBy?: string | null;
  keepDays: number;
  /** Whether to record it in `backups` (false for a database whose migrations predate that table). */
  record?: boolean;
  log?: (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;
};

export type BackupResult = { id: string; location: string; bytes: number; sha256: string; counts: Record<string, number> };

/**
 * Makes a backup into the target, records it (running, then ok or failed with the error), and deletes
 * the target's archives older than `keepDays` (the newest is always kept). Throws what failed.
 */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const db = options.database.db;
  const record = options.record ?? true;
  const [row] = record
    ? await db
        .insert(backups)
        .values({ trigger: options.trigger, requestedBy: options.requestedBy ?? null })
        .returning({ id: backups.id })
    : [{ id: "" }];
  const name = archiveName();
  try {
    const { location, written } = await writeToTarget(options, name);
    const counts = archiveCounts(written.manifest);
    if (record)
      await db
        .update(backups)
        .set({ status: "ok", finishedAt: new Date(), location, sizeBytes: written.bytes, sha256: written.sha256, counts })
        .where(eq(backups.id, row.id));
    options.log?.("info", { location, bytes: written.bytes, counts }, "backup written");
    await pruneArchives(options.target, options.keepDays, name).catch((error: unknown) =>
      options.log?.("warn", { err: error }, "old backups could not be deleted"),
    );
    return { id: row.id, location, bytes: written.bytes, sha256: written.sha256, counts };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (record)
      await db
        .update(backups)
        .set({ status: "failed", finishedAt: new Date(), error: message.slice(0, 2000) })
        .where(eq(backups.id, row.id))
        .catch(() => {});
    options.log?.("error", { err: error }, "backup failed");
    throw error;
  }
}

async function writeToTarget(options: BackupOptions, name: string): Promise<{ location: string; written: WrittenArchive }> {
  const target = options.target;
  if (target.kind === "stream") return { location: target.location, written: await writeArchive(options, target.sink) };
  if (target.kind === "dir" || target.kind === "file") {
    const dir = target.kind === "dir" ? target.dir : path.dirname(path.resolve(target.file));
    const file = target.kind === "dir" ? path.join(dir, name) : path.resolve(target.file);
    if (target.kind === "dir") await ensurePrivateDir(dir);
    const partial = path.join(dir, `.${path.basename(file)}.${randomUUID()}.part`);
    const out = createWriteStream(partial, { flags: "wx", mode: PRIVATE_FILE_MODE });
    try {
      const written = await writeArchive(options, out);
      await rename(partial, file);
      return { location: file, written };
    } catch (error) {
      // A stream torn down while it still opens its file would make the file after the rm: wait for it.
      if (!out.closed) {
        const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
        out.destroy();
        await closed;
      }
      await rm(partial, { force: true });
      throw error;
    }
  }
  const key = `${target.prefix}${name}`;
  const body = new PassThrough();
  const uploading = target.client.upload(target.bucket, key, body);
  uploading.catch(() => {});
  try {
    const written = await writeArchive(options, body);
    await uploading;
    return { location: `s3://${target.bucket}/${key}`, written };
  } catch (error) {
    body.destroy();
    await uploading.catch(() => {});
    await target.client.delete(target.bucket, key).catch(() => {});
    throw error;
  }
}

const DAY_MS = 24 * 3_600_000;

/** Deletes the target's archives begun more than `keepDays` ago, except the newest and `keep`. */
export async function pruneArchives(target: BackupTarget, keepDays: number, keep: string, now = Date.now()): Promise<number> {
  if (target.kind === "file" || target.kind === "stream") return 0;
  const before = now - keepDays * DAY_MS;
  const archives: { name: string; at: number; remove: () => Promise<void> }[] = [];
  if (target.kind === "dir") {
    for (const name of await readdir(target.dir)) {
      if (!ARCHIVE_NAME.test(name)) continue;
      const info = await stat(path.join(target.dir, name)).catch(() => undefined);
      if (info) archives.push({ name, at: info.mtimeMs, remove: () => unlink(path.join(target.dir, name)) });
    }
  } else {
    for await (const { key, lastModified } of target.client.list(target.bucket, target.prefix)) {
      const name = key.slice(target.prefix.length);
      if (ARCHIVE_NAME.test(name))
        archives.push({ name, at: lastModified.getTime(), remove: () => target.client.delete(target.bucket, key) });
    }
  }
  archives.sort((a, b) => b.at - a.at);
  let removed = 0;
  for (const archive of archives.slice(1)) {
    if (archive.name === keep || archive.at >= before) continue;
    await archive.remove();
    removed++;
  }
  return removed;
}

/** A backup that has not finished after this long was cut off (its process stopped): it shows as failed. */
export const STALLED_BACKUP_MS = 3_600_000;

export type BackupStatus = {
  /** The newest backup that succeeded. */
  last: { at: Date; bytes: number; location: string } | null;
  /** Set when the newest backup failed or stalled: what went wrong and when. */
  failure: { at: Date; error: string } | null;
  running: boolean;
};

/** What the dashboard shows of backups. */
export async function backupStatus(db: Pick<Database, "select">, now = new Date()): Promise<BackupStatus> {
  const recent = await db.select().from(backups).orderBy(desc(backups.startedAt)).limit(20);
  const okRow = recent.find((row) => row.status === "ok");
  const last = okRow
    ? { at: okRow.finishedAt ?? okRow.startedAt, bytes: okRow.sizeBytes ?? 0, location: okRow.location ?? "" }
    : await db
        .select()
        .from(backups)
        .where(eq(backups.status, "ok"))
        .orderBy(desc(backups.startedAt))
        .limit(1)
        .then(([row]) => (row ? { at: row.finishedAt ?? row.startedAt, bytes: row.sizeBytes ?? 0, location: row.location ?? "" } : null));
  const stalled = (row: (typeof recent)[number]) => row.status === "running" && now.getTime() - row.startedAt.getTime() > STALLED_BACKUP_MS;
  const newest = recent.find((row) => row.status !== "running" || stalled(row));
  const failure =
    newest && newest.status !== "ok"
      ? {
          at: newest.finishedAt ?? newest.startedAt,
          error: newest.error ?? "The backup stopped before it finished (the server was stopped or restarted).",
        }
      : null;
  return { last, failure, running: recent.some((row) => row.status === "running" && !stalled(row)) };
}
