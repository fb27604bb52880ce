/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
 * Both are driven through the same Drizzle schema and migrations.
 */
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { chmod, cp, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { ListenOptions } from "./notifications";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

export type { ListenOptions };

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Whether the pgvector extension is installed and usable. */
  hasVector: boolean;
  /**
   * Calls `onPayload` with each NOTIFY on `channel`, from this process or any other on the database
   * (PostgreSQL: a dedicated connection, re-opened with backoff; `onReconnect` says when notifications
   * may have been missed). Answers the function that stops listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void, options?: ListenOptions) => Promise<() => Promise<void>>;
  /** NOTIFY outside any transaction (inside one, call `notify(tx, ...)`: it is delivered at commit). */
  notify: (channel: string, payload: string) => Promise<void>;
  /**
   * Runs `work` while holding the lock called `name`, so that processes sharing the database take turns
   * (PostgreSQL: an advisory lock on a pooled connection of its own; PGlite has one process: no wait).
   * Waiting ends with `signal`'s reason when it aborts.
   */
  withLock: <T>(name: string, work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  /**
   * Runs `work` on a consistent, read-only view of the whole database as it was when it began, while the
   * site goes on writing (PostgreSQL: a REPEATABLE READ transaction of its own; PGlite: a copy of the data
   * folder taken in one step, opened in memory and thrown away after).
   */
  readSnapshot: <T>(work: (query: SnapshotQuery) => Promise<T>) => Promise<T>;
  /**
   * The embedded database on disk only: copies its data folder beside it while no query runs (the copy is
   * what a power cut would leave, which PostgreSQL recovers from), for another process to open with
   * `readCopiedSnapshot`, so that opening it costs the server neither memory nor time on its thread.
   */
  copyDataFolder?: () => Promise<{ dir: string; remove: () => Promise<void> }>;
  close: () => Promise<void>;
};

/** A plain SQL query on a snapshot; `$1`-style parameters. */
export type SnapshotQuery = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Sends a notification through `db`, which may be a transaction: PostgreSQL delivers it when that
 * commits and drops it when it rolls back, so listeners hear only of changes that happened.
 */
export async function notify(db: Pick<Database, "execute">, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** The advisory lock key of a name: 64 bits of its hash (the migration lock's small key is not among them in practice). */
export function lockKey(name: string): string {
  return createHash("sha256").update(name).digest().readBigInt64BE(0).toString();
}

const LOCK_POLL_MS = 200;

/**
 * Waits for the advisory lock by polling rather than blocking in `pg_advisory_lock`, so a process
 * shutting down stops waiting at once instead of after the holder's work.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const key = lockKey(name);
  const client = await pool.connect();
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key]);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
  try {
    return await work();
  } finally {
    try {
      await client.query("select pg_advisory_unlock($1::bigint)", [key]);
      client.release();
    } catch (error) {
      // The connection is gone, and the lock with it: the pool must not hand out the broken client.
      client.release(error instanceof Error ? error : true);
    }
  }
}

/**
 * A snapshot of the embedded database: its data folder copied in one step (queries wait only for the
 * copy, about 150 ms for a new site's 42 MB), opened as a second, in-memory PGlite for `work`. The copy
 * is what a power cut would leave, which PostgreSQL recovers from: committed transactions are in it and
 * one open at that moment is not.
 */
async function pgliteSnapshot<T>(client: PGlite, work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  return readDumpedSnapshot(await client.dumpDataDir("none"), work);
}

/** Opens a copy of an embedded database's folder (`dumpDataDir`'s tar) in memory and runs `work` on it, read-only. */
async function readDumpedSnapshot<T>(dump: Blob, work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  return readCopy(await PGlite.create({ loadDataDir: dump, ...pgliteOptions() }), work);
}

/** Opens the copied data folder `dir` (`copyDataFolder`) and runs `work` on it in one transaction. */
export async function readCopiedSnapshot<T>(dir: string, work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  return readCopy(await PGlite.create(dir, pgliteOptions()), work);
}

async function readCopy<T>(copy: PGlite, work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  try {
    return await copy.transaction(async (tx) =>
      work(async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows),
    );
  } finally {
    await copy.close();
  }
}

/** A REPEATABLE READ, read-only transaction on a connection of its own: writers go on meanwhile. */
async function postgresSnapshot<T>(pool: pg.Pool, work: (query: SnapshotQuery) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    try {
      const result = await work(async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[]);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    }
  } finally {
    client.release();
  }
}

/** PGlite's own LISTEN: NOTIFY from its single connection reaches it once the sending transaction commits. */
function pgliteSignals(client: PGlite): Pick<DatabaseHandle, "listen" | "withLock" | "readSnapshot"> {
  return {
    readSnapshot: (work) => pgliteSnapshot(client, work),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    withLock: async (_name, work, signal) => {
      signal?.throwIfAborted();
      return work();
    },
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's default (128 MB, which initdb writes) is sized for a
 * server of its own; in the site's process it was a third of the memory the site held. An agency's
 * database is tens of megabytes and PGlite reads its files through the operating system's cache, so
 * 16 MB keeps the working set: resident memory of the opened database 331 MB -> 190 MB at 32 MB
 * (docs/decisions/041), and 242 -> 202 MB after the same queries at 16 MB (docs/decisions/042).
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

const pgliteOptions = () => ({
  // pg_trgm: the back office's search indexes (db/migrations/0016_search.sql).
  extensions: { vector, pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
});

/** `url` for PostgreSQL; otherwise `dataDir`, a folder for PGlite's files or "memory://" for a throw-away database. */
export type DatabaseOptions = { url?: string; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // PostgreSQL's driver is loaded only for PostgreSQL: the embedded database's starts skip it (docs/decisions/069).
    const [{ default: pg }, { drizzle: drizzlePg }, { PostgresListener }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("./notifications"),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    const hasVector = await ensureVector(db, false);
    const listener = new PostgresListener(options.url);
    return {
      db,
      kind: "postgres",
      hasVector,
      listen: (channel, onPayload, listenOptions) => listener.listen(channel, onPayload, listenOptions),
      notify: (channel, payload) => notify(db, channel, payload),
      withLock: (name, work, signal) => withAdvisoryLock(pool, name, work, signal),
      readSnapshot: (work) => postgresSnapshot(pool, work),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir ?? "./data";
  const location = dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite");
  if (location.startsWith("memory://")) {
    const client = await PGlite.create(location, pgliteOptions());
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await ensureVector(db, true);
    return {
      db,
      kind: "pglite",
      hasVector: true,
      ...pgliteSignals(client),
      notify: (channel, payload) => notify(db, channel, payload),
      close: () => client.close(),
    };
  }
  // The database holds visitors' personal data: its folder is for the server's user only, whatever the umask.
  mkdirSync(location, { recursive: true, mode: 0o700 });
  chmodSync(location, 0o700);
  const unlock = lockDataDir(path.dirname(location));
  try {
    // Copies left by a backup whose process died: this process holds the folder's lock, so they are no one's.
    for (const name of readdirSync(path.dirname(location)))
      if (name.startsWith(COPY_PREFIX)) rmSync(path.join(path.dirname(location), name), { recursive: true, force: true });
    const client = await PGlite.create(location, pgliteOptions());
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await ensureVector(db, true);
    return {
      db,
      kind: "pglite",
      hasVector: true,
      ...pgliteSignals(client),
      notify: (channel, payload) => notify(db, channel, payload),
      copyDataFolder: () => copyDataFolder(client, location),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

const COPY_PREFIX = ".backup-copy-";

/**
 * Copies a folder with the system's `cp -a` (about 0.15 s for a site of 1,000 leads' 70 MB, 1,200 files, where
 * Node's asynchronous `cp` took 0.6 to 0.9 s), leaving the event loop free; Node's own copy where there is no `cp`.
 */
function copyFolder(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile("cp", ["-a", from, to], (error, _stdout, stderr) => {
      if (!error) resolve();
      else if ((error as NodeJS.ErrnoException).code === "ENOENT") cp(from, to, { recursive: true }).then(resolve, reject);
      else reject(new Error(`the database's folder could not be copied: ${stderr.trim() || error.message}`));
    }),
  );
}

/**
 * Copies the data folder `location` beside it while the database runs no query and holds no transaction open
 * (its transaction lock is held for the copy: leads wait that long, about 0.15 s for a site of 1,000 leads).
 * The copy is the files as a power cut would leave them: committed work is in the write-ahead log, which the
 * copy replays when it is opened.
 */
async function copyDataFolder(client: PGlite, location: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = path.join(path.dirname(location), `${COPY_PREFIX}${randomUUID()}`);
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await client.transaction(() => copyFolder(location, dir));
  } catch (error) {
    await remove();
    throw error;
  }
  await chmod(dir, 0o700);
  return { dir, remove };
}

/**
 * The process holding the embedded database in `dataDir` (the running server, usually), or null when
 * none does: a command that finds one asks that process instead of opening the database itself.
 */
export function embeddedDatabaseOwner(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(path.join(path.resolve(dataDir), "pglite.lock"), "utf8").trim());
  } catch {
    return null;
  }
  return Number.isInteger(owner) && owner > 0 && owner !== process.pid && processExists(owner) ? owner : null;
}

/**
 * PGlite takes no lock of its own, and two processes on one data folder corrupt it (e.g. the server and
 * `npm run admin:create`). DATA_DIR/pglite.lock holds the owner's pid; a lock whose process is gone is stale.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.lock");
  const mine = String(process.pid);
  try {
    writeFileSync(file, mine, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processExists(owner)) {
      throw new Error(
        `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner} (the server?): stop it first. If that process is not this site, delete ${file}.`,
      );
    }
    writeFileSync(file, mine);
  }
  return () => {
    try {
      if (readFileSync(file, "utf8") === mine) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates pgvector where the server has it; PostgreSQL without it still works (similarity in the app). */
async function ensureVector(db: Database, required: boolean): Promise<boolean> {
  if (!required) {
    const available = await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`);
    if (available.rows.length === 0) return false;
  }
  try {
    await db.execute(sql`create extension if not exists vector`);
    return true;
  } catch (error) {
    if (required) throw error;
    return false;
  }
}
