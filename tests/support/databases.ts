/**
 * The databases integration tests run on: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it, and there it must not be skipped).
 *
 * Every test file gets databases of its own (a fresh in-memory PGlite, or a new PostgreSQL database
 * made from template1 and dropped after the file), so files run in parallel without sharing rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export type TestDatabaseKind = "pglite" | "postgres";

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgresUrl) {
  throw new Error("CI runs the integration suite on PostgreSQL too: set TEST_DATABASE_URL.");
}

export const databaseKinds: TestDatabaseKind[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

/**
 * The run's own prefix for PostgreSQL database names (set once per run by the global setup): runs
 * side by side on one server never touch each other's databases, and the end of a run drops whatever
 * a crashed file of that run left behind.
 */
export const RUN_VARIABLE = "AGENCY_TEST_RUN";
export const runPrefix = (run: string) => `agency_test_${run}_`;

/** This run's id: the one the global setup chose, or one of this process's own when a file runs without it. */
export function runId(): string {
  const id = process.env[RUN_VARIABLE] || randomBytes(3).toString("hex");
  process.env[RUN_VARIABLE] = id;
  return id;
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database for one test file; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${runPrefix(runId())}${randomBytes(5).toString("hex")}`;
  await withServer(async (client) => {
    await client.query(`create database ${name}`);
    // A test database need not wait for its commits to reach the disk (nothing is kept after a crash).
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** Drops the databases a run left (a file that crashed before its own clean-up). */
export async function dropRunDatabases(run: string): Promise<string[]> {
  if (!postgresUrl) return [];
  return withServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [
      runPrefix(run),
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
    return rows.map((row) => row.datname);
  });
}

/** Environment values selecting a fresh database of the given kind. */
export async function databaseEnv(kind: TestDatabaseKind): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") return { env: { DATA_DIR: "memory://" }, cleanup: async () => {} };
  const { url, drop } = await createPostgresDatabase();
  return { env: { DATABASE_URL: url }, cleanup: drop };
}
