/**
 * Signing out, for POST /api/auth/logout and the back office's Sign Out form (POST /admin/logout):
 * the session is deleted, and an admin who was fully signed in (not halfway through a two-factor
 * sign-in) gets a `sign_out` entry in the audit log. The caller clears the cookie.
 */
import { serialize as serializeCookie } from "hono/utils/cookie";
import type { Database } from "#db/client";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { deleteSession, sessionCookieName, sessionState, sessionTimeouts } from "./auth.server";

export type SignOutServices = {
  db: Database;
  config: Pick<Config, "ADMIN_SESSION_IDLE_MINUTES" | "ADMIN_SESSION_MAX_HOURS">;
};

export async function signOut(services: SignOutServices, token: string | undefined, ip: string | null): Promise<void> {
  if (!token) return;
  const { db, config } = services;
  const state = await sessionState(db, token, sessionTimeouts(config));
  await deleteSession(db, token);
  if (state && state.awaiting === null) await recordAudit(db, { action: "sign_out", admin: state.admin, ip });
}

/** The Set-Cookie value that makes the browser forget the session cookie (the attributes it was set with, Max-Age=0). */
export function clearedSessionCookieHeader(config: Pick<Config, "secureCookies">): string {
  return serializeCookie(sessionCookieName(config), "", {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: config.secureCookies,
    maxAge: 0,
  });
}
