/**
 * Admin sign-in: POST /api/auth/login, GET /api/auth/user, POST /api/auth/logout, the requireAdmin
 * guard, sessions in the database, sign-in throttling, the sign-in page's own form, the first admin
 * from the environment and `npm run admin:create`.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { count, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers } from "#db/schema";
import { ConfigError, loadConfig } from "../../app/env.server";
import { setupMessages } from "../../app/features/admin-users/setup-messages";
import { adminFromRequest, bootstrapAdmin, createAdmin, hashToken } from "../../app/features/auth/auth.server";
import { createApp } from "../../server/app";
import { requireAdmin } from "../../server/auth";
import { addressKey } from "../../server/client-info";
import { type RunningServer, startServer } from "../../server/main";
import { adminCreate, ensureAdmin, persistentDatabase, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { requireBuild, root, startTestServer } from "../support/server";

const FAST = { AUTH_SCRYPT_N: "1024" };
const INVALID = { success: false, message: "Invalid email or password." };
const SIGN_IN = { success: false, message: "Please sign in." };

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));
const tokenOf = (cookie: string) => cookie.split(";")[0].split("=")[1];

let ipCounter = 0;
/** Each test signs in from its own address (TRUST_PROXY=true), so the per-address limit is theirs alone. */
const freshIp = () => {
  const n = ++ipCounter;
  return `198.51.${100 + Math.floor(n / 256)}.${n % 256}`;
};

