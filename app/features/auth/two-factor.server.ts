/**
 * Two-factor sign-in for admins (docs/decisions/026-two-factor-sign-in.md): TOTP codes from an
 * authenticator app (RFC 6238: SHA-1, 6 digits, 30 s, one step of clock drift either way), and ten
 * one-time recovery codes kept as SHA-256 hashes. A code is used once: the account remembers the
 * last time step it accepted and refuses that step and earlier ones.
 *
 * Code attempts go through the sign-in throttle (login-throttle.server.ts) under the key
 * `second-factor:<account id>`, so a wrong code slows down its address exactly as a wrong password does.
 * On top of that an account takes at most ACCOUNT_CODE_FAILURES wrong codes per
 * ACCOUNT_CODE_WINDOW_MS from all addresses together (`accountCodeLimit`): only someone who has the
 * password can feed that count, so spreading guesses over many addresses gains nothing. And after
 * CODE_FAILURES_BEFORE_LOCK wrong codes in a row the account's app codes stop working altogether until a
 * recovery code or an owner unlocks them (docs/decisions/048): guessing has an end, not just a pace.
 *
 * The keys are stored encrypted (two-factor-key.server.ts); turning two-factor sign-in on or off and
 * making new recovery codes end the account's other sessions.
 */
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "#db/client";
import { adminRecoveryCodes, adminSessions, adminUsers } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { recordAudit } from "~/features/audit/audit.server";
import { queueSecurityNotice } from "~/features/mail/security-notice.server";
import { flattenIssues } from "~/lib/issues";
import {
  AdminAccountError,
  type AdminIdentity,
  createSession,
  findAdminByEmail,
  normalizeEmail,
  revokeOtherSessions,
  roleOf,
  type SessionState,
  sessionState,
  sessionTimeouts,
} from "./auth.server";
import { authMessages } from "./schema";
import type { SignInClient, SignInDeps } from "./sign-in.server";
import { openSecret, sealSecret, TwoFactorKeyError, type TwoFactorKeyring } from "./two-factor-key.server";
import { RECOVERY_CODE_COUNT, twoFactorMessages } from "./two-factor-messages";
import { formatRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE_LENGTH, readCode, twoFactorCodeSchema } from "./two-factor-schema";

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either way (30 s each). */
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

// ---- TOTP ----

/** A new random key, base32 (what authenticator apps take). */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/**
 * The key as an authenticator app holds it. `issuer` is only the name the app shows beside the codes
 * (the stored profile's short name when the key is shown for set-up): a code depends on the key and the
 * time alone, so an account enrolled under an earlier name keeps signing in after the agency renames
 * itself, and its app keeps the name it was set up with. Checking a code therefore needs no issuer.
 */
function totpOf(secret: string, label = "admin", issuer = "") {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** The otpauth:// address the QR code carries; `issuer` is the agency's short name (the stored profile's). */
export const otpauthUri = (secret: string, email: string, issuer: string) => totpOf(secret, email, issuer).toString();

/** The QR code of an otpauth:// address as inline SVG (no script, no style attribute: fits the CSP); loaded at the first enrolment. */
export async function qrCodeSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The manual key in groups of four, easier to type. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The time step a code belongs to (current one, or one either side), or null when it matches none. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The current code for a key (tests and the e2e suite compute codes the way an app does). */
export const currentTotp = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

// ---- recovery codes ----

export const hashRecoveryCode = (code: string) => createHash("sha256").update(code, "utf8").digest("hex");

/** Ten new codes, as shown (xxxx-xxxx-xx), each about 49 bits from a crypto source. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("")),
  );
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Replaces the account's recovery codes with new ones; answers them as shown. */
async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.insert(adminRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code.replaceAll("-", "")) })));
  return codes;
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return Number(row.n);
}

// ---- what the two-factor steps need ----

type LogFn = (data: Record<string, unknown>, message: string) => void;

