/**
 * Two-factor sign-in on a real server and database (docs/decisions/026-two-factor-sign-in.md):
 * enrolment from the account page, the code step over the API and through the pages' own forms,
 * codes used once, recovery codes, the throttle on codes, turning it off, the owner's reset from the
 * command line, and ADMIN_REQUIRE_2FA sending an account without a second factor to enrolment.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminRecoveryCodes, adminSessions, adminUsers, auditEvents, rateLimits } from "#db/schema";
import { createAdmin } from "../../app/features/auth/auth.server";
import { authMessages } from "../../app/features/auth/schema";
import {
  ACCOUNT_CODE_FAILURES,
  ACCOUNT_CODE_WINDOW_MS,
  accountCodeLimitKey,
  currentTotp,
  hashRecoveryCode,
  resetTwoFactor,
  totpStep,
} from "../../app/features/auth/two-factor.server";
import { openSecret } from "../../app/features/auth/two-factor-key.server";
import { twoFactorMessages } from "../../app/features/auth/two-factor-messages";
import { addressKey } from "../../server/client-info";
import { databaseKinds } from "../support/databases";
import { root, startTestServer } from "../support/server";

const PASSWORD = "orchid lantern ferry two-factor";
const RECOVERY_CODE = /\b[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2}\b/g;

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?admin_session=/.test(c))
    ?.split(";")[0];
/** The flash toast an answer leaves for the next page (app/lib/toast.server.ts), as a Cookie header's pair. */
const flashCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("flash_toast="))
    ?.split(";")[0];
/** The in-page flash toast "Login successful!" (shown before hydration; a Sonner toast after it). */
const LOGIN_SUCCESSFUL = new RegExp(`data-flash-toast="success"[^>]*><p>${authMessages.success}</p>`);

let counter = 0;
/** Each test signs in from its own address (TRUST_PROXY=true), so the throttle's counts are its own. */
const freshIp = () => {
  const n = ++counter;
  return `203.0.${113 + Math.floor(n / 256)}.${n % 256}`;
};
const uniqueEmail = (name: string) => `${name}.${++counter}@agency.example`;

/** A code for the key at a time `offsetSteps` steps from now (the app's clock may be a step off). */
const codeFor = (secret: string, offsetSteps = 0) => currentTotp(secret, Date.now() + offsetSteps * 30_000);

/** A code the key does not give now, nor a step either side. */
const wrongCodeFor = (secret: string) => {
  const near = [-1, 0, 1, 2].map((offset) => codeFor(secret, offset));
  return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code))!;
};

