/**
 * Admin accounts and their sessions, at the database level (the HTTP side is server/auth.ts).
 *
 * Passwords: scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` so the cost can rise later
 * without invalidating old hashes. Sessions: a random 256-bit token in the cookie; the database keeps
 * only its SHA-256, so a leaked backup cannot be replayed. See docs/decisions/010-admin-sessions.md.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { and, count, eq, lt, ne, or } from "drizzle-orm";
import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import type { Database } from "#db/client";
import { adminSessions, adminUsers } from "#db/schema";
import { type Config, ConfigError } from "~/env.server";
import { isRole, type Role } from "~/lib/roles";
import { newPasswordProblem } from "./password-policy.server";
import type { AdminIdentity } from "./schema";

export type { AdminIdentity } from "./schema";

/** The account signed in on a request, with its session: which one, and when it last gave the password (step-up). */
export type SignedIn = AdminIdentity & { sessionId: string; confirmedAt: Date | null };

// ---- passwords ----

export const DEFAULT_SCRYPT_N = 32768;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly N = 2^15, r = 8, so raise it. */
const maxmem = (N: number, r: number) => 256 * N * r + 1024 * 1024;

export async function hashPassword(password: string, N = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: SCRYPT_R, p: SCRYPT_P, maxmem: maxmem(N, SCRYPT_R) });
  return ["scrypt", N, SCRYPT_R, SCRYPT_P, salt.toString("base64"), key.toString("base64")].join("$");
}

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || (N & (N - 1)) !== 0) return null;
  const salt = Buffer.from(parts[4], "base64");
  const key = Buffer.from(parts[5], "base64");
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** Constant-time comparison of the derived key; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const derived = await scryptAsync(password, salt, key.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(derived, key);
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * A hash of a random password at the given cost: checking an unknown email against it spends the same
 * scrypt time as checking a real account, so the answer's timing does not tell which emails exist.
 */
export function dummyHash(N = DEFAULT_SCRYPT_N): Promise<string> {
  let hash = dummyHashes.get(N);
  if (!hash) {
    hash = hashPassword(randomBytes(32).toString("base64url"), N);
    dummyHashes.set(N, hash);
  }
  return hash;
}

// ---- accounts ----

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class AdminAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminAccountError";
  }
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkNewCredentials(email: string, password: string, agencyNames?: readonly string[]) {
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new AdminAccountError(`"${email}" is not an email address.`);
  const problem = newPasswordProblem(password, { email, agencyNames });
  if (problem) throw new AdminAccountError(problem);
}

export type PasswordOptions = {
  scryptN?: number;
  /** The agency's names (the stored profile's, `agencyNames` of password-policy.server.ts), refused as the password. */
  agencyNames?: readonly string[];
};
/** A new account's options: its display name too ("Dana Ruiz"), and its role (staff unless given). */
export type NewAdminOptions = PasswordOptions & { name?: string | null; role?: Role };

/** The role a stored row holds; anything unexpected reads as the least one. */
export const roleOf = (value: string | null | undefined): Role => (isRole(value) ? value : "staff");

/**
 * Creates an admin; throws AdminAccountError when the email is taken or not an email, or the password
 * breaks a rule of password-policy.server.ts (too short, common or breached, the email itself).
 */
export async function createAdmin(db: Database, email: string, password: string, options: NewAdminOptions = {}): Promise<AdminIdentity> {
  const normalized = normalizeEmail(email);
  checkNewCredentials(normalized, password, options.agencyNames);
  const passwordHash = await hashPassword(password, options.scryptN);
  const [row] = await db
    .insert(adminUsers)
    .values({ email: normalized, passwordHash, name: options.name?.trim() || null, role: options.role ?? "staff" })
    .onConflictDoNothing()
    .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role });
  if (!row) throw new AdminAccountError(`An admin with the email ${normalized} already exists.`);
  return { ...row, role: roleOf(row.role) };
}

/** Sets a new password and signs the admin out everywhere (all their sessions are deleted). */
export async function resetAdminPassword(
  db: Database,
  email: string,
  password: string,
  options: PasswordOptions = {},
): Promise<AdminIdentity> {
  const normalized = normalizeEmail(email);
  checkNewCredentials(normalized, password, options.agencyNames);
  const passwordHash = await hashPassword(password, options.scryptN);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(adminUsers.email, normalized))
      .returning({ id: adminUsers.id, email: adminUsers.email, role: adminUsers.role });
    if (!row) throw new AdminAccountError(`There is no admin with the email ${normalized}.`);
    await tx.delete(adminSessions).where(eq(adminSessions.userId, row.id));
    return { ...row, role: roleOf(row.role) };
  });
}

export async function findAdminByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, normalizeEmail(email)));
  return row ?? null;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return Number(row.n);
}

/**
 * Checks a sign-in. Always spends one scrypt computation, also for an unknown email. A hash made with a
 * lower cost than the configured one is replaced after a successful check.
 */
