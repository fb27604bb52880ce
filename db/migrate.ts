import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
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
