/** Admin sign-in for tests: the test account, creating it, and signing in over HTTP. */

import { ensureAdminAccount } from "../../app/features/auth/auth.server";
import type { AppServices } from "../../server/context";

export const TEST_ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

export type AdminCredentials = { email: string; password: string };

/** Creates the admin when no account has that email (with the server's scrypt cost). */
export async function ensureAdmin(services: Pick<AppServices, "db" | "config">, creds: AdminCredentials = TEST_ADMIN) {
  return ensureAdminAccount(services.db, creds.email, creds.password, { scryptN: services.config.AUTH_SCRYPT_N });
}

/** Signs in through POST /api/auth/login; answers the value to send as the Cookie header. */
export async function signIn(serverUrl: string, creds: AdminCredentials = TEST_ADMIN): Promise<string> {
  const res = await fetch(`${serverUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: creds.email, password: creds.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${creds.email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0];
}