describe.each(databaseKinds)("two-factor sign-in on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let enforcing: Awaited<ReturnType<typeof startTestServer>>;
  const db = () => server.services.db;

  const postJson = (base: string, path: string, body: unknown, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const postForm = (
    base: string,
    path: string,
    fields: Record<string, string>,
    { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {},
  ) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const getPage = (base: string, path: string, cookie?: string) =>
    fetch(`${base}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const apiGet = (base: string, path: string, cookie: string) => fetch(`${base}${path}`, { headers: { cookie } });

  const newAdmin = async (target = server, name = "admin") => {
    const email = uniqueEmail(name);
    const admin = await createAdmin(target.services.db, email, PASSWORD, { scryptN: 1024 });
    return { ...admin, password: PASSWORD };
  };

  const audits = (userId: string) => db().select().from(auditEvents).where(eq(auditEvents.adminId, userId));

  /** Signs in with the password alone (the account has no second factor); answers the cookie. */
  const signedIn = async (email: string, base = server.url) => {
    const res = await postJson(base, "/api/auth/login", { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return sessionCookie(res)!;
  };

  /** Turns on two-factor sign-in from the account page; answers the key and the recovery codes. */
  const enrol = async (email: string) => {
    const cookie = await signedIn(email);
    const page = await getPage(server.url, "/admin/account/two-factor", cookie);
    expect(page.status).toBe(200);
    const secret = (await page.text()).match(/data-secret="([A-Z2-7]+)"/)?.[1];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const res = await postForm(server.url, "/admin/account/two-factor", { intent: "enable", code: codeFor(secret!) }, { cookie });
    expect(res.status).toBe(200);
    const codes = [...new Set((await res.text()).match(RECOVERY_CODE))];
    expect(codes).toHaveLength(10);
    return { secret: secret!, codes, cookie };
  };

  /** The password step of an account with a second factor: a session waiting for the code. */
  const passwordStep = async (email: string, ip = freshIp()) => {
    const res = await postJson(server.url, "/api/auth/login", { email, password: PASSWORD }, { ip });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: twoFactorMessages.codeRequired, twoFactor: "code" });
    return sessionCookie(res)!;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { TRUST_PROXY: "true", RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "3" });
    enforcing = await startTestServer(kind, { TRUST_PROXY: "true", ADMIN_REQUIRE_2FA: "true" });
  });
  afterAll(async () => {
    await server?.close();
    await enforcing?.close();
  });

  it("is not required outside production unless ADMIN_REQUIRE_2FA says so", () => {
    expect(server.services.config.ADMIN_REQUIRE_2FA).toBe(false);
    expect(enforcing.services.config.ADMIN_REQUIRE_2FA).toBe(true);
  });

  it("enrols from the account page: the key is shown, a wrong code is refused, the right one turns it on with ten hashed recovery codes", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin.email);
    const page = await getPage(server.url, "/admin/account/two-factor", cookie);
    expect(page.status).toBe(200);
    // The page holds the key: no cache keeps it.
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    const secret = html.match(/data-secret="([A-Z2-7]+)"/)![1];
    expect(html).toContain("<svg");
    expect(html).toContain(twoFactorMessages.enrol.manual.replace("'", "&#x27;"));
    // The same key on a reload (it waits on the session until confirmed), and not yet on the account.
    expect((await (await getPage(server.url, "/admin/account/two-factor", cookie)).text()).match(/data-secret="([A-Z2-7]+)"/)![1]).toBe(
      secret,
    );
    expect((await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id)))[0].totpSecret).toBeNull();

    const wrongCode = String((Number(codeFor(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const wrong = await postForm(server.url, "/admin/account/two-factor", { intent: "enable", code: wrongCode }, { cookie });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(twoFactorMessages.invalidCode);
    const empty = await postForm(server.url, "/admin/account/two-factor", { intent: "enable", code: "" }, { cookie });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(twoFactorMessages.codeMissing);

    const right = await postForm(server.url, "/admin/account/two-factor", { intent: "enable", code: codeFor(secret) }, { cookie });
    expect(right.status).toBe(200);
    const codes = [...new Set((await right.text()).match(RECOVERY_CODE))];
    expect(codes).toHaveLength(10);

    const [user] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    // Stored encrypted (decision 048): the key itself is not in the row, and only this account's row opens it.
    expect(user.totpSecret).not.toContain(secret);
    expect(user.totpSecret).toMatch(new RegExp(`^v1:${server.services.twoFactorKeys.current.id}:[\\w-]{16}:[\\w-]+$`));
    expect(openSecret(server.services.twoFactorKeys, admin.id, user.totpSecret!).secret).toBe(secret);
    expect(user.totpEnabledAt).toBeInstanceOf(Date);
    // The step of the code just used: the next code is the first one that will be accepted.
    expect(user.totpLastStep).toBeGreaterThanOrEqual(Math.floor(Date.now() / 30_000) - 1);
    expect(totpStep(secret, codeFor(secret, -1))).not.toBeNull();
    const stored = await db().select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => hashRecoveryCode(c.replaceAll("-", ""))).sort());
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
    expect((await audits(admin.id)).map((e) => e.action)).toContain("two_factor_enabled");

    // The session that turned it on stays signed in; the page now shows the status.
    expect((await apiGet(server.url, "/api/auth/user", cookie)).status).toBe(200);
    const after = await (await getPage(server.url, "/admin/account/two-factor", cookie)).text();
    expect(after).toContain(twoFactorMessages.account.remaining(10));
    expect(after).not.toContain("data-secret=");
  });

  it("asks for the code after the password: the pending session is no admin; the right code signs in with a new session", async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.email);
    const pending = await passwordStep(admin.email);
    expect((await apiGet(server.url, "/api/auth/user", pending)).status).toBe(401);
    const leads = await apiGet(server.url, "/api/leads", pending);
    expect(leads.status).toBe(401);
    expect(await leads.json()).toEqual({ success: false, message: authMessages.signInRequired });
    expect((await getPage(server.url, "/admin/account/two-factor", pending)).headers.get("location")).toBe("/admin/login/code");

    // A wrong code: 401 with the message, and the session still waits.
    const wrong = await postJson(
      server.url,
      "/api/auth/login/code",
      { code: "000000" === codeFor(secret) ? "111111" : "000000" },
      { cookie: pending },
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ success: false, message: twoFactorMessages.invalidCode });
    const missing = await postJson(server.url, "/api/auth/login/code", {}, { cookie: pending });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      success: false,
      message: twoFactorMessages.codeMissing,
      errors: { code: twoFactorMessages.codeMissing },
    });

    // The code of the enrolment's own step was spent there; the app's next one is within the window.
    const res = await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret, 1) }, { cookie: pending });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      message: authMessages.success,
      user: { id: admin.id, email: admin.email, role: "staff" },
    });
    const full = sessionCookie(res)!;
    expect(full).not.toBe(pending);
    expect((await apiGet(server.url, "/api/leads", full)).status).toBe(200);
    // The waiting session's token is gone.
    expect((await apiGet(server.url, "/api/auth/user", pending)).status).toBe(401);
    expect((await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret) }, { cookie: pending })).status).toBe(401);

    const trail = await audits(admin.id);
    expect(trail.find((e) => e.action === "sign_in_failed")?.detail).toEqual({ method: "code" });
    expect(trail.some((e) => e.action === "sign_in" && (e.detail as { method?: string }).method === "code")).toBe(true);
  });

  it("accepts a code once: the same code (or an older one) is refused for the next sign-in", async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.email);
    const code = codeFor(secret, 1);
    const first = await postJson(server.url, "/api/auth/login/code", { code }, { cookie: await passwordStep(admin.email) });
    expect(first.status).toBe(200);
    const again = await postJson(server.url, "/api/auth/login/code", { code }, { cookie: await passwordStep(admin.email) });
    expect(again.status).toBe(401);
    const older = await postJson(
      server.url,
      "/api/auth/login/code",
      { code: codeFor(secret) },
      { cookie: await passwordStep(admin.email) },
    );
    expect(older.status).toBe(401);
    // Two steps off is past the window.
    const far = await postJson(
      server.url,
      "/api/auth/login/code",
      { code: codeFor(secret, 3) },
      { cookie: await passwordStep(admin.email) },
    );
    expect(far.status).toBe(401);
  });

  it("signs in once with each recovery code, in any case and spacing; its use is audited", async () => {
    const admin = await newAdmin();
    const { codes } = await enrol(admin.email);
    const typed = ` ${codes[3].toUpperCase().replaceAll("-", " ")} `;
    const res = await postJson(server.url, "/api/auth/login/code", { code: typed }, { cookie: await passwordStep(admin.email) });
    expect(res.status).toBe(200);
    const again = await postJson(server.url, "/api/auth/login/code", { code: codes[3] }, { cookie: await passwordStep(admin.email) });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ success: false, message: twoFactorMessages.invalidCode });

    const used = await db()
      .select()
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.userId, admin.id), eq(adminRecoveryCodes.codeHash, hashRecoveryCode(codes[3].replaceAll("-", "")))));
    expect(used[0].usedAt).toBeInstanceOf(Date);
    const trail = await audits(admin.id);
    expect(trail.find((e) => e.action === "recovery_code_used")?.detail).toEqual({ remaining: 9 });
    expect(trail.some((e) => e.action === "sign_in" && (e.detail as { method?: string }).method === "recovery_code")).toBe(true);
    const page = await (await getPage(server.url, "/admin/account/two-factor", sessionCookie(res)!)).text();
    expect(page).toContain(twoFactorMessages.account.remaining(9));
  });

  it("works without scripts: the sign-in form leads to the code page, whose form signs in", async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.email);
    const ip = freshIp();
    const login = await postForm(server.url, "/admin/login", { email: admin.email, password: PASSWORD }, { ip });
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/admin/login/code");
    // Not signed in yet: no "Login successful!" after the password.
    expect(flashCookie(login)).toBeUndefined();
    const pending = sessionCookie(login)!;

    const page = await getPage(server.url, "/admin/login/code", pending);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form\b[^>]*method="post"/);
    expect(html).toContain(`<label for="two-factor-code"`);
    // Without a waiting session the page sends the browser to sign in.
    expect((await getPage(server.url, "/admin/login/code")).headers.get("location")).toBe("/admin/login");

    const wrong = await postForm(server.url, "/admin/login/code", { code: "12345" }, { ip, cookie: pending });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/role="alert"[^>]*>That code is not valid\./);

    const res = await postForm(server.url, "/admin/login/code", { code: codeFor(secret, 1) }, { ip, cookie: pending });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
    expect((await apiGet(server.url, "/api/auth/user", sessionCookie(res)!)).status).toBe(200);
    // The last step says "Login successful!", on the page it leads to.
    const dashboard = await getPage(server.url, "/admin/dashboard", `${sessionCookie(res)}; ${flashCookie(res)}`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toMatch(LOGIN_SUCCESSFUL);
  });

  it("returns through the code step to the back-office page the visitor was sent from, never to another site", async () => {
    const admin = await newAdmin();
    const { secret, codes } = await enrol(admin.email);
    const signInFor = async (redirectTo: string) => {
      const login = await postForm(server.url, "/admin/login", { email: admin.email, password: PASSWORD, redirectTo });
      expect(login.status).toBe(303);
      return { location: login.headers.get("location"), pending: sessionCookie(login)! };
    };

    const asked = await signInFor("/admin/leads?status=new");
    expect(asked.location).toBe("/admin/login/code?redirectTo=%2Fadmin%2Fleads%3Fstatus%3Dnew");
    const page = await (await getPage(server.url, asked.location!, asked.pending)).text();
    expect(page).toContain('<input type="hidden" name="redirectTo" value="/admin/leads?status=new"/>');
    const res = await postForm(
      server.url,
      "/admin/login/code",
      { code: codeFor(secret, 1), redirectTo: "/admin/leads?status=new" },
      {
        cookie: asked.pending,
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/leads?status=new");
    expect(flashCookie(res)).toBeDefined();

    // Another site's address is dropped at the password step, and refused at the code step.
    const outside = await signInFor("https://evil.example/admin");
    expect(outside.location).toBe("/admin/login/code");
    // (A recovery code: the app's codes of this half-minute are spent.)
    const sent = await postForm(
      server.url,
      "/admin/login/code",
      { code: codes[0], redirectTo: "//evil.example/admin" },
      {
        cookie: outside.pending,
      },
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/admin/dashboard");
  });

  it("rate-limits codes like passwords: past the free failures, 429 with Retry-After, even for the right code", async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.email);
    const original = server.services.loginThrottle;
    // A clock that does not move: a wait lasts until the test ends, however slow the machine.
    const now = Date.now();
    server.services.loginThrottle = server.services.limits.signIn({ now: () => now, addressKey }, original.settings);
    try {
      const ip = freshIp();
      const pending = await passwordStep(admin.email, ip);
      const wrongCode = codeFor(secret) === "000000" ? "111111" : "000000";
      for (let i = 0; i < 4; i++)
        expect((await postJson(server.url, "/api/auth/login/code", { code: wrongCode }, { ip, cookie: pending })).status).toBe(401);
      const refused = await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret) }, { ip, cookie: pending });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(await refused.json()).toEqual({ success: false, message: authMessages.tooManyAttempts(1) });
      // The page's form shares the count.
      const form = await postForm(server.url, "/admin/login/code", { code: codeFor(secret) }, { ip, cookie: pending });
      expect(form.status).toBe(429);
      expect(form.headers.get("retry-after")).toBe("1");
      // From another address the right code gets through.
      expect((await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret, 1) }, { cookie: pending })).status).toBe(200);
    } finally {
      server.services.loginThrottle = original;
    }
  });

  it("limits wrong codes per account from all addresses together: past ten, 429 with Retry-After, even for the right code", async () => {
    expect(ACCOUNT_CODE_FAILURES).toBe(10);
    const admin = await newAdmin();
    const { secret, cookie } = await enrol(admin.email);
    const lastStep = async () => (await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id)))[0].totpLastStep;
    const stepBefore = await lastStep();
    const pending = await passwordStep(admin.email);
    const wrongCode = wrongCodeFor(secret);
    // Each address stays within its own free failures: only the account's count adds up.
    for (let i = 0; i < ACCOUNT_CODE_FAILURES; i++)
      expect((await postJson(server.url, "/api/auth/login/code", { code: wrongCode }, { ip: freshIp(), cookie: pending })).status).toBe(
        401,
      );

    const refused = await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret, 1) }, { ip: freshIp(), cookie: pending });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(ACCOUNT_CODE_WINDOW_MS / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_CODE_WINDOW_MS / 1000);
    expect(await refused.json()).toEqual({ success: false, message: authMessages.tooManyAttempts(retryAfter) });
    // A new password step from yet another address, the page's form and the account page share the count.
    const again = await passwordStep(admin.email);
    const form = await postForm(server.url, "/admin/login/code", { code: codeFor(secret, 1) }, { cookie: again });
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await form.text()).toContain("Too many sign-in attempts.");
    const regen = await postForm(server.url, "/admin/account/two-factor", { intent: "regenerate", code: codeFor(secret, 1) }, { cookie });
    expect(regen.status).toBe(429);
    // Nothing was used up by the refused attempts.
    expect(await lastStep()).toBe(stepBefore);

    // Once the window is over, the right code signs in.
    await db()
      .update(rateLimits)
      .set({ expire: Date.now() - 1 })
      .where(eq(rateLimits.key, accountCodeLimitKey(admin.id)));
    expect((await postJson(server.url, "/api/auth/login/code", { code: wrongCode }, { ip: freshIp(), cookie: pending })).status).toBe(401);
    const res = await postJson(server.url, "/api/auth/login/code", { code: codeFor(secret, 1) }, { ip: freshIp(), cookie: pending });
    expect(res.status).toBe(200);
    // The right code gives back its own place and forgets nothing: the wrong one before it still counts.
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, accountCodeLimitKey(admin.id)));
    expect(row.points).toBe(1);
  });

  it("makes new recovery codes and turns off with a current code; a wrong code changes nothing", async () => {
    const admin = await newAdmin();
    const { secret, codes, cookie } = await enrol(admin.email);
    const wrongRegen = await postForm(
      server.url,
      "/admin/account/two-factor",
      { intent: "regenerate", code: "999999" === codeFor(secret) ? "888888" : "999999" },
      { cookie },
    );
    expect(wrongRegen.status).toBe(401);
    const regen = await postForm(server.url, "/admin/account/two-factor", { intent: "regenerate", code: codes[0] }, { cookie });
    expect(regen.status).toBe(200);
    const fresh = [...new Set((await regen.text()).match(RECOVERY_CODE))];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    // An old code no longer works.
    expect(
      (await postJson(server.url, "/api/auth/login/code", { code: codes[1] }, { cookie: await passwordStep(admin.email) })).status,
    ).toBe(401);

    const off = await postForm(server.url, "/admin/account/two-factor", { intent: "disable", code: codeFor(secret, 1) }, { cookie });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain(twoFactorMessages.disabled);
    const [user] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(user).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await db().select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id))).toHaveLength(0);
    expect((await audits(admin.id)).map((e) => e.action)).toEqual(
      expect.arrayContaining(["recovery_codes_regenerated", "two_factor_disabled"]),
    );
    // The password alone signs in again.
    const login = await postJson(server.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
    expect((await login.json()).user).toEqual({ id: admin.id, email: admin.email, role: "staff" });
  });

  it("resets from the command line's function: key and recovery codes removed, every session signed out", async () => {
    const admin = await newAdmin();
    const { cookie } = await enrol(admin.email);
    await passwordStep(admin.email);
    // Locked after wrong codes, as the owner's reset often finds it: the reset lifts that too.
    await db().update(adminUsers).set({ totpFailures: 20, totpLockedAt: new Date() }).where(eq(adminUsers.id, admin.id));
    await resetTwoFactor(db(), admin.email.toUpperCase());
    const [user] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(user).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpFailures: 0, totpLockedAt: null });
    expect(await db().select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, admin.id))).toHaveLength(0);
    expect(await db().select().from(adminSessions).where(eq(adminSessions.userId, admin.id))).toHaveLength(0);
    expect((await apiGet(server.url, "/api/auth/user", cookie)).status).toBe(401);
    expect((await audits(admin.id)).find((e) => e.action === "two_factor_disabled")?.detail).toEqual({ method: "command_line_reset" });
    await expect(resetTwoFactor(db(), "nobody@agency.example")).rejects.toThrow("There is no admin with the email nobody@agency.example.");
  });

  // On PostgreSQL the script may run beside the server (the embedded database takes one process at a time).
  it.runIf(kind === "postgres")("npm run admin:create -- --reset-2fa does it on the server's database", { timeout: 60_000 }, async () => {
    const admin = await newAdmin();
    const { cookie } = await enrol(admin.email);
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/cli.ts", "admin:create", "--reset-2fa", "--email", admin.email],
      {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: server.services.config.DATABASE_URL ?? "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(output).toContain(`Two-factor sign-in removed for ${admin.email}; their sessions were signed out.`);
    expect(code).toBe(0);
    expect((await apiGet(server.url, "/api/auth/user", cookie)).status).toBe(401);
    const login = await postJson(server.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
    expect((await login.json()).user).toEqual({ id: admin.id, email: admin.email, role: "staff" });
  });

  it("with ADMIN_REQUIRE_2FA, sends an account without a second factor to enrolment, with no access until it is set up", async () => {
    const admin = await newAdmin(enforcing);
    const res = await postJson(enforcing.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: twoFactorMessages.enrolmentRequired, twoFactor: "enrolment" });
    const pending = sessionCookie(res)!;
    const [session] = await enforcing.services.db.select().from(adminSessions).where(eq(adminSessions.userId, admin.id));
    expect(session.awaiting).toBe("enrolment");
    expect((await apiGet(enforcing.url, "/api/leads", pending)).status).toBe(401);
    expect((await apiGet(enforcing.url, "/api/auth/user", pending)).status).toBe(401);
    expect((await getPage(enforcing.url, "/admin/login/code", pending)).headers.get("location")).toBe("/admin/two-factor/enrol");
    expect((await getPage(enforcing.url, "/admin/account/two-factor", pending)).headers.get("location")).toBe("/admin/two-factor/enrol");

    // The page's own form after the password goes to the same place.
    const form = await postForm(enforcing.url, "/admin/login", { email: admin.email, password: PASSWORD });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/admin/two-factor/enrol");

    const page = await getPage(enforcing.url, "/admin/two-factor/enrol", pending);
    expect(page.status).toBe(200);
    const secret = (await page.text()).match(/data-secret="([A-Z2-7]+)"/)![1];
    const wrong = await postForm(enforcing.url, "/admin/two-factor/enrol", { code: "abc" }, { cookie: pending });
    expect(wrong.status).toBe(401);
    expect((await apiGet(enforcing.url, "/api/leads", pending)).status).toBe(401);

    const done = await postForm(enforcing.url, "/admin/two-factor/enrol", { code: codeFor(secret) }, { cookie: pending });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect([...new Set(html.match(RECOVERY_CODE))]).toHaveLength(10);
    expect(html).toContain(twoFactorMessages.recovery.continue);
    // The sign-in is complete: "Login successful!" on the next page (the codes are shown once, here).
    const dashboard = await getPage(enforcing.url, "/admin/dashboard", `${pending}; ${flashCookie(done)}`);
    expect(await dashboard.text()).toMatch(LOGIN_SUCCESSFUL);
    expect((await apiGet(enforcing.url, "/api/leads", pending)).status).toBe(200);
    const trail = await enforcing.services.db.select().from(auditEvents).where(eq(auditEvents.adminId, admin.id));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(["two_factor_enabled", "sign_in"]));

    // From now on the password step asks for the code.
    const next = await postJson(enforcing.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
    expect((await next.json()).twoFactor).toBe("code");
  });

  it("sends a signed-in admin without a second factor from the enrolment page to the account page", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin.email);
    const page = await getPage(server.url, "/admin/two-factor/enrol", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/account/two-factor");
    // With it on, the page is the end of an enrolment (its form's answer shows the recovery codes).
    const enrolled = await newAdmin();
    const { cookie: full } = await enrol(enrolled.email);
    expect((await getPage(server.url, "/admin/two-factor/enrol", full)).status).toBe(200);
  });

  it("ends a session waiting for enrolment when the account turned two-factor on in another session", async () => {
    const admin = await newAdmin(enforcing);
    const waiting = async () => {
      const res = await postJson(enforcing.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
      expect((await res.json()).twoFactor).toBe("enrolment");
      return sessionCookie(res)!;
    };
    const [first, second, third] = [await waiting(), await waiting(), await waiting()];
    // The third has a key shown already, as on a page left open.
    expect((await getPage(enforcing.url, "/admin/two-factor/enrol", third)).status).toBe(200);
    const secret = (await (await getPage(enforcing.url, "/admin/two-factor/enrol", first)).text()).match(/data-secret="([A-Z2-7]+)"/)![1];
    expect((await postForm(enforcing.url, "/admin/two-factor/enrol", { code: codeFor(secret) }, { cookie: first })).status).toBe(200);

    // Opening the page: back to sign-in, the session ended and its cookie cleared.
    const page = await getPage(enforcing.url, "/admin/two-factor/enrol", second);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login");
    expect(page.headers.get("set-cookie")).toMatch(/admin_session=;.*Max-Age=0/);
    // Confirming from a page left open: the same.
    const confirm = await postForm(enforcing.url, "/admin/two-factor/enrol", { code: codeFor(secret, 1) }, { cookie: third });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get("location")).toBe("/admin/login");
    expect(confirm.headers.get("set-cookie")).toMatch(/admin_session=;.*Max-Age=0/);
    const sessions = await enforcing.services.db.select().from(adminSessions).where(eq(adminSessions.userId, admin.id));
    expect(sessions.map((s) => s.awaiting)).toEqual([null]);
    expect((await getPage(enforcing.url, "/admin/two-factor/enrol", second)).headers.get("location")).toBe("/admin/login");
    // Signing in again asks for the code.
    const next = await postJson(enforcing.url, "/api/auth/login", { email: admin.email, password: PASSWORD });
    expect((await next.json()).twoFactor).toBe("code");
  });

  it("audits password sign-ins and failures, naming only known accounts", async () => {
    const admin = await newAdmin();
    const ip = freshIp();
    expect((await postJson(server.url, "/api/auth/login", { email: admin.email, password: "wrong password here" }, { ip })).status).toBe(
      401,
    );
    const cookie = await signedIn(admin.email);
    const trail = await audits(admin.id);
    expect(trail.find((e) => e.action === "sign_in_failed")).toMatchObject({ adminEmail: admin.email, detail: { method: "password" } });
    expect(trail.find((e) => e.action === "sign_in")?.detail).toEqual({ method: "password" });

    const unknown = "nobody.here@agency.example";
    expect((await postJson(server.url, "/api/auth/login", { email: unknown, password: "wrong password here" })).status).toBe(401);
    const all = await db().select().from(auditEvents);
    expect(JSON.stringify(all)).not.toContain(unknown);

    await postJson(server.url, "/api/auth/logout", {}, { cookie });
    expect((await audits(admin.id)).map((e) => e.action)).toContain("sign_out");
  });
});
