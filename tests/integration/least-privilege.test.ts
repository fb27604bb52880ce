/**
 * Least privilege on a real server and database: what each role may change on the Users screen (an
 * admin manages staff only, only owners give roles, never one's own, always an active owner), step-up
 * (a dangerous action asks for the password again once the one given is older than
 * ADMIN_STEP_UP_MINUTES, on screens through the form itself and on the API through POST
 * /api/auth/confirm, throttled and audited like a sign-in), and the security notice every active
 * owner is mailed for each such action, naming accounts but never the visitor an erasure was about.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminInvites, adminSessions, adminUsers, auditEvents, mailOutbox } from "#db/schema";
import { usersMessages } from "../../app/features/admin-users/messages";
import { createAdmin } from "../../app/features/auth/auth.server";
import { privacyMessages } from "../../app/features/privacy/messages";
import { roleMessages } from "../../app/lib/roles";
import { STEP_UP_FIELD, stepUpMessages } from "../../app/lib/step-up";
import { adminCreate, persistentDatabase, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

const PASSWORD = "quarry saffron lantern tide";

/** The page's text with React's escapes undone. */
const decoded = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

describe.each(databaseKinds)("least privilege on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const db = () => server.services.db;
  type Account = { id: string; email: string; cookie: string };
  let owner: Account;
  let secondOwner: Account;

  const account = async (role: "owner" | "admin" | "staff", name: string): Promise<Account> => {
    const email = `${name}.${randomUUID().slice(0, 8)}@agency.example`;
    const made = await createAdmin(db(), email, PASSWORD, { scryptN: 1024, role, name });
    return { id: made.id, email, cookie: await signIn(server.url, { email, password: PASSWORD }) };
  };
  /** The session's password given longer ago than the step-up's ten minutes. */
  const staleConfirmation = (who: Account) =>
    db().update(adminSessions).set({ confirmedAt: sql`now() - interval '11 minutes'` }).where(eq(adminSessions.userId, who.id));
  const postForm = (path: string, who: Account, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: who.cookie },
      body: new URLSearchParams(fields).toString(),
    });
  const api = (method: string, path: string, who: Account, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie: who.cookie, origin: server.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const notices = async () =>
    db()
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "security_notice"));
  const isActive = async (id: string) =>
    (await db().select({ active: adminUsers.active }).from(adminUsers).where(eq(adminUsers.id, id)))[0]?.active;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await account("owner", "olivia");
    secondOwner = await account("owner", "oscar");
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await db().delete(mailOutbox).where(eq(mailOutbox.kind, "security_notice"));
  });

  it("asks an owner whose password is older than ten minutes for it again before a deactivation, then tells every active owner", async () => {
    const staff = await account("staff", "sam");
    const admin = await account("admin", "avery");
    await staleConfirmation(owner);

    const asked = await postForm("/admin/users", owner, { intent: "deactivate", id: staff.id });
    expect(asked.status).toBe(403);
    const prompt = decoded(await asked.text());
    expect(prompt).toContain('data-testid="step-up"');
    expect(prompt).toContain(stepUpMessages.required);
    // The prompt posts the same form again: its fields ride along, hidden.
    expect(prompt).toMatch(new RegExp(`type="hidden" name="id" value="${staff.id}"`));
    expect(await isActive(staff.id)).toBe(true);

    const wrong = await postForm("/admin/users", owner, { intent: "deactivate", id: staff.id, [STEP_UP_FIELD]: "not my password at all" });
    expect(wrong.status).toBe(403);
    expect(decoded(await wrong.text())).toContain(stepUpMessages.wrong);
    expect(await isActive(staff.id)).toBe(true);
    const failed = await db()
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.adminId, owner.id), eq(auditEvents.action, "sign_in_failed")));
    expect(failed.map((f) => f.detail)).toContainEqual({ method: "step_up" });

    const done = await postForm("/admin/users", owner, { intent: "deactivate", id: staff.id, [STEP_UP_FIELD]: PASSWORD });
    // Answered with a redirect and the outcome as a toast: a reload cannot send the password, or the action, again.
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/users");
    const toast = done.headers.getSetCookie().find((c) => c.startsWith("flash_toast="));
    expect(toast && Buffer.from(decodeURIComponent(toast.split("=")[1].split(".")[0]), "base64url").toString()).toContain(
      usersMessages.results.deactivated("sam"),
    );
    expect(await isActive(staff.id)).toBe(false);

    // Every active owner, and nobody else, is told; the notice names the accounts.
    const sent = await notices();
    expect(sent.map((n) => n.to).sort()).toEqual([owner.email, secondOwner.email].sort());
    for (const notice of sent) {
      expect(notice.subject).toContain(`${owner.email} deactivated the account of ${staff.email}`);
      expect(notice.to).not.toBe(admin.email);
    }

    // The password given counts for ten minutes: the next dangerous form does not ask again.
    const again = await postForm("/admin/users", owner, { intent: "deactivate", id: admin.id });
    expect(again.status).toBe(200);
    expect(await isActive(admin.id)).toBe(false);
  });

  it("lets an admin invite and deactivate staff only, and only an owner give a role, never their own", async () => {
    const admin = await account("admin", "ada");
    const otherAdmin = await account("admin", "abe");
    const staff = await account("staff", "sol");

    const inviteAdmin = await postForm("/admin/users", admin, {
      intent: "invite",
      name: "Pat Lee",
      email: `pat.${randomUUID().slice(0, 6)}@agency.example`,
      role: "admin",
    });
    expect(inviteAdmin.status).toBe(403);
    expect(decoded(await inviteAdmin.text())).toContain(usersMessages.errors.roleNotAllowed);
    const inviteStaff = await postForm("/admin/users", admin, {
      intent: "invite",
      name: "Pat Lee",
      email: `pat.${randomUUID().slice(0, 6)}@agency.example`,
      role: "staff",
    });
    expect(inviteStaff.status).toBe(200);
    expect((await notices()).some((n) => n.subject.includes(`${admin.email} invited pat.`) && n.subject.endsWith("as Staff"))).toBe(true);

    const outranked = await postForm("/admin/users", admin, { intent: "deactivate", id: otherAdmin.id });
    expect(outranked.status).toBe(403);
    expect(decoded(await outranked.text())).toContain(usersMessages.errors.outranked);
    expect(await isActive(otherAdmin.id)).toBe(true);

    const promote = await postForm("/admin/users", admin, { intent: "role", id: staff.id, role: "admin" });
    expect(promote.status).toBe(403);
    expect(decoded(await promote.text())).toContain(roleMessages.forbidden);

    const own = await postForm("/admin/users", owner, { intent: "role", id: owner.id, role: "staff" });
    expect(own.status).toBe(409);
    expect(decoded(await own.text())).toContain(usersMessages.errors.cannotChangeOwnRole);

    // An owner's change: the role is stored, the account's sessions end, the trail and every owner know.
    const change = await postForm("/admin/users", owner, { intent: "role", id: staff.id, role: "admin" });
    expect(change.status).toBe(200);
    expect((await db().select({ role: adminUsers.role }).from(adminUsers).where(eq(adminUsers.id, staff.id)))[0].role).toBe("admin");
    expect((await api("GET", "/api/auth/user", staff)).status).toBe(401);
    const [audit] = await db()
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "role_changed"), eq(auditEvents.targetId, staff.id)));
    expect(audit.detail).toMatchObject({ from: "staff", to: "admin", sessionsEnded: 1 });
    expect((await notices()).some((n) => n.subject.includes(`changed the role of ${staff.email} from Staff to Admin`))).toBe(true);

    const users = (await (await api("GET", "/api/admin/users", owner)).json()) as { data: { email: string; role: string }[] };
    expect(users.data.find((u) => u.email === staff.email)?.role).toBe("admin");
    expect(users.data.find((u) => u.email === owner.email)?.role).toBe("owner");
  });

  it("withdraws the invitations a demoted account sent that its new role could not give", async () => {
    const olga = await account("owner", "olga");
    const email = (name: string) => `${name}.${randomUUID().slice(0, 6)}@agency.example`;
    for (const [name, role] of [
      ["nina", "owner"],
      ["ned", "staff"],
    ] as const)
      expect((await postForm("/admin/users", olga, { intent: "invite", name, email: email(name), role })).status).toBe(200);
    expect((await postForm("/admin/users", owner, { intent: "role", id: olga.id, role: "admin" })).status).toBe(200);
    const invites = await db()
      .select({ role: adminInvites.role, revokedAt: adminInvites.revokedAt })
      .from(adminInvites)
      .where(eq(adminInvites.invitedBy, olga.id));
    expect(invites.map((i) => [i.role, i.revokedAt !== null]).sort()).toEqual([
      ["owner", true],
      ["staff", false],
    ]);
  });

  it("keeps an active owner when two owners deactivate each other at the same moment", async () => {
    const a = await account("owner", "ann");
    const b = await account("owner", "ben");
    // Only these two owners are active for this race.
    await db()
      .update(adminUsers)
      .set({ role: "admin" })
      .where(sql`${adminUsers.role} = 'owner' and ${adminUsers.id} not in (${a.id}, ${b.id})`);
    const [one, two] = await Promise.all([
      postForm("/admin/users", a, { intent: "deactivate", id: b.id }),
      postForm("/admin/users", b, { intent: "deactivate", id: a.id }),
    ]);
    // One is made; the other finds its own account deactivated (sent to sign in) or the last owner left (409).
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(200);
    expect([302, 303, 409]).toContain(statuses[1]);
    const owners = await db()
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.active, true)));
    expect(owners.length).toBe(1);
    // Back to the file's two owners for the tests after this one.
    await db().update(adminUsers).set({ role: "staff" }).where(sql`${adminUsers.id} in (${a.id}, ${b.id})`);
    await db()
      .update(adminUsers)
      .set({ role: "owner", active: true, deactivatedAt: null })
      .where(sql`${adminUsers.id} in (${owner.id}, ${secondOwner.id})`);
    owner.cookie = await signIn(server.url, { email: owner.email, password: PASSWORD });
    secondOwner.cookie = await signIn(server.url, { email: secondOwner.email, password: PASSWORD });
  });

  it("asks API clients to confirm before an export or a settings change, through POST /api/auth/confirm", async () => {
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email: "visitor.export@example.com" })),
    });
    expect(res.status).toBeLessThan(300);
    await staleConfirmation(owner);

    const refused = await api("GET", "/api/leads/export.csv", owner);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, message: stepUpMessages.apiRequired });
    const settings = await api("PATCH", "/api/admin/settings", owner, { phone: "(512) 555-0199" });
    expect(settings.status).toBe(403);

    expect((await api("POST", "/api/auth/confirm", owner, {})).status).toBe(400);
    const wrong = await api("POST", "/api/auth/confirm", owner, { password: "wrong wrong wrong wrong" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ success: false, message: stepUpMessages.wrong });
    const right = await api("POST", "/api/auth/confirm", owner, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ success: true, message: stepUpMessages.confirmed(10) });

    const csv = await api("GET", "/api/leads/export.csv", owner);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("visitor.export@example.com");
    const sent = await notices();
    expect(sent.length).toBe(2);
    expect(sent[0].subject).toMatch(new RegExp(`${owner.email} exported \\d+ leads? as a CSV file`));
    // A notice names accounts, never a visitor's details.
    expect(sent.every((n) => !`${n.subject}\n${n.text}`.includes("visitor.export@example.com"))).toBe(true);

    // The leads screen's Export CSV: with the password fresh, straight to the file.
    const form = await postForm("/admin/leads", owner, { intent: "export" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/api/leads/export.csv");
  });

  it("asks for the password before an erasure, then answers with a redirect whose toast says what was erased", async () => {
    const visitor = `erase.me.${randomUUID().slice(0, 6)}@example.com`;
    const lead = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email: visitor })),
    });
    expect(lead.status).toBeLessThan(300);
    await staleConfirmation(owner);
    const asked = await postForm("/admin/privacy", owner, { email: visitor, confirm: "yes" });
    expect(asked.status).toBe(403);
    expect(decoded(await asked.text())).toContain('data-testid="step-up"');
    const done = await postForm("/admin/privacy", owner, { email: visitor, confirm: "yes", [STEP_UP_FIELD]: PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/privacy");
    const cookie = done.headers.getSetCookie().find((c) => c.startsWith("flash_toast="));
    const toast = JSON.parse(Buffer.from(decodeURIComponent(cookie?.split("=")[1].split(".")[0] ?? ""), "base64url").toString());
    expect(toast).toMatchObject({ type: "success", title: privacyMessages.resultHeading });
    expect(toast.description).toMatch(/^0 leads deleted; 1 contact message deleted; .+\.$/);
    const sent = await notices();
    expect(sent.map((n) => n.to).sort()).toEqual([owner.email, secondOwner.email].sort());
    expect(sent.every((n) => !`${n.subject}\n${n.text}`.includes(visitor))).toBe(true);
  });

  it("refuses an export to a staff member on the screen and the API alike", async () => {
    const staff = await account("staff", "stan");
    expect((await api("GET", "/api/leads/export.csv", staff)).status).toBe(403);
    const form = await postForm("/admin/leads", staff, { intent: "export" });
    expect(form.status).toBe(403);
    expect(decoded(await form.text())).toContain(roleMessages.forbidden);
    expect(decoded(await (await fetch(`${server.url}/admin/leads`, { headers: { cookie: staff.cookie } })).text())).not.toContain(
      'name="intent" value="export"',
    );
  });

  it("admin:create takes --role, refuses another word, and the first account of a site is its owner", { timeout: 180_000 }, async () => {
    const database = await persistentDatabase(kind);
    try {
      const first = await adminCreate(["--email", "first@agency.example", "--password-stdin"], database.env, PASSWORD);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain("(Owner)");
      const second = await adminCreate(["--email", "second@agency.example", "--password-stdin"], database.env, PASSWORD);
      expect(second.stdout).toContain("(Staff)");
      const third = await adminCreate(["--email", "third@agency.example", "--role", "admin", "--password-stdin"], database.env, PASSWORD);
      expect(third.stdout).toContain("(Admin)");
      const bad = await adminCreate(["--email", "fourth@agency.example", "--role", "boss", "--password-stdin"], database.env, PASSWORD);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--role must be owner, admin or staff");
    } finally {
      await database.cleanup();
    }
  });
});
