/**
 * First-run setup on a real server and database: the setup code each start makes while no admin exists
 * (stored as its hash, accepted by any process for 24 hours), a wrong code refused with 403 and counted
 * in the sign-in throttle, the form's refusals, one use (two submissions at once make one owner), and
 * the route gone (404) once an admin exists. Forms are posted as a browser without scripts posts them.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, adminUsers, auditEvents, siteSettings } from "#db/schema";
import {
  checkSetupCode,
  completeSetup,
  issueSetupCode,
  SETUP_CODE_PREFIX,
  type SetupThrottle,
  setupCodeKey,
} from "../../app/features/admin-users/setup.server";
import { ADMIN_CREATE_COMMAND, SETUP_CODE_HOURS, setupMessages } from "../../app/features/admin-users/setup-messages";
import { authMessages } from "../../app/features/auth/schema";
import { readProfile } from "../../app/features/settings/site.server";
import { addressKey } from "../../server/client-info";
import { type RunningServer, startServer } from "../../server/main";
import { persistentDatabase } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { requireBuild, startTestServer } from "../support/server";

const e = setupMessages.errors;
const PASSWORD = "harbor violet compass kettle";
const AGENCY = "Bluebonnet Risk Partners";
const LINK = /^(http:\/\/localhost:\d+)\/admin\/setup\?code=([A-Za-z0-9_-]{22})$/;

let counter = 0;
/** Each request comes from its own address (TRUST_PROXY=true), so the sign-in throttle's counts are its own. */
const freshIp = () => {
  const n = ++counter;
  return `203.0.${100 + Math.floor(n / 256)}.${n % 256}`;
};

const codeOf = (link: string | undefined) => LINK.exec(link ?? "")?.[2] ?? "";

/** The page's text with React's escapes undone (messages hold apostrophes). */
const decoded = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

