/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
 * Both are driven through the same Drizzle schema and migrations.
 */
import { chmodSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Whether the pgvector extension is installed and usable. */
  hasVector: boolean;
  close: () => Promise<void>;
};

/** `url` for PostgreSQL; otherwise `dataDir`, a folder for PGlite's files or "memory://" for a throw-away database. */
export type DatabaseOptions = { url?: string; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    const hasVector = await ensureVector(db, false);
    return { db, kind: "postgres", hasVector, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "./data";
  const location = dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite");
  if (location.startsWith("memory://")) {
    const client = await PGlite.create(location, { extensions: { vector } });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await ensureVector(db, true);
    return { db, kind: "pglite", hasVector: true, close: () => client.close() };
  }
  // The database holds visitors' personal data: its folder is for the server's user only, whatever the umask.
  mkdirSync(location, { recursive: true, mode: 0o700 });
  chmodSync(location, 0o700);
  const unlock = lockDataDir(path.dirname(location));
  try {
    const client = await PGlite.create(location, { extensions: { vector } });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await ensureVector(db, true);
    return {
      db,
      kind: "pglite",
      hasVector: true,
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