export type TwoFactorDeps = SignInDeps & {
  logger: { error: LogFn };
  /** The keys the accounts' TOTP keys are encrypted with (two-factor-key.server.ts). */
  twoFactorKeys: TwoFactorKeyring;
  /** The stored profile as the request found it: a security notice carries the agency's name. */
  site: { facts: SiteFacts };
  /** Told once a security notice is queued, so it leaves at once. */
  mail: { nudge: () => void };
};

type KeyDeps = Pick<TwoFactorDeps, "db" | "twoFactorKeys">;

// ---- checking a code ----

export type CodeFailure =
  | { status: 400; message: string; errors: Record<string, string> }
  | { status: 401; message: string }
  | { status: 403; message: string }
  | { status: 409; message: string }
  | { status: 429; message: string; retryAfterSeconds: number }
  | { status: 503; message: string };

/** `wrongCode`: the code was checked and was not right (what the audit trail counts as a failed sign-in). */
type Verified<T> = { ok: true; value: T } | { ok: false; failure: CodeFailure; wrongCode?: boolean };

/** Wrong codes one account takes per window, from all addresses together. */
export const ACCOUNT_CODE_FAILURES = 10;
export const ACCOUNT_CODE_WINDOW_MS = 15 * 60_000;

/**
 * Wrong codes in a row, from any address and over any time, after which the account's app codes are locked.
 * With the window above that takes at least half an hour; an account's holder, mistyping, never gets near it.
 */
export const CODE_FAILURES_BEFORE_LOCK = 20;

/** The account's row in `rate_limits` (the table every limit shares; pruned with the others when its window ends). */
export const accountCodeLimitKey = (userId: string) => `second-factor-account:${userId}`;

type AccountReservation = { allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * The account-wide count of wrong codes, in the database on either kind (so processes sharing
 * PostgreSQL share it). An attempt takes one of the window's places before its code is looked at, in
 * a single upsert that refuses once all are taken, so concurrent requests cannot overshoot; a right
 * code (or an attempt that fails for another reason) gives its place back, a wrong one keeps it.
 */
async function accountCodeLimit(db: Database, userId: string, now = Date.now()): Promise<AccountReservation> {
  const key = accountCodeLimitKey(userId);
  const taken = await db.execute(sql`
    insert into rate_limits (key, points, expire) values (${key}, 1, ${now + ACCOUNT_CODE_WINDOW_MS})
    on conflict (key) do update set
      points = case when rate_limits.expire is null or rate_limits.expire <= ${now} then 1 else rate_limits.points + 1 end,
      expire = case when rate_limits.expire is null or rate_limits.expire <= ${now} then excluded.expire else rate_limits.expire end
    where rate_limits.expire is null or rate_limits.expire <= ${now} or rate_limits.points < ${ACCOUNT_CODE_FAILURES}
    returning expire`);
  const row = taken.rows[0] as { expire: unknown } | undefined;
  if (row) {
    const expire = Number(row.expire);
    return {
      allowed: true,
      release: async () => {
        await db.execute(sql`
          update rate_limits set points = points - 1
          where key = ${key} and expire = ${expire} and points > 0`);
      },
    };
  }
  const current = await db.execute(sql`select expire from rate_limits where key = ${key}`);
  const expire = Number((current.rows[0] as { expire: unknown } | undefined)?.expire ?? now);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((expire - now) / 1000)) };
}

const tooManyAttempts = (retryAfterSeconds: number): CodeFailure => ({
  status: 429,
  message: authMessages.tooManyAttempts(retryAfterSeconds),
  retryAfterSeconds,
});

const codesLocked = (): CodeFailure => ({ status: 403, message: twoFactorMessages.codesLocked });

/** What `verify` answers for an app code of an account whose codes are locked. */
const LOCKED = Symbol("locked");

async function isLocked(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ lockedAt: adminUsers.totpLockedAt }).from(adminUsers).where(eq(adminUsers.id, userId));
  return Boolean(user?.lockedAt);
}

