import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { DatabaseHandle } from "./client";

/** The migrations folder; this module sits one level below the project root in source and in the build. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "db", "migrations");

/**
 * The PostgreSQL advisory lock every migration run holds (servers starting together, `npm run
 * db:migrate`, `npm run db:seed`): one applies the migrations, the others wait and find them applied.
 */
export const MIGRATION_LOCK_KEY = 7_751_001;

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    // One process owns an embedded database at a time (DATA_DIR/pglite.lock): nothing to wait for.
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });
    return;
  }
  const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
  await withMigrationLock(handle, () => migratePg(handle.db, { migrationsFolder: folder }));
}

/** Runs `work` while holding the migration lock on a connection of its own. */
export async function withMigrationLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind === "pglite") return work();
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export type JournalEntry = { idx: number; tag: string; when: number };

/** The migrations this build carries, in order (drizzle-kit's journal). */
export function readJournal(folder = migrationsFolder): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;
}

/** How many migrations the database has had applied (0 for a database never migrated). */
export async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const exists = await handle.db.execute(
    sql`select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (exists.rows.length === 0) return 0;
  const result = await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return (result.rows[0] as { count: number }).count;
}

/**
 * Applies the first `count` migrations only (a restore builds the schema an archive was made with,
 * loads it, then applies the rest): the migrator is given a copy of the folder whose journal ends there.
 */
export async function runMigrationsTo(handle: DatabaseHandle, count: number, folder = migrationsFolder): Promise<void> {
  const entries = readJournal(folder);
  if (count > entries.length) throw new Error(`only ${entries.length} migrations are known, not ${count}`);
  const partial = mkdtempSync(path.join(os.tmpdir(), "agency-migrations-"));
  try {
    mkdirSync(path.join(partial, "meta"));
    const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
    writeFileSync(path.join(partial, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: entries.slice(0, count) }));
    for (const entry of entries.slice(0, count))
      copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(partial, `${entry.tag}.sql`));
    await runMigrations(handle, partial);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
