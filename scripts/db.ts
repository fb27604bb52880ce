/**
 * `npm run db:migrate`: applies the migrations to the configured database (DATABASE_URL, or the
 * embedded database in DATA_DIR; .env is read too), holding the same lock the server takes.
 * `npm run db:seed`: the same, then adds the starting data (the blog categories, and the agency's
 * first-run profile, team, testimonials and FAQ where the database has none yet); both are safe to
 * run again. The server does both at start, so these are for deploy steps and fresh databases.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { seed } from "#db/seed";
import { ConfigError, loadConfig } from "../app/env.server";
import { seedSiteContent } from "../app/features/settings/site.server";

const USAGE = `Usage: npm run db:migrate [-- --dry-run]
       npm run db:seed [-- --dry-run]

Applies the database migrations (db:seed: then the starting data) to DATABASE_URL, or to the
embedded database in DATA_DIR (./data) when DATABASE_URL is not set. Settings come from the
environment and from .env. With the embedded database, stop the server first.

  --dry-run   say which database would be used, and change nothing
  --help      this text`;

async function run(command: string, argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { "dry-run": { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command !== "migrate" && command !== "seed") {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const target = config.DATABASE_URL
    ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}`
    : `the embedded database in ${path.resolve(config.DATA_DIR)}`;
  if (values["dry-run"]) {
    console.log(`Would ${command === "seed" ? "migrate and seed" : "migrate"} ${target}.`);
    return 0;
  }
  const handle = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  try {
    await runMigrations(handle);
    if (command === "seed") {
      await seed(handle.db);
      await seedSiteContent(handle.db);
    }
  } finally {
    await handle.close();
  }
  console.log(`${command === "seed" ? "Migrated and seeded" : "Migrated"} ${target}.`);
  return 0;
}

/** `db:migrate` and `db:seed`: answers the exit code, having printed what happened. */
export async function dbCommand(command: string, argv: string[]): Promise<number> {
  try {
    return await run(command, argv);
  } catch (error) {
    if (error instanceof ConfigError) console.error(error.message);
    else
      console.error(
        `The database could not be ${command === "seed" ? "seeded" : "migrated"}:`,
        error instanceof Error ? error.message : error,
      );
    return 1;
  }
}
