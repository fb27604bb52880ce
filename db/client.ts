/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
 * Both are driven through the same Drizzle schema and migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
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
  if (!location.startsWith("memory://")) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { vector } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await ensureVector(db, true);
  return { db, kind: "pglite", hasVector: true, close: () => client.close() };
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
