/**
 * The site's commands, one entry point: `npm run <command>` in a checkout, and in production (the
 * container has no development dependencies) `node build/cli.js <command> ...`, which the build makes
 * from this file. Settings come from the environment and from .env beside package.json, as the server's.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { adminCreate } from "./admin-create";
import { backupCommand } from "./backup-commands";
import { dbCommand } from "./db";

const USAGE = `Usage: node build/cli.js <command> [options]     (in a checkout: npm run <command> -- [options])

Commands:
  admin:create   create a back-office admin, or --reset-password / --reset-2fa for an existing one
  db:migrate     apply the database migrations
  db:seed        apply the migrations and add the starting data
  db:backup      write an archive of the database and every document (--out FILE)
  db:restore     restore an archive into an empty database (FILE [--force])

Each command takes --help.`;

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  "admin:create": adminCreate,
  "db:migrate": (argv) => dbCommand("migrate", argv),
  "db:seed": (argv) => dbCommand("seed", argv),
  "db:backup": (argv) => backupCommand("db:backup", argv),
  "db:restore": (argv) => backupCommand("db:restore", argv),
};

async function main(): Promise<number> {
  const [command, ...argv] = process.argv.slice(2);
  if (!command || command === "--help" || command === "-h") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const run = commands[command];
  if (!run) {
    console.error(`Unknown command ${JSON.stringify(command)}.\n\n${USAGE}`);
    return 2;
  }
  // This file is scripts/cli.ts or build/cli.js: either way one folder below the site's root.
  const env = path.join(path.resolve(import.meta.dirname, ".."), ".env");
  if (existsSync(env)) process.loadEnvFile(env);
  return run(argv);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