/**
 * One more wrong code for the account; the one that reaches CODE_FAILURES_BEFORE_LOCK locks its app codes,
 * with an audit entry and a security notice to every active owner and the account itself, all in one
 * transaction (the row's lock makes concurrent wrong codes take turns, so one of them locks and tells).
 * True when this one locked it.
 */
async function countWrongCode(deps: TwoFactorDeps, admin: AdminIdentity, client: SignInClient): Promise<boolean> {
  const locked = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminUsers)
      .set({ totpFailures: sql`${adminUsers.totpFailures} + 1` })
      .where(eq(adminUsers.id, admin.id))
      .returning({ failures: adminUsers.totpFailures, lockedAt: adminUsers.totpLockedAt });
    if (!row || row.lockedAt !== null || row.failures < CODE_FAILURES_BEFORE_LOCK) return false;
    await tx.update(adminUsers).set({ totpLockedAt: new Date() }).where(eq(adminUsers.id, admin.id));
    await recordAudit(tx, {
      action: "two_factor_locked",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { wrongCodes: row.failures },
      ip: client.ip,
    });
    await queueSecurityNotice(
      tx,
      { config: deps.config, site: deps.site.facts },
      { what: twoFactorMessages.notices.locked(admin.email, row.failures), actor: null, ip: client.ip, alsoTo: [admin.email] },
    );
    return true;
  });
  if (locked) {
    deps.mail.nudge();
    deps.logger.warn(
      { reqId: client.requestId, adminId: admin.id, ip: client.ip },
      "admin app codes locked: too many wrong codes in a row",
    );
  }
  return locked;
}

/**
 * Validates `{ code }`, asks the throttle and the account's limit, then runs `verify` (null: the code
 * is wrong). A wrong code counts against the (account, address) pair and the address like a wrong
 * password, and against the account's wrong codes from every address. With `lockable` (a code checked
 * against the account's own key) it also counts towards the lock, and a locked account's app code is
 * refused before anything is counted or looked at.
 */
async function throttledCheck<T>(
  deps: TwoFactorDeps,
  admin: AdminIdentity,
  input: unknown,
  client: SignInClient,
  verify: (code: ReturnType<typeof readCode>) => Promise<T | null | typeof LOCKED>,
  { lockable = false }: { lockable?: boolean } = {},
): Promise<Verified<T>> {
  const parsed = twoFactorCodeSchema.safeParse(input);
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error.issues);
    return { ok: false, failure: { status: 400, message: errors.code ?? twoFactorMessages.codeMissing, errors } };
  }
  const code = readCode(parsed.data.code);
  if (lockable && code.kind === "totp" && (await isLocked(deps.db, admin.id))) return { ok: false, failure: codesLocked() };
  const decision = await deps.loginThrottle.begin(`second-factor:${admin.id}`, client.ip);
  if (!decision.allowed) {
    deps.logger.warn(
      { reqId: client.requestId, adminId: admin.id, ip: client.ip, retryAfter: decision.retryAfterSeconds },
      "admin code refused: too many attempts",
    );
    return { ok: false, failure: tooManyAttempts(decision.retryAfterSeconds) };
  }
  let account: AccountReservation;
  try {
    account = await accountCodeLimit(deps.db, admin.id);
  } catch (error) {
    await decision.attempt.abandoned().catch(() => {});
    throw error;
  }
  if (!account.allowed) {
    await decision.attempt.abandoned();
    deps.logger.warn(
      { reqId: client.requestId, adminId: admin.id, ip: client.ip, retryAfter: account.retryAfterSeconds },
      "admin code refused: too many wrong codes for the account",
    );
    return { ok: false, failure: tooManyAttempts(account.retryAfterSeconds) };
  }
  let value: T | null | typeof LOCKED;
  try {
    value = await verify(code);
  } catch (error) {
    await decision.attempt.abandoned().catch(() => {});
    await account.release().catch(() => {});
    throw error;
  }
  if (value === LOCKED) {
    // Locked by another request meanwhile: this code was not checked.
    await decision.attempt.abandoned();
    await account.release();
    return { ok: false, failure: codesLocked() };
  }
  if (value === null) {
    await decision.attempt.failed();
    deps.logger.warn({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "admin code refused: wrong code");
    const locked = lockable && (await countWrongCode(deps, admin, client));
    return { ok: false, wrongCode: true, failure: locked ? codesLocked() : { status: 401, message: twoFactorMessages.invalidCode } };
  }
  await decision.attempt.succeeded();
  await account.release();
  return { ok: true, value };
}

