import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers, auditEvents } from "#db/schema";
import { ConfigError, loadConfig } from "../../app/env.server";
import { hashToken, verifyPassword } from "../../app/features/auth/auth.server";
import { accountMessages, authMessages, passwordChangeMessages } from "../../app/features/auth/schema";
import { addressKey } from "../../server/client-info";
import { startServer } from "../../server/main";
import { type AdminCredentials, adminCreate, ensureAdmin, persistentDatabase } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const FAST = { AUTH_SCRYPT_N: "1024" };
const NEW_PASSWORD = "lantern orbit pickle meadow";
const COMMON = "password123456";

let ipCounter = 0;
/** Each test comes from its own address (TRUST_PROXY=true), so the sign-in throttle's counts are its own. */
const freshIp = () => {
  const n = ++ipCounter;
  return `203.0.${113 + Math.floor(n / 256)}.${n % 256}`;
};

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));

/** The page's text with React's escapes undone (messages hold apostrophes). */
const decoded = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The text of a field's error on the rendered page (TextField renders it as `<p id="{id}-error">`). */
function fieldError(html: string, id: string): string | undefined {
  const match = html.match(new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`));
  return match ? decoded(match[1]) : undefined;
}

describe.each(databaseKinds)("password change on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const db = () => server.services.db;
  let accountCounter = 0;

  /** A new admin for one test, with a password of its own. */
  async function newAdmin(): Promise<AdminCredentials & { id: string }> {
    const creds = {
      email: `changer${++accountCounter}-${randomBytes(3).toString("hex")}@agency.example`,
      password: "correct horse battery staple",
    };
    const { id } = await ensureAdmin(server.services, creds);
    return { ...creds, id };
  }

  const login = (creds: AdminCredentials, ip = freshIp()) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(creds),
    });
  const signedIn = async (creds: AdminCredentials, ip?: string) => {
    const res = await login(creds, ip);
    expect(res.status).toBe(200);
    return sessionCookie(res)!.split(";")[0];
  };
  const currentUser = (cookie: string) => fetch(`${server.url}/api/auth/user`, { headers: { cookie } });

  /** The Account screen's form as a browser without scripts posts it. */
  const postForm = (
    cookie: string | undefined,
    fields: Record<string, string>,
    { ip = freshIp(), headers = {} as Record<string, string> } = {},
  ) =>
    fetch(`${server.url}/admin/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}), ...headers },
      body: new URLSearchParams(fields),
    });
  const change = (current: string, next: string, confirm = next) => ({
    currentPassword: current,
    newPassword: next,
    confirmPassword: confirm,
  });

  const postJson = (cookie: string | undefined, body: unknown, { ip = freshIp(), headers = {} as Record<string, string> } = {}) =>
    fetch(`${server.url}/api/auth/password`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer(kind, {
      ...FAST,
      TRUST_PROXY: "true",
      RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "3",
      RATE_LIMIT_LOGIN_IP_FREE_FAILURES: "6",
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the Account screen only to a signed-in admin: the email, the form posted to the page, the two-factor link", async () => {
    const admin = await newAdmin();
    for (const cookie of [undefined, "admin_session=not-a-session"]) {
      const res = await fetch(`${server.url}/admin/account`, { redirect: "manual", headers: cookie ? { cookie } : {} });
      expect(res.status, String(cookie)).toBe(302);
      // To sign in, and back to the Account screen afterwards.
      expect(res.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Faccount");
    }

    // A session that signed in with the password but still owes its second factor is not signed in.
    const pending = randomBytes(32).toString("base64url");
    await db()
      .insert(adminSessions)
      .values({ userId: admin.id, tokenHash: hashToken(pending), expiresAt: new Date(Date.now() + 3_600_000), awaiting: "second_factor" });
    const owed = await fetch(`${server.url}/admin/account`, { redirect: "manual", headers: { cookie: `admin_session=${pending}` } });
    expect(owed.status).toBe(302);
    expect(owed.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Faccount");

    const cookie = await signedIn(admin);
    const page = await fetch(`${server.url}/admin/account`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = decoded(await page.text());
    expect(html).toContain(admin.email);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${accountMessages.title}</h1>`));
    // The form is in the page as served (no scripts needed), posting to this page.
    const form = html.match(/<form\b[^>]*action="\/admin\/account"[^>]*>/)?.[0];
    expect(form).toMatch(/\smethod="post"/);
    expect(form).toMatch(/\saction="\/admin\/account"/);
    for (const [id, label] of [
      ["current-password", accountMessages.currentPassword],
      ["new-password", accountMessages.newPassword],
      ["confirm-password", accountMessages.confirmPassword],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}`));
    }
    expect(html).toMatch(/<a [^>]*href="\/admin\/account\/two-factor"[^>]*>Two-factor sign-in<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/account"[^>]*>Account<\/a>/);
  });

  it("changes the password through the form: the new one signs in, the old one not, other sessions end, this one stays", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin);
    const other = await signedIn(admin);
    const bystander = await newAdmin();
    const bystanderCookie = await signedIn(bystander);

    const res = await postForm(cookie, change(admin.password, NEW_PASSWORD));
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toMatch(new RegExp(`role="status"[^>]*>${passwordChangeMessages.changed}<`));

    expect((await currentUser(cookie)).status).toBe(200);
    expect((await currentUser(other)).status).toBe(401);
    // Another admin's sessions are not touched.
    expect((await currentUser(bystanderCookie)).status).toBe(200);

    expect((await login(admin)).status).toBe(401);
    expect((await login({ email: admin.email, password: NEW_PASSWORD })).status).toBe(200);

    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row.passwordChangedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "password_changed"), eq(auditEvents.adminId, admin.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminEmail: admin.email,
      targetType: "admin",
      targetId: admin.id,
      detail: { otherSessionsSignedOut: 1 },
    });
    expect(JSON.stringify(audit[0])).not.toContain(NEW_PASSWORD);
  });

  it("answers a wrong current password, a mismatch, a short, a common or a personal password with the field that is wrong", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin);
    const other = await signedIn(admin);
    const cases: [Record<string, string>, string, string][] = [
      [change("not my password at all", NEW_PASSWORD), "current-password", passwordChangeMessages.currentWrong],
      [change(admin.password, NEW_PASSWORD, "lantern orbit pickle meadows"), "confirm-password", passwordChangeMessages.mismatch],
      [change(admin.password, "too short"), "new-password", authMessages.passwordTooShort],
      [change(admin.password, COMMON), "new-password", authMessages.passwordCommon],
      [change(admin.password, "  QWERTYUIOP123 "), "new-password", authMessages.passwordCommon],
      [change(admin.password, admin.email.toUpperCase()), "new-password", authMessages.passwordPersonal],
      [change(admin.password, admin.password), "new-password", passwordChangeMessages.sameAsCurrent],
      [change("", NEW_PASSWORD), "current-password", passwordChangeMessages.currentRequired],
    ];
    for (const [fields, id, message] of cases) {
      const res = await postForm(cookie, fields);
      expect(res.status, message).toBe(400);
      const html = await res.text();
      expect(fieldError(html, id), message).toBe(message);
      expect(decoded(html)).toMatch(new RegExp(`role="alert"[^>]*>${passwordChangeMessages.invalidForm}<`));
      // Only that field is marked.
      expect(html.match(/<p id="[a-z-]+-error"/g), message).toHaveLength(1);
      expect(html).not.toContain(fields.newPassword.trim() || "never-empty");
    }
    // Nothing changed: the old password still signs in, both sessions still work, nothing audited.
    expect((await currentUser(cookie)).status).toBe(200);
    expect((await currentUser(other)).status).toBe(200);
    expect((await login(admin)).status).toBe(200);
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row.passwordChangedAt).toBeNull();
    expect(await db().select().from(auditEvents).where(eq(auditEvents.adminId, admin.id))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ action: "password_changed" })]),
    );
  });

  it("throttles wrong current passwords with the sign-in's counts: a wait answers 429 with Retry-After, even for the right one", async () => {
    const admin = await newAdmin();
    const ip = freshIp();
    const cookie = await signedIn(admin, ip);
    const original = server.services.loginThrottle;
    let now = Date.now();
    server.services.loginThrottle = server.services.limits.signIn({ now: () => now, addressKey }, original.settings);
    try {
      // Three free failures for (account, address), then a fourth starts a one-second wait.
      for (let i = 0; i < 4; i++) {
        const res = await postForm(cookie, change(`wrong guess number ${i}`, NEW_PASSWORD), { ip });
        expect(res.status).toBe(400);
        expect(fieldError(await res.text(), "current-password")).toBe(passwordChangeMessages.currentWrong);
      }
      const waiting = await postForm(cookie, change(admin.password, NEW_PASSWORD), { ip });
      expect(waiting.status).toBe(429);
      expect(waiting.headers.get("retry-after")).toBe("1");
      expect(fieldError(await waiting.text(), "current-password")).toBe(passwordChangeMessages.tooManyAttempts(1));
      // The same counts as the sign-in: that account from that address waits there too.
      expect((await login(admin, ip)).status).toBe(429);
      const json = await postJson(cookie, { currentPassword: admin.password, newPassword: NEW_PASSWORD }, { ip });
      expect(json.status).toBe(429);
      expect(json.headers.get("retry-after")).toBe("1");

      now += 2000;
      const done = await postForm(cookie, change(admin.password, NEW_PASSWORD), { ip });
      expect(done.status).toBe(200);
    } finally {
      server.services.loginThrottle = original;
    }
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(await verifyPassword(NEW_PASSWORD, row.passwordHash)).toBe(true);
  });

  it("refuses a form from another site, another kind of body (415), an oversized one (413), and one without a session", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin);
    const fields = change(admin.password, NEW_PASSWORD);

    const crossSite = await postForm(cookie, fields, { headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(authMessages.crossSite);

    const json = await fetch(`${server.url}/admin/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(passwordChangeMessages.formNotSupported);

    const huge = await postForm(cookie, { ...fields, padding: "x".repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain(passwordChangeMessages.formTooLarge);

    const anonymous = await postForm(undefined, fields);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Faccount");

    // None of them changed anything.
    expect((await login(admin)).status).toBe(200);
  });

  it("POST /api/auth/password applies the same rules and answers JSON", async () => {
    const admin = await newAdmin();
    const cookie = await signedIn(admin);
    const other = await signedIn(admin);

    const anonymous = await postJson(undefined, { currentPassword: admin.password, newPassword: NEW_PASSWORD });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, message: authMessages.signInRequired });

    const crossSite = await postJson(
      cookie,
      { currentPassword: admin.password, newPassword: NEW_PASSWORD },
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(crossSite.status).toBe(403);

    const common = await postJson(cookie, { currentPassword: admin.password, newPassword: COMMON });
    expect(common.status).toBe(400);
    expect(await common.json()).toEqual({
      success: false,
      message: passwordChangeMessages.invalidForm,
      errors: { newPassword: authMessages.passwordCommon },
    });

    const wrong = await postJson(cookie, { currentPassword: "not my password at all", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: passwordChangeMessages.currentWrong });

    const missing = await postJson(cookie, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual({
      currentPassword: passwordChangeMessages.currentRequired,
      newPassword: passwordChangeMessages.newRequired,
    });

    const ok = await postJson(cookie, { currentPassword: admin.password, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: passwordChangeMessages.changed });
    expect((await currentUser(cookie)).status).toBe(200);
    expect((await currentUser(other)).status).toBe(401);
    expect((await login({ email: admin.email, password: NEW_PASSWORD })).status).toBe(200);
  });
});

describe.each(databaseKinds)("npm run admin:create on %s", (kind) => {
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  beforeAll(async () => {
    database = await persistentDatabase(kind);
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it("refuses a common password, saying why, and creates no admin", { timeout: 240_000 }, async () => {
    const refused = await adminCreate(["--email", "new.admin@agency.example", "--password-stdin"], database.env, `${COMMON}\n`);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(authMessages.passwordCommon);
    expect(refused.stdout).not.toContain("Admin account created");

    const created = await adminCreate(["--email", "new.admin@agency.example", "--password-stdin"], database.env, `${NEW_PASSWORD}\n`);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);

    const reset = await adminCreate(
      ["--email", "new.admin@agency.example", "--password-stdin", "--reset-password"],
      database.env,
      "new.admin\n",
    );
    expect(reset.code).toBe(1);
    expect(reset.stderr.trim()).toBe(authMessages.passwordTooShort);
    const personal = await adminCreate(
      ["--email", "new.admin@agency.example", "--password-stdin", "--reset-password"],
      database.env,
      "new.admin@agency.example\n",
    );
    expect(personal.code).toBe(1);
    expect(personal.stderr.trim()).toBe(authMessages.passwordPersonal);
  });
});

describe("ADMIN_PASSWORD", () => {
  const env = (password: string) => ({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    ADMIN_EMAIL: "first.admin@agency.example",
    ADMIN_PASSWORD: password,
  });

  it("refuses a common or personal password when it would make the first admin, naming the setting", async () => {
    // Only the account's creation checks it: an install whose first admin exists keeps starting.
    expect(loadConfig(env(COMMON)).ADMIN_PASSWORD).toBe(COMMON);
    for (const [password, message] of [
      [COMMON, authMessages.passwordCommon],
      ["First.Admin@agency.example", authMessages.passwordPersonal],
    ]) {
      const attempt = startServer({ ...env(password), PORT: "0", LOG_LEVEL: "silent" });
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      await expect(attempt).rejects.toThrow(`ADMIN_PASSWORD is refused: ${message}`);
      // The value itself is never echoed.
      await expect(attempt).rejects.not.toThrow(password);
    }
  });
});
