/**
 * Admin sign-in over HTTP: POST /api/auth/login, GET /api/auth/user, POST /api/auth/logout, and the
 * `requireAdmin` guard every admin API route sits behind. Accounts and sessions themselves live in
 * app/features/auth/auth.server.ts; docs/decisions/010-admin-sessions.md says why it works this way.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { z } from "zod";
import type { Config } from "~/env.server";
import {
  type AdminIdentity,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  dummyHash,
  normalizeEmail,
  sessionAdmin,
  sessionCookieName,
  sessionTimeouts,
  verifyCredentials,
} from "~/features/auth/auth.server";
import { authMessages, loginSchema } from "~/features/auth/schema";
import { clientIp } from "./client-info";
import type { AppServices } from "./context";
import { apiError, readJson } from "./http";
import { isCrossSite, sameSiteOnly, UNSAFE_METHODS } from "./origin";
import { RateLimiter } from "./rate-limit";

export { type AdminIdentity, adminFromRequest, createAdmin } from "~/features/auth/auth.server";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in admin, set by requireAdmin. */
    admin: AdminIdentity;
  }
}

type CookieConfig = Pick<Config, "secureCookies" | "ADMIN_SESSION_MAX_HOURS">;

function setSessionCookie(c: Context, config: CookieConfig, token: string) {
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.secureCookies,
    // The browser forgets it when the server would refuse it anyway (the idle timeout still applies).
    maxAge: config.ADMIN_SESSION_MAX_HOURS * 3600,
  });
}

function clearSessionCookie(c: Context, config: CookieConfig) {
  deleteCookie(c, sessionCookieName(config), { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secureCookies });
}

/**
 * The guard of every admin API route: 403 for a POST, PUT, PATCH or DELETE sent from another site's
 * page, 401 `{ success: false, message: "Please sign in." }` without a live session; otherwise
 * `c.get("admin")` is the signed-in admin `{ id, email }`.
 */
export function requireAdmin(services: AppServices): MiddlewareHandler {
  const { config, db } = services;
  const timeouts = sessionTimeouts(config);
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && isCrossSite(c, config)) return apiError(c, 403, authMessages.crossSite);
    const token = getCookie(c, sessionCookieName(config));
    const admin = token ? await sessionAdmin(db, token, timeouts) : null;
    if (!admin) {
      if (token) clearSessionCookie(c, config);
      return apiError(c, 401, authMessages.signInRequired);
    }
    c.set("admin", admin);
    await next();
  };
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}

/** The routes under /api/auth. */
export function authRoutes(services: AppServices): Hono {
  const { config, db, logger } = services;
  const timeouts = sessionTimeouts(config);
  const scryptN = config.AUTH_SCRYPT_N;
  const windowMs = config.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000;
  // Failed sign-ins, counted per account (guessing one password) and per address (trying many accounts).
  const perAccount = new RateLimiter(config.RATE_LIMIT_LOGIN_ACCOUNT_MAX, windowMs);
  const perIp = new RateLimiter(config.RATE_LIMIT_LOGIN_IP_MAX, windowMs);
  const ipOf = (c: Context) => clientIp(c, config.TRUST_PROXY);
  // Ready before the first sign-in with an unknown email, so that one is not slower either.
  void dummyHash(scryptN).catch(() => {});

  return new Hono()
    .post("/login", sameSiteOnly(config, authMessages.crossSite), async (c) => {
      const body = await readJson(c);
      const parsed = loginSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, authMessages.invalidForm, fieldErrors(parsed.error));
      const email = normalizeEmail(parsed.data.email);
      const account = email.slice(0, 320);
      const ip = ipOf(c);
      const reqId = c.get("requestId" as never);

      const wait = Math.max(perAccount.retryAfter(account), perIp.retryAfter(ip));
      if (wait > 0) {
        logger.warn({ reqId, email: account, ip }, "admin sign-in refused: too many attempts");
        c.header("Retry-After", String(wait));
        return apiError(c, 429, authMessages.tooManyAttempts(Math.ceil(wait / 60)));
      }
      // Counted before the (slow) password check, so parallel guesses cannot slip past the limit;
      // taken back when the password is right.
      perAccount.hit(account);
      perIp.hit(ip);

      const admin = await verifyCredentials(db, email, parsed.data.password, { scryptN });
      if (!admin) {
        logger.warn({ reqId, email: account, ip }, "admin sign-in failed");
        return apiError(c, 401, authMessages.invalidCredentials);
      }
      perAccount.reset(account);
      perIp.release(ip);

      await deleteExpiredSessions(db, timeouts);
      const { token } = await createSession(db, admin.id, { ip, userAgent: c.req.header("user-agent") }, timeouts);
      setSessionCookie(c, config, token);
      logger.info({ reqId, adminId: admin.id, ip }, "admin signed in");
      return c.json({ success: true, message: authMessages.success, user: admin });
    })
    .get("/user", requireAdmin(services), (c) => c.json({ success: true, user: c.get("admin") }))
    .post("/logout", sameSiteOnly(config, authMessages.crossSite), async (c) => {
      const token = getCookie(c, sessionCookieName(config));
      if (token) await deleteSession(db, token);
      clearSessionCookie(c, config);
      return c.json({ success: true, message: authMessages.signedOut });
    });
}
