/**
 * Two-factor secrets at rest (docs/decisions/048-two-factor-keys-lock-and-sessions.md): an account's TOTP key
 * (`admin_users.totp_secret`) and the key shown at enrolment (`admin_sessions.enrolment_secret`) are stored
 * encrypted with AES-256-GCM as `v1:<key id>:<iv>:<ciphertext and tag>` (base64url), a random 96-bit IV per
 * value, and the account's id as additional authenticated data: a value copied to another account's row does
 * not decrypt there. The key id names which key sealed a value, so a rotation knows what to re-encrypt and a
 * wrong key is told apart from an altered value.
 *
 * The key is TWO_FACTOR_KEY, else (outside production on PostgreSQL) one made once and kept in the database.
 * TWO_FACTOR_KEY_PREVIOUS, and a key the database still holds from before TWO_FACTOR_KEY was set, are
 * read but never written: each start re-encrypts what they sealed (`sealTwoFactorSecrets`), and so does
 * each read of such a value.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminSessions, adminUsers } from "#db/schema";
import { type Config, decodeKey32, twoFactorKeyProblem } from "~/env.server";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TwoFactorKey = { id: string; key: Buffer };
/** The key new values are sealed with, and the ones older values may still be sealed with. */
export type TwoFactorKeyring = { current: TwoFactorKey; previous: TwoFactorKey[] };

/**
 * A key's public name, stored beside each value it seals: eight characters of a hash of the key, which
 * tell keys apart and nothing about them.
 */
export function twoFactorKey(key: Buffer): TwoFactorKey {
  if (key.length !== 32) throw new Error("a two-factor key is 32 bytes");
  return { id: createHash("sha256").update("two-factor key id\0").update(key).digest("base64url").slice(0, 8), key };
}

/** A keyring from 32-byte keys (the previous ones in order of preference; the current one's copies dropped). */
export function twoFactorKeyring(current: Buffer, previous: (Buffer | null | undefined)[] = []): TwoFactorKeyring {
  const ring = { current: twoFactorKey(current), previous: [] as TwoFactorKey[] };
  for (const key of previous) {
    if (!key) continue;
    const entry = twoFactorKey(key);
    if (entry.id !== ring.current.id && !ring.previous.some((p) => p.id === entry.id)) ring.previous.push(entry);
  }
  return ring;
}

/** Why a stored secret could not be read: the server lacks its key, or the value was altered or moved. */
export class TwoFactorKeyError extends Error {
  constructor(
    message: string,
    readonly reason: "unknown_key" | "not_authentic" | "malformed",
    readonly keyId: string | null = null,
  ) {
    super(message);
    this.name = "TwoFactorKeyError";
  }
}

/** What binds a value to its account: the same text on both sides of the cipher. */
const boundTo = (userId: string) => Buffer.from(`two-factor:${userId}`, "utf8");

/** A base32 TOTP key, sealed for the account `userId` with the current key. */
export function sealSecret(keys: TwoFactorKeyring, userId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keys.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(boundTo(userId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, keys.current.id, iv.toString("base64url"), body.toString("base64url")].join(":");
}

/** Whether a stored value is in the sealed form (a base32 key never holds a colon). */
export const isSealed = (stored: string) => stored.startsWith(`${VERSION}:`);

/** Whether a sealed value was sealed with the current key. */
export const sealedWithCurrent = (keys: TwoFactorKeyring, stored: string) => stored.startsWith(`${VERSION}:${keys.current.id}:`);

/**
 * The base32 key a sealed value holds for the account `userId`, and whether it was sealed with the current
 * key (if not, the caller writes it again with `sealSecret`). Throws TwoFactorKeyError when the value names
 * a key this server lacks, does not decrypt for this account, or is not a sealed value.
 */
export function openSecret(keys: TwoFactorKeyring, userId: string, stored: string): { secret: string; current: boolean } {
  const parts = stored.split(":");
  if (parts.length !== 4 || parts[0] !== VERSION)
    throw new TwoFactorKeyError("a stored two-factor secret is not in the sealed form", "malformed");
  const [, keyId, ivText, bodyText] = parts;
  const key = keyId === keys.current.id ? keys.current : keys.previous.find((k) => k.id === keyId);
  if (!key) {
    throw new TwoFactorKeyError(
      `a stored two-factor secret was encrypted with key ${keyId}, which is neither TWO_FACTOR_KEY (key ${keys.current.id}) nor a previous key this server has: set TWO_FACTOR_KEY or TWO_FACTOR_KEY_PREVIOUS to that key`,
      "unknown_key",
      keyId,
    );
  }
  const iv = Buffer.from(ivText, "base64url");
  const body = Buffer.from(bodyText, "base64url");
  if (iv.length !== IV_BYTES || body.length <= TAG_BYTES)
    throw new TwoFactorKeyError("a stored two-factor secret is cut short", "malformed", keyId);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(boundTo(userId));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    const secret = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    return { secret, current: key === keys.current };
  } catch {
    throw new TwoFactorKeyError(
      `a stored two-factor secret does not decrypt with key ${keyId} for its account: it was altered, or copied from another account`,
      "not_authentic",
      keyId,
    );
  }
}

