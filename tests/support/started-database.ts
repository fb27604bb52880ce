/**
 * Databases as a server's first start leaves them, made once per run.
 *
 * A server's first start on an empty database migrates it, seeds the first-run content and writes the
 * chat's offline index: on PGlite about 1.4 s of CPU of the 3.6 s a test server's start costs, paid again
 * by every test file that starts one. The global setup makes that state once per run
 * (`makeStartedTemplates`): a dump of a PGlite database and a PostgreSQL template database. A test
 * server starts from a copy (`databaseEnv(kind, { started: true })`, the default of `startTestServer`)
 * and still runs its migrations, seeds and index sync on it, finding them done.
 *
 * What a start writes for its database alone (the first-run setup code, the shared cookie secret) is
 * taken out of the templates, so every copy makes its own. Tests of a first start on an empty database
 * ask for one (`{ started: false }`).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../app/env.server";
import type { Database } from "../../db/client";
import { createServices } from "../../server/main";
import { createPostgresDatabase, postgresUrl, runPrefix, testFilesFolder } from "./databases";
import { leanDump, startMemoryDatabasesFromTemplate } from "./pglite-template";
import { STARTED_PGLITE_VARIABLE, STARTED_POSTGRES_VARIABLE } from "./started-names";

const root = path.resolve(import.meta.dirname, "../..");

const BASE_ENV = { NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_SCRYPT_N: "1024" };

/** Rows a start writes for its own database: a copy makes its own at its first start. */
async function forgetFirstStartRows(db: Database) {
  await db.execute(sql`delete from site_settings where starts_with(key, 'setup_code:') or starts_with(key, 'secret:')`);
}

/** Opens services on the database (migrations, seeds), writes the chat's offline index, and waits for it. */
async function firstStart(env: Record<string, string>, beforeStop: (db: Database) => Promise<void>) {
  const services = await createServices(loadConfig({ ...BASE_ENV, ...env }));
  try {
    await services.chat.start();
    await services.chat.settled();
    await forgetFirstStartRows(services.db);
    await beforeStop(services.db);
  } finally {
    await services.stop();
  }
}

async function startedPglite(run: string): Promise<string> {
  startMemoryDatabasesFromTemplate();
  const pglite = PGlite as unknown as { create: (...args: unknown[]) => Promise<PGlite> };
  const create = pglite.create;
  let client: PGlite | undefined;
  pglite.create = async (...args) => {
    client = await create(...args);
    return client;
  };
  const cache = path.join(root, "node_modules/.cache/agency-tests");
  const file = path.join(cache, `started-${run}.tar`);
  // A run that was stopped before its end left its dump: those older than a day go (a run never lasts one).
  for (const name of existsSync(cache) ? readdirSync(cache) : []) {
    const left = path.join(cache, name);
    if (name.startsWith("started-") && Date.now() - statSync(left).mtimeMs > 86_400_000) rmSync(left, { force: true });
  }
  try {
    await firstStart({ DATA_DIR: "memory://" }, async () => {
      if (!client) throw new Error("the started template's PGlite was not opened");
      const dump = await leanDump(client);
      mkdirSync(cache, { recursive: true });
      writeFileSync(file, dump);
    });
  } finally {
    pglite.create = create;
  }
  return file;
}

async function startedPostgres(run: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const { url, name, drop } = await createPostgresDatabase({ name: `${runPrefix(run)}started` });
  const files = testFilesFolder();
  try {
    await firstStart({ DATABASE_URL: url, DATA_DIR: files.dir }, async () => {});
  } catch (error) {
    await drop();
    throw error;
  } finally {
    files.remove();
  }
  return { name, drop };
}

/** Kept on the process: each project's global setup loads this module anew. */
const made = globalThis as { agencyStartedTemplates?: Promise<() => Promise<void>> };

/**
 * Makes this run's templates and tells the worker processes where they are; answers a function that
 * deletes them (safe to call twice). Once per run: the global setup runs for each Vitest project.
 */
export function makeStartedTemplates(run: string): Promise<() => Promise<void>> {
  made.agencyStartedTemplates ??= makeTemplates(run);
  return made.agencyStartedTemplates;
}

async function makeTemplates(run: string): Promise<() => Promise<void>> {
  const [pglite, postgres] = await Promise.allSettled([startedPglite(run), postgresUrl ? startedPostgres(run) : undefined]);
  const remove = async () => {
    if (pglite.status === "fulfilled") rmSync(pglite.value, { force: true });
    if (postgres.status === "fulfilled") await postgres.value?.drop();
  };
  if (pglite.status === "rejected" || postgres.status === "rejected") {
    await remove();
    throw pglite.status === "rejected" ? pglite.reason : (postgres as PromiseRejectedResult).reason;
  }
  process.env[STARTED_PGLITE_VARIABLE] = pglite.value;
  if (postgres.value) process.env[STARTED_POSTGRES_VARIABLE] = postgres.value.name;
  return remove;
}