/**
 * The answer when the account's key cannot be read (the server lacks the key it was encrypted with, or
 * the stored value was altered): said plainly to the admin, loudly to the operator, and not counted as a
 * wrong code. Recovery codes are hashes, not encrypted, so they still sign in.
 */
function keyUnavailable(deps: TwoFactorDeps, admin: AdminIdentity, client: SignInClient, error: TwoFactorKeyError): Verified<never> {
  deps.logger.error(
    { reqId: client.requestId, adminId: admin.id, reason: error.reason, keyId: error.keyId, err: error.message },
    "admin two-factor key unreadable: app codes cannot be checked",
  );
  return { ok: false, failure: { status: 503, message: twoFactorMessages.keyUnavailable } };
}

/** `throttledCheck` with a key that cannot be read answered as `keyUnavailable`. */
async function checkWithKey<T>(
  deps: TwoFactorDeps,
  admin: AdminIdentity,
  client: SignInClient,
  check: () => Promise<Verified<T>>,
): Promise<Verified<T>> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof TwoFactorKeyError) return keyUnavailable(deps, admin, client, error);
    throw error;
  }
}

/**
 * Accepts an app code for the account's confirmed key once: the step is written only when it is later
 * than the last one accepted, in the same statement, so two requests with one code cannot both pass.
 * The same statement forgets the wrong codes before it, and writes the key again under the current key
 * when an earlier one had encrypted it. LOCKED when the account's app codes are locked.
 */
async function consumeTotp(deps: KeyDeps, userId: string, code: string, now = Date.now()): Promise<boolean | typeof LOCKED> {
  const { db, twoFactorKeys } = deps;
  const [user] = await db
    .select({ stored: adminUsers.totpSecret, lockedAt: adminUsers.totpLockedAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  if (!user?.stored) return false;
  if (user.lockedAt) return LOCKED;
  const opened = openSecret(twoFactorKeys, userId, user.stored);
  const resealed = opened.current ? {} : { totpSecret: sealSecret(twoFactorKeys, userId, opened.secret) };
  const step = totpStep(opened.secret, code, now);
  const sameKey = and(eq(adminUsers.id, userId), eq(adminUsers.totpSecret, user.stored));
  if (step === null) {
    if (!opened.current) await db.update(adminUsers).set(resealed).where(sameKey);
    return false;
  }
  const updated = await db
    .update(adminUsers)
    .set({ totpLastStep: step, totpFailures: 0, ...resealed })
    .where(and(sameKey, isNull(adminUsers.totpLockedAt), or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step))))
    .returning({ id: adminUsers.id });
  return updated.length === 1;
}

/** Marks an unused recovery code used; false when it is not one of the account's unused codes. */
async function consumeRecoveryCode(db: Database, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1;
}

type Method = "code" | "recovery_code";

/** Checks an app code or a recovery code of an account with a confirmed second factor. */
async function consumeAnyCode(deps: KeyDeps, userId: string, code: ReturnType<typeof readCode>): Promise<Method | null | typeof LOCKED> {
  if (code.kind === "totp") {
    const result = await consumeTotp(deps, userId, code.code);
    return result === LOCKED ? LOCKED : result ? "code" : null;
  }
  if (code.kind === "recovery") return (await consumeRecoveryCode(deps.db, userId, code.code)) ? "recovery_code" : null;
  return null;
}

/**
 * After a right code: the wrong ones before it are forgotten, and a lock lifted (only a recovery code gets
 * past one). Answers whether a lock was lifted.
 */