describe.each(databaseKinds)("admin sign-in on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const db = () => server.services.db;

  const login = (body: unknown, { ip = freshIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "vitest-auth/1.0", "x-forwarded-for": ip, ...headers },
      body: JSON.stringify(body),
    });
  const currentUser = (cookie?: string) => fetch(`${server.url}/api/auth/user`, { headers: cookie ? { cookie } : {} });
  const signedIn = async (creds = TEST_ADMIN) => {
    const res = await login(creds);
    expect(res.status).toBe(200);
    return sessionCookie(res)!.split(";")[0];
  };

  /**
   * Runs `fn` with the server's kind of sign-in throttle (same settings, same address keys; on
   * PostgreSQL the same table) on a clock the test moves: a wait lasts exactly as long as the test
   * says, however slow the machine.
   */
  const onTestClock = async (fn: (advanceSeconds: (s: number) => void) => Promise<void>) => {
    const original = server.services.loginThrottle;
    let now = Date.now();
    server.services.loginThrottle = server.services.limits.signIn({ now: () => now, addressKey }, original.settings);
    try {
      await fn((seconds) => {
        now += seconds * 1000;
      });
    } finally {
      server.services.loginThrottle = original;
    }
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {
      ...FAST,
      TRUST_PROXY: "true",
      ADMIN_EMAIL: TEST_ADMIN.email.toUpperCase(),
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "3",
      RATE_LIMIT_LOGIN_IP_FREE_FAILURES: "6",
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("creates exactly one admin from ADMIN_EMAIL and ADMIN_PASSWORD, lower-cased, the password as an scrypt hash", async () => {
    const rows = await db().select().from(adminUsers);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(TEST_ADMIN.email);
    expect(rows[0].passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(rows[0].passwordHash).not.toContain(TEST_ADMIN.password);
    // Running the start-up step again changes nothing.
    expect(await bootstrapAdmin(db(), { ...server.services.config, ADMIN_EMAIL: "someone.else@agency.example" }, [])).toBe("exists");
    expect((await db().select({ n: count() }).from(adminUsers))[0].n).toBe(1);
  });

  it("signs in: { success, message, user } and an HttpOnly, SameSite=Lax session cookie (not Secure over http)", async () => {
    const before = new Date();
    const res = await login({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: TEST_ADMIN.password });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      message: "Login successful!",
      user: { id: expect.any(String), email: TEST_ADMIN.email, role: "owner" },
    });
    expect(res.headers.get("cache-control")).toBe("no-store");

    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    const attributes = cookie
      .split(";")
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=43200"]));
    expect(attributes).not.toContain("secure");
    expect(attributes.some((a) => a.startsWith("domain"))).toBe(false);

    const [session] = await db()
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(tokenOf(cookie))));
    expect(session).toMatchObject({ userId: body.user.id, userAgent: "vitest-auth/1.0", ip: expect.stringMatching(/^198\.51\.100\./) });
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(12 * 3_600_000);
    const [user] = await db().select().from(adminUsers).where(eq(adminUsers.id, body.user.id));
    expect(user.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("GET /api/auth/user answers { user } with the cookie and 401 without, or with an unknown token", async () => {
    const cookie = await signedIn();
    const res = await currentUser(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, user: { id: expect.any(String), email: TEST_ADMIN.email, role: "owner" } });

    const anonymous = await currentUser();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual(SIGN_IN);

    const forged = await currentUser(`admin_session=${"A".repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual(SIGN_IN);
    // The browser is told to drop the dead cookie.
    expect(sessionCookie(forged)).toMatch(/^admin_session=;.*Max-Age=0/i);
  });

  it("answers a wrong password and an unknown email alike: 401 'Invalid email or password.'", async () => {
    const wrong = await login({ email: TEST_ADMIN.email, password: "not the right password" });
    const unknown = await login({ email: "nobody@agency.example", password: TEST_ADMIN.password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(INVALID);
    expect(await unknown.json()).toEqual(INVALID);
    expect(sessionCookie(wrong)).toBeUndefined();
    expect(sessionCookie(unknown)).toBeUndefined();
  });

  it("answers 400 with per-field errors when the email or password is missing", async () => {
    const none = await login({});
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      success: false,
      message: "Please enter your email and password.",
      errors: { email: "Email is required", password: "Password is required" },
    });
    const blank = await login({ email: "   ", password: "x" });
    expect((await blank.json()).errors).toEqual({ email: "Email is required" });
    const noPassword = await login({ email: TEST_ADMIN.email, password: "" });
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).errors).toEqual({ password: "Password is required" });
    const notJson = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect(notJson.status).toBe(415);
  });

  it("an attacker failing for the admin's email, from one address or many, does not keep the admin out elsewhere", () =>
    onTestClock(async (advanceSeconds) => {
      const attacker = freshIp();
      const failFromAttacker = async () => {
        const answers: number[] = [];
        for (let i = 0; i < 10; i++)
          answers.push((await login({ email: TEST_ADMIN.email, password: `guess ${i}` }, { ip: attacker })).status);
        return answers;
      };
      // Three free failures, a fourth that starts a wait, then refusals while it runs.
      expect(await failFromAttacker()).toEqual([401, 401, 401, 401, ...Array(6).fill(429)]);
      // The attacker sits out each wait and fails again: 30 more attempts, 3 of them checked.
      for (const wait of [1, 2, 4]) {
        advanceSeconds(wait);
        expect(await failFromAttacker()).toEqual([401, ...Array(9).fill(429)]);
      }
      // Meanwhile the admin, from an address of their own, signs in at once...
      const admin = await login(TEST_ADMIN, { ip: freshIp() });
      expect(admin.status).toBe(200);
      expect(sessionCookie(admin)).toBeDefined();
      // ...and the attacker's address is still refused.
      expect((await login({ email: TEST_ADMIN.email, password: "one more" }, { ip: attacker })).status).toBe(429);

      // The same from ten more addresses: 40 more failures for the one account.
      for (let a = 0; a < 10; a++) {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) await login({ email: TEST_ADMIN.email.toUpperCase(), password: `spread guess ${i}` }, { ip });
      }
      expect((await login(TEST_ADMIN, { ip: freshIp() })).status).toBe(200);
    }));

  it("makes an address failing for one account wait longer each time, and refuses it unchecked while it waits", () =>
    onTestClock(async (advanceSeconds) => {
      const victim = { email: "victim@agency.example", password: "victim's long password" };
      await ensureAdmin(server.services, victim);
      const attacker = freshIp();
      const attempt = (password: string) => login({ email: victim.email, password }, { ip: attacker });

      // Two failures, then the right password: the pair's count starts again.
      for (let i = 0; i < 2; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
      expect((await attempt(victim.password)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt(`guess again ${i}`)).status).toBe(401);

      const waits: number[] = [];
      for (let round = 0; round < 4; round++) {
        // A failure past the free ones starts a wait...
        expect((await attempt(`guess in round ${round}`)).status).toBe(401);
        // ...during which even the right password is refused, without being checked.
        const refused = await attempt(victim.password);
        expect(refused.status).toBe(429);
        expect(sessionCookie(refused)).toBeUndefined();
        const retryAfter = Number(refused.headers.get("retry-after"));
        expect(await refused.json()).toEqual({
          success: false,
          message: `Too many sign-in attempts. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
        });
        // A moment before the wait ends it still holds; then the address may try again.
        advanceSeconds(retryAfter - 0.1);
        expect((await attempt(victim.password)).status).toBe(429);
        advanceSeconds(0.1);
        waits.push(retryAfter);
      }
      expect(waits).toEqual([1, 2, 4, 8]);
      // The victim, from another address, is not kept waiting.
      expect((await login(victim)).status).toBe(200);
    }));

  it("makes an address that fails for many accounts wait, whichever account it tries next", () =>
    onTestClock(async () => {
      const ip = freshIp();
      // Successful sign-ins do not use up the address's allowance.
      for (let i = 0; i < 7; i++) expect((await login(TEST_ADMIN, { ip })).status).toBe(200);
      // Seven accounts, one failure each: no pair ever waits, but the address is past its six free failures.
      for (let i = 0; i < 7; i++)
        expect((await login({ email: `guess${i}@agency.example`, password: "password123456" }, { ip })).status).toBe(401);
      const blocked = await login(TEST_ADMIN, { ip });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get("retry-after")).toBe("1");
      expect(await blocked.json()).toEqual({ success: false, message: "Too many sign-in attempts. Please wait 1 second and try again." });
      expect((await login({ email: "guess99@agency.example", password: "password123456" }, { ip })).status).toBe(429);
      // Another address still signs in.
      expect((await login(TEST_ADMIN)).status).toBe(200);
    }));

  it("counts IPv6 addresses by their /64: one network cannot spread its failures over its addresses", () =>
    onTestClock(async () => {
      const net = `2001:db8:${(++ipCounter).toString(16)}:1`;
      for (let i = 1; i <= 7; i++)
        expect((await login({ email: `v6guess${i}@agency.example`, password: "password123456" }, { ip: `${net}::${i}` })).status).toBe(401);
      expect((await login(TEST_ADMIN, { ip: `${net}::ff` })).status).toBe(429);
      expect((await login(TEST_ADMIN, { ip: `2001:db8:${(++ipCounter).toString(16)}:2::1` })).status).toBe(200);
    }));

  it("ends a session after 30 idle minutes, touching last_seen_at at most once a minute", async () => {
    const cookie = await signedIn();
    const hash = hashToken(tokenOf(cookie));
    const row = async () => (await db().select().from(adminSessions).where(eq(adminSessions.tokenHash, hash)))[0];
    const setLastSeen = (msAgo: number) =>
      db()
        .update(adminSessions)
        .set({ lastSeenAt: new Date(Date.now() - msAgo) })
        .where(eq(adminSessions.tokenHash, hash));

    const signedInAt = (await row()).lastSeenAt.getTime();
    expect((await currentUser(cookie)).status).toBe(200);
    expect((await row()).lastSeenAt.getTime()).toBe(signedInAt); // within the minute: no write

    await setLastSeen(29 * 60_000);
    expect((await currentUser(cookie)).status).toBe(200);
    expect((await row()).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000); // touched

    await setLastSeen(31 * 60_000);
    const idle = await currentUser(cookie);
    expect(idle.status).toBe(401);
    expect(await idle.json()).toEqual(SIGN_IN);
    expect(await row()).toBeUndefined(); // deleted on sight
  });

  it("ends a session at its absolute end whatever the activity", async () => {
    const cookie = await signedIn();
    const hash = hashToken(tokenOf(cookie));
    await db()
      .update(adminSessions)
      .set({ createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000), expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(adminSessions.tokenHash, hash));
    expect((await currentUser(cookie)).status).toBe(401);
    expect(await db().select().from(adminSessions).where(eq(adminSessions.tokenHash, hash))).toHaveLength(0);
  });

  it("gives a new token at every sign-in; logout ends that session on the server only", async () => {
    const first = await signedIn();
    const second = await signedIn();
    expect(first).not.toBe(second);
    expect((await currentUser(first)).status).toBe(200);
    expect((await currentUser(second)).status).toBe(200);

    const out = await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { cookie: first } });
    expect(out.status).toBe(200);
    expect((await out.json()).success).toBe(true);
    expect(sessionCookie(out)).toMatch(/^admin_session=;.*Max-Age=0/i);
    expect(
      await db()
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, hashToken(tokenOf(first)))),
    ).toHaveLength(0);

    // The old cookie, replayed, is dead; the other session lives on.
    expect((await currentUser(first)).status).toBe(401);
    expect((await currentUser(second)).status).toBe(200);
    // Logging out without a session is harmless.
    expect((await fetch(`${server.url}/api/auth/logout`, { method: "POST" })).status).toBe(200);
  });

  it("stores the token only as its SHA-256: the cookie's value is nowhere in the database", async () => {
    const token = tokenOf(await signedIn());
    expect(
      await db()
        .select()
        .from(adminSessions)
        .where(eq(adminSessions.tokenHash, hashToken(token))),
    ).toHaveLength(1);
    const tables = await db().execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.map((t) => t.table_name)).toContain("admin_sessions");
    for (const { table_name } of tables.rows) {
      const found = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text like ${`%${token}%`}`,
      );
      expect(found.rows[0].n, table_name).toBe(0);
    }
  });

  it("refuses a sign-in from another site's page (403) and accepts one from ours", async () => {
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }] as Record<
      string,
      string
    >[]) {
      const res = await login(TEST_ADMIN, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).success).toBe(false);
      expect(sessionCookie(res)).toBeUndefined();
    }
    for (const headers of [
      { origin: server.url },
      { origin: server.services.config.SITE_URL },
      { "sec-fetch-site": "same-origin" },
    ] as Record<string, string>[]) {
      expect((await login(TEST_ADMIN, { headers })).status, JSON.stringify(headers)).toBe(200);
    }
    // Logout from another site does not end the session.
    const cookie = await signedIn();
    const out = await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { cookie, origin: "https://evil.example" } });
    expect(out.status).toBe(403);
    expect((await currentUser(cookie)).status).toBe(200);
  });

  describe("requireAdmin on an admin route", () => {
    let guarded: Server;
    let url: string;
    beforeAll(async () => {
      // The guard reads the role table by the registered path (a path missing there is nobody's): one
      // every signed-in role may read and delete on, so these cases test the session and the site only.
      const app = new Hono()
        .get("/api/blogs/:id", requireAdmin(server.services), (c) => c.json({ success: true, admin: c.get("admin") }))
        .delete("/api/blogs/:id", requireAdmin(server.services), (c) => c.json({ success: true, deletedBy: c.get("admin").email }));
      await new Promise<void>((resolve) => {
        guarded = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve()) as Server;
      });
      url = `http://127.0.0.1:${(guarded.address() as { port: number }).port}/api/blogs/thing`;
    });
    afterAll(() => new Promise<void>((resolve) => guarded.close(() => resolve())));

    it("answers 401 { success: false, message: 'Please sign in.' } without a valid session, and sets c.get('admin') with one", async () => {
      for (const method of ["GET", "DELETE"]) {
        const res = await fetch(url, { method });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual(SIGN_IN);
      }
      const cookie = await signedIn();
      const res = await fetch(url, { headers: { cookie } });
      expect(res.status).toBe(200);
      // The account with its role, and its session with when the password was last given (the sign-in).
      expect((await res.json()).admin).toEqual({
        id: expect.any(String),
        email: TEST_ADMIN.email,
        role: "owner",
        sessionId: expect.any(String),
        confirmedAt: expect.any(String),
      });
    });

    it("refuses unsafe requests from another site's page with 403, even with a valid session", async () => {
      const cookie = await signedIn();
      const del = (headers: Record<string, string>) => fetch(url, { method: "DELETE", headers: { cookie, ...headers } });
      for (const headers of [
        { origin: "https://evil.example" },
        { origin: `http://evil.example:${new URL(url).port}` },
        { "sec-fetch-site": "cross-site" },
      ] as Record<string, string>[]) {
        const res = await del(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect((await res.json()).success).toBe(false);
      }
      // Our own pages (the request's host or SITE_URL), and clients that send neither header (curl).
      for (const headers of [
        { origin: new URL(url).origin },
        { origin: server.services.config.SITE_URL },
        { "sec-fetch-site": "same-origin" },
        {},
      ] as Record<string, string>[]) {
        const res = await del(headers);
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(await res.json()).toEqual({ success: true, deletedBy: TEST_ADMIN.email });
      }
      // A safe method is not an attack: a cross-site GET cannot read the answer.
      expect((await fetch(url, { headers: { cookie, origin: "https://evil.example" } })).status).toBe(200);
    });
  });

  describe("with SITE_URL https://...", () => {
    let secure: Server;
    let base: string;
    beforeAll(async () => {
      // The same app and database, configured as a site served over HTTPS (no second database to start).
      const config = loadConfig({ NODE_ENV: "test", ...FAST, SITE_URL: "https://agency.example" });
      const app = createApp({ services: { ...server.services, config }, build: () => Promise.reject(new Error("no pages in this test")) });
      await new Promise<void>((resolve) => {
        secure = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve()) as Server;
      });
      base = `http://127.0.0.1:${(secure.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => secure.close(() => resolve())));

    it("names the cookie __Host-admin_session and marks it Secure", async () => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://agency.example" },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(res.status).toBe(200);
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{43};/);
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
      expect(attributes.some((a) => a.startsWith("domain"))).toBe(false);

      const pair = cookie.split(";")[0];
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: pair } })).status).toBe(200);
      // The same token under the unprefixed name (which any subdomain could set) is not read.
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie: pair.replace("__Host-", "") } })).status).toBe(401);
      const out = await fetch(`${base}/api/auth/logout`, { method: "POST", headers: { cookie: pair } });
      expect(sessionCookie(out)).toMatch(/^__Host-admin_session=;.*Max-Age=0.*Secure/i);
      expect(await signIn(base)).toMatch(/^__Host-admin_session=/);
    });
  });

  it("createAdmin refuses a password under 12 characters and an email already taken", async () => {
    await expect(createAdmin(db(), "new.admin@agency.example", "eleven char")).rejects.toThrow(
      "The password must be at least 12 characters.",
    );
    await expect(createAdmin(db(), TEST_ADMIN.email.toUpperCase(), "a long enough password", { scryptN: 1024 })).rejects.toThrow(
      /already exists/,
    );
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, "new.admin@agency.example"))).toHaveLength(0);
  });

  describe("the sign-in page's own form (sent before or without the page's scripts)", () => {
    const postForm = (
      fields: Record<string, string>,
      { ip = freshIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
    ) =>
      fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...headers },
        body: new URLSearchParams(fields),
      });

    it("is a POST form, so a browser never puts the password in the address", async () => {
      const page = await fetch(`${server.url}/admin/login`);
      expect(page.status).toBe(200);
      const form = (await page.text()).match(/<form\b[^>]*>/)?.[0];
      expect(form).toMatch(/\smethod="post"/);
    });

    it("signs in with the same session cookie as the API and redirects to the dashboard", async () => {
      const res = await postForm({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/admin/dashboard");
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
      const attributes = cookie
        .split(";")
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=43200"]));
      const me = await currentUser(cookie.split(";")[0]);
      expect(await me.json()).toEqual({ success: true, user: { id: expect.any(String), email: TEST_ADMIN.email, role: "owner" } });

      // "Login successful!" comes with the redirect, as a flash toast the next page shows once.
      const flash = res.headers.getSetCookie().find((c) => c.startsWith("flash_toast="));
      expect(flash).toBeDefined();
      const cookies = `${cookie.split(";")[0]}; ${flash!.split(";")[0]}`;
      const dashboard = await fetch(`${server.url}/admin/dashboard`, { headers: { cookie: cookies } });
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toMatch(/data-flash-toast="success"[^>]*><p>Login successful!<\/p>/);
      expect(dashboard.headers.getSetCookie().find((c) => c.startsWith("flash_toast="))).toMatch(/Max-Age=0/i);
    });

    it("returns to the back-office page the visitor was sent from, never to another site's address", async () => {
      const session = await signedIn();
      // A screen sends a visitor without a session to sign in, naming the way back.
      const guarded = await fetch(`${server.url}/admin/users?tab=invites`, { redirect: "manual" });
      expect(guarded.status).toBe(302);
      const signInPage = guarded.headers.get("location")!;
      expect(signInPage).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers%3Ftab%3Dinvites");
      const page = await (await fetch(`${server.url}${signInPage}`)).text();
      expect(page).toContain('<input type="hidden" name="redirectTo" value="/admin/users?tab=invites"/>');

      const through = async (redirectTo: string) => {
        const res = await postForm({ ...TEST_ADMIN, redirectTo });
        expect(res.status, redirectTo).toBe(303);
        expect(sessionCookie(res), redirectTo).toBeDefined();
        return res.headers.get("location");
      };
      expect(await through("/admin/users?tab=invites")).toBe("/admin/users?tab=invites");
      expect(await through("/admin")).toBe("/admin");
      const outside = [
        "https://evil.example/admin/users",
        "//evil.example/admin",
        "/\\evil.example/admin",
        "/admin\\..\\..\\evil",
        "\t//evil.example",
        "/admin/../..//evil.example",
        "/admin.evil.example",
        "/administrator",
        "javascript:alert(1)",
        "/about",
        "/admin/login",
        "/admin/logout",
        "",
      ];
      for (const redirectTo of outside) expect(await through(redirectTo), redirectTo).toBe("/admin/dashboard");

      // Someone already signed in goes straight there, on the same conditions.
      const open = (redirectTo: string) =>
        fetch(`${server.url}/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`, {
          redirect: "manual",
          headers: { cookie: session },
        });
      expect((await open("/admin/leads?status=new")).headers.get("location")).toBe("/admin/leads?status=new");
      expect((await open("https://evil.example/")).headers.get("location")).toBe("/admin/dashboard");
      const anonymous = await (await fetch(`${server.url}/admin/login?redirectTo=${encodeURIComponent("//evil.example")}`)).text();
      expect(anonymous).not.toContain('name="redirectTo"');
    });

    it("shows the API's message on the page, keeping the email, when the password is wrong or a field is empty", async () => {
      const wrong = await postForm({ email: TEST_ADMIN.email, password: "not the right password" });
      expect(wrong.status).toBe(401);
      expect(sessionCookie(wrong)).toBeUndefined();
      const html = await wrong.text();
      expect(html).toMatch(/role="alert"[^>]*>Invalid email or password\.</);
      expect(html).toContain(`value="${TEST_ADMIN.email}"`);
      expect(html).not.toContain("not the right password");

      const empty = await postForm({ email: "", password: "" });
      expect(empty.status).toBe(400);
      const emptyHtml = await empty.text();
      expect(emptyHtml).toContain("Email is required");
      expect(emptyHtml).toContain("Password is required");
    });

    it("shares the API's throttle: failures through either count, and a wait answers 429 with Retry-After", () =>
      onTestClock(async () => {
        const ip = freshIp();
        for (let i = 0; i < 2; i++)
          expect((await login({ email: TEST_ADMIN.email, password: `json guess ${i}` }, { ip })).status).toBe(401);
        for (let i = 0; i < 2; i++)
          expect((await postForm({ email: TEST_ADMIN.email, password: `form guess ${i}` }, { ip })).status).toBe(401);
        const refused = await postForm({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, { ip });
        expect(refused.status).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("1");
        expect(sessionCookie(refused)).toBeUndefined();
        expect(await refused.text()).toContain("Too many sign-in attempts. Please wait 1 second and try again.");
        expect((await login(TEST_ADMIN, { ip })).status).toBe(429);
        // Another address is not affected.
        expect((await postForm(TEST_ADMIN)).status).toBe(303);
      }));

    it("accepts the form from our own pages, also when the site's https address reaches the server as http", async () => {
      for (const origin of [server.url, server.services.config.SITE_URL]) {
        const res = await postForm(TEST_ADMIN, { headers: { origin, "sec-fetch-site": "same-origin" } });
        expect(res.status, origin).toBe(303);
        expect(sessionCookie(res), origin).toBeDefined();
      }
    });

    it("refuses a form from another site's page, another kind of body (415) and an oversized one (413)", async () => {
      for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }] as Record<
        string,
        string
      >[]) {
        const res = await postForm(TEST_ADMIN, { headers });
        // React Router answers a foreign Origin itself (400); without Origin, the page's action does (403).
        expect(res.status, JSON.stringify(headers)).toBe(headers.origin ? 400 : 403);
        expect(sessionCookie(res)).toBeUndefined();
      }
      const crossSite = await postForm(TEST_ADMIN, { headers: { "sec-fetch-site": "cross-site" } });
      expect(await crossSite.text()).toContain("This request came from another website and was refused.");

      const json = await fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(json.status).toBe(415);
      expect(sessionCookie(json)).toBeUndefined();

      const huge = await postForm({ ...TEST_ADMIN, padding: "x".repeat(64 * 1024) });
      expect(huge.status).toBe(413);
      expect(sessionCookie(huge)).toBeUndefined();
      expect(await huge.text()).toContain("The sign-in form is too large.");
    });
  });

  it("adminFromRequest tells a loader who is signed in", async () => {
    const cookie = await signedIn();
    const page = (headers: Record<string, string>) => new Request("http://localhost/blog/draft", { headers });
    expect(await adminFromRequest(server.services, page({ cookie }))).toEqual({
      id: expect.any(String),
      email: TEST_ADMIN.email,
      role: "owner",
      sessionId: expect.any(String),
      confirmedAt: expect.any(Date),
    });
    expect(await adminFromRequest(server.services, page({}))).toBeNull();
    expect(await adminFromRequest(server.services, page({ cookie: "admin_session=nope" }))).toBeNull();
  });
});

describe.each(databaseKinds)("the first admin on %s", (kind) => {
  const owner = { email: "owner@agency.example", password: "the owner's own passphrase" };
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  let server: RunningServer | undefined;
  const start = (extra: Record<string, string> = {}) =>
    startServer({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...FAST, ...database.env, ...extra });

  beforeAll(async () => {
    requireBuild();
    // An empty database, as on a fresh install: the first start migrates it (for PGlite, makes its folder).
    database = await persistentDatabase(kind, { started: false });
  });
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  // The production server (`npm start`'s and the container's command), before the script uses the database.
  it("starts without any admin, saying in one log line how to create one, and printing the setup link plainly", {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        ...FAST,
        // Production on PostgreSQL names its two-factor key (docs/decisions/048).
        TWO_FACTOR_KEY: randomBytes(32).toString("base64"),
        ...database.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const printed = /^ {4}(http:\/\/localhost:\d+\/admin\/setup\?code=[A-Za-z0-9_-]{22})$/m;
    let setupPage: { status: number; text: string };
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d) => {
          stdout += d;
          if (printed.test(stdout) && stdout.includes('"setupUrl"')) resolve();
        });
        child.on("exit", () => reject(new Error(`server exited early: ${stdout}`)));
      });
      // The printed link opens the setup form on the server that printed it.
      const res = await fetch(printed.exec(stdout)?.[1] ?? "");
      setupPage = { status: res.status, text: await res.text() };
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    expect(setupPage.status).toBe(200);
    expect(setupPage.text).toContain(setupMessages.title);
    const hints = stdout.split("\n").filter((line) => line.includes("No admin account yet"));
    expect(hints).toHaveLength(1);
    const hint = JSON.parse(hints[0]);
    expect(hint.msg).toBe(setupMessages.startHint);
    expect(hint.setupUrl).toBe(printed.exec(stdout)?.[1]);
    expect(setupMessages.startHint).toContain(
      'run "npm run admin:create -- --email you@agency.com", or set ADMIN_EMAIL and ADMIN_PASSWORD.',
    );
    expect(stdout).toContain(setupMessages.printed(hint.setupUrl));
  });

  // Mostly start-up time: the script and the server open the database in turn.
  it("npm run admin:create makes an admin who can sign in; ADMIN_EMAIL then changes nothing; --reset-password signs them out", {
    timeout: 120_000,
  }, async () => {
    const created = await adminCreate(["--email", owner.email.toUpperCase(), "--password-stdin"], database.env, `${owner.password}\n`);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Admin account created for ${owner.email}`);

    const again = await adminCreate(["--email", owner.email, "--password-stdin"], database.env, "another long password");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`An admin with the email ${owner.email} already exists`);

    // An admin exists: the bootstrap variables are ignored.
    server = await start({ ADMIN_EMAIL: "env.admin@agency.example", ADMIN_PASSWORD: "the environment's password" });
    const admins = await server.services.db.select().from(adminUsers);
    expect(admins.map((a) => a.email)).toEqual([owner.email]);
    const cookie = await signIn(server.url, owner);
    expect(await (await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).json()).toEqual({
      success: true,
      user: { id: admins[0].id, email: owner.email, role: "owner" },
    });
    await expect(signIn(server.url, { email: "env.admin@agency.example", password: "the environment's password" })).rejects.toThrow(/401/);
    await server.close();
    server = undefined;

    const reset = await adminCreate(
      ["--email", owner.email, "--password-stdin", "--reset-password"],
      database.env,
      "a brand new passphrase\n",
    );
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`Password changed for ${owner.email}`);

    server = await start();
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    await expect(signIn(server.url, owner)).rejects.toThrow(/401/);
    expect(await signIn(server.url, { email: owner.email, password: "a brand new passphrase" })).toMatch(/^admin_session=/);
  });
});

describe("start-up", () => {
  it("refuses an ADMIN_PASSWORD under 12 characters, naming the variable", async () => {
    const attempt = startServer({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: "memory://",
      ADMIN_EMAIL: "a@agency.example",
      ADMIN_PASSWORD: "too-short",
    });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/ADMIN_PASSWORD must be at least 12 characters/);
  });
});
