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
 * password can feed that count, so spreading guesses over many addresses gains nothing.
 */
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "#db/client";
import { adminRecoveryCodes, adminSessions, adminUsers } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { flattenIssues } from "~/lib/issues";
import {
  AdminAccountError,
  type AdminIdentity,
  createSession,
  findAdminByEmail,
  normalizeEmail,
  roleOf,
  type SessionState,
  sessionState,
  sessionTimeouts,
} from "./auth.server";
import { authMessages } from "./schema";
import type { SignInClient, SignInDeps } from "./sign-in.server";
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

// ---- checking a code ----

export type CodeFailure =
  | { status: 400; message: string; errors: Record<string, string> }
  | { status: 401; message: string }
  | { status: 409; message: string }
  | { status: 429; message: string; retryAfterSeconds: number };

type Verified<T> = { ok: true; value: T } | { ok: false; failure: CodeFailure };

/** Wrong codes one account takes per window, from all addresses together. */
export const ACCOUNT_CODE_FAILURES = 10;
export const ACCOUNT_CODE_WINDOW_MS = 15 * 60_000;

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

/**
 * Validates `{ code }`, asks the throttle and the account's limit, then runs `verify` (null: the code
 * is wrong). A wrong code counts against the (account, address) pair and the address like a wrong
 * password, and against the account's wrong codes from every address.
 */
async function throttledCheck<T>(
  deps: SignInDeps,
  admin: AdminIdentity,
  input: unknown,
  client: SignInClient,
  verify: (code: ReturnType<typeof readCode>) => Promise<T | null>,
): Promise<Verified<T>> {
  const parsed = twoFactorCodeSchema.safeParse(input);
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error.issues);
    return { ok: false, failure: { status: 400, message: errors.code ?? twoFactorMessages.codeMissing, errors } };
  }
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
  let value: T | null;
  try {
    value = await verify(readCode(parsed.data.code));
  } catch (error) {
    await decision.attempt.abandoned().catch(() => {});
    await account.release().catch(() => {});
    throw error;
  }
  if (value === null) {
    await decision.attempt.failed();
    deps.logger.warn({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "admin code refused: wrong code");
    return { ok: false, failure: { status: 401, message: twoFactorMessages.invalidCode } };
  }
  await decision.attempt.succeeded();
  await account.release();
  return { ok: true, value };
}

/**
 * Accepts an app code for the account's confirmed key once: the step is written only when it is later
 * than the last one accepted, in the same statement, so two requests with one code cannot both pass.
 */
async function consumeTotp(db: Database, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const [user] = await db.select({ secret: adminUsers.totpSecret }).from(adminUsers).where(eq(adminUsers.id, userId));
  if (!user?.secret) return false;
  const step = totpStep(user.secret, code, now);
  if (step === null) return false;
  const updated = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, userId),
        eq(adminUsers.totpSecret, user.secret),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
      ),
    )
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
async function consumeAnyCode(db: Database, userId: string, code: ReturnType<typeof readCode>): Promise<Method | null> {
  if (code.kind === "totp") return (await consumeTotp(db, userId, code.code)) ? "code" : null;
  if (code.kind === "recovery") return (await consumeRecoveryCode(db, userId, code.code)) ? "recovery_code" : null;
  return null;
}