async function clearCodeFailures(tx: Tx, userId: string): Promise<boolean> {
  const [before] = await tx
    .select({ failures: adminUsers.totpFailures, lockedAt: adminUsers.totpLockedAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  if (!before || (before.failures === 0 && before.lockedAt === null)) return false;
  await tx.update(adminUsers).set({ totpFailures: 0, totpLockedAt: null }).where(eq(adminUsers.id, userId));
  return before.lockedAt !== null;
}

/**
 * A right code in the audit trail, in the transaction that accepted it: a recovery code spent (with how many
 * remain), and a lock it lifted.
 */
async function recordCodeUsed(tx: Tx, admin: AdminIdentity, method: Method, remaining: number | null, ip: string) {
  if (method === "recovery_code")
    await recordAudit(tx, { action: "recovery_code_used", admin, targetType: "admin", targetId: admin.id, detail: { remaining }, ip });
  if (await clearCodeFailures(tx, admin.id))
    await recordAudit(tx, { action: "two_factor_unlocked", admin, targetType: "admin", targetId: admin.id, detail: { method }, ip });
}

/** Replaces a session by a new, fully signed-in one (a new token once the sign-in is complete). */
async function upgradeSession(deps: SignInDeps, tx: Tx, state: SessionState, client: SignInClient): Promise<string> {
  await tx.delete(adminSessions).where(eq(adminSessions.id, state.sessionId));
  const { token } = await createSession(tx, state.admin.id, { ip: client.ip, userAgent: client.userAgent }, sessionTimeouts(deps.config));
  return token;
}

/** Ends every session of the account but `sessionId` (the one making the change stays signed in); answers how many. */
const endOtherSessions = (tx: Tx, userId: string, sessionId: string) => revokeOtherSessions(tx, userId, { sessionId });

async function stateOf(deps: SignInDeps, token: string | undefined): Promise<SessionState | null> {
  return token ? sessionState(deps.db, token, sessionTimeouts(deps.config)) : null;
}

const expired = (): CodeFailure => ({ status: 401, message: twoFactorMessages.stepExpired });

// ---- the second step of a sign-in ----

export type CodeSignInResult = { status: 200; admin: AdminIdentity; token: string; method: Method } | CodeFailure;

/**
 * The second step of a sign-in: the session made by the right password (awaiting "second_factor")
 * and a code from the app or a recovery code. Success replaces the session by a signed-in one.
 */
export async function signInWithCode(
  deps: TwoFactorDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<CodeSignInResult> {
  const state = await stateOf(deps, token);
  if (state?.awaiting !== "second_factor") return expired();
  const { admin } = state;
  const checked = await checkWithKey(deps, admin, client, () =>
    throttledCheck(deps, admin, input, client, (code) => consumeAnyCode(deps, admin.id, code), { lockable: true }),
  );
  if (!checked.ok) {
    if (checked.wrongCode) await recordAudit(deps.db, { action: "sign_in_failed", admin, detail: { method: "code" }, ip: client.ip });
    return checked.failure;
  }
  const method = checked.value;
  const remaining = method === "recovery_code" ? await unusedRecoveryCodes(deps.db, admin.id) : null;
  const newToken = await deps.db.transaction(async (tx) => {
    const next = await upgradeSession(deps, tx, state, client);
    await recordAudit(tx, { action: "sign_in", admin, detail: { method }, ip: client.ip });
    await recordCodeUsed(tx, admin, method, remaining, client.ip);
    return next;
  });
  deps.logger.info({ reqId: client.requestId, adminId: admin.id, ip: client.ip, method }, "admin signed in");
  return { status: 200, admin, token: newToken, method };
}

// ---- enrolment ----

export type EnrolmentView = { email: string; secret: string; groupedSecret: string; uri: string; qrSvg: string };

/** A session that may set up a second factor: one waiting for enrolment, or a signed-in admin, of an account without one. */
const mayEnrol = (state: SessionState) => state.awaiting !== "second_factor" && state.totpEnabledAt === null;

/**
 * A session waiting for enrolment whose account turned two-factor on in another session meanwhile:
 * it has nothing left to set up and the new key is not its to skip, so it is ended (deleted) and
 * must sign in again, this time with a code. True when it was.
 */
export async function endStaleEnrolment(db: Database, state: SessionState): Promise<boolean> {
  if (state.awaiting !== "enrolment" || state.totpEnabledAt === null) return false;
  await db.delete(adminSessions).where(eq(adminSessions.id, state.sessionId));
  return true;
}

/**
 * The key a session's stored enrolment value holds, written again under the current key when an earlier
 * one encrypted it; null when it cannot be read (its key is gone: a new one is shown instead, nothing
 * having been confirmed with it).
 */
async function openEnrolment(deps: KeyDeps, state: SessionState, stored: string): Promise<string | null> {
  let opened: ReturnType<typeof openSecret>;
  try {
    opened = openSecret(deps.twoFactorKeys, state.admin.id, stored);
  } catch (error) {
    if (error instanceof TwoFactorKeyError) return null;
    throw error;
  }
  if (!opened.current)
    await deps.db
      .update(adminSessions)
      .set({ enrolmentSecret: sealSecret(deps.twoFactorKeys, state.admin.id, opened.secret) })
      .where(and(eq(adminSessions.id, state.sessionId), eq(adminSessions.enrolmentSecret, stored)));
  return opened.secret;
}

/**
 * The key to set up, kept on the session (encrypted) until a code confirms it (the same key on every
 * reload, and never on the account before it is confirmed). Null when this session may not enrol.
 */
export async function enrolmentView(deps: KeyDeps, state: SessionState, issuer: string): Promise<EnrolmentView | null> {
  if (!mayEnrol(state)) return null;
  const { db, twoFactorKeys } = deps;
  const stored = state.enrolmentSecret;
  let secret = stored ? await openEnrolment(deps, state, stored) : null;
  if (!secret) {
    const candidate = newTotpSecret();
    const [row] = await db
      .update(adminSessions)
      .set({ enrolmentSecret: sealSecret(twoFactorKeys, state.admin.id, candidate) })
      .where(
        and(
          eq(adminSessions.id, state.sessionId),
          stored ? eq(adminSessions.enrolmentSecret, stored) : isNull(adminSessions.enrolmentSecret),
        ),
      )
      .returning({ id: adminSessions.id });
    if (row) secret = candidate;
    else {
      // Another request of this session stored one first: show that one.
      const [current] = await db
        .select({ stored: adminSessions.enrolmentSecret })
        .from(adminSessions)
        .where(eq(adminSessions.id, state.sessionId));
      secret = current?.stored ? await openEnrolment(deps, state, current.stored) : null;
    }
  }
  if (!secret) return null;
  const uri = otpauthUri(secret, state.admin.email, issuer);
  return { email: state.admin.email, secret, groupedSecret: groupedKey(secret), uri, qrSvg: await qrCodeSvg(uri) };
}

export type EnrolResult = { status: 200; admin: AdminIdentity; recoveryCodes: string[]; signedIn: boolean } | CodeFailure;

/**
 * Confirms the key shown on this session with a code from the app: the key becomes the account's,
 * ten recovery codes replace any old ones (answered once, to be shown), the account's other sessions
 * end, and a session that was waiting for enrolment is signed in. It keeps its token: the page that
 * answers with the recovery codes is rendered for the same cookie, and that session already proved the
 * password.
 */
export async function confirmEnrolment(
  deps: TwoFactorDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<EnrolResult> {
  const state = await stateOf(deps, token);
  if (!state || state.awaiting === "second_factor") return expired();
  if (await endStaleEnrolment(deps.db, state)) return expired();
  if (!mayEnrol(state)) return { status: 409, message: twoFactorMessages.alreadyEnabled };
  const secret = state.enrolmentSecret ? await openEnrolment(deps, state, state.enrolmentSecret) : null;
  const { admin } = state;
  const now = Date.now();
  const checked = await throttledCheck(deps, admin, input, client, async (code) =>
    secret && code.kind === "totp" ? totpStep(secret, code.code, now) : null,
  );
  if (!checked.ok) return checked.failure;
  // A code was only right with a key to check it against.
  if (!secret) return expired();
  const step = checked.value;
  const pending = state.awaiting === "enrolment";
  const result = await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(adminUsers)
      .set({
        totpSecret: sealSecret(deps.twoFactorKeys, admin.id, secret),
        totpEnabledAt: new Date(now),
        totpLastStep: step,
        totpFailures: 0,
        totpLockedAt: null,
      })
      .where(and(eq(adminUsers.id, admin.id), isNull(adminUsers.totpEnabledAt)))
      .returning({ id: adminUsers.id });
    if (enabled.length === 0) return null;
    const recoveryCodes = await replaceRecoveryCodes(tx, admin.id);
    const sessionsEnded = await endOtherSessions(tx, admin.id, state.sessionId);
    await recordAudit(tx, {
      action: "two_factor_enabled",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { sessionsEnded },
      ip: client.ip,
    });
    await tx
      .update(adminSessions)
      .set({ awaiting: null, enrolmentSecret: null, ...(pending ? { confirmedAt: new Date(now) } : {}) })
      .where(eq(adminSessions.id, state.sessionId));
    if (pending) await recordAudit(tx, { action: "sign_in", admin, detail: { method: "code" }, ip: client.ip });
    return { recoveryCodes, signedIn: pending };
  });
  if (!result) {
    // Turned on in another session in the meantime: a session still waiting for enrolment ends here.
    if (pending) {
      await deps.db.delete(adminSessions).where(eq(adminSessions.id, state.sessionId));
      return expired();
    }
    return { status: 409, message: twoFactorMessages.alreadyEnabled };
  }
  deps.logger.info({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "admin turned on two-factor sign-in");
  return { status: 200, admin, ...result };
}

// ---- the signed-in admin's own settings ----

export type TwoFactorStatus = { enabledAt: Date | null; unusedRecoveryCodes: number };

export async function twoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const [user] = await db.select({ enabledAt: adminUsers.totpEnabledAt }).from(adminUsers).where(eq(adminUsers.id, userId));
  return { enabledAt: user?.enabledAt ?? null, unusedRecoveryCodes: user?.enabledAt ? await unusedRecoveryCodes(db, userId) : 0 };
}

/** A signed-in admin with a second factor, checked by a current code (or a recovery code). */
async function confirmedByCode(
  deps: TwoFactorDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<Verified<{ admin: AdminIdentity; method: Method; sessionId: string }>> {
  const state = await stateOf(deps, token);
  if (!state || state.awaiting !== null) return { ok: false, failure: { status: 401, message: authMessages.signInRequired } };
  if (!state.totpEnabledAt) return { ok: false, failure: { status: 409, message: twoFactorMessages.notEnabled } };
  const { admin } = state;
  const checked = await checkWithKey(deps, admin, client, () =>
    throttledCheck(deps, admin, input, client, (code) => consumeAnyCode(deps, admin.id, code), { lockable: true }),
  );
  if (!checked.ok) return checked;
  const method = checked.value;
  const remaining = method === "recovery_code" ? await unusedRecoveryCodes(deps.db, admin.id) : null;
  await deps.db.transaction(async (tx) => {
    await recordCodeUsed(tx, admin, method, remaining, client.ip);
  });
  return { ok: true, value: { admin, method, sessionId: state.sessionId } };
}

export type RegenerateResult = { status: 200; admin: AdminIdentity; recoveryCodes: string[] } | CodeFailure;

/**
 * Ten new recovery codes for a signed-in admin, confirmed by a current code; the old ones stop working,
 * the account's other sessions end, and every active owner is told.
 */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<RegenerateResult> {
  const checked = await confirmedByCode(deps, token, input, client);
  if (!checked.ok) return checked.failure;
  const { admin, sessionId } = checked.value;
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, admin.id);
    const sessionsEnded = await endOtherSessions(tx, admin.id, sessionId);
    await recordAudit(tx, {
      action: "recovery_codes_regenerated",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { sessionsEnded },
      ip: client.ip,
    });
    await queueSecurityNotice(
      tx,
      { config: deps.config, site: deps.site.facts },
      { what: twoFactorMessages.notices.regenerated(admin.email), actor: admin, ip: client.ip },
    );
    return codes;
  });
  deps.mail.nudge();
  return { status: 200, admin, recoveryCodes };
}

