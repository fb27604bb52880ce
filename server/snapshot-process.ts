/**
 * Runs server/backup-snapshot.ts as a child process: build/backup-snapshot.js beside the server's bundle in
 * production, the source through tsx in development and tests.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TableEntry } from "~/features/backup/archive.server";

const here = path.dirname(fileURLToPath(import.meta.url));

function command(): { args: string[]; cwd: string } {
  // The bundle's code sits in build/ (or in a chunk folder below it); the source in server/.
  for (const built of [path.join(here, "backup-snapshot.js"), path.join(here, "..", "backup-snapshot.js")])
    if (existsSync(built)) return { args: [built], cwd: path.dirname(path.dirname(built)) };
  const root = path.resolve(here, "..");
  return { args: ["--import", "tsx", path.join(root, "server", "backup-snapshot.ts")], cwd: root };
}

/** Exports the tables of the embedded database's copied data folder `copy` into `folder`, in a child process. */
export function exportInChildProcess(copy: string, folder: string): Promise<{ tables: TableEntry[]; migrations: number }> {
  const { args, cwd } = command();
  const child = spawn(process.execPath, [...args, copy, folder], { cwd, env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr = `${stderr}${d}`.slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error("the backup's export process answered something other than its result"));
        }
      } else reject(new Error(`the backup's export process failed (${signal ?? `exit ${code}`}): ${stderr.trim() || "no message"}`));
    });
  });
}
