/**
 * A lead's owner, notes and timeline on a real server and database: assigning, reassigning and
 * unassigning over PATCH /api/leads/:id with a timeline entry each and who did it; only active admins
 * can be given a lead; notes over POST /api/leads/:id/notes and their validation; the timeline newest
 * first with the arrival last; the lead screen's own forms (assign, note, status) posted as a browser
 * without scripts posts them; the screen's HTML; and erasure reaching a kept lead's timeline.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditEvents, leadActivity, leads } from "#db/schema";
import { createAdmin } from "../../app/features/auth/auth.server";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import type { LeadActivityItem } from "../../app/features/leads-inbox/schema";
import { mailFilesDir } from "../../app/features/mail/mail-files.server";
import { ERASED_MARK, eraseByEmail } from "../../app/features/privacy/retention.server";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Detail = { success: true; data: { _id: string; assigneeId: string | null; status: string; activity: LeadActivityItem[] } };

const UNKNOWN_ID = "5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11";
const text = inboxMessages;

describe.each(databaseKinds)("lead assignment, notes and timeline on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let me: { id: string; email: string };
  let dana: { id: string; email: string };
  let gone: { id: string; email: string };
  let leadCount = 0;

  const db = () => server.services.db;
  const api = (path: string, init: RequestInit = {}, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: { ...(withCookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    });
  const patch = (id: string, body: unknown) =>
    api(`/api/leads/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const postNote = (id: string, body: unknown, headers: Record<string, string> = {}, withCookie = true) =>
    api(
      `/api/leads/${id}/notes`,
      {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      withCookie,
    );
  /** One of the lead screen's forms, as a browser without scripts posts it. */
  const postForm = (id: string, fields: Record<string, string>, headers: Record<string, string> = {}, withCookie = true) =>
    api(
      `/admin/leads/${id}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
        body: new URLSearchParams(fields).toString(),
      },
      withCookie,
    );
  const detail = async (id: string) => (await (await api(`/api/leads/${id}`)).json()) as Detail;
  const entries = (leadId: string, entryKind: string) =>
    db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.kind, entryKind)))
      .orderBy(asc(leadActivity.at));

  /** A new lead through the contact form, with its own name and address. */
  async function newLead(name?: string): Promise<{ id: string; name: string; email: string }> {
    const n = ++leadCount;
    const email = `lead${n}.${kind}@timeline.example`;
    const fullName = name ?? `Timeline Lead ${n}`;
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ fullName, email })),
    });
    expect(res.status).toBe(201);
    const [row] = await db().select({ id: leads.id }).from(leads).where(eq(leads.email, email));
    return { id: row.id, name: fullName, email };
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    me = await ensureAdmin(server.services);
    const options = { scryptN: server.services.config.AUTH_SCRYPT_N };
    dana = await createAdmin(db(), "dana.ruiz@agency.example", "dana's long enough password", options);
    await db().update(adminUsers).set({ name: "Dana Ruiz" }).where(eq(adminUsers.id, dana.id));
    gone = await createAdmin(db(), "former@agency.example", "a former colleague's password", options);
    await db().update(adminUsers).set({ name: "Former Colleague", active: false }).where(eq(adminUsers.id, gone.id));
    cookie = await signIn(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("assigns, reassigns and unassigns, with a timeline entry for each change and who made it", async () => {
    const lead = await newLead();
    expect((await detail(lead.id)).data.assigneeId).toBeNull();

    const toDana = await patch(lead.id, { assigneeId: dana.id });
    expect(toDana.status).toBe(200);
    expect(await toDana.json()).toMatchObject({
      success: true,
      message: "Lead assigned to Dana Ruiz.",
      data: { _id: lead.id, assigneeId: dana.id, assigneeName: "Dana Ruiz", status: "new" },
    });

    // An account without a name is shown by its email.
    const toMe = await patch(lead.id, { assigneeId: me.id });
    expect(await toMe.json()).toMatchObject({ message: `Lead assigned to ${TEST_ADMIN.email}.`, data: { assigneeName: TEST_ADMIN.email } });
    // The same owner again changes nothing and records nothing.
    expect((await patch(lead.id, { assigneeId: me.id })).status).toBe(200);

    const none = await patch(lead.id, { assigneeId: null });
    expect(await none.json()).toMatchObject({ message: "Lead unassigned.", data: { assigneeId: null, assigneeName: null } });

    const rows = await entries(lead.id, "assigned");
    expect(rows.map((r) => r.detail)).toEqual([
      { assigneeId: dana.id, assigneeName: "Dana Ruiz" },
      { assigneeId: me.id, assigneeName: TEST_ADMIN.email },
      { assigneeId: null },
    ]);
    for (const row of rows) expect(row).toMatchObject({ adminId: me.id, adminEmail: TEST_ADMIN.email, adminName: TEST_ADMIN.email });
    const [stored] = await db().select({ assigneeId: leads.assigneeId }).from(leads).where(eq(leads.id, lead.id));
    expect(stored.assigneeId).toBeNull();
  });

  it("gives a lead only to an active admin: a deactivated, unknown or malformed id is a 400 on assigneeId and changes nothing", async () => {
    const lead = await newLead();
    await patch(lead.id, { assigneeId: dana.id });
    for (const assigneeId of [gone.id, UNKNOWN_ID, "dana", 42]) {
      const res = await patch(lead.id, { assigneeId });
      expect(res.status, String(assigneeId)).toBe(400);
      const body = (await res.json()) as { success: boolean; errors: Record<string, string> };
      expect(body.success).toBe(false);
      expect(Object.keys(body.errors)).toEqual(["assigneeId"]);
    }
    // Refused with a status in the same request: the status is not changed either.
    expect((await patch(lead.id, { status: "contacted", assigneeId: gone.id })).status).toBe(400);
    const after = await detail(lead.id);
    expect(after.data).toMatchObject({ assigneeId: dana.id, status: "new" });
    expect(await entries(lead.id, "assigned")).toHaveLength(1);
    expect(await entries(lead.id, "status_changed")).toHaveLength(0);

    const empty = await patch(lead.id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toHaveProperty("status");
    expect((await patch(lead.id, { status: "closed" })).status).toBe(400);
    expect((await patch(UNKNOWN_ID, { assigneeId: dana.id })).status).toBe(404);
  });

  it("changes the status and the owner in one PATCH: both in the timeline, the status audited as before", async () => {
    const lead = await newLead();
    const res = await patch(lead.id, { status: "contacted", assigneeId: dana.id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, data: { status: "contacted", assigneeId: dana.id, assigneeName: "Dana Ruiz" } });
    expect(body.message).toBe(`${text.statusUpdated}. Lead assigned to Dana Ruiz.`);
    expect(body.data.firstResponseAt).not.toBeNull();

    const [status] = await entries(lead.id, "status_changed");
    expect(status).toMatchObject({ adminId: me.id, adminEmail: TEST_ADMIN.email, detail: { from: "new", to: "contacted" } });
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "lead_status_changed"), eq(auditEvents.targetId, lead.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0].detail).toMatchObject({ from: "new", to: "contacted" });

    // A status alone answers as it always has; an unchanged one records nothing.
    const again = await patch(lead.id, { status: "contacted" });
    expect(await again.json()).toMatchObject({ message: text.statusUpdated });
    expect(await entries(lead.id, "status_changed")).toHaveLength(1);
    await patch(lead.id, { status: "quoted" });
    expect((await entries(lead.id, "status_changed")).map((r) => r.detail)).toEqual([
      { from: "new", to: "contacted" },
      { from: "contacted", to: "quoted" },
    ]);
  });

  it("adds a note (trimmed) and answers 201 with the timeline entry", async () => {
    const lead = await newLead();
    const res = await postNote(lead.id, { body: "  Left a voicemail; call again after 3 PM.\n  " });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: boolean; message: string; data: LeadActivityItem };
    expect(body).toMatchObject({
      success: true,
      message: "Note added.",
      data: {
        kind: "note",
        by: { id: me.id, name: TEST_ADMIN.email, email: TEST_ADMIN.email },
        detail: { body: "Left a voicemail; call again after 3 PM." },
      },
    });
    expect(Number.isNaN(Date.parse(body.data.at))).toBe(false);
    const long = "x".repeat(5000);
    expect((await postNote(lead.id, { body: long })).status).toBe(201);
    expect(await entries(lead.id, "note")).toHaveLength(2);
  });

  it("refuses a note that is empty, too long or not JSON, for an unknown lead, without a session, or from another site", async () => {
    const lead = await newLead();
    for (const body of [{ body: "" }, { body: "   \n " }, { body: "x".repeat(5001) }, {}, { body: 12 }]) {
      const res = await postNote(lead.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      const answer = (await res.json()) as { success: boolean; errors: Record<string, string> };
      expect(answer.success).toBe(false);
      expect(Object.keys(answer.errors)).toEqual(["body"]);
    }
    const tooLong = (await (await postNote(lead.id, { body: "x".repeat(5001) })).json()) as { errors: { body: string } };
    expect(tooLong.errors.body).toBe(text.notes.tooLong(5000));

    const broken = await postNote(lead.id, "{ body: not json");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ success: false });
    const plain = await api(`/api/leads/${lead.id}/notes`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
    expect(plain.status).toBe(415);

    expect((await postNote(UNKNOWN_ID, { body: "Hello" })).status).toBe(404);
    expect((await postNote("not-a-uuid", { body: "Hello" })).status).toBe(400);
    const anonymous = await postNote(lead.id, { body: "Hello" }, {}, false);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false });
    const crossSite = await postNote(lead.id, { body: "Hello" }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await entries(lead.id, "note")).toHaveLength(0);
  });

  it("answers the timeline newest first, entries at the same instant in a stable order, the arrival always last", async () => {
    const lead = await newLead();
    await patch(lead.id, { assigneeId: dana.id });
    await postNote(lead.id, { body: "First note" });
    await patch(lead.id, { status: "contacted" });
    await postNote(lead.id, { body: "Second note" });
    // Mails written by the escalation sweep: no admin, at one instant (ties ordered by id).
    const tie = new Date(Date.now() + 60_000);
    await db()
      .insert(leadActivity)
      .values([
        { leadId: lead.id, kind: "escalation_mail", at: tie, detail: { to: "dana.ruiz@agency.example" } },
        { leadId: lead.id, kind: "overdue_mail", at: tie, detail: { to: "leads@agency.example" } },
      ]);

    const first = (await detail(lead.id)).data.activity;
    expect(
      first
        .slice(0, 2)
        .map((a) => a.kind)
        .sort(),
    ).toEqual(["escalation_mail", "overdue_mail"]);
    expect(first.slice(2).map((a) => a.kind)).toEqual(["note", "status_changed", "note", "assigned", "received"]);
    expect(first[0].id > first[1].id).toBe(true);
    expect(first[0].by).toBeNull();
    expect(first[2]).toMatchObject({ detail: { body: "Second note" }, by: { id: me.id } });
    expect(first[3]).toMatchObject({ detail: { from: "new", to: "contacted" } });
    const received = first[first.length - 1];
    expect(received).toMatchObject({ kind: "received", by: null, detail: { source: "Website Contact Form" } });
    const times = first.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Asked again, the same order.
    expect((await detail(lead.id)).data.activity.map((a) => a.id)).toEqual(first.map((a) => a.id));
  });

  it("takes the screen's forms posted without scripts: assign, note and status", async () => {
    const lead = await newLead();
    const assigned = await postForm(lead.id, { intent: "assign", assigneeId: dana.id });
    expect(assigned.status).toBe(200);
    const page = await assigned.text();
    expect(page).toContain("Lead assigned to Dana Ruiz.");
    expect((await detail(lead.id)).data.assigneeId).toBe(dana.id);

    const noted = await postForm(lead.id, { intent: "note", body: "Asked for last year's loss runs." });
    expect(noted.status).toBe(200);
    expect(await noted.text()).toContain("Asked for last year&#x27;s loss runs.");
    const [note] = await entries(lead.id, "note");
    expect(note).toMatchObject({ adminId: me.id, detail: { body: "Asked for last year's loss runs." } });

    const status = await postForm(lead.id, { intent: "status", status: "quoted" });
    expect(status.status).toBe(200);
    expect((await detail(lead.id)).data.status).toBe("quoted");

    const unassigned = await postForm(lead.id, { intent: "assign", assigneeId: "" });
    expect(unassigned.status).toBe(200);
    expect((await detail(lead.id)).data.assigneeId).toBeNull();
    expect((await entries(lead.id, "assigned")).map((r) => r.detail)).toEqual([
      { assigneeId: dana.id, assigneeName: "Dana Ruiz" },
      { assigneeId: null },
    ]);
  });

  it("refuses the screen's forms when they are wrong, without a session, or from another site", async () => {
    const lead = await newLead();
    const empty = await postForm(lead.id, { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(text.notes.empty);
    expect((await postForm(lead.id, { intent: "note", body: "y".repeat(5001) })).status).toBe(400);
    expect((await postForm(lead.id, { intent: "assign", assigneeId: gone.id })).status).toBe(400);
    expect((await postForm(lead.id, { intent: "assign", assigneeId: "dana" })).status).toBe(400);
    expect((await postForm(lead.id, { intent: "status", status: "closed" })).status).toBe(400);
    expect((await postForm(lead.id, { intent: "delete" })).status).toBe(400);
    expect((await postForm(UNKNOWN_ID, { intent: "note", body: "Hello" })).status).toBe(404);

    const anonymous = await postForm(lead.id, { intent: "note", body: "Hello" }, {}, false);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(`/admin/leads/${lead.id}`)}`);
    // Without an Origin header, the browser's Sec-Fetch-Site reaches the action, which refuses it.
    const crossSite = await api(`/admin/leads/${lead.id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "note", body: "Hello" }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await entries(lead.id, "note")).toHaveLength(0);
    expect(await entries(lead.id, "assigned")).toHaveLength(0);
  });

  it("renders the lead screen with the lead and its timeline for a signed-in admin, and sends anyone else to sign in", async () => {
    const lead = await newLead("Marisol Timeline-Ortega");
    await postNote(lead.id, { body: "Prefers a call after lunch" });
    await patch(lead.id, { assigneeId: dana.id });
    const page = await api(`/admin/leads/${lead.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Marisol Timeline-Ortega");
    expect(html).toContain("Prefers a call after lunch");
    expect(html).toContain(text.timeline.title);
    expect(html).toContain(text.assignment.label);
    expect(html).toContain("Assigned to Dana Ruiz");
    // The select lists the active admins, not the deactivated one.
    expect(html).toContain(`value="${dana.id}"`);
    expect(html).not.toContain(`value="${gone.id}"`);

    const anonymous = await api(`/admin/leads/${lead.id}`, {}, false);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(`/admin/leads/${lead.id}`)}`);
    expect((await api(`/admin/leads/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it("erasing an address redacts it in a kept lead's timeline; the erased person's own lead goes with its timeline", async () => {
    const kept = await newLead();
    const erased = await newLead();
    await postNote(kept.id, { body: `Referred by ${erased.email}, call them too.` });
    await postNote(erased.id, { body: "Their own lead's note" });
    await db()
      .insert(leadActivity)
      .values({ leadId: kept.id, kind: "escalation_mail", detail: { to: erased.email.toUpperCase() } });

    await eraseByEmail(db(), server.services.storage, erased.email, null, { mailDir: mailFilesDir(server.services.config) });

    const notes = await entries(kept.id, "note");
    expect(notes[0].detail).toEqual({ body: `Referred by ${ERASED_MARK}, call them too.` });
    const [mail] = await entries(kept.id, "escalation_mail");
    expect(mail.detail).toEqual({ to: ERASED_MARK });
    expect(await db().select().from(leadActivity).where(eq(leadActivity.leadId, erased.id))).toHaveLength(0);
  });
});
