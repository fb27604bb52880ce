/**
 * First-run setup: while no admin account exists (and ADMIN_EMAIL / ADMIN_PASSWORD made none), each
 * start of the server makes a one-time setup code, 128 random bits, and prints the link
 * `/admin/setup?code=<code>`. Whoever holds it names the agency and creates the owner account there.
 *
 * Many processes may share one database, so a code lives in it, not in the memory of the process that
 * printed it: `site_settings` keeps its SHA-256 under `setup_code:<hash>` with `{ expiresAt }`, and any
 * process accepts a code any process printed. A copy of the database hands out no link.
 *
 * One use: creating the account, deleting every setup code, saving the agency's name and opening the
 * owner's session happen in one transaction, under a lock; a second submission then finds an admin
 * and the setup is gone (the page answers 404). A wrong code is counted in the sign-in throttle, so
 * guessing codes is slowed down as guessing passwords is.
 */
import { createHash, randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, siteSettings } from "#db/schema";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { type AdminIdentity, createSession, hashPassword, type SessionAwaiting, sessionTimeouts } from "~/features/auth/auth.server";
import { newPasswordProblem } from "~/features/auth/password-policy.server";
import { readProfile, saveProfile } from "~/features/settings/site.server";
import { SETUP_CODE_HOURS, setupMessages } from "./setup-messages";
import type { SetupInput } from "./setup-schema";

/** The key prefix of setup codes in `site_settings`. */
export const SETUP_CODE_PREFIX = "setup_code:";
/** 16 random bytes (128 bits), base64url: 22 characters. */
const CODE = /^[A-Za-z0-9_-]{22}$/;
/** The sign-in throttle's "account" for setup codes: no email looks like it. */
export const SETUP_THROTTLE_ACCOUNT = "(first-run setup)";

export const SETUP_PATH = "/admin/setup";
export const setupLink = (baseUrl: string, code: string) => `${baseUrl.replace(/\/+$/, "")}${SETUP_PATH}?code=${code}`;

export const setupCodeKey = (code: string) => `${SETUP_CODE_PREFIX}${createHash("sha256").update(code, "utf8").digest("hex")}`;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

async function adminExists(db: Reader): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return Number(row.n) > 0;
}

/** Whether a stored code's value is still in its 24 hours. */
function unexpired(value: unknown, now: Date): boolean {
  const at = value && typeof value === "object" ? (value as { expiresAt?: unknown }).expiresAt : undefined;
  return typeof at === "string" && Date.parse(at) > now.getTime();
}

const deleteAllCodes = (db: Pick<Database, "delete">) =>
  db.delete(siteSettings).where(sql`starts_with(${siteSettings.key}, ${SETUP_CODE_PREFIX})`);

/**
 * A new setup code, stored (as its hash) for SETUP_CODE_HOURS; null when an admin exists, in which
 * case any code still stored is deleted. Codes past their time are deleted either way.
 */
export async function issueSetupCode(db: Database, now = new Date()): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (await adminExists(tx)) {
      await deleteAllCodes(tx);
      return null;
    }
    const stored = await tx
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(sql`starts_with(${siteSettings.key}, ${SETUP_CODE_PREFIX})`);
    for (const row of stored) {
      if (!unexpired(row.value, now)) await tx.delete(siteSettings).where(eq(siteSettings.key, row.key));
    }
    const code = randomBytes(16).toString("base64url");
    const expiresAt = new Date(now.getTime() + SETUP_CODE_HOURS * 3_600_000).toISOString();
    await tx.insert(siteSettings).values({ key: setupCodeKey(code), value: { expiresAt }, updatedBy: null });
    return code;
  });
}

/** Whether `code` is a stored setup code still in its time. */
export async function setupCodeValid(db: Reader, code: string | null | undefined, now = new Date()): Promise<boolean> {
  if (!code || !CODE.test(code)) return false;
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, setupCodeKey(code)));
  return Boolean(row) && unexpired(row.value, now);
}

/** The sign-in throttle as the setup page uses it (app/features/auth/login-throttle.server.ts). */
export type SetupThrottle = {
  begin(
    account: string,
    clientAddress: string,
  ): Promise<
    { allowed: true; attempt: { failed(): Promise<void>; abandoned(): Promise<void> } } | { allowed: false; retryAfterSeconds: number }
  >;
};

type LogFn = (data: Record<string, unknown>, message: string) => void;

/** What a setup link opens: the form, nothing (an admin exists), a refusal, or a wait. */
export type SetupGate = { state: "open" } | { state: "gone" } | { state: "refused" } | { state: "throttled"; retryAfterSeconds: number };

/**
 * Checks a setup link's code. Once an admin exists the setup is gone, whatever the code. Otherwise
 * every check is an attempt in the sign-in throttle (by the client's address): a wrong or missing code
 * counts as a failed one, and while the address must wait, no code is looked at.
 */
