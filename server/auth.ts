/**
 * Admin sign-in over HTTP: POST /api/auth/login (and /login/code, its second step when the account has
 * two-factor sign-in, docs/decisions/026-two-factor-sign-in.md), GET /api/auth/user, POST /api/auth/logout, and the
 * `requireAdmin` guard every admin API route sits behind. Accounts and sessions live in
 * app/features/auth/auth.server.ts, the sign-in itself (throttle included) in sign-in.server.ts;
 * docs/decisions/010-admin-sessions.md says why it works this way.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { Config } from "~/env.server";
import {
  type AdminIdentity,
  dummyHash,
  sessionCookieHeader,
  sessionCookieName,
  sessionState,
  sessionTimeouts,
} from "~/features/auth/auth.server";
import { changePassword } from "~/features/auth/password-change.server";
import { authMessages } from "~/features/auth/schema";
import { signIn } from "~/features/auth/sign-in.server";
import { signOut } from "~/features/auth/sign-out.server";
import { signInWithCode } from "~/features/auth/two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { clientIp } from "./client-info";
import type { AppServices } from "./context";
import { apiError, readJson } from "./http";
import { isCrossSite, sameSiteOnly, UNSAFE_METHODS } from "./origin";

export { type AdminIdentity, adminFromRequest, createAdmin } from "~/features/auth/auth.server";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in admin, set by requireAdmin. */
    admin: AdminIdentity;
  }
}

type CookieConfig = Pick<Config, "secureCookies" | "ADMIN_SESSION_MAX_HOURS">;

function setSessionCookie(c: Context, config: CookieConfig, token: string) {
  c.header("Set-Cookie", sessionCookieHeader(config, token), { append: true });
}

function clearSessionCookie(c: Context, config: CookieConfig) {
  deleteCookie(c, sessionCookieName(config), { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secureCookies });
}

/**
 * The guard of every admin API route: 403 for a POST, PUT, PATCH or DELETE sent from another site's
 * page, 401 `{ success: false, message: "Please sign in." }` without a live session; otherwise
 * `c.get("admin")` is the signed-in admin `{ id, email }`. `touch: false` for requests a screen makes by itself
 * (polling), which do not count as the admin's activity.
 */
export function requireAdmin(services: AppServices, { touch = true }: { touch?: boolean } = {}): MiddlewareHandler {
  const { config, db } = services;
  const timeouts = sessionTimeouts(config);
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && isCrossSite(c, config)) return apiError(c, 403, authMessages.crossSite);
    const token = getCookie(c, sessionCookieName(config));
    const state = token ? await sessionState(db, token, timeouts, new Date(), { touch }) : null;
    // A session still waiting for its second step is no admin, but keeps its cookie for that step.
    if (!state || state.awaiting !== null) {
      if (token && !state) clearSessionCookie(c, config);
      return apiError(c, 401, authMessages.signInRequired);
    }
    c.set("admin", state.admin);
    await next();
  };
}

/** The routes under /api/auth. */
export function authRoutes(services: AppServices): Hono {
  const { config } = services;
  // Ready before the first sign-in with an unknown email, so that one is not slower either.
  void dummyHash(config.AUTH_SCRYPT_N).catch(() => {});

  return (
    new Hono()
      .post("/login", sameSiteOnly(config, authMessages.crossSite), async (c) => {
        const body = await readJson(c);
        const result = await signIn(services, body, {
          ip: clientIp(c, config.TRUST_PROXY),
          userAgent: c.req.header("user-agent"),
          requestId: c.get("requestId" as never) as string | undefined,
        });
        switch (result.status) {
          case 200:
            setSessionCookie(c, config, result.token);
            if (result.twoFactor) {
              const message = result.twoFactor === "code" ? twoFactorMessages.codeRequired : twoFactorMessages.enrolmentRequired;
              return c.json({ success: true, message, twoFactor: result.twoFactor });
            }
            return c.json({ success: true, message: authMessages.success, user: result.admin });
          case 400:
            return apiError(c, 400, result.message, result.errors);
          case 429:
            c.header("Retry-After", String(result.retryAfterSeconds));
            return apiError(c, 429, result.message);
          default:
            return apiError(c, result.status, result.message);
        }
      })
      .post("/login/code", sameSiteOnly(config, authMessages.crossSite), async (c) => {
        // The second step for API clients: `{ code }` (the app's 6 digits or a recovery code) with the first step's cookie.
        const body = await readJson(c);
        const result = await signInWithCode(services, getCookie(c, sessionCookieName(config)), body, {
          ip: clientIp(c, config.TRUST_PROXY),
          userAgent: c.req.header("user-agent"),
          requestId: c.get("requestId" as never) as string | undefined,
        });
        switch (result.status) {
          case 200:
            setSessionCookie(c, config, result.token);
            return c.json({ success: true, message: authMessages.success, user: result.admin });
          case 400:
            return apiError(c, 400, result.message, result.errors);
          case 429:
            c.header("Retry-After", String(result.retryAfterSeconds));
            return apiError(c, 429, result.message);
          default:
            return apiError(c, result.status, result.message);
        }
      })
      .get("/user", requireAdmin(services), (c) => c.json({ success: true, user: c.get("admin") }))
      // `{ currentPassword, newPassword }`: the Account screen's change (app/features/auth/password-change.server.ts).
      .post("/password", requireAdmin(services), async (c) => {
        const result = await changePassword(
          services,
          {
            admin: c.get("admin"),
            sessionToken: getCookie(c, sessionCookieName(config)) ?? "",
            ip: clientIp(c, config.TRUST_PROXY),
            requestId: c.get("requestId" as never) as string | undefined,
          },
          await readJson(c),
        );
        if (result.status === 200) return c.json({ success: true, message: result.message });
        if (result.status === 429) c.header("Retry-After", String(result.retryAfterSeconds));
        return apiError(c, result.status, result.message, result.errors);
      })
      .post("/logout", sameSiteOnly(config, authMessages.crossSite), async (c) => {
        await signOut(services, getCookie(c, sessionCookieName(config)), clientIp(c, config.TRUST_PROXY));
        clearSessionCookie(c, config);
        return c.json({ success: true, message: authMessages.signedOut });
      })
  );
}
