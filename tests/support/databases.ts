/**
 * The databases integration tests run on: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it, and there it must not be skipped).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type TestDatabaseKind = "pglite" | "postgres";

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  throw new Error("CI runs the integration suite on PostgreSQL too: set TEST_DATABASE_URL.");
}

export const databaseKinds: TestDatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/** A fresh, empty PostgreSQL database for one test file; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `agency_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Environment values selecting a fresh database of the given kind. */
export async function databaseEnv(kind: TestDatabaseKind): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") return { env: { DATA_DIR: "memory://" }, cleanup: async () => {} };
  const { url, drop } = await createPostgresDatabase();
  return { env: { DATABASE_URL: url }, cleanup: drop };
}