/** The text of a field's error on the rendered page (TextField renders it as `<p id="{id}-error">`). */
const fieldError = (html: string, id: string) => {
  const match = html.match(new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`));
  return match ? decoded(match[1]) : undefined;
};

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="));

const form = (fields: Partial<Record<"agencyName" | "name" | "email" | "password" | "confirmPassword", string>> = {}) => ({
  agencyName: AGENCY,
  name: "Dana Ruiz",
  email: `dana.${randomBytes(3).toString("hex")}@bluebonnet.example`,
  password: PASSWORD,
  confirmPassword: fields.password ?? PASSWORD,
  ...fields,
});

type Server = { url: string; services: RunningServer["services"] };

const getSetup = (server: Server, query: string, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}) =>
  fetch(`${server.url}/admin/setup${query}`, { redirect: "manual", headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) } });

const postSetup = (server: Server, code: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/admin/setup?code=${code}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": freshIp(), ...headers },
    body: new URLSearchParams(fields),
  });

const storedCodes = (server: Server) =>
  server.services.db.select().from(siteSettings).where(sql`starts_with(${siteSettings.key}, ${SETUP_CODE_PREFIX})`);

const adminCount = async (server: Server) => (await server.services.db.select().from(adminUsers)).length;

describe.each(databaseKinds)("first-run setup on %s", (kind) => {
  let database: Awaited<ReturnType<typeof persistentDatabase>>;
  let server: RunningServer | undefined;
  const running = () => {
    if (!server) throw new Error("no server");
    return server;
  };
  const start = () =>
    startServer({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SCRYPT_N: "1024",
      TRUST_PROXY: "true",
      RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "2",
      RATE_LIMIT_LOGIN_IP_FREE_FAILURES: "2",
      ...database.env,
    });
  /** The codes of the two starts below. */
  let first = "";
  let second = "";

  beforeAll(async () => {
    requireBuild();
    database = await persistentDatabase(kind);
  });
  afterAll(async () => {
    await server?.close();
    await database?.cleanup();
  });

  it("makes a new code at each start, stored only as its hash, which any process accepts for 24 hours", { timeout: 120_000 }, async () => {
    server = await start();
    expect(server.setupLink).toMatch(LINK);
    // Without SITE_URL the link names the server's own address.
    expect(LINK.exec(server.setupLink ?? "")?.[1]).toBe(server.url);
    first = codeOf(server.setupLink);
    const rows = await storedCodes(server);
    expect(rows.map((r) => r.key)).toEqual([setupCodeKey(first)]);
    const expiresAt = Date.parse((rows[0].value as { expiresAt: string }).expiresAt);
    expect(Math.abs(expiresAt - (Date.now() + SETUP_CODE_HOURS * 3_600_000))).toBeLessThan(120_000);
    const everything = JSON.stringify(await server.services.db.select().from(siteSettings));
    expect(everything).not.toContain(first);

    // Another start (another process on the same database) makes its own code; the first still works there.
    await server.close();
    server = await start();
    second = codeOf(server.setupLink);
    expect(second).not.toBe(first);
    expect((await storedCodes(server)).map((r) => r.key).sort()).toEqual([setupCodeKey(first), setupCodeKey(second)].sort());
    for (const code of [first, second]) {
      const page = await getSetup(server, `?code=${code}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = decoded(await page.text());
      expect(html).toContain(setupMessages.title);
      expect(html).toContain(setupMessages.agencyName);
      expect(html).toContain('content="no-referrer"');
    }

    // A code past its 24 hours is refused, and the next start deletes it.
    const old = await issueSetupCode(server.services.db, new Date(Date.now() - (SETUP_CODE_HOURS + 1) * 3_600_000));
    expect(old).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await getSetup(server, `?code=${old}`)).status).toBe(403);
    const third = await issueSetupCode(server.services.db);
    const keys = (await storedCodes(server)).map((r) => r.key);
    expect(keys).not.toContain(setupCodeKey(old ?? ""));
    expect(keys).toContain(setupCodeKey(third ?? ""));
  });

  it("refuses a wrong or missing code with 403, saying how to get a new link", async () => {
    const s = running();
    const wrong = [
      "?code=wrong",
      "",
      "?code=",
      `?code=${randomBytes(16).toString("base64url")}`,
      `?code=${first}x`,
      `?code=${first.slice(1)}`,
    ];
    for (const query of wrong) {
      const res = await getSetup(s, query);
      expect(res.status, query).toBe(403);
      const html = decoded(await res.text());
      expect(html).toContain(setupMessages.invalidTitle);
      expect(html).toContain(setupMessages.invalid);
      expect(html).toContain(setupMessages.newLink);
      expect(html).toContain(ADMIN_CREATE_COMMAND);
      expect(html).not.toContain('name="password"');
    }
    // A complete, valid form with a wrong code creates nothing.
    const posted = await postSetup(s, randomBytes(16).toString("base64url"), form());
    expect(posted.status).toBe(403);
    expect(decoded(await posted.text())).toContain(setupMessages.invalid);
    expect(cookiesOf(posted).some((c) => c.includes("admin_session="))).toBe(false);
    expect(await adminCount(s)).toBe(0);
  });

  it("counts wrong codes in the sign-in throttle: guessing waits like guessing passwords", async () => {
    const s = running();
    const original = s.services.loginThrottle;
    // A clock that stands still: a wait, once begun, lasts the whole test.
    const now = Date.now();
    s.services.loginThrottle = s.services.limits.signIn({ now: () => now, addressKey }, original.settings);
    try {
      const guesser = freshIp();
      const guesses: number[] = [];
      for (let i = 0; i < 5; i++)
        guesses.push((await getSetup(s, `?code=${randomBytes(16).toString("base64url")}`, { ip: guesser })).status);
      // Two free failures, a third that starts a wait, then refusals before any code is looked at.
      expect(guesses).toEqual([403, 403, 403, 429, 429]);
      const waiting = await getSetup(s, `?code=${first}`, { ip: guesser });
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(decoded(await waiting.text())).toContain(setupMessages.tooManyAttempts(Number(waiting.headers.get("retry-after"))));
      expect((await postSetup(s, first, form(), { "x-forwarded-for": guesser })).status).toBe(429);
      // The same throttle as the sign-in: that address's passwords wait too.
      const signIn = await fetch(`${s.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": guesser },
        body: JSON.stringify({ email: "someone@bluebonnet.example", password: "a password to try" }),
      });
      expect(signIn.status).toBe(429);
      // Right codes count nothing: another address opens the form as often as it likes.
      const other = freshIp();
      for (let i = 0; i < 4; i++) expect((await getSetup(s, `?code=${first}`, { ip: other })).status).toBe(200);
    } finally {
      s.services.loginThrottle = original;
    }
  });

  it("answers the form's errors beside the fields, keeping what was typed but the passwords, and creates nothing", async () => {
    const s = running();
    const empty = await postSetup(s, first, { agencyName: "", name: "", email: "", password: "", confirmPassword: "" });
    expect(empty.status).toBe(400);
    const html = decoded(await empty.text());
    expect(html).toContain(e.invalid);
    expect(fieldError(html, "setup-agency-name")).toBe(e.agencyName);
    expect(fieldError(html, "setup-name")).toBe(e.nameRequired);
    expect(fieldError(html, "setup-email")).toBe(e.emailRequired);
    expect(fieldError(html, "setup-password")).toBe(e.passwordRequired);
    expect(fieldError(html, "setup-confirm-password")).toBe(e.confirmRequired);

    const cases: [Record<string, string>, string, string][] = [
      [form({ password: "too short" }), "setup-password", authMessages.passwordTooShort],
      [{ ...form(), confirmPassword: `${PASSWORD}!` }, "setup-confirm-password", e.mismatch],
      [form({ email: "dana at bluebonnet" }), "setup-email", e.emailInvalid],
      [form({ agencyName: "B" }), "setup-agency-name", e.agencyName],
      // The policy of every new password: the common and breached list, and the agency's own (new) name.
      [form({ password: "password1234" }), "setup-password", authMessages.passwordCommon],
      [form({ password: "Bluebonnet risk partners!" }), "setup-password", authMessages.passwordPersonal],
    ];
    for (const [fields, id, message] of cases) {
      const res = await postSetup(s, first, fields);
      expect(res.status, message).toBe(400);
      const page = decoded(await res.text());
      expect(fieldError(page, id), message).toBe(message);
      // What was typed stays; a password never comes back.
      expect(page).toContain(`value="${fields.agencyName}"`);
      expect(page).not.toContain(fields.password);
    }

    const crossSite = await postSetup(s, first, form(), { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(decoded(await crossSite.text())).toContain(e.crossSite);

    expect(await adminCount(s)).toBe(0);
    expect((await getSetup(s, `?code=${first}`)).status).toBe(200);
  });

  it("makes one owner of two submissions at once: signed in, the agency named, every code ended, the route gone", async () => {
    const s = running();
    const dana = form();
    const lee = form({ name: "Lee Ortiz", agencyName: "Another Name Agency" });
    const answers = await Promise.all([postSetup(s, first, dana), postSetup(s, first, lee)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 404]);
    const made = answers.find((a) => a.status === 303) as Response;
    const winner = made === answers[0] ? dana : lee;

    expect(made.headers.get("location")).toBe("/admin/dashboard");
    const cookies = cookiesOf(made);
    const session = cookies.find((c) => c.startsWith("admin_session="));
    expect(session).toBeDefined();
    const user = await fetch(`${s.url}/api/auth/user`, { headers: { cookie: session ?? "" } });
    expect(user.status).toBe(200);
    const owner = ((await user.json()) as { user: { id: string; email: string } }).user;
    expect(owner.email).toBe(winner.email);

    const admins = await s.services.db.select().from(adminUsers);
    expect(admins.map((a) => [a.email, a.name, a.active])).toEqual([[winner.email, winner.name, true]]);
    expect(await storedCodes(s)).toEqual([]);

    // The agency's name is stored, and this process shows it at once.
    const profile = await readProfile(s.services.db);
    expect([profile.name, profile.shortName]).toEqual([winner.agencyName, winner.agencyName]);
    expect(s.services.site.current().profile.name).toBe(winner.agencyName);

    const trail = await s.services.db.select().from(auditEvents).where(eq(auditEvents.adminId, owner.id));
    expect(trail.map((t) => [t.action, t.targetId, t.detail]).sort()).toEqual(
      [
        ["owner_created", owner.id, null],
        ["sign_in", null, { method: "setup" }],
      ].sort(),
    );

    // On to the dashboard, signed in, with the flash toast.
    const dashboard = await fetch(`${s.url}/admin/dashboard`, { redirect: "manual", headers: { cookie: cookies.join("; ") } });
    expect(dashboard.status).toBe(200);
    expect(decoded(await dashboard.text())).toContain(setupMessages.done(winner.agencyName));

    // Gone for every code, right or wrong, by GET or POST.
    for (const code of [first, second, "wrong"]) {
      expect((await getSetup(s, `?code=${code}`)).status).toBe(404);
      expect((await postSetup(s, code, form())).status).toBe(404);
    }
    expect((await getSetup(s, "")).status).toBe(404);
    expect(await adminCount(s)).toBe(1);
  });

  it("makes no link at a start once an admin exists, and deletes any code left", { timeout: 120_000 }, async () => {
    const s = running();
    await s.services.db
      .insert(siteSettings)
      .values({ key: setupCodeKey("left-over"), value: { expiresAt: new Date(Date.now() + 60_000).toISOString() } });
    await s.close();
    server = await start();
    expect(server.setupLink).toBeUndefined();
    expect(await storedCodes(server)).toEqual([]);
    expect((await getSetup(server, `?code=${first}`)).status).toBe(404);
  });
});

describe.each(databaseKinds)("first-run setup with two-factor sign-in required on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_REQUIRE_2FA: "true", TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends the new owner on to set up two-factor sign-in before anything else", async () => {
    const code = codeOf(server.setupLink);
    expect(code).not.toBe("");
    const fields = form();
    const res = await postSetup(server, code, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/two-factor/enrol");
    const session = cookiesOf(res).find((c) => c.startsWith("admin_session="));
    expect(session).toBeDefined();
    // Not signed in yet: the session waits for enrolment.
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie: session ?? "" } })).status).toBe(401);
    const [row] = await server.services.db.select({ awaiting: adminSessions.awaiting }).from(adminSessions);
    expect(row.awaiting).toBe("enrolment");
    const enrol = await fetch(`${server.url}/admin/two-factor/enrol`, { redirect: "manual", headers: { cookie: session ?? "" } });
    expect(enrol.status).toBe(200);

    const [owner] = await server.services.db.select().from(adminUsers);
    expect(owner.email).toBe(fields.email);
    // The sign-in is recorded when enrolment completes it.
    const trail = await server.services.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.adminId, owner.id));
    expect(trail.map((t) => t.action)).toEqual(["owner_created"]);
    expect((await readProfile(server.services.db)).name).toBe(AGENCY);
    expect((await getSetup(server, `?code=${code}`)).status).toBe(404);
  });
});

describe.each(databaseKinds)("a setup link checked while another submission completes the setup on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("is gone (404), not refused, and counts no failed attempt", async () => {
    const code = codeOf(server.setupLink);
    expect(code).not.toBe("");
    const { db, config } = server.services;
    const attempts: string[] = [];
    // The other submission completes between this check's first look for an admin and its look at the code.
    const throttle: SetupThrottle = {
      begin: async () => {
        const other = await completeSetup({ db, config }, code, form(), { ip: "203.0.113.9" });
        expect(other.status).toBe("created");
        return {
          allowed: true,
          attempt: {
            failed: async () => void attempts.push("failed"),
            abandoned: async () => void attempts.push("abandoned"),
          },
        };
      },
    };
    const warned: string[] = [];
    const gate = await checkSetupCode({ db, loginThrottle: throttle, logger: { warn: (_data, message) => warned.push(message) } }, code, {
      ip: "203.0.113.10",
    });
    expect(gate).toEqual({ state: "gone" });
    expect(attempts).toEqual(["abandoned"]);
    expect(warned).toEqual([]);
    expect(await adminCount(server)).toBe(1);
  });
});
