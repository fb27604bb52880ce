/**
 * The back-office session as the API reads it: the cookie, its state in the database, and the
 * cookie set or cleared. The sign-in routes (server/auth.ts) and the API's one guard (server/http.ts)
 * share it; accounts and sessions themselves live in app/features/auth/auth.server.ts.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { Config } from "~/env.server";
import {
  type SignedIn,
  sessionCookieHeader,
  sessionCookieName,
  sessionState,
  sessionTimeouts,
  signedInOf,
} from "~/features/auth/auth.server";
import type { AppServices } from "./context";

declare module "hono" {
  interface ContextVariableMap {
    /** The signed-in account and its session, set by the API's session check (server/http.ts apiSession). */
    admin: SignedIn;
  }
}

type CookieConfig = Pick<Config, "secureCookies" | "ADMIN_SESSION_MAX_HOURS">;

export function setSessionCookie(c: Context, config: CookieConfig, token: string) {
  c.header("Set-Cookie", sessionCookieHeader(config, token), { append: true });
}

export function clearSessionCookie(c: Context, config: CookieConfig) {
  deleteCookie(c, sessionCookieName(config), { httpOnly: true, sameSite: "Lax", path: "/", secure: config.secureCookies });
}

/** The session cookie's token, if the request carries one. */
export const sessionToken = (c: Context, config: Pick<Config, "secureCookies">) => getCookie(c, sessionCookieName(config));

/**
 * The fully signed-in admin of this request's session, or null. A cookie naming no live session is
 * cleared; one still waiting for its second step is no admin, but keeps its cookie for that step.
 * `touch: false` for requests a screen makes by itself (polling): not the admin's activity.
 */
export async function signedInAdmin(
  { config, db }: Pick<AppServices, "config" | "db">,
  c: Context,
  { touch = true }: { touch?: boolean } = {},
): Promise<SignedIn | null> {
  const token = sessionToken(c, config);
  const state = token ? await sessionState(db, token, sessionTimeouts(config), new Date(), { touch }) : null;
  if (token && !state) clearSessionCookie(c, config);
  return signedInOf(state);
}
