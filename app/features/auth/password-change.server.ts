/**
 * A signed-in admin changing their own password, whichever way it arrives: the Account screen's
 * form (app/routes/admin/account.tsx) and POST /api/auth/password (server/auth.ts).
 *
 * The current password is asked for, so a session left open on someone else's screen cannot take
 * the account over; wrong ones count in the sign-in throttle (same account and address keys), so the
 * form is no way around it for guessing. On success the hash is replaced, every other session of the
 * account is signed out (the one making the change stays), and the change is audited.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { flattenIssues } from "~/lib/issues";
import { type AdminIdentity, hashPassword, revokeOtherSessions, verifyPassword } from "./auth.server";
import type { SignInThrottle } from "./login-throttle.server";
import { agencyNames, newPasswordProblem } from "./password-policy.server";
import { passwordChangeMessages, passwordChangeSchema } from "./schema";

type LogFn = (data: Record<string, unknown>, message: string) => void;

export type PasswordChangeDeps = {
  db: Database;
  config: Config;
  logger: { info: LogFn; warn: LogFn };
  loginThrottle: SignInThrottle;
  /** The stored profile as the request found it: the agency's names are refused as a password. */
  site: { facts: SiteFacts };
};

/** Who asks: the signed-in admin, the token of the session that stays, and where the request comes from. */
export type PasswordChangeRequest = { admin: AdminIdentity; sessionToken: string; ip: string; requestId?: string };

export type PasswordChangeResult =
  | { status: 200; message: string; otherSessionsSignedOut: number }
  | { status: 400; message: string; errors: Record<string, string> }
  | { status: 429; message: string; errors: Record<string, string>; retryAfterSeconds: number };

const invalid = (errors: Record<string, string>): PasswordChangeResult => ({
  status: 400,
  message: passwordChangeMessages.invalidForm,
  errors,
});

/**
 * Checks `{ currentPassword, newPassword, confirmPassword? }` and changes the password. The new
 * password's rules are checked first (no scrypt time, nothing counted); then the current password,
 * under the throttle.
 */
export async function changePassword(
  deps: PasswordChangeDeps,
  request: PasswordChangeRequest,
  input: unknown,
): Promise<PasswordChangeResult> {
  const { db, config, logger, loginThrottle, site } = deps;
  const { admin, ip, requestId: reqId } = request;
  const parsed = passwordChangeSchema.safeParse(input);
  const errors: Record<string, string> = parsed.success ? {} : flattenIssues(parsed.error.issues);
  // Every field's problem in one answer: the list is checked also when another field is wrong.
  const candidate = (input as { newPassword?: unknown } | null | undefined)?.newPassword;
  if (!errors.newPassword && typeof candidate === "string") {
    const problem = newPasswordProblem(candidate, { email: admin.email, agencyNames: agencyNames(site.facts) });
    if (problem) errors.newPassword = problem;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return invalid(errors);
  const { currentPassword, newPassword } = parsed.data;

  const decision = await loginThrottle.begin(admin.email, ip);
  if (!decision.allowed) {
    logger.warn({ reqId, adminId: admin.id, ip, retryAfter: decision.retryAfterSeconds }, "password change refused: too many attempts");
    const message = passwordChangeMessages.tooManyAttempts(decision.retryAfterSeconds);
    return { status: 429, message, errors: { currentPassword: message }, retryAfterSeconds: decision.retryAfterSeconds };
  }
  const { attempt } = decision;
  let right: boolean;
  try {
    const [row] = await db.select({ passwordHash: adminUsers.passwordHash }).from(adminUsers).where(eq(adminUsers.id, admin.id));
    right = row !== undefined && (await verifyPassword(currentPassword, row.passwordHash));
  } catch (error) {
    await attempt.abandoned().catch(() => {});
    throw error;
  }
  if (!right) {
    await attempt.failed();
    logger.warn({ reqId, adminId: admin.id, ip }, "password change refused: wrong current password");
    return invalid({ currentPassword: passwordChangeMessages.currentWrong });
  }
  await attempt.succeeded();
  if (newPassword === currentPassword) return invalid({ newPassword: passwordChangeMessages.sameAsCurrent });

  const passwordHash = await hashPassword(newPassword, config.AUTH_SCRYPT_N);
  const otherSessionsSignedOut = await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(adminUsers.id, admin.id));
    const revoked = await revokeOtherSessions(tx, admin.id, { token: request.sessionToken });
    await recordAudit(tx, {
      action: "password_changed",
      admin,
      targetType: "admin",
      targetId: admin.id,
      detail: { otherSessionsSignedOut: revoked },
      ip,
    });
    return revoked;
  });
  logger.info({ reqId, adminId: admin.id, ip, otherSessionsSignedOut }, "admin password changed");
  return { status: 200, message: passwordChangeMessages.changed, otherSessionsSignedOut };
}
