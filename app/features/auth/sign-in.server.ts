/**
 * One sign-in, whichever way it arrives: POST /api/auth/login (JSON, server/auth.ts) and the
 * sign-in page's own form (app/routes/admin/login.tsx). Both answer
 * from here, so the throttle, the messages and the session are the same.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers } from "#db/schema";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { flattenIssues } from "~/lib/issues";
import {
  type AdminIdentity,
  createSession,
  deleteExpiredSessions,
  findAdminByEmail,
  normalizeEmail,
  type SessionAwaiting,
  sessionTimeouts,
  verifyCredentials,
} from "./auth.server";
import type { SignInThrottle } from "./login-throttle.server";
import { authMessages, loginSchema } from "./schema";

type LogFn = (data: Record<string, unknown>, message: string) => void;

export type SignInDeps = {
  db: Database;
  config: Config;
  logger: { info: LogFn; warn: LogFn };
  loginThrottle: SignInThrottle;
};

/** Where the attempt comes from: the client address (server/client-info.ts) and for the session list, the browser. */
export type SignInClient = { ip: string; userAgent?: string | null; requestId?: string };

export type SignInResult =
  | {
      status: 200;
      admin: AdminIdentity;
      token: string;
      /** The step the session still waits for: a code from the app, or setting one up (decision 026). */
      twoFactor?: "code" | "enrolment";
    }
  | { status: 400; message: string; errors: Record<string, string> }
  | { status: 401; message: string }
  | { status: 429; message: string; retryAfterSeconds: number };

/**
 * Checks `{ email, password }` and, when right, opens a session (its token goes in the cookie).
 * While the throttle makes the (account, address) pair or the address wait, the answer is 429 before
 * the account is looked up or the password hashed: a wait costs no scrypt time and tells nothing.
 */
export async function signIn(deps: SignInDeps, input: unknown, client: SignInClient): Promise<SignInResult> {
  const { db, config, logger, loginThrottle } = deps;
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return { status: 400, message: authMessages.invalidForm, errors: flattenIssues(parsed.error.issues) };
  const email = normalizeEmail(parsed.data.email);
  const account = email.slice(0, 320);
  const { ip, requestId: reqId } = client;

  const decision = await loginThrottle.begin(account, ip);
  if (!decision.allowed) {
    logger.warn({ reqId, email: account, ip, retryAfter: decision.retryAfterSeconds }, "admin sign-in refused: too many attempts");
    return {
      status: 429,
      message: authMessages.tooManyAttempts(decision.retryAfterSeconds),
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  }
  const { attempt } = decision;
  let admin: AdminIdentity | null;
  try {
    admin = await verifyCredentials(db, email, parsed.data.password, { scryptN: config.AUTH_SCRYPT_N });
  } catch (error) {
    // The caller must hear the original error; recording the abandoned attempt may fail the same way.
    await attempt.abandoned().catch(() => {});
    throw error;
  }
  if (!admin) {
    await attempt.failed();
    logger.warn({ reqId, email: account, ip }, "admin sign-in failed");
    // An unknown email is not written down: the trail names accounts, not what someone typed.
    const known = await findAdminByEmail(db, email);
    await recordAudit(db, {
      action: "sign_in_failed",
      admin: known ? { id: known.id, email: known.email } : null,
      detail: { method: "password" },
      ip,
    });
    return { status: 401, message: authMessages.invalidCredentials };
  }
  await attempt.succeeded();

  const timeouts = sessionTimeouts(config);
  await deleteExpiredSessions(db, timeouts);
  const [accountFactor] = await db.select({ enabledAt: adminUsers.totpEnabledAt }).from(adminUsers).where(eq(adminUsers.id, admin.id));
  const awaiting: SessionAwaiting | null = accountFactor?.enabledAt ? "second_factor" : config.ADMIN_REQUIRE_2FA ? "enrolment" : null;
  const { token } = await createSession(db, admin.id, { ip, userAgent: client.userAgent }, timeouts, new Date(), awaiting);
  if (awaiting) {
    logger.info({ reqId, adminId: admin.id, ip, awaiting }, "admin password accepted; second step pending");
    return { status: 200, admin, token, twoFactor: awaiting === "second_factor" ? "code" : "enrolment" };
  }
  await recordAudit(db, { action: "sign_in", admin, detail: { method: "password" }, ip });
  logger.info({ reqId, adminId: admin.id, ip }, "admin signed in");
  return { status: 200, admin, token };
}