/** Replaces a session by a new, fully signed-in one (a new token once the sign-in is complete). */
async function upgradeSession(deps: SignInDeps, tx: Tx, state: SessionState, client: SignInClient): Promise<string> {
  await tx.delete(adminSessions).where(eq(adminSessions.id, state.sessionId));
  const { token } = await createSession(tx, state.admin.id, { ip: client.ip, userAgent: client.userAgent }, sessionTimeouts(deps.config));
  return token;
}

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
  deps: SignInDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<CodeSignInResult> {
  const state = await stateOf(deps, token);
  if (state?.awaiting !== "second_factor") return expired();
  const { admin } = state;
  const checked = await throttledCheck(deps, admin, input, client, (code) => consumeAnyCode(deps.db, admin.id, code));
  if (!checked.ok) {
    if (checked.failure.status === 401)
      await recordAudit(deps.db, { action: "sign_in_failed", admin, detail: { method: "code" }, ip: client.ip });
    return checked.failure;
  }
  const method = checked.value;
  const remaining = method === "recovery_code" ? await unusedRecoveryCodes(deps.db, admin.id) : null;
  const newToken = await deps.db.transaction(async (tx) => {
    const next = await upgradeSession(deps, tx, state, client);
    await recordAudit(tx, { action: "sign_in", admin, detail: { method }, ip: client.ip });
    if (method === "recovery_code")
      await recordAudit(tx, {
        action: "recovery_code_used",
        admin,
        targetType: "admin",
        targetId: admin.id,
        detail: { remaining },
        ip: client.ip,
      });
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
 * The key to set up, kept on the session until a code confirms it (the same key on every reload, and
 * never on the account before it is confirmed). Null when this session may not enrol.
 */
export async function enrolmentView(db: Database, state: SessionState, issuer: string): Promise<EnrolmentView | null> {
  if (!mayEnrol(state)) return null;
  let secret = state.enrolmentSecret;
  if (!secret) {
    const candidate = newTotpSecret();
    const [row] = await db
      .update(adminSessions)
      .set({ enrolmentSecret: candidate })
      .where(and(eq(adminSessions.id, state.sessionId), isNull(adminSessions.enrolmentSecret)))
      .returning({ secret: adminSessions.enrolmentSecret });
    if (row?.secret) secret = row.secret;
    else {
      // Another request of this session stored one first: show that one.
      const [stored] = await db
        .select({ secret: adminSessions.enrolmentSecret })
        .from(adminSessions)
        .where(eq(adminSessions.id, state.sessionId));
      secret = stored?.secret ?? null;
    }
  }
  if (!secret) return null;
  const uri = otpauthUri(secret, state.admin.email, issuer);
  return { email: state.admin.email, secret, groupedSecret: groupedKey(secret), uri, qrSvg: await qrCodeSvg(uri) };
}

export type EnrolResult = { status: 200; admin: AdminIdentity; recoveryCodes: string[]; signedIn: boolean } | CodeFailure;

/**
 * Confirms the key shown on this session with a code from the app: the key becomes the account's,
 * ten recovery codes replace any old ones (answered once, to be shown), and a session that was
 * waiting for enrolment is signed in. It keeps its token: the page that answers with the recovery
 * codes is rendered for the same cookie, and that session already proved the password.
 */
export async function confirmEnrolment(
  deps: SignInDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<EnrolResult> {
  const state = await stateOf(deps, token);
  if (!state || state.awaiting === "second_factor") return expired();
  if (await endStaleEnrolment(deps.db, state)) return expired();
  if (!mayEnrol(state)) return { status: 409, message: twoFactorMessages.alreadyEnabled };
  const secret = state.enrolmentSecret;
  const { admin } = state;
  const now = Date.now();
  const checked = await throttledCheck(deps, admin, input, client, async (code) =>
    secret && code.kind === "totp" ? totpStep(secret, code.code, now) : null,
  );
  if (!checked.ok) return checked.failure;
  const step = checked.value;
  const pending = state.awaiting === "enrolment";
  const result = await deps.db.transaction(async (tx) => {
    const enabled = await tx
      .update(adminUsers)
      .set({ totpSecret: secret, totpEnabledAt: new Date(now), totpLastStep: step })
      .where(and(eq(adminUsers.id, admin.id), isNull(adminUsers.totpEnabledAt)))
      .returning({ id: adminUsers.id });
    if (enabled.length === 0) return null;
    const recoveryCodes = await replaceRecoveryCodes(tx, admin.id);
    await recordAudit(tx, { action: "two_factor_enabled", admin, targetType: "admin", targetId: admin.id, ip: client.ip });
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
  deps: SignInDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<Verified<{ admin: AdminIdentity; method: Method }>> {
  const state = await stateOf(deps, token);
  if (!state || state.awaiting !== null) return { ok: false, failure: { status: 401, message: authMessages.signInRequired } };
  if (!state.totpEnabledAt) return { ok: false, failure: { status: 409, message: twoFactorMessages.notEnabled } };
  const { admin } = state;
  const checked = await throttledCheck(deps, admin, input, client, (code) => consumeAnyCode(deps.db, admin.id, code));
  if (!checked.ok) return checked;
  if (checked.value === "recovery_code")
    await recordAudit(deps.db, {
      action: "recovery_code_used",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { remaining: await unusedRecoveryCodes(deps.db, admin.id) },
      ip: client.ip,
    });
  return { ok: true, value: { admin, method: checked.value } };
}

export type RegenerateResult = { status: 200; admin: AdminIdentity; recoveryCodes: string[] } | CodeFailure;

/** Ten new recovery codes for a signed-in admin, confirmed by a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: SignInDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<RegenerateResult> {
  const checked = await confirmedByCode(deps, token, input, client);
  if (!checked.ok) return checked.failure;
  const { admin } = checked.value;
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, admin.id);
    await recordAudit(tx, { action: "recovery_codes_regenerated", admin, targetType: "admin", targetId: admin.id, ip: client.ip });
    return codes;
  });
  return { status: 200, admin, recoveryCodes };
}

export type DisableResult = { status: 200; admin: AdminIdentity } | CodeFailure;

/** Turns off a signed-in admin's second factor, confirmed by a current code or a recovery code. */
export async function disableTwoFactor(
  deps: SignInDeps,
  token: string | undefined,
  input: unknown,
  client: SignInClient,
): Promise<DisableResult> {
  const checked = await confirmedByCode(deps, token, input, client);
  if (!checked.ok) return checked.failure;
  const { admin, method } = checked.value;
  await deps.db.transaction(async (tx) => {
    await clearTwoFactor(tx, admin.id);
    await recordAudit(tx, {
      action: "two_factor_disabled",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { method },
      ip: client.ip,
    });
  });
  deps.logger.info({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "admin turned off two-factor sign-in");
  return { status: 200, admin };
}

async function clearTwoFactor(tx: Tx, userId: string) {
  await tx.update(adminUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(adminUsers.id, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
}

/**
 * The owner's way back in (`npm run admin:create -- --reset-2fa --email ...`, on the server): removes
 * the account's key and recovery codes and signs it out everywhere. With ADMIN_REQUIRE_2FA, the next
 * sign-in sets up a new key.
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
export const confirmCurrentCode = (db: Database, userId: string, code: string) => consumeTotp(db, userId, code);
