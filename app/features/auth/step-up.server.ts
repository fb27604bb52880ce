/**
 * Step-up (docs/decisions/047-roles-and-step-up.md): a signed-in account gives its password, or a current code
 * from its authenticator app, again before a dangerous action. Checked like a sign-in: through the
 * sign-in throttle (a stolen session cannot guess the password any faster than the sign-in page
 * allows), with one scrypt computation, and a wrong one recorded in the audit trail. A right one marks
 * the session confirmed for STEP_UP_MINUTES.
 */
import { eq } from "drizzle-orm";
import { adminSessions, adminUsers } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { type StepUpResult, stepUpMessages } from "~/lib/step-up";
import { type SignedIn, verifyPassword } from "./auth.server";
import { authMessages } from "./schema";
import type { SignInClient, SignInDeps } from "./sign-in.server";
import { confirmCurrentCode, type TwoFactorDeps } from "./two-factor.server";

/** A current code from the app: six digits (a password is at least twelve characters). */
const CODE = /^\d{6}$/;

export async function confirmIdentity(
  deps: SignInDeps & Pick<TwoFactorDeps, "twoFactorKeys">,
  admin: SignedIn,
  secret: string,
  client: SignInClient,
): Promise<StepUpResult> {
  const value = secret.trim() === "" ? "" : secret;
  if (!value) return { ok: false, status: 400, message: stepUpMessages.empty };
  if (value.length > 1024) return { ok: false, status: 403, message: stepUpMessages.wrong };
  const decision = await deps.loginThrottle.begin(admin.email, client.ip);
  if (!decision.allowed)
    return {
      ok: false,
      status: 429,
      message: authMessages.tooManyAttempts(decision.retryAfterSeconds),
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  const { attempt } = decision;
  let right: boolean;
  try {
    const [user] = await deps.db
      .select({ passwordHash: adminUsers.passwordHash, totpEnabledAt: adminUsers.totpEnabledAt })
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id));
    if (CODE.test(value.replace(/\s/g, "")) && user?.totpEnabledAt)
      // A locked account's codes (too many wrong ones) are refused here too: the password still works.
      right = await confirmCurrentCode(deps, admin.id, value.replace(/\s/g, ""));
    else right = user ? await verifyPassword(value, user.passwordHash) : false;
  } catch (error) {
    await attempt.abandoned().catch(() => {});
    throw error;
  }
  if (!right) {
    await attempt.failed();
    deps.logger.warn({ reqId: client.requestId, adminId: admin.id, ip: client.ip }, "password asked again: wrong");
    await recordAudit(deps.db, { action: "sign_in_failed", admin, detail: { method: "step_up" }, ip: client.ip });
    return { ok: false, status: 403, message: stepUpMessages.wrong };
  }
  await attempt.succeeded();
  await deps.db.update(adminSessions).set({ confirmedAt: new Date() }).where(eq(adminSessions.id, admin.sessionId));
  return { ok: true };
}
