/**
 * The Account screen's "Sessions" section (docs/decisions/049-sessions-you-can-see.md): the account's
 * signed-in sessions with browser, place and address, "Sign out" on another session's row and "Sign out
 * everywhere else", posted as a browser without scripts posts them, on the built server.
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, auditEvents } from "#db/schema";
import { hashToken } from "../../app/features/auth/auth.server";
import { accountMessages, authMessages } from "../../app/features/auth/schema";
import { sessionsMessages as st } from "../../app/features/auth/sessions-messages";
import { type AdminCredentials, ensureAdmin } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const FAST = { AUTH_SCRYPT_N: "1024" };

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** An office's private address, and a public one DB-IP places in the United States. */
const OFFICE_IP = "192.168.1.20";
const PUBLIC_IP = "8.8.8.8";

const sessionCookie = (res: Response) => res.headers.getSetCookie().find((c) => /^(__Host-)?admin_session=/.test(c));
const tokenOf = (cookie: string) => cookie.split("=")[1];

/** The page's text with React's escapes undone. */
const decoded = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The rows of the sessions table, by session id, in the page's order. */
function sessionRows(html: string): { id: string; html: string; cells: string[] }[] {
  return [...html.matchAll(/<tr[^>]*data-session-id="([^"]+)"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id,
    html: row,
    cells: [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => cell.replace(/<[^>]+>/g, "").trim()),
  }));
}

