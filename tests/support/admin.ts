/** Admin accounts for tests: the test account, creating it, signing in over HTTP, and running admin:create. */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureAdminAccount } from "../../app/features/auth/auth.server";
import type { Role } from "../../app/lib/roles";
import type { AppServices } from "../../server/context";
import { createPostgresDatabase, type TestDatabaseKind, testFilesFolder } from "./databases";
import { writeStartedFolder } from "./pglite-template";
import { root } from "./server";
import { STARTED_POSTGRES_VARIABLE } from "./started-names";

export const TEST_ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

export type AdminCredentials = { email: string; password: string };

/**
 * Creates the account when none has that email (with the server's scrypt cost): an owner unless `role`
 * says otherwise, so a test of a screen's own behaviour is not a test of the role table.
 */
export async function ensureAdmin(
  services: Pick<AppServices, "db" | "config">,
  creds: AdminCredentials = TEST_ADMIN,
  role: Role = "owner",
) {
  return ensureAdminAccount(services.db, creds.email, creds.password, { scryptN: services.config.AUTH_SCRYPT_N, role });
}

/** Signs in through POST /api/auth/login; answers the value to send as the Cookie header. */
export async function signIn(serverUrl: string, creds: AdminCredentials = TEST_ADMIN): Promise<string> {
  const res = await fetch(`${serverUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: creds.email, password: creds.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${creds.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0];
}

/**
 * A database that outlives one process: a temporary folder for PGlite, a fresh database on PostgreSQL.
 * By default a copy of the run's database as a first start leaves it (started-database.ts); `started:
 * false` for an empty one (for PGlite, no folder yet: the first process makes it).
 */
export async function persistentDatabase(
  kind: TestDatabaseKind,
  { started = true }: { started?: boolean } = {},
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "admin-test-"));
    if (started) await writeStartedFolder(path.join(dir, "pglite"));
    return { env: { DATA_DIR: dir, DATABASE_URL: "" }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createPostgresDatabase({ template: started ? process.env[STARTED_POSTGRES_VARIABLE] : undefined });
  const files = testFilesFolder();
  return { env: { DATABASE_URL: url, DATA_DIR: files.dir }, cleanup: () => drop().finally(files.remove) };
}

/** Runs `npm run admin:create` (scripts/cli.ts admin:create) with these arguments, environment and standard input. */
export function adminCreate(args: string[], env: Record<string, string>, stdin: string) {
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/cli.ts", "admin:create", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SCRYPT_N: "1024", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(stdin);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}
