/**
 * Folders and files holding visitors' personal data (uploaded documents, mail written to disk) are
 * readable by the server's own user only. Modes passed at creation are reduced by the process umask,
 * and an existing folder keeps whatever mode it had, so each mode is also set explicitly: the result
 * is the same whatever the umask of the shell or service manager that started the server.
 */
import { chmodSync, mkdirSync } from "node:fs";
import { chmod, mkdir } from "node:fs/promises";

/** rw for the owner only. */
export const PRIVATE_FILE_MODE = 0o600;
/** rwx for the owner only. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents, owner-only) if needed, and makes `dir` itself owner-only. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}