/** Where a key made by the server itself is kept: read without making one, or made once and read back. */
export type StoredTwoFactorKey = { read: () => Promise<string | null>; make: () => Promise<string> };

/**
 * The server's keyring: TWO_FACTOR_KEY when set, with TWO_FACTOR_KEY_PREVIOUS and a key the database still
 * holds from before it was set as previous keys; else the database's key, made on the first start. Throws
 * the ConfigError of `twoFactorKeyProblem` where the key must come from the environment.
 */
export async function resolveTwoFactorKeys(
  config: Pick<Config, "TWO_FACTOR_KEY" | "TWO_FACTOR_KEY_PREVIOUS" | "isProduction" | "DATABASE_URL">,
  stored: StoredTwoFactorKey,
): Promise<TwoFactorKeyring & { source: "environment" | "database" }> {
  const problem = twoFactorKeyProblem(config);
  if (problem) throw problem;
  const decode = (value: string | null | undefined, what: string) => {
    if (!value) return null;
    const key = decodeKey32(value);
    if (!key) throw new Error(`${what} is not a 32-byte key`);
    return key;
  };
  const previous = decode(config.TWO_FACTOR_KEY_PREVIOUS, "TWO_FACTOR_KEY_PREVIOUS");
  const given = decode(config.TWO_FACTOR_KEY, "TWO_FACTOR_KEY");
  if (given)
    return { ...twoFactorKeyring(given, [previous, decode(await stored.read(), "the database's two-factor key")]), source: "environment" };
  return { ...twoFactorKeyring(decode(await stored.make(), "the database's two-factor key") as Buffer, [previous]), source: "database" };
}

export type SealReport = {
  /** Plain base32 keys of an earlier version, now encrypted. */
  encrypted: number;
  /** Values of a previous key, now under the current one. */
  reencrypted: number;
  /** Values this server cannot read: their key is unknown to it, or they were altered. */
  unreadable: number;
  /** The keys those values name (unknown keys only). */
  unknownKeyIds: string[];
};

/**
 * Brings every stored two-factor secret under the current key, once per start: plain base32 keys (before
 * encryption) are sealed, values of a previous key sealed again. Each row is written only if it still
 * holds what was read, so processes starting together, or a sign-in meanwhile, lose nothing. Idempotent:
 * a second run finds nothing to do.
 */
export async function sealTwoFactorSecrets(db: Database, keys: TwoFactorKeyring): Promise<SealReport> {
  const report: SealReport = { encrypted: 0, reencrypted: 0, unreadable: 0, unknownKeyIds: [] };
  const prefix = `${VERSION}:${keys.current.id}:`;
  /** What to write instead of `stored`, and which count it adds to; null when it cannot be read. */
  const resealed = (userId: string, stored: string): { value: string; count: "encrypted" | "reencrypted" } | null => {
    if (!isSealed(stored)) {
      if (/^[A-Z2-7]+=*$/.test(stored)) return { value: sealSecret(keys, userId, stored), count: "encrypted" };
      report.unreadable++;
      return null;
    }
    try {
      return { value: sealSecret(keys, userId, openSecret(keys, userId, stored).secret), count: "reencrypted" };
    } catch (error) {
      if (!(error instanceof TwoFactorKeyError)) throw error;
      report.unreadable++;
      if (error.reason === "unknown_key" && error.keyId && !report.unknownKeyIds.includes(error.keyId))
        report.unknownKeyIds.push(error.keyId);
      return null;
    }
  };

  const users = await db
    .select({ id: adminUsers.id, stored: adminUsers.totpSecret })
    .from(adminUsers)
    .where(and(isNotNull(adminUsers.totpSecret), sql`not starts_with(${adminUsers.totpSecret}, ${prefix})`));
  for (const { id, stored } of users) {
    const next = stored ? resealed(id, stored) : null;
    if (!next || !stored) continue;
    const written = await db
      .update(adminUsers)
      .set({ totpSecret: next.value })
      .where(and(eq(adminUsers.id, id), eq(adminUsers.totpSecret, stored)))
      .returning({ id: adminUsers.id });
    report[next.count] += written.length;
  }
  const sessions = await db
    .select({ id: adminSessions.id, userId: adminSessions.userId, stored: adminSessions.enrolmentSecret })
    .from(adminSessions)
    .where(and(isNotNull(adminSessions.enrolmentSecret), sql`not starts_with(${adminSessions.enrolmentSecret}, ${prefix})`));
  for (const { id, userId, stored } of sessions) {
    const next = stored ? resealed(userId, stored) : null;
    if (!next || !stored) continue;
    const written = await db
      .update(adminSessions)
      .set({ enrolmentSecret: next.value })
      .where(and(eq(adminSessions.id, id), eq(adminSessions.enrolmentSecret, stored)))
      .returning({ id: adminSessions.id });
    report[next.count] += written.length;
  }
  return report;
}
