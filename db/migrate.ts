import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client";

/** The migrations folder; this module sits one level below the project root in source and in the build. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "db", "migrations");

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase<Record<string, never>>, { migrationsFolder: folder });
  } else {
    await migratePg(handle.db, { migrationsFolder: folder });
  }
}