export async function checkSetupCode(
  deps: { db: Database; loginThrottle: SetupThrottle; logger: { warn: LogFn } },
  code: string | null | undefined,
  client: { ip: string; requestId?: string },
): Promise<SetupGate> {
  if (await adminExists(deps.db)) return { state: "gone" };
  const decision = await deps.loginThrottle.begin(SETUP_THROTTLE_ACCOUNT, client.ip);
  if (!decision.allowed) {
    deps.logger.warn({ reqId: client.requestId, ip: client.ip, retryAfter: decision.retryAfterSeconds }, setupMessages.log.throttled);
    return { state: "throttled", retryAfterSeconds: decision.retryAfterSeconds };
  }
  let valid: boolean;
  try {
    valid = await setupCodeValid(deps.db, code);
  } catch (error) {
    await decision.attempt.abandoned().catch(() => {});
    throw error;
  }
  if (valid) {
    await decision.attempt.abandoned();
    return { state: "open" };
  }
  // Another submission may have completed the setup since the first look (it ends every code): gone, not wrong.
  if (await adminExists(deps.db)) {
    await decision.attempt.abandoned();
    return { state: "gone" };
  }
  await decision.attempt.failed();
  deps.logger.warn({ reqId: client.requestId, ip: client.ip }, setupMessages.log.refused);
  return { state: "refused" };
}

/** The agency's short name from its name: the whole name when it fits (60 characters), else its first words that do. */
export function shortNameOf(name: string): string {
  if (name.length <= 60) return name;
  const cut = name.slice(0, 61);
  const space = cut.lastIndexOf(" ");
  return (space >= 2 ? cut.slice(0, space) : name.slice(0, 60)).trim();
}

export type SetupDeps = {
  db: Database;
  config: Pick<Config, "AUTH_SCRYPT_N" | "ADMIN_REQUIRE_2FA" | "ADMIN_SESSION_IDLE_MINUTES" | "ADMIN_SESSION_MAX_HOURS">;
};

export type SetupResult =
  | {
      status: "created";
      owner: AdminIdentity;
      /** The owner's session (its token goes in the cookie). */
      token: string;
      /** Set when the site requires two-factor sign-in: the session waits for the owner to set it up. */
      awaiting: SessionAwaiting | null;
    }
  | { status: "invalid"; errors: Record<string, string> }
  /** The code is not (or no longer) a stored one in its time. */
  | { status: "refused" }
  /** An admin exists: the setup is over. */
  | { status: "gone" };

/**
 * Completes the setup with a checked form: the password against the policy (the email and the
 * agency's new name included), then in one transaction the owner account, the end of every setup
 * code, the agency's name in the stored profile (announced to every process), the audit entry and the
 * owner's session, which waits for two-factor enrolment when the site requires it.
 */
export async function completeSetup(
  deps: SetupDeps,
  code: string | null | undefined,
  input: SetupInput,
  client: { ip: string; userAgent?: string | null },
  now = new Date(),
): Promise<SetupResult> {
  if (!code || !CODE.test(code)) return { status: "refused" };
  const problem = newPasswordProblem(input.password, { email: input.email, agencyNames: [input.agencyName] });
  if (problem) return { status: "invalid", errors: { password: problem } };
  // Hashed before the transaction: scrypt takes a while, and nothing needs to wait for it.
  const passwordHash = await hashPassword(input.password, deps.config.AUTH_SCRYPT_N);
  const awaiting: SessionAwaiting | null = deps.config.ADMIN_REQUIRE_2FA ? "enrolment" : null;

  return deps.db.transaction(async (tx: Tx): Promise<SetupResult> => {
    // Two submissions at once (on PostgreSQL, two processes): one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-run-setup', 0))`);
    if (await adminExists(tx)) return { status: "gone" };
    const [claimed] = await tx
      .delete(siteSettings)
      .where(eq(siteSettings.key, setupCodeKey(code)))
      .returning({ value: siteSettings.value });
    if (!claimed || !unexpired(claimed.value, now)) return { status: "refused" };

    const [owner] = await tx
      .insert(adminUsers)
      .values({ email: input.email, name: input.name, passwordHash, lastLoginAt: now, role: "owner" })
      .returning({ id: adminUsers.id, email: adminUsers.email, role: sql<"owner">`${adminUsers.role}` });
    await deleteAllCodes(tx);
    const profile = await readProfile(tx);
    await saveProfile(tx, { ...profile, name: input.agencyName, shortName: shortNameOf(input.agencyName) }, owner);
    await recordAudit(tx, { action: "owner_created", admin: owner, targetType: "admin_user", targetId: owner.id, ip: client.ip });
    const { token } = await createSession(tx, owner.id, client, sessionTimeouts(deps.config), now, awaiting);
    // Signed in at once unless a second factor is to be set up first (that step records its own sign-in).
    if (!awaiting) await recordAudit(tx, { action: "sign_in", admin: owner, detail: { method: "setup" }, ip: client.ip });
    return { status: "created", owner, token, awaiting };
  });
}
