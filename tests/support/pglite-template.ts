/**
 * A fresh embedded database without running initdb each time.
 *
 * Every `PGlite.create("memory://")` runs initdb in a second PGlite instance before it opens: about 1.5 s
 * of CPU, the larger part of a test database's cost (migrations take a fifth of that). The data folder
 * initdb makes is the same every time, so the suite makes it once (`ensurePgliteTemplate`, from Vitest's
 * global setup) and every in-memory database of a test run starts from a copy of it (`startMemoryDatabasesFromTemplate`,
 * from the setup file). Nothing else changes: the copy is the cluster initdb makes, still empty, and the
 * code under test migrates it as it would a new one. Databases in folders are left alone.
 *
 * The copies are taken lean (`leanDump`): after a checkpoint, so a copy opens without replaying the
 * write-ahead log, and without the `template0` and `template1` databases, which no connection of the
 * product or the tests uses (only CREATE DATABASE copies them): a copy opens in about 0.75 s of CPU
 * instead of 1.2 s.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { STARTED_MEMORY, STARTED_PGLITE_VARIABLE } from "./started-names";

const root = path.resolve(import.meta.dirname, "../..");
const pgliteVersion = (
  JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }
).version;

/** Where the template of this PGlite version is kept between runs (node_modules/.cache, so a new install makes a new one). */
export const pgliteTemplateFile = path.join(root, "node_modules/.cache/agency-tests", `pglite-${pgliteVersion}-lean.tar`);

/** Makes the template when it is missing (the first run after an install). */
export async function ensurePgliteTemplate(): Promise<void> {
  if (existsSync(pgliteTemplateFile)) return;
  const client = await PGlite.create("memory://");
  try {
    const dump = await leanDump(client);
    mkdirSync(path.dirname(pgliteTemplateFile), { recursive: true });
    // Written aside then renamed, so a run started at the same moment never reads half a file.
    const partial = `${pgliteTemplateFile}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, pgliteTemplateFile);
  } finally {
    await client.close();
  }
}

type Create = (dataDirOrOptions?: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;

/** From now on in this process, `PGlite.create("memory://...")` loads the template instead of running initdb. */
export function startMemoryDatabasesFromTemplate(): void {
  if (!existsSync(pgliteTemplateFile)) return;
  const pglite = PGlite as unknown as { create: Create; templated?: boolean };
  if (pglite.templated) return;
  let template: Blob | undefined;
  let started: Blob | undefined;
  const create = pglite.create.bind(PGlite);
  pglite.create = (dataDirOrOptions, options) => {
    const inMemory = typeof dataDirOrOptions === "string" && dataDirOrOptions.startsWith("memory://");
    if (!inMemory || options?.loadDataDir || options?.fs || options?.noInitDb) return create(dataDirOrOptions, options);
    // A copy of the run's started database (started-database.ts), when the global setup made one.
    const startedFile = process.env[STARTED_PGLITE_VARIABLE];
    if (dataDirOrOptions === STARTED_MEMORY && startedFile) {
      started ??= new Blob([readFileSync(startedFile)]);
      return create("memory://", { ...options, loadDataDir: started });
    }
    template ??= new Blob([readFileSync(pgliteTemplateFile)]);
    return create("memory://", { ...options, loadDataDir: template });
  };
  pglite.templated = true;
}

/**
 * Writes a copy of the run's started database (started-database.ts) into a data folder, as a server's
 * first start there would have left it; nothing when the global setup made none.
 */
export async function writeStartedFolder(folder: string): Promise<void> {
  const file = process.env[STARTED_PGLITE_VARIABLE];
  if (!file) return;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(folder, { loadDataDir: new Blob([readFileSync(file)]), extensions: { vector } });
  await client.close();
}

/**
 * A dump of the database's data folder that opens faster: without the other databases of the cluster
 * (`template0` and `template1`, dropped) and taken after a checkpoint.
 */
export async function leanDump(client: PGlite): Promise<Buffer> {
  const { rows } = await client.query<{ name: string }>("select datname as name from pg_database where datname <> current_database()");
  for (const { name } of rows) {
    await client.query(`alter database "${name}" is_template false`);
    await client.query(`drop database "${name}"`);
  }
  await client.query("checkpoint");
  return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
}
