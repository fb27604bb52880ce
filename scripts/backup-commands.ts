/**
 * `db:backup` and `db:restore` (README, "Backups and restore"; docs/decisions/045).
 *
 * db:backup writes one archive of the database and every stored document. On PostgreSQL it reads a
 * snapshot itself while the site runs; on the embedded database held by a running server it asks that
 * server over its local channel (server/control-channel.ts); with the server stopped it opens the
 * database itself.
 *
 * db:restore checks every file of an archive against its manifest, then loads it into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), which must be empty unless --force is given,
 * and its documents into the configured storage. Moving to PostgreSQL is a backup, then a restore with
 * DATABASE_URL set.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { embeddedDatabaseOwner, openDatabase } from "#db/client";
import { appliedMigrations, readJournal } from "#db/migrate";
import { ConfigError, loadConfig } from "../app/env.server";
import { ArchiveError } from "../app/features/backup/archive.server";
import { archiveName, type BackupResult, runBackup } from "../app/features/backup/backup.server";
import { RestoreRefused, restoreArchive } from "../app/features/backup/restore.server";
import { createFileStorage, uploadsDir } from "../app/features/uploads/storage.server";
import { APP_VERSION } from "../app/version";
import { BACKUP_RESULT_TRAILER, CONTROL_SOCKET } from "../server/control-channel";

export const BACKUP_USAGE = `Usage: npm run db:backup [-- --out FILE]
       node build/cli.js db:backup [--out FILE]

Writes one archive (.tar.gz) of the database and every stored document, with a manifest of counts and
SHA-256 checksums, while the site runs. Without --out it goes to BACKUP_DIR (DATA_DIR/backups unless set)
as agency-backup-<time>.tar.gz. Settings come from the environment and .env.`;

export const RESTORE_USAGE = `Usage: npm run db:restore -- FILE [--force]
       node build/cli.js db:restore FILE [--force]

Restores an archive made by db:backup into the configured database (DATABASE_URL, else the embedded
database in DATA_DIR) and its documents into the configured storage. Every file is checked against the
archive's checksums first. The database must be empty: --force replaces everything in it. With the
embedded database, stop the server first.`;

class UsageError extends Error {}

/** The migration that made the `backups` table: an older database's backup is not recorded in it. */
const backupsTableMigration = () => readJournal().findIndex((entry) => entry.tag === "0014_backups") + 1;

const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** "1,003 leads, 1,003 consent records, 12 posts, 3 documents" from an archive's counts. */
export function describeCounts(counts: Record<string, number>): string {
  const n = (value: number | undefined) => (value ?? 0).toLocaleString("en-US");
  return [
    `${n(counts.leads)} leads`,
    `${n(counts.consent_records)} consent records`,
    `${n(counts.blog_posts)} blog posts`,
    `${n(counts.admin_users)} back-office accounts`,
    `${n(counts.documents)} documents`,
  ].join(", ");
}

function databaseName(config: ReturnType<typeof loadConfig>): string {
  return config.DATABASE_URL
    ? `the PostgreSQL database at ${new URL(config.DATABASE_URL).host}`
    : `the embedded database in ${path.resolve(config.DATA_DIR)}`;
}

/** Asks the server holding the embedded database for an archive, into `partial`. */
function backupThroughServer(dataDir: string, partial: string, out: string): Promise<Pick<BackupResult, "bytes" | "sha256" | "counts">> {
  const socketPath = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: "POST", path: `/backup?out=${encodeURIComponent(out)}` }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`the server refused the backup (HTTP ${response.statusCode})`));
        return;
      }
      pipeline(response, createWriteStream(partial, { flags: "wx", mode: 0o600 })).then(() => {
        const trailer = response.trailers[BACKUP_RESULT_TRAILER.toLowerCase()];
        if (!trailer) reject(new Error("the server stopped before the archive was complete (see its log)"));
        else resolve(JSON.parse(trailer));
      }, reject);
    });
    request.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT" || error.code === "ECONNREFUSED"
          ? new Error(`the server holds the embedded database but does not answer on ${socketPath}; stop it and run db:backup again`)
          : error,
      ),
    );
    request.end();
  });
}

async function backup(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { out: { type: "string" }, help: { type: "boolean", short: "h", default: false } } });
  if (values.help) {
    console.log(BACKUP_USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL && config.DATA_DIR.startsWith("memory://"))
    throw new UsageError("DATA_DIR is an in-memory database: there is nothing on this machine to back up.");
  const dir = values.out ? undefined : config.BACKUP_DIR;
  if (!values.out && !dir) throw new UsageError("Name the archive with --out FILE, or set BACKUP_DIR.");
  const out = path.resolve(values.out ?? path.join(dir as string, archiveName()));
  await mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const started = performance.now();
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.part`);

  let result: Pick<BackupResult, "bytes" | "sha256" | "counts">;
  try {
    const owner = config.DATABASE_URL ? null : embeddedDatabaseOwner(config.DATA_DIR);
    if (owner !== null) {
      console.log(`The server (process ${owner}) holds the embedded database: asking it for the archive.`);
      result = await backupThroughServer(config.DATA_DIR, partial, out);
    } else {
      const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
      try {
        // The database as it is: a backup before an upgrade must not be of a database the new version migrated.
        const applied = await appliedMigrations(database);
        if (applied === 0) throw new UsageError(`${databaseName(config)} holds no site yet: there is nothing to back up.`);
        const storage = await createFileStorage(config, uploadsDir(config).dir);
        result = await runBackup({
          database,
          storage,
          version: APP_VERSION,
          target: { kind: "file", file: partial },
          trigger: "command",
          keepDays: config.BACKUP_KEEP_DAYS,
          record: applied >= backupsTableMigration(),
        });
      } finally {
        await database.close();
      }
    }
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const size = (await stat(out)).size;
  console.log(`Backup of ${databaseName(config)} written to ${out} (${mb(size)}) in ${seconds(started)}.`);
  console.log(`It holds ${describeCounts(result.counts)}. SHA-256 ${result.sha256}.`);
  return 0;
}

async function restore(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help) {
    console.log(RESTORE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("Name one archive to restore.");
  const file = path.resolve(positionals[0]);
  const config = loadConfig(process.env);
  if (!config.DATABASE_URL && config.DATA_DIR.startsWith("memory://"))
    throw new UsageError("DATA_DIR is an in-memory database: a restore there would vanish. Set DATA_DIR or DATABASE_URL.");
  const started = performance.now();
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    const storage = await createFileStorage(config, uploadsDir(config).dir);
    const result = await restoreArchive({ file, database, storage, force: values.force, targetName: databaseName(config) });
    const counts = { ...result.counts, documents: result.documents };
    console.log(
      `Restored ${path.basename(file)} (made ${result.manifest.createdAt} by version ${result.manifest.version}) into ${databaseName(config)} in ${seconds(started)}.`,
    );
    console.log(`Every file matched its checksum. It holds ${describeCounts(counts)}.`);
  } finally {
    await database.close();
  }
  return 0;
}

/** Runs `db:backup` or `db:restore`; answers the exit code, having printed what happened. */
export async function backupCommand(command: "db:backup" | "db:restore", argv: string[]): Promise<number> {
  try {
    return await (command === "db:backup" ? backup(argv) : restore(argv));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${command === "db:backup" ? BACKUP_USAGE : RESTORE_USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof ArchiveError || error instanceof RestoreRefused) console.error(error.message);
    else console.error(`${command} failed:`, error instanceof Error ? error.message : error);
    return 1;
  }
}