export async function verifyCredentials(
  db: Database,
  email: string,
  password: string,
  options: PasswordOptions = {},
): Promise<AdminIdentity | null> {
  const N = options.scryptN ?? DEFAULT_SCRYPT_N;
  const user = await findAdminByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(N)));
  // A deactivated account gets the answer of a wrong password: the sign-in tells nothing about it.
  if (!user || !ok || !user.active) return null;
  const stored = parseHash(user.passwordHash);
  const rehash = stored && stored.N < N ? await hashPassword(password, N) : undefined;
  await db
    .update(adminUsers)
    .set({ lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) })
    .where(eq(adminUsers.id, user.id));
  return { id: user.id, email: user.email, role: roleOf(user.role) };
}

export type BootstrapResult = "created" | "exists" | "none";

/**
 * The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, created only while no admin exists (so changing
 * the variables later never adds or alters an account).
 */
export async function bootstrapAdmin(
  db: Database,
  config: Pick<Config, "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "AUTH_SCRYPT_N">,
  /** The agency's names (the stored profile's), refused as ADMIN_PASSWORD. */
  agencyNames: readonly string[],
): Promise<BootstrapResult> {
  if ((await countAdmins(db)) > 0) return "exists";
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return "none";
  const email = normalizeEmail(config.ADMIN_EMAIL);
  // Checked only here, when it makes the account: an install whose first admin already exists keeps
  // starting whatever the setting still holds.
  try {
    checkNewCredentials(email, config.ADMIN_PASSWORD, agencyNames);
  } catch (error) {
    if (error instanceof AdminAccountError)
      throw new ConfigError([{ variable: "ADMIN_PASSWORD", message: `is refused: ${error.message}` }]);
    throw error;
  }
  const passwordHash = await hashPassword(config.ADMIN_PASSWORD, config.AUTH_SCRYPT_N);
  // Two processes starting together on one PostgreSQL: the unique email keeps it to one account.
  const created = await db.transaction(async (tx) => {
    if ((await tx.select({ n: count() }).from(adminUsers))[0].n > 0) return [];
    return tx.insert(adminUsers).values({ email, passwordHash, role: "owner" }).onConflictDoNothing().returning({ id: adminUsers.id });
  });
  return created.length > 0 ? "created" : "exists";
}

// ---- sessions ----

export type SessionTimeouts = { idleMs: number; maxMs: number };
export type SessionClient = { ip?: string | null; userAgent?: string | null };

/** last_seen_at is written at most this often, so reading pages does not mean one write per request. */
export const TOUCH_INTERVAL_MS = 60_000;

export const sessionTimeouts = (config: Pick<Config, "ADMIN_SESSION_IDLE_MINUTES" | "ADMIN_SESSION_MAX_HOURS">): SessionTimeouts => ({
  idleMs: config.ADMIN_SESSION_IDLE_MINUTES * 60_000,
  maxMs: config.ADMIN_SESSION_MAX_HOURS * 3_600_000,
});

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/**
 * What a session still lacks before it is signed in (docs/decisions/026-two-factor-sign-in.md): the
 * code of the account's authenticator, or setting one up when the site requires it.
 */
export type SessionAwaiting = "second_factor" | "enrolment";

/**
 * A new session; answers the token for the cookie (32 random bytes, base64url). Only its hash is stored.
 * With `awaiting`, the session only reaches that step: it is no admin until the step is done.
 */
export async function createSession(
  db: Pick<Database, "insert">,
  userId: string,
  client: SessionClient,
  timeouts: SessionTimeouts,
  now = new Date(),
  awaiting: SessionAwaiting | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + timeouts.maxMs);
  await db.insert(adminSessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: client.ip?.slice(0, 64) ?? null,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    awaiting,
    // A session signed in by its password (and code) has just given it: the step-up's ten minutes start here.
    confirmedAt: awaiting ? null : now,
  });
  return { token, expiresAt };
}

/** A live session: its admin, and the step it still waits for (null when signed in). */
export type SessionState = {
  sessionId: string;
  admin: AdminIdentity;
  awaiting: SessionAwaiting | null;
  /** A TOTP key shown at enrolment and not yet confirmed. */
  enrolmentSecret: string | null;
  /** When the account's second factor was confirmed; null without one. */
  totpEnabledAt: Date | null;
  /** When the password or a current code was last given in this session (step-up, docs/decisions/047). */
  confirmedAt: Date | null;
};

/**
 * The session a token opens, or null when it is unknown, idle too long or past its absolute end (then deleted).
 * `touch: false` reads it without counting as activity: a screen polling by itself (the live inbox) must not keep
 * an unattended session from its idle timeout.
 */
