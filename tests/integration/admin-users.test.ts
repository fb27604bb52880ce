/**
 * The Users screen on a real server, database and SMTP server: invitations (mail, one-time link,
 * expiry, withdrawal, two submissions at once), deactivation (sessions end, sign-in refused like a
 * wrong password, never oneself nor the last active account), GET /api/admin/users, and round-robin
 * lead assignment among the active staff. Every form is posted as a browser without scripts posts it.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { adminInvites, adminSessions, adminUsers, auditEvents, leads, mailOutbox } from "#db/schema";
import { inviteMessages, usersMessages } from "../../app/features/admin-users/messages";
import { deactivateUser, listUsers } from "../../app/features/admin-users/users.server";
import { createAdmin, hashToken } from "../../app/features/auth/auth.server";
import { authMessages } from "../../app/features/auth/schema";
import { getSetting } from "../../app/features/settings/settings.server";
import type { Role } from "../../app/lib/roles";
import { adminCreate, persistentDatabase } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { plainText, startSmtp, waitFor } from "../support/smtp";

const PASSWORD = "harbor violet compass kettle";
const NEW_PASSWORD = "meadow lantern quarry fiddle";
const TOKEN_LINK = /\/admin\/invite\/([A-Za-z0-9_-]{43})\b/;

let counter = 0;
/** Each request comes from its own address (TRUST_PROXY=true), so the sign-in throttle's counts are its own. */
const freshIp = () => {
  const n = ++counter;
  return `198.51.${100 + Math.floor(n / 256)}.${n % 256}`;
};
const uniqueEmail = (name: string) => `${name}.${++counter}-${randomBytes(2).toString("hex")}@agency.example`;

const sessionCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?admin_session=/.test(c))
    ?.split(";")[0];

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

