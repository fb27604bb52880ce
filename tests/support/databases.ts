/**
 * The databases integration tests run on: embedded PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it, and there it must not be skipped).
 *
 * Every test file gets databases of its own (a fresh in-memory PGlite, or a new PostgreSQL database
 * made from template1 and dropped after the file), so files run in parallel without sharing rows.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { STARTED_MEMORY, STARTED_POSTGRES_VARIABLE } from "./started-names";

export type TestDatabaseKind = "pglite" | "postgres";

export const postgresUrl = process.env.TEST_DATABASE_URL;
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

/**
 * A fresh PostgreSQL database for one test file, empty or a copy of `template`; `drop` removes it.
 * `name` is for the run's own databases (started-database.ts); a test file's get a random one.
 */
export async function createPostgresDatabase(
  options: { template?: string; name?: string } = {},
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = options.name ?? `${runPrefix(runId())}${randomBytes(5).toString("hex")}`;
  await withServer(async (client) => {
    await client.query(`create database ${name}${options.template ? ` template ${pg.escapeIdentifier(options.template)}` : ""}`);
    // A test database need not wait for its commits to reach the disk (nothing is kept after a crash).
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
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

/**
 * Environment values selecting a fresh database of the given kind: empty, or (`started`) a copy of this
 * run's database as a server's first start leaves it (started-database.ts).
 */
export async function databaseEnv(
  kind: TestDatabaseKind,
  { started = false }: { started?: boolean } = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") return { env: { DATA_DIR: started ? STARTED_MEMORY : "memory://" }, cleanup: async () => {} };
  const template = started ? process.env[STARTED_POSTGRES_VARIABLE] : undefined;
  const { url, drop } = await createPostgresDatabase({ template });
  const files = testFilesFolder();
  return { env: { DATABASE_URL: url, DATA_DIR: files.dir }, cleanup: () => drop().finally(files.remove) };
}

/**
 * A folder of its own for what a server on PostgreSQL keeps in DATA_DIR (mail written to files, uploaded
 * documents), removed by `remove`: never the checkout's ./data, where a developer's own site keeps its files.
 */
export function testFilesFolder(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-test-files-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