describe.each(databaseKinds)("the account's sessions on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const db = () => server.services.db;
  let accountCounter = 0;

  async function newAdmin(): Promise<AdminCredentials & { id: string }> {
    const creds = {
      email: `sessions${++accountCounter}-${randomBytes(3).toString("hex")}@agency.example`,
      password: "correct horse battery staple",
    };
    const { id } = await ensureAdmin(server.services, creds);
    return { ...creds, id };
  }

  let ipCounter = 0;
  /** An address of its own for sign-ins whose place does not matter (the sign-in throttle counts per address). */
  const freshIp = () => `203.0.113.${++ipCounter % 250}`;

  /** Signs in over the API as `userAgent` from `ip` (TRUST_PROXY=true: the address X-Forwarded-For names). */
  async function signedIn(creds: AdminCredentials, userAgent = FIREFOX_LINUX, ip = freshIp()) {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent, "x-forwarded-for": ip },
      body: JSON.stringify(creds),
    });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res)!.split(";")[0];
    const [row] = await db()
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(tokenOf(cookie))));
    return { cookie, id: row.id };
  }

  const works = async (cookie: string) => (await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status;
  const accountPage = async (cookie: string) => {
    const res = await fetch(`${server.url}/admin/account`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return decoded(await res.text());
  };
  /** One of the screen's forms as a browser without scripts posts it. */
  const post = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/admin/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
      body: new URLSearchParams(fields),
    });
  const auditOf = (adminId: string, action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.adminId, adminId), eq(auditEvents.action, action)));

  beforeAll(async () => {
    server = await startTestServer(kind, { ...FAST, TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the account's signed-in sessions, newest activity first, with browser, place, address and times", async () => {
    const admin = await newAdmin();
    const office = await signedIn(admin, CHROME_WINDOWS, OFFICE_IP);
    const phone = await signedIn(admin, SAFARI_IPHONE, PUBLIC_IP);
    // The office session was active a minute ago, the phone's five: the office comes first.
    const now = Date.now();
    await db()
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now - 5 * 60_000) })
      .where(eq(adminSessions.id, phone.id));
    await db()
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now - 60_000) })
      .where(eq(adminSessions.id, office.id));
    // Not listed: another account's session, one waiting for its second factor, one idle past the timeout, one past its end.
    const bystander = await newAdmin();
    await signedIn(bystander, FIREFOX_LINUX, PUBLIC_IP);
    const hidden = [
      { awaiting: "second_factor", expiresAt: new Date(now + 3_600_000) },
      { lastSeenAt: new Date(now - 31 * 60_000), expiresAt: new Date(now + 3_600_000) },
      { expiresAt: new Date(now - 1000) },
    ];
    for (const values of hidden)
      await db()
        .insert(adminSessions)
        .values({ userId: admin.id, tokenHash: hashToken(randomBytes(32).toString("base64url")), ip: PUBLIC_IP, ...values });

    const html = await accountPage(office.cookie);
    expect(html).toMatch(/<h2 id="sessions"[^>]*>Sessions<\/h2>/);
    const table = html.slice(html.indexOf('<h2 id="sessions"'));
    expect(table).toContain(`<caption class="sr-only">${st.caption}</caption>`);
    const headers = [...table.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map(([, h]) => h);
    expect(headers).toEqual([...st.columns]);

    const rows = sessionRows(html);
    expect(rows.map((r) => r.id)).toEqual([office.id, phone.id]);
    const [mine, theirs] = rows;
    expect(mine.cells.slice(0, 3)).toEqual(["Chrome on Windows", st.localNetwork, OFFICE_IP]);
    expect(mine.cells[5]).toBe(`${st.thisSession}${st.thisSessionHint}`);
    expect(mine.html).not.toContain("<button");
    expect(theirs.cells.slice(0, 3)).toEqual(["Safari on iPhone", "United States", PUBLIC_IP]);
    // Times in the agency's zone, with the instant machine-readable.
    for (const row of rows)
      expect(row.html).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+Z">[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d\d\s[AP]M\s[A-Z]/);
    // The other session's button names it, and posts its id to this page.
    const button = theirs.html.match(/<button[^>]*>/)?.[0] ?? "";
    expect(button).toMatch(/\sname="intent"/);
    expect(button).toMatch(/\svalue="end-session"/);
    expect(button).toMatch(/\saria-label="Sign out the session in Safari on iPhone from 8\.8\.8\.8, last seen [A-Z][^"]+"/);
    expect(theirs.html).toContain(`<input type="hidden" name="sessionId" value="${phone.id}"/>`);
    expect(theirs.cells[5]).toBe(st.signOut);

    expect(html).toMatch(/<button type="submit" value="end-other-sessions"[^>]*name="intent"[^>]*>Sign out everywhere else<\/button>/);
    expect(html).toContain(`<a href="https://db-ip.com" class="underline hover:text-brand-800">${st.attribution}</a>`);
    expect(st.attribution).toBe("IP address data by DB-IP");
  });

  it("ends another session by its id: its cookie stops working at once, this one keeps working, and it is audited", async () => {
    const admin = await newAdmin();
    const mine = await signedIn(admin, CHROME_WINDOWS, OFFICE_IP);
    const other = await signedIn(admin, SAFARI_IPHONE, PUBLIC_IP);
    expect(await works(other.cookie)).toBe(200);

    const res = await post(mine.cookie, { intent: "end-session", sessionId: other.id });
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toMatch(new RegExp(`role="status"[^>]*>${st.ended("Safari on iPhone")}<`));
    // The page answered is the list without it.
    expect(sessionRows(html).map((r) => r.id)).toEqual([mine.id]);
    expect(html).not.toContain('value="end-other-sessions"');

    expect(await works(other.cookie)).toBe(401);
    expect(await works(mine.cookie)).toBe(200);
    const audit = await auditOf(admin.id, "session_ended");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminEmail: admin.email, targetType: "session", targetId: other.id, detail: null });

    // Ending it again: it is gone, so it is not found, and nothing more is recorded.
    const again = await post(mine.cookie, { intent: "end-session", sessionId: other.id });
    expect(again.status).toBe(404);
    expect(decoded(await again.text())).toMatch(new RegExp(`role="alert"[^>]*>${st.notFound}<`));
    expect(await auditOf(admin.id, "session_ended")).toHaveLength(1);
  });

  it("answers 404 for another account's session or an unknown id, and ends nothing", async () => {
    const admin = await newAdmin();
    const mine = await signedIn(admin);
    const spare = await signedIn(admin);
    const bystander = await newAdmin();
    const theirs = await signedIn(bystander);

    for (const sessionId of [theirs.id, theirs.id.toUpperCase(), "00000000-0000-4000-8000-000000000000", "not-a-session-id", "1 or 1=1"]) {
      const res = await post(mine.cookie, { intent: "end-session", sessionId });
      expect(res.status, sessionId).toBe(404);
      expect(decoded(await res.text())).toMatch(new RegExp(`role="alert"[^>]*>${st.notFound}<`));
    }
    const missing = await post(mine.cookie, { intent: "end-session" });
    expect(missing.status).toBe(400);
    expect(decoded(await missing.text())).toMatch(new RegExp(`role="alert"[^>]*>${st.sessionRequired}<`));
    const unknownIntent = await post(mine.cookie, { intent: "end-every-session" });
    expect(unknownIntent.status).toBe(400);
    expect(decoded(await unknownIntent.text())).toMatch(new RegExp(`role="alert"[^>]*>${st.unknownIntent}<`));
    // Another site's page cannot end a session either.
    const crossSite = await post(mine.cookie, { intent: "end-session", sessionId: spare.id }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(authMessages.crossSite);

    for (const cookie of [mine.cookie, spare.cookie, theirs.cookie]) expect(await works(cookie)).toBe(200);
    expect(await auditOf(admin.id, "session_ended")).toHaveLength(0);
    expect(await auditOf(bystander.id, "session_ended")).toHaveLength(0);
  });

  it("signs out everywhere else: every other session of the account ends, this one and other accounts' stay", async () => {
    const admin = await newAdmin();
    const mine = await signedIn(admin, CHROME_WINDOWS, OFFICE_IP);
    const others = [await signedIn(admin, SAFARI_IPHONE, PUBLIC_IP), await signedIn(admin), await signedIn(admin)];
    const bystander = await signedIn(await newAdmin());

    const res = await post(mine.cookie, { intent: "end-other-sessions" });
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toMatch(new RegExp(`role="status"[^>]*>${st.endedOthers(3)}<`));
    expect(sessionRows(html).map((r) => r.id)).toEqual([mine.id]);
    expect(html).not.toContain('value="end-other-sessions"');

    for (const other of others) expect(await works(other.cookie)).toBe(401);
    expect(await works(mine.cookie)).toBe(200);
    expect(await works(bystander.cookie)).toBe(200);
    const audit = await auditOf(admin.id, "other_sessions_ended");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "admin", targetId: admin.id, detail: { sessionsEnded: 3 } });

    // With none left, it says so and records nothing.
    const again = await post(mine.cookie, { intent: "end-other-sessions" });
    expect(again.status).toBe(200);
    expect(decoded(await again.text())).toMatch(new RegExp(`role="status"[^>]*>${st.endedOthers(0)}<`));
    expect(await auditOf(admin.id, "other_sessions_ended")).toHaveLength(1);
  });

  it("ending this session by its id is signing out: the cookie is cleared and the browser goes to sign in", async () => {
    const admin = await newAdmin();
    const mine = await signedIn(admin);
    const other = await signedIn(admin);

    const res = await post(mine.cookie, { intent: "end-session", sessionId: mine.id });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/login");
    expect(sessionCookie(res)).toMatch(/Max-Age=0/);
    expect(await works(mine.cookie)).toBe(401);
    expect(await works(other.cookie)).toBe(200);
    expect(await auditOf(admin.id, "sign_out")).toHaveLength(1);
    expect(await auditOf(admin.id, "session_ended")).toHaveLength(0);
  });

  it("keeps the password form working beside the sessions' forms, and its answer in its own section", async () => {
    const admin = await newAdmin();
    const mine = await signedIn(admin);
    const res = await post(mine.cookie, {
      intent: "change-password",
      currentPassword: "not my password at all",
      newPassword: "lantern orbit pickle meadow",
      confirmPassword: "lantern orbit pickle meadow",
    });
    expect(res.status).toBe(400);
    const html = decoded(await res.text());
    const alert = html.indexOf('role="alert"');
    expect(alert).toBeGreaterThan(html.indexOf(`>${accountMessages.changePassword}</h2>`));
    expect(alert).toBeLessThan(html.indexOf('<h2 id="sessions"'));
  });
});