export async function sessionState(
  db: Database,
  token: string,
  timeouts: SessionTimeouts,
  now = new Date(),
  { touch = true }: { touch?: boolean } = {},
): Promise<SessionState | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      awaiting: adminSessions.awaiting,
      enrolmentSecret: adminSessions.enrolmentSecret,
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      confirmedAt: adminSessions.confirmedAt,
      totpEnabledAt: adminUsers.totpEnabledAt,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    // A deactivated account's sessions are deleted with it; this keeps one created in the same instant out too.
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), eq(adminUsers.active, true)));
  if (!row) return null;
  const t = now.getTime();
  if (row.expiresAt.getTime() <= t || row.lastSeenAt.getTime() + timeouts.idleMs <= t) {
    await db.delete(adminSessions).where(eq(adminSessions.id, row.sessionId));
    return null;
  }
  if (touch && t - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    admin: { id: row.id, email: row.email, role: roleOf(row.role) },
    confirmedAt: row.confirmedAt,
    awaiting: row.awaiting === "second_factor" || row.awaiting === "enrolment" ? row.awaiting : row.awaiting ? "second_factor" : null,
    enrolmentSecret: row.enrolmentSecret,
    totpEnabledAt: row.totpEnabledAt,
  };
}

/**
 * The admin a token belongs to, or null when it is unknown, idle too long, past its absolute end
 * (then deleted), or still waiting for a step of the sign-in (a second factor, or enrolment).
 */
export async function sessionAdmin(
  db: Database,
  token: string,
  timeouts: SessionTimeouts,
  now = new Date(),
): Promise<AdminIdentity | null> {
  const state = await sessionState(db, token, timeouts, now);
  return state && state.awaiting === null ? state.admin : null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  if (!token || token.length > 100) return;
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/**
 * Signs an account out everywhere but one session, the one making the change (by its id or its cookie's
 * token): a password change, two-factor changes, "Sign out everywhere else". Answers how many ended.
 */
export async function revokeOtherSessions(
  db: Pick<Database, "delete">,
  userId: string,
  keep: { sessionId: string } | { token: string },
): Promise<number> {
  const other = "sessionId" in keep ? ne(adminSessions.id, keep.sessionId) : ne(adminSessions.tokenHash, hashToken(keep.token));
  const ended = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.userId, userId), other))
    .returning({ id: adminSessions.id });
  return ended.length;
}

/** Signs an admin out everywhere. */
export async function revokeAdminSessions(db: Database, userId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
}

/** Deletes sessions past their absolute end or idle too long; run at each sign-in. */
export async function deleteExpiredSessions(db: Database, timeouts: SessionTimeouts, now = new Date()): Promise<void> {
  await db
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.lastSeenAt, new Date(now.getTime() - timeouts.idleMs))));
}

// ---- the cookie ----

/** `__Host-` (Secure, Path=/, no Domain) when the site is served over HTTPS: no subdomain can set or shadow it. */
export const sessionCookieName = (config: Pick<Config, "secureCookies">) =>
  config.secureCookies ? "__Host-admin_session" : "admin_session";

/**
 * The Set-Cookie value for a new session: HttpOnly, SameSite=Lax, Path=/, Secure over https, and a
 * Max-Age of the session's absolute lifetime (the browser forgets it when the server would refuse
 * it anyway; the idle timeout still applies).
 */
export function sessionCookieHeader(config: Pick<Config, "secureCookies" | "ADMIN_SESSION_MAX_HOURS">, token: string): string {
  return serializeCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.secureCookies,
    maxAge: config.ADMIN_SESSION_MAX_HOURS * 3600,
  });
}

/** The session token a Cookie header carries, if any. */
export function sessionTokenFromCookieHeader(
  config: Pick<Config, "secureCookies">,
  cookieHeader: string | null | undefined,
): string | undefined {
  if (!cookieHeader) return undefined;
  const name = sessionCookieName(config);
  return parseCookies(cookieHeader, name)[name] || undefined;
}

export type AuthServices = { db: Database; config: Config };

/**
 * The admin signed in on this request, or null: for React Router loaders (e.g. a draft preview).
 * Read-only requests only; actions that change data go through the /api routes and requireAdmin.
 */
export async function adminFromRequest(services: AuthServices, request: Request): Promise<SignedIn | null> {
  const token = sessionTokenFromCookieHeader(services.config, request.headers.get("cookie"));
  if (!token) return null;
  return signedInOf(await sessionState(services.db, token, sessionTimeouts(services.config)));
}

/** A session's signed-in account, or null while it waits for a step of the sign-in. */
export function signedInOf(state: SessionState | null): SignedIn | null {
  if (!state || state.awaiting !== null) return null;
  return { ...state.admin, sessionId: state.sessionId, confirmedAt: state.confirmedAt };
}

/** Used by ensureAdmin-style helpers: the admin with this email, creating it when missing. */
export async function ensureAdminAccount(
  db: Database,
  email: string,
  password: string,
  options: NewAdminOptions = {},
): Promise<AdminIdentity> {
  const existing = await findAdminByEmail(db, email);
  if (existing) return { id: existing.id, email: existing.email, role: roleOf(existing.role) };
  return createAdmin(db, email, password, options);
}