describe.each(databaseKinds)("users and invitations on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const db = () => server.services.db;
  /** The first administrator, signed in. */
  let owner: { id: string; email: string; cookie: string };

  /** A new account: staff unless `role` says otherwise, as createAdmin makes it. */
  const newAdmin = async (name: string | null = null, role?: Role) => {
    const email = uniqueEmail(name?.split(" ")[0].toLowerCase() ?? "staff");
    const admin = await createAdmin(db(), email, PASSWORD, { scryptN: 1024, name, role });
    return { ...admin, password: PASSWORD };
  };
  const login = (email: string, password: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ email, password }),
    });
  const signedIn = async (email: string, password = PASSWORD) => {
    const res = await login(email, password);
    expect(res.status).toBe(200);
    return sessionCookie(res)!;
  };
  const postForm = (
    path: string,
    fields: Record<string, string>,
    { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields),
    });
  const usersForm = (fields: Record<string, string>, cookie = owner.cookie, headers?: Record<string, string>) =>
    postForm("/admin/users", fields, { cookie, headers });
  const getPage = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const apiUsers = async (cookie = owner.cookie) => {
    const res = await fetch(`${server.url}/api/admin/users`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { success: true; data: { id: string; email: string; name: string | null; role: Role; active: boolean }[] };
  };
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  /** Invites through the Users form; answers the link's token from the delivered mail. */
  const invite = async (name: string, email: string, cookie = owner.cookie) => {
    const before = mailsTo(email).length;
    const res = await usersForm({ intent: "invite", name, email }, cookie);
    expect(res.status).toBe(200);
    expect(decoded(await res.text())).toContain(usersMessages.results.invited(email));
    const mail = await waitFor(() => mailsTo(email)[before], 15_000, `invitation ${before + 1} to ${email}`);
    const token = TOKEN_LINK.exec(plainText(mail.raw))?.[1];
    expect(token).toBeDefined();
    return { token: token!, mail };
  };
  const accept = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    postForm(`/admin/invite/${token}`, { password, confirmPassword });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      TRUST_PROXY: "true",
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "100",
      RATE_LIMIT_FORMS_MAX: "1000",
    });
    const first = await newAdmin("Olivia Owner", "owner");
    owner = { id: first.id, email: first.email, cookie: await signedIn(first.email) };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("sends anyone without a session to sign in, and the API answers 401", async () => {
    const page = await getPage("/admin/users");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
    const forms: Record<string, string>[] = [
      { intent: "invite", name: "Dana Ruiz", email: uniqueEmail("nosession") },
      { intent: "deactivate", id: owner.id },
      { intent: "reactivate", id: owner.id },
      { intent: "revoke-invite", id: owner.id },
      { intent: "round-robin", roundRobin: "on" },
    ];
    for (const fields of forms) {
      for (const cookie of [undefined, "admin_session=not-a-session"]) {
        const res = await postForm("/admin/users", fields, { cookie });
        expect(res.status, `${fields.intent} ${cookie}`).toBe(303);
        expect(res.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
      }
    }
    const api = await fetch(`${server.url}/api/admin/users`);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ success: false, message: authMessages.signInRequired });
    expect(await db().select().from(adminInvites)).toEqual([]);
    expect((await db().select().from(adminUsers).where(eq(adminUsers.id, owner.id)))[0].active).toBe(true);
    expect(await getSetting(db(), "lead_round_robin")).toBe(false);
  });

  it("refuses a form posted from another site's page", async () => {
    const email = uniqueEmail("crosssite");
    // A foreign Origin: React Router refuses it itself (400); without an Origin header, the browser's
    // Sec-Fetch-Site reaches the action, which refuses it (403).
    const foreign = await usersForm({ intent: "invite", name: "Eve Mallory", email }, owner.cookie, { origin: "https://evil.example" });
    expect([400, 403]).toContain(foreign.status);
    const res = await usersForm({ intent: "invite", name: "Eve Mallory", email }, owner.cookie, { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(decoded(await res.text())).toContain(usersMessages.errors.crossSite);
    const round = await usersForm({ intent: "round-robin", roundRobin: "on" }, owner.cookie, { "sec-fetch-site": "cross-site" });
    expect(round.status).toBe(403);
    const deactivate = await usersForm({ intent: "deactivate", id: owner.id }, owner.cookie, { "sec-fetch-site": "cross-site" });
    expect(deactivate.status).toBe(403);
    expect(await db().select().from(adminInvites).where(eq(adminInvites.email, email))).toEqual([]);
    expect(await getSetting(db(), "lead_round_robin")).toBe(false);
  });

  it("shows the screen: accounts, the forms posted to the page, and the menu entry", async () => {
    const page = await getPage("/admin/users", owner.cookie);
    expect(page.status).toBe(200);
    const html = decoded(await page.text());
    expect(html).toMatch(new RegExp(`<h1[^>]*>${usersMessages.title}</h1>`));
    expect(html).toContain(owner.email);
    expect(html).toContain("Olivia Owner");
    // Every form of the screen posts to the page (the menu's Sign Out posts to /admin/logout, its search is a GET).
    const forms = (html.match(/<form\b[^>]*>/g) ?? []).filter(
      (form) => !form.includes('action="/admin/logout"') && !form.includes('action="/admin/search"'),
    );
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form).toMatch(/\smethod="post"/);
      expect(form).toMatch(/\saction="\/admin\/users"/);
    }
    expect(html).toMatch(/<label for="invite-name"[^>]*>Full name/);
    expect(html).toMatch(/<label for="invite-email"[^>]*>Email/);
    expect(html).toMatch(/<a [^>]*href="\/admin\/users"[^>]*>Users<\/a>/);
    expect(html).toContain(usersMessages.roundRobin.current(false));
  });

  it("invites by mail; the link sets the password once, and the new admin signs in", async () => {
    const email = uniqueEmail("dana");
    const { token, mail } = await invite("Dana Ruiz", email);
    expect(mail.raw).toMatch(/^X-Mail-Kind: admin_invite$/m);
    expect(mail.subject).toContain("invitation");
    const text = plainText(mail.raw);
    expect(text).toContain(`${server.services.config.SITE_URL}/admin/invite/${token}`);
    expect(text).toContain("Hi Dana Ruiz,");
    expect(text).toContain("Olivia Owner invited you");

    // Only the token's hash is stored; the link works for 24 hours.
    const [row] = await db().select().from(adminInvites).where(eq(adminInvites.email, email));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.invitedBy).toBe(owner.id);
    expect(Math.abs(row.expiresAt.getTime() - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    const listed = decoded(await (await getPage("/admin/users", owner.cookie)).text());
    expect(listed).toContain(`data-testid="invite-${email}"`);

    const page = await getPage(`/admin/invite/${token}`);
    expect(page.status).toBe(200);
    const html = decoded(await page.text());
    expect(html).toContain(inviteMessages.intro("Dana Ruiz"));
    expect(html).toContain(email);
    expect(html).toMatch(/<form\b[^>]*method="post"[^>]*>/);

    // The password policy of every new password, the account's own email included.
    const mismatch = await accept(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.status).toBe(400);
    expect(fieldError(await mismatch.text(), "invite-confirm-password")).toBe(inviteMessages.errors.mismatch);
    const common = await accept(token, "password123456");
    expect(common.status).toBe(400);
    expect(fieldError(await common.text(), "invite-password")).toBe(authMessages.passwordCommon);
    const personal = await accept(token, email);
    expect(fieldError(await personal.text(), "invite-password")).toBe(authMessages.passwordPersonal);
    const short = await accept(token, "short");
    expect(fieldError(await short.text(), "invite-password")).toBe(authMessages.passwordTooShort);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, email))).toEqual([]);

    // Done: the browser is sent to the link's "ready" page (so a reload does not post the form again).
    const ok = await accept(token);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/admin/invite/${token}?ready=1`);
    const ready = await getPage(ok.headers.get("location")!);
    expect(ready.status).toBe(200);
    const readyHtml = decoded(await ready.text());
    expect(readyHtml).toContain(inviteMessages.ready);
    expect(readyHtml).toMatch(/<a [^>]*href="\/admin\/login"[^>]*>Go to sign in<\/a>/);
    const [account] = await db().select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(account).toMatchObject({ name: "Dana Ruiz", active: true });
    expect(account.passwordHash).toMatch(/^scrypt\$/);

    const res = await login(email, NEW_PASSWORD);
    expect(res.status).toBe(200);
    // An invitation gives staff unless it names another role.
    expect((await res.json()).user).toEqual({ id: account.id, email, role: "staff" });

    // The same link a second time: refused, on the page and for the form.
    const again = await getPage(`/admin/invite/${token}`);
    expect(again.status).toBe(410);
    const againHtml = decoded(await again.text());
    expect(againHtml).toContain(inviteMessages.used);
    expect(againHtml).toContain(inviteMessages.whatToDo);
    const reuse = await accept(token, "another quiet harbor song");
    expect(reuse.status).toBe(410);
    expect(decoded(await reuse.text())).toContain(inviteMessages.used);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, email))).toHaveLength(1);

    const data = (await apiUsers()).data;
    expect(data.find((u) => u.email === email)).toEqual({ id: account.id, email, name: "Dana Ruiz", role: "staff", active: true });
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.targetId, row.id));
    expect(trail.map((t) => t.action).sort()).toEqual(["admin_invited", "invite_accepted"]);
    // Ids and counts only: neither the invited address nor the token is written down.
    for (const entry of trail) expect(JSON.stringify(entry.detail ?? {})).not.toMatch(new RegExp(`${email}|${token}`));
  });

  it("creates exactly one account from two submissions of one link at the same moment", async () => {
    const email = uniqueEmail("twice");
    const { token } = await invite("Sam Twice", email);
    const answers = await Promise.all([accept(token), accept(token, "second quiet harbor song")]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, email))).toHaveLength(1);
    const [row] = await db().select().from(adminInvites).where(eq(adminInvites.email, email));
    expect(row.acceptedAt).not.toBeNull();
  });

  it("refuses an expired link, an unknown one, and one replaced by a newer invitation or withdrawn", async () => {
    const email = uniqueEmail("late");
    const { token } = await invite("Lee Late", email);
    await db()
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(adminInvites.tokenHash, hashToken(token)));
    const page = await getPage(`/admin/invite/${token}`);
    expect(page.status).toBe(410);
    const html = decoded(await page.text());
    expect(html).toContain(inviteMessages.expired);
    expect(html).toContain(inviteMessages.whatToDo);
    expect((await accept(token)).status).toBe(410);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, email))).toEqual([]);

    for (const bad of ["not-a-token", "A".repeat(43)]) {
      const unknown = await getPage(`/admin/invite/${bad}`);
      expect(unknown.status).toBe(404);
      expect(decoded(await unknown.text())).toContain(inviteMessages.unknown);
    }

    // A newer invitation to the same address withdraws the older one.
    const other = uniqueEmail("again");
    const first = await invite("Ana Again", other);
    const second = await invite("Ana Again", other);
    const replaced = await getPage(`/admin/invite/${first.token}`);
    expect(replaced.status).toBe(410);
    expect(decoded(await replaced.text())).toContain(inviteMessages.revoked);
    const [pending] = await db()
      .select()
      .from(adminInvites)
      .where(and(eq(adminInvites.tokenHash, hashToken(second.token))));
    const revoke = await usersForm({ intent: "revoke-invite", id: pending.id });
    expect(revoke.status).toBe(200);
    expect(decoded(await revoke.text())).toContain(usersMessages.results.revoked);
    expect((await getPage(`/admin/invite/${second.token}`)).status).toBe(410);
    expect((await accept(second.token)).status).toBe(410);
    const again = await usersForm({ intent: "revoke-invite", id: pending.id });
    expect(again.status).toBe(404);
    expect(await db().select().from(adminUsers).where(eq(adminUsers.email, other))).toEqual([]);
  });

  it("refuses to invite an email that has an account, or a malformed one, keeping what was typed", async () => {
    const existing = await newAdmin("Kim Existing");
    // The earlier tests' mail (the owners' security notices among it) delivered first, so the count below is these forms' own.
    await waitFor(
      async () =>
        (
          await db()
            .select()
            .from(mailOutbox)
            .where(inArray(mailOutbox.status, ["pending", "sending"]))
        ).length === 0,
      15_000,
      "the earlier tests' mail",
    );
    const before = smtp.received.length;
    const taken = await usersForm({ intent: "invite", name: "Kim Again", email: existing.email.toUpperCase() });
    expect(taken.status).toBe(409);
    const html = decoded(await taken.text());
    expect(fieldError(html, "invite-email")).toBe(usersMessages.errors.emailTaken);
    expect(html).toContain('value="Kim Again"');
    expect(await db().select().from(adminInvites).where(eq(adminInvites.email, existing.email))).toEqual([]);

    const invalid = await usersForm({ intent: "invite", name: "", email: "not an email" });
    expect(invalid.status).toBe(400);
    const invalidHtml = decoded(await invalid.text());
    expect(fieldError(invalidHtml, "invite-name")).toBe(usersMessages.errors.nameRequired);
    expect(fieldError(invalidHtml, "invite-email")).toBe(usersMessages.errors.emailInvalid);
    expect(invalidHtml).toContain('value="not an email"');
    expect(invalidHtml).toMatch(/role="alert"[^>]*>[^<]*Please correct the fields/);

    const unknown = await usersForm({ intent: "promote", id: existing.id });
    expect(unknown.status).toBe(400);
    const badId = await usersForm({ intent: "deactivate", id: "1; drop table admin_users" });
    expect(badId.status).toBe(400);
    // Nothing was mailed for any of these.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(before);
  });

  it("deactivates: sessions end, sign-in is refused like a wrong password, the API shows it; reactivates", async () => {
    const staff = await newAdmin("Dee Activated");
    const cookies = [await signedIn(staff.email), await signedIn(staff.email)];
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie: cookies[0] } })).status).toBe(200);

    const res = await usersForm({ intent: "deactivate", id: staff.id });
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain(usersMessages.results.deactivated("Dee Activated"));
    expect(html).toMatch(/role="status"/);
    expect(await db().select().from(adminSessions).where(eq(adminSessions.userId, staff.id))).toEqual([]);
    for (const cookie of cookies) {
      expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
      expect((await getPage("/admin/users", cookie)).status).toBe(302);
    }

    // The right password of a deactivated account gets the very answer of a wrong password.
    const refused = await login(staff.email, PASSWORD);
    const wrong = await login(staff.email, "not the password at all");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(await wrong.json());
    expect(sessionCookie(refused)).toBeUndefined();

    const listed = (await apiUsers()).data.find((u) => u.id === staff.id);
    expect(listed).toEqual({ id: staff.id, email: staff.email, name: "Dee Activated", role: "staff", active: false });
    const [row] = await db().select().from(adminUsers).where(eq(adminUsers.id, staff.id));
    expect(row.deactivatedAt).not.toBeNull();
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "admin_deactivated"), eq(auditEvents.targetId, staff.id)));
    expect(entry).toMatchObject({ adminId: owner.id, detail: { sessionsEnded: 2, openLeads: 0 } });

    const twice = await usersForm({ intent: "deactivate", id: staff.id });
    expect(decoded(await twice.text())).toContain(usersMessages.results.alreadyDeactivated("Dee Activated"));

    const back = await usersForm({ intent: "reactivate", id: staff.id });
    expect(back.status).toBe(200);
    expect(decoded(await back.text())).toContain(usersMessages.results.reactivated("Dee Activated"));
    expect((await login(staff.email, PASSWORD)).status).toBe(200);
    expect((await apiUsers()).data.find((u) => u.id === staff.id)?.active).toBe(true);
  });

  it("deactivating an admin withdraws the invitations they sent and nobody accepted", async () => {
    const leaving = await newAdmin("Lou Leaving", "admin");
    const cookie = await signedIn(leaving.email);
    const { token } = await invite("Pat Pending", uniqueEmail("pending"), cookie);
    expect((await getPage(`/admin/invite/${token}`)).status).toBe(200);

    const res = await usersForm({ intent: "deactivate", id: leaving.id });
    expect(res.status).toBe(200);
    const page = await getPage(`/admin/invite/${token}`);
    expect(page.status).toBe(410);
    expect(decoded(await page.text())).toContain(inviteMessages.revoked);
    expect((await accept(token)).status).toBe(410);
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "admin_deactivated"), eq(auditEvents.targetId, leaving.id)));
    expect(entry.detail).toMatchObject({ invitesWithdrawn: 1 });
  });

  it("never deactivates oneself, nor the last active account", async () => {
    const self = await usersForm({ intent: "deactivate", id: owner.id });
    expect(self.status).toBe(409);
    expect(decoded(await self.text())).toContain(usersMessages.errors.cannotDeactivateSelf);
    // The same id in capitals names the same account.
    const shouted = await usersForm({ intent: "deactivate", id: owner.id.toUpperCase() });
    expect(shouted.status).toBe(409);
    expect((await db().select().from(adminUsers).where(eq(adminUsers.id, owner.id)))[0].active).toBe(true);

    // A colleague, an owner, deactivated a moment ago whose request still arrives: the account it names
    // is the last active one. That account is an admin, not an owner, so the refusal is this rule's own
    // and not the one that keeps the last active owner.
    const colleague = await newAdmin("Cal Colleague", "owner");
    const last = await newAdmin("Ada Last", "admin");
    const others = await db()
      .update(adminUsers)
      .set({ active: false })
      .where(and(eq(adminUsers.active, true), sql`${adminUsers.id} <> ${last.id}`))
      .returning({ id: adminUsers.id });
    try {
      expect(await deactivateUser(db(), colleague, last.id)).toEqual({ status: "last_active" });
      expect((await db().select().from(adminUsers).where(eq(adminUsers.id, last.id)))[0].active).toBe(true);
    } finally {
      for (const { id } of others) await db().update(adminUsers).set({ active: true }).where(eq(adminUsers.id, id));
    }
    const missing = await usersForm({ intent: "deactivate", id: "00000000-0000-4000-8000-000000000000" });
    expect(missing.status).toBe(404);
  });

  it("turns round-robin on and gives new leads in turn to the active staff, skipping a deactivated one", async () => {
    // Three active accounts only, none given a lead yet.
    const b = await newAdmin("Bea Second");
    const c = await newAdmin("Cy Third");
    const team = [owner.id, b.id, c.id];
    await db()
      .update(adminUsers)
      .set({ active: false })
      .where(sql`${adminUsers.id} not in (${sql.join(team, sql`, `)})`);
    await db()
      .update(adminUsers)
      .set({ lastAssignedAt: null })
      .where(sql`${adminUsers.id} in (${sql.join(team, sql`, `)})`);

    const on = await usersForm({ intent: "round-robin", roundRobin: "on" });
    expect(on.status).toBe(200);
    const html = decoded(await on.text());
    expect(html).toContain(usersMessages.results.roundRobinOn);
    expect(html).toContain(usersMessages.roundRobin.current(true));
    expect(await getSetting(db(), "lead_round_robin")).toBe(true);
    const bad = await usersForm({ intent: "round-robin", roundRobin: "maybe" });
    expect(bad.status).toBe(400);
    expect(await getSetting(db(), "lead_round_robin")).toBe(true);

    const lead = async () => {
      const email = `${uniqueEmail("visitor").split("@")[0]}@visitor.example`;
      const res = await fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
        body: JSON.stringify(contactBody({ email })),
      });
      expect(res.status).toBe(201);
      const [row] = await db().select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.email, email));
      return row.assigneeId;
    };
    const firstRound = [await lead(), await lead(), await lead()];
    expect([...firstRound].sort()).toEqual([...team].sort());

    expect((await usersForm({ intent: "deactivate", id: c.id })).status).toBe(200);
    const secondRound = [await lead(), await lead(), await lead(), await lead()];
    expect(secondRound).not.toContain(c.id);
    expect(new Set(secondRound)).toEqual(new Set([owner.id, b.id]));
    // In turn: never the same person twice in a row.
    for (let i = 1; i < secondRound.length; i++) expect(secondRound[i]).not.toBe(secondRound[i - 1]);

    // The screen's figures: open leads per owner, who is signed in now.
    const rows = await listUsers(db());
    const open = (id: string) => rows.find((r) => r.id === id)?.openLeads;
    expect(open(owner.id)! + open(b.id)! + open(c.id)!).toBe(7);
    expect(open(c.id)).toBe(1);
    expect(rows.find((r) => r.id === owner.id)?.signedInNow).toBe(true);
    expect(rows.find((r) => r.id === c.id)).toMatchObject({ active: false, signedInNow: false, lastLoginAt: null });
    const page = decoded(await (await getPage("/admin/users", owner.cookie)).text());
    expect(page).toMatch(
      new RegExp(`data-testid="user-${c.email.replace(/\./g, "\\.")}"[\\s\\S]*?Deactivated[\\s\\S]*?Reactivate Cy Third`),
    );

    // One active account and two leads at the same moment: both are given to it, neither left unassigned.
    expect((await usersForm({ intent: "deactivate", id: b.id })).status).toBe(200);
    expect(await Promise.all([lead(), lead()])).toEqual([owner.id, owner.id]);

    const off = await usersForm({ intent: "round-robin", roundRobin: "off" });
    expect(off.status).toBe(200);
    expect(decoded(await off.text())).toContain(usersMessages.results.roundRobinOff);
    expect(await lead()).toBeNull();
    const changes = await db().select().from(auditEvents).where(eq(auditEvents.action, "round_robin_changed")).orderBy(auditEvents.at);
    expect(changes.map((e) => e.detail)).toEqual([
      { from: "off", to: "on" },
      { from: "on", to: "off" },
    ]);
  });
});

describe("npm run admin:create --name", () => {
  it("gives the new account its name, as the Users screen shows it", { timeout: 120_000 }, async () => {
    const database = await persistentDatabase("pglite");
    try {
      const email = uniqueEmail("pat");
      const created = await adminCreate(["--email", email, "--name", "  Pat Owner ", "--password-stdin"], database.env, `${PASSWORD}\n`);
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const handle = await openDatabase({ dataDir: database.env.DATA_DIR });
      try {
        const [row] = await handle.db.select().from(adminUsers).where(eq(adminUsers.email, email));
        expect(row).toMatchObject({ email, name: "Pat Owner", active: true });
      } finally {
        await handle.close();
      }
    } finally {
      await database.cleanup();
    }
  });
});
