/**
 * The folder of .eml files the file transport writes when SMTP_URL is not set (DATA_DIR/mail). Each
 * file is named `{created_at}-{kind}-{outbox row id}.eml`, so the row a file was written for is known
 * from its name alone, whichever process wrote it. A file is written under a temporary name and
 * renamed when complete: a process going over the folder (an erasure, the retention run) never reads
 * half a mail. Files stay after SMTP_URL is set, so both passes below run whatever the transport.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, renameSync, writeFileSync } from "node:fs";
import { chmod, readdir, readFile, rename, stat, unlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OutboxMail } from "#db/schema";
import type { Config } from "~/env.server";
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from "~/lib/private-files.server";
import { emlTexts, rewriteEml, UnwritableMailError } from "./eml.server";

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

/** Where mail is written without SMTP_URL: DATA_DIR/mail, or a temporary folder's when the database is in memory. */
export function mailFilesDir(config: Pick<Config, "DATA_DIR">): string {
  const base = config.DATA_DIR.startsWith("memory://") ? path.join(os.tmpdir(), "agency-mail") : config.DATA_DIR;
  return path.resolve(base, "mail");
}

export function mailFileName(mail: Pick<OutboxMail, "createdAt" | "kind" | "id">): string {
  const stamp = mail.createdAt.toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${mail.kind}-${mail.id}.eml`;
}

const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/;
const ROW_ID = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/i;
/** A file being written: `.{name}.{random}.tmp`, never an .eml until it is complete. */
const TEMPORARY = /^\..*\.eml\.[0-9a-f]+\.tmp$/;

/** The time a file's name gives (its mail's created_at), or null for a name of another shape. */
function stampOf(name: string): number | null {
  const m = STAMP.exec(name);
  if (!m) return null;
  const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(at) ? null : at;
}

/** The outbox row a file was written for, from its name. */
export function mailIdOfFile(name: string): string | null {
  return ROW_ID.exec(name)?.[1]?.toLowerCase() ?? null;
}

const temporaryName = (name: string) => `.${name}.${randomBytes(6).toString("hex")}.tmp`;

/** Writes a complete file as `name`, owner-only, replacing one of that name at once. */
export function writeMailFileSync(dir: string, name: string, content: Buffer): string {
  ensurePrivateDirSync(dir);
  const file = path.join(dir, name);
  const temporary = path.join(dir, temporaryName(name));
  writeFileSync(temporary, content, { mode: PRIVATE_FILE_MODE });
  chmodSync(temporary, PRIVATE_FILE_MODE);
  renameSync(temporary, file);
  return file;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/** Deletes a file; true if it was there. */
export async function removeMailFile(file: string): Promise<boolean> {
  try {
    await unlink(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** The folder's mail files (.eml, and temporary ones a crash may have left); none when the folder does not exist. */
async function mailFiles(dir: string): Promise<{ name: string; file: string; temporary: boolean }[]> {
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile() && (e.name.endsWith(".eml") || TEMPORARY.test(e.name)))
    .map((e) => ({ name: e.name, file: path.join(dir, e.name), temporary: !e.name.endsWith(".eml") }));
}

export type MailFileCounts = { deleted: number; redacted: number; failed: number };

/**
 * Deletes the mail files older than `cutoff`: by the time in the name (the mail's created_at, the
 * age the outbox's own rows are counted from) or the file's last change, whichever is earlier.
 */
export async function deleteMailFilesBefore(dir: string, cutoff: Date, log?: Log): Promise<MailFileCounts> {
  const counts: MailFileCounts = { deleted: 0, redacted: 0, failed: 0 };
  for (const { name, file } of await mailFiles(dir)) {
    try {
      const { mtimeMs } = await stat(file);
      const age = Math.min(mtimeMs, stampOf(name) ?? Number.POSITIVE_INFINITY);
      if (age < cutoff.getTime() && (await removeMailFile(file))) counts.deleted++;
    } catch (error) {
      if (isMissing(error)) continue;
      counts.failed++;
      log?.("error", { err: error, file: name }, "a mail file past its retention period could not be deleted; the next run tries again");
    }
  }
  return counts;
}

/** Headers that make a mail someone's own: written to them, or for replies to go to them. */
const ADDRESS_HEADERS = new Set(["to", "cc", "bcc", "reply-to"]);

export type MailFileErasure = {
  /** Outbox rows of the person's mail: their files go, whatever they hold. */
  mailIds: Iterable<string>;
  /** What finds the person in a mail's text (global, case-insensitive). */
  patterns: RegExp[];
  /** What replaces them in another person's mail. */
  mark: string;
};

const matches = (patterns: RegExp[], text: string) =>
  patterns.some((p) => {
    p.lastIndex = 0;
    return p.test(text);
  });

/** Whether the person is in the mail: in a header or text part as decoded, or in the file as it is. */
async function mentions(raw: string, patterns: RegExp[]): Promise<{ own: boolean; mentioned: boolean }> {
  const texts = await emlTexts(raw);
  const own = texts.some(({ text, where }) => "header" in where && ADDRESS_HEADERS.has(where.header) && matches(patterns, text));
  return { own, mentioned: own || matches(patterns, raw) || texts.some(({ text }) => matches(patterns, text)) };
}

/**
 * Writes `file` again with the person replaced, its time and mode kept; false when it cannot be (a
 * part in a charset it cannot be written back in, or the person still found). Read again after the
 * rename: an erasure of someone else in another process may have renamed its own rewrite, made from
 * the earlier content, over this one; then it is done again from what is there now.
 */
async function redactFile(dir: string, name: string, erasure: MailFileErasure): Promise<boolean> {
  const file = path.join(dir, name);
  for (let tries = 0; tries < 3; tries++) {
    const raw = await readFile(file, "latin1");
    if (tries > 0 && !(await mentions(raw, erasure.patterns)).mentioned) return true;
    let redacted: string;
    try {
      redacted = await rewriteEml(raw, (text) => erasure.patterns.reduce((t, p) => t.replace(p, erasure.mark), text));
    } catch (error) {
      if (error instanceof UnwritableMailError) return false;
      throw error;
    }
    if ((await mentions(redacted, erasure.patterns)).mentioned) return false;
    const { mode, atimeMs, mtimeMs } = await stat(file);
    const temporary = path.join(dir, temporaryName(name));
    await writeFile(temporary, redacted, { encoding: "latin1", mode: mode & 0o777 });
    await chmod(temporary, mode & 0o777);
    await utimes(temporary, atimeMs / 1000, mtimeMs / 1000);
    await rename(temporary, file);
  }
  return !(await mentions(await readFile(file, "latin1"), erasure.patterns)).mentioned;
}

/**
 * Erases a person from the mail folder. A file goes when it is the person's own: written for one of
 * `mailIds`, or with the person in a To, Cc, Bcc or Reply-To header (which finds the files of rows
 * deleted before, and files written before their names held the row's id). Another mail that mentions
 * the person is written again with `mark` in their place; one that cannot be goes. A temporary file
 * that mentions them goes: it is a crash's leftover, or the file of a delivery in progress, whose
 * sender then fails and delivers again from the row as it is now.
 */
export async function eraseFromMailFiles(dir: string, erasure: MailFileErasure, log?: Log): Promise<MailFileCounts> {
  const ids = new Set([...erasure.mailIds].map((id) => id.toLowerCase()));
  const counts: MailFileCounts = { deleted: 0, redacted: 0, failed: 0 };
  for (const { name, file, temporary } of await mailFiles(dir)) {
    try {
      const id = mailIdOfFile(name);
      let remove = id !== null && ids.has(id);
      if (!remove) {
        const { own, mentioned } = await mentions(await readFile(file, "latin1"), erasure.patterns);
        if (!mentioned) continue;
        remove = own || temporary || !(await redactFile(dir, name, erasure));
        if (!remove) counts.redacted++;
      }
      if (remove && (await removeMailFile(file))) counts.deleted++;
    } catch (error) {
      if (isMissing(error)) continue;
      counts.failed++;
      log?.("error", { err: error, file: name }, "a mail file could not be erased");
    }
  }
  return counts;
}