export type DisableResult = { status: 200; admin: AdminIdentity } | CodeFailure;

/**
 * Turns off a signed-in admin's second factor, confirmed by a current code or a recovery code; the
 * account's other sessions end, and every active owner is told.
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<DisableResult> {
  const checked = await confirmedByCode(deps, token, input, client);
  if (!checked.ok) return checked.failure;
  const { admin, method, sessionId } = checked.value;
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, admin.id);
    const sessionsEnded = await endOtherSessions(tx, admin.id, sessionId);
    await recordAudit(tx, {
      action: "two_factor_disabled",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { method, sessionsEnded },
      ip: client.ip,
    });
    await queueSecurityNotice(
      tx,
      { config: deps.config, site: deps.site.facts },
      { what: twoFactorMessages.notices.disabled(admin.email), actor: admin, ip: client.ip },
    );
  });
  deps.mail.nudge();
  deps.logger.info({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "admin turned off two-factor sign-in");
  return { status: 200, admin };
}

async function clearTwoFactor(tx: Tx, userId: string) {
  await tx
    .update(adminUsers)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpFailures: 0, totpLockedAt: null })
    .where(eq(adminUsers.id, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
}

// ---- an owner's part ----

/**
 * Unlocks an account's app codes after the wrong-code lock, for an owner on the Users screen (whose route
 * checks the role): the lock and the count of wrong codes are cleared and the unlock audited. The account
 * keeps its key and recovery codes. Null when there is no such account.
 */
