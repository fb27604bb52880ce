/**
 * Admin sign-in over HTTP: POST /api/auth/login (and /login/code, its second step when the account has
 * two-factor sign-in, docs/decisions/026-two-factor-sign-in.md), GET /api/auth/user, POST /api/auth/logout, and the
 * `requireAdmin` guard every admin API route sits behind. Accounts and sessions live in
 * app/features/auth/auth.server.ts, the sign-in itself (throttle included) in sign-in.server.ts;
 * docs/decisions/010-admin-sessions.md says why it works this way.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { type AdminIdentity, dummyHash } from "~/features/auth/auth.server";
import { changePassword } from "~/features/auth/password-change.server";
import { authMessages } from "~/features/auth/schema";
import { type SignInResult, signIn } from "~/features/auth/sign-in.server";
import { signOut } from "~/features/auth/sign-out.server";
import { confirmIdentity } from "~/features/auth/step-up.server";
import { type CodeSignInResult, signInWithCode } from "~/features/auth/two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { stepUpMessages } from "~/lib/step-up";
import { clientIp } from "./client-info";
import type { AppServices } from "./context";
import { answerRefusal, apiError, apiPost, apiSameSite, apiSession } from "./http";
import { UNSAFE_METHODS } from "./origin";
import { clearSessionCookie, sessionToken, setSessionCookie } from "./session";

export { type AdminIdentity, adminFromRequest, createAdmin } from "~/features/auth/auth.server";

/**
 * The guard of every admin API route without a body (GET; apiPost applies the same steps to the
 * others): 403 for a POST, PUT, PATCH or DELETE sent from another site's page, 401
 * `{ success: false, message: "Please sign in." }` without a live session; otherwise
 * `c.get("admin")` is the signed-in admin `{ id, email }`. `touch: false` for requests a screen makes
 * by itself (polling), which do not count as the admin's activity.
 */
export function requireAdmin(
  services: AppServices,
  { touch = true, stepUp = false }: { touch?: boolean; stepUp?: boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    const refusal =
      (UNSAFE_METHODS.has(c.req.method) ? apiSameSite(services, c, authMessages.crossSite) : null) ??
      (await apiSession(services, c, { touch, stepUp }));
    if (refusal) return answerRefusal(c, refusal);
    await next();
  };
}

/** The routes under /api/auth. */
export function authRoutes(services: AppServices): Hono {
  const { config } = services;
  // Ready before the first sign-in with an unknown email, so that one is not slower either.
  void dummyHash(config.AUTH_SCRYPT_N).catch(() => {});

  const client = (c: Context) => ({
    ip: clientIp(c, config.TRUST_PROXY),
    userAgent: c.req.header("user-agent"),
    requestId: c.get("requestId" as never) as string | undefined,
  });
  /** A sign-in step's answer: the session's cookie with a success, or the API's error (Retry-After with a 429). */
  const answerSignIn = (c: Context, result: SignInResult | CodeSignInResult, success: (admin: AdminIdentity) => object) => {
    switch (result.status) {
      case 200:
        setSessionCookie(c, config, result.token);
        return c.json(success(result.admin));
      case 429:
        c.header("Retry-After", String(result.retryAfterSeconds));
        return apiError(c, 429, result.message);
      default:
        return apiError(c, result.status, result.message, "errors" in result ? result.errors : undefined);
    }
  };
  // The sign-in steps parse their bodies themselves (the sign-in page's form calls the same cores).
  const signInPost = { crossSite: authMessages.crossSite, body: true };

  return (
    new Hono()
      .post(
        ...apiPost(services, "/login", signInPost, async (c, { body }) => {
          const result = await signIn(services, body, client(c));
          return answerSignIn(c, result, (user) => {
            if (result.status === 200 && result.twoFactor) {
              const message = result.twoFactor === "code" ? twoFactorMessages.codeRequired : twoFactorMessages.enrolmentRequired;
              return { success: true, message, twoFactor: result.twoFactor };
            }
            return { success: true, message: authMessages.success, user };
          });
        }),
      )
      // The second step for API clients: `{ code }` (the app's 6 digits or a recovery code) with the first step's cookie.
      .post(
        ...apiPost(services, "/login/code", signInPost, async (c, { body }) => {
          const result = await signInWithCode({ ...services, site: services.site.current() }, sessionToken(c, config), body, client(c));
          return answerSignIn(c, result, (user) => ({ success: true, message: authMessages.success, user }));
        }),
      )
      .get("/user", requireAdmin(services), (c) => {
        const { id, email, role } = c.get("admin");
        return c.json({ success: true, user: { id, email, role } });
      })
      // `{ password }` or `{ code }`: a dangerous call's confirmation (step-up), good for ten minutes.
      .post(
        ...apiPost(services, "/confirm", { admin: true, body: true }, async (c, { body }) => {
          const secret = typeof body.password === "string" ? body.password : typeof body.code === "string" ? body.code : null;
          if (secret === null) return apiError(c, 400, stepUpMessages.invalidConfirm, { password: stepUpMessages.empty });
          const { ip, requestId } = client(c);
          const result = await confirmIdentity(services, c.get("admin"), secret, { ip, requestId });
          if (result.ok) return c.json({ success: true, message: stepUpMessages.confirmed(config.ADMIN_STEP_UP_MINUTES) });
          if (result.retryAfterSeconds) c.header("Retry-After", String(result.retryAfterSeconds));
          return apiError(c, result.status, result.message);
        }),
      )
      // `{ currentPassword, newPassword }`: the Account screen's change (app/features/auth/password-change.server.ts).
      .post(
        ...apiPost(services, "/password", { admin: true, body: true }, async (c, { body }) => {
          const { ip, requestId } = client(c);
          const result = await changePassword(
            { ...services, site: services.site.current() },
            { admin: c.get("admin"), sessionToken: sessionToken(c, config) ?? "", ip, requestId },
            body,
          );
          if (result.status === 200) return c.json({ success: true, message: result.message });
          if (result.status === 429) c.header("Retry-After", String(result.retryAfterSeconds));
          return apiError(c, result.status, result.message, result.errors);
        }),
      )
      .post(
        ...apiPost(services, "/logout", { crossSite: authMessages.crossSite }, async (c) => {
          await signOut(services, sessionToken(c, config), clientIp(c, config.TRUST_PROXY));
          clearSessionCookie(c, config);
          return c.json({ success: true, message: authMessages.signedOut });
        }),
      )
  );
}
