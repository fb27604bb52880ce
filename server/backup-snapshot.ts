/**
 * `node build/backup-snapshot.js <copied-data-folder> <folder>`: the embedded database's part of a backup, in a
 * process of its own. The running server copies its data folder while no query runs (db/client.ts
 * `copyDataFolder`) and this process opens the copy and writes every table into `<folder>/db`
 * (app/features/backup/tables.server.ts), so the second database's memory and start-up are never the server's,
 * and leads go on being answered meanwhile. It prints what it wrote as one line of JSON.
 */
import { readCopiedSnapshot } from "#db/client";
import { exportTables } from "~/features/backup/tables.server";

const [copy, folder] = process.argv.slice(2);
if (!copy || !folder) {
  console.error("Usage: node build/backup-snapshot.js <copied-data-folder> <folder>");
  process.exit(2);
}
try {
  const result = await readCopiedSnapshot(copy, (query) => exportTables(query, folder));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