export async function unlockSecondFactor(
  db: Database,
  actor: AdminIdentity,
  userId: string,
  ip?: string | null,
): Promise<{ admin: AdminIdentity; wasLocked: boolean } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        failures: adminUsers.totpFailures,
        lockedAt: adminUsers.totpLockedAt,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, userId));
    if (!user) return null;
    await tx.update(adminUsers).set({ totpFailures: 0, totpLockedAt: null }).where(eq(adminUsers.id, userId));
    await recordAudit(tx, {
      action: "two_factor_unlocked",
      admin: actor,
      targetType: "admin",
      targetId: userId,
      detail: { method: "owner", wrongCodes: user.failures },
      ip: ip ?? null,
    });
    return { admin: { id: user.id, email: user.email, role: roleOf(user.role) }, wasLocked: user.lockedAt !== null };
  });
}

/**
 * The owner's way back in (`npm run admin:create -- --reset-2fa --email ...`, on the server): removes
 * the account's key and recovery codes, lifts a lock, and signs it out everywhere. With
 * ADMIN_REQUIRE_2FA, the next sign-in sets up a new key.
 */
export async function resetTwoFactor(db: Database, email: string): Promise<AdminIdentity> {
  const user = await findAdminByEmail(db, email);
  if (!user) throw new AdminAccountError(`There is no admin with the email ${normalizeEmail(email)}.`);
  const admin = { id: user.id, email: user.email, role: roleOf(user.role) };
  await db.transaction(async (tx) => {
    await clearTwoFactor(tx, admin.id);
    await tx.delete(adminSessions).where(eq(adminSessions.userId, admin.id));
    await recordAudit(tx, {
      action: "two_factor_disabled",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { method: "command_line_reset" },
    });
  });
  return admin;
}

/** A current app code given again for a dangerous action (step-up.server.ts): accepted once, like at sign-in. */
export const confirmCurrentCode = async (deps: KeyDeps, userId: string, code: string): Promise<boolean> =>
  (await consumeTotp(deps, userId, code)) === true;
