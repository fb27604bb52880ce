/**
 * Leads added by staff and corrected contact details (docs/decisions/052) on a real server and database:
 * a lead for a call, a walk-in or a referral through /admin/leads/new posted as a browser without scripts
 * posts it and through POST /api/leads, each stored through the lead pipeline (reference, promise times,
 * round-robin), already answered, with its arrival naming the colleague and source, its note the first
 * timeline note, the agency's notification and no acknowledgement; every wrong field a 400 naming it with
 * nothing stored; and a lead's name, phone, email and business name corrected on the lead screen and over
 * PATCH /api/leads/:id, with old and new values in the timeline, an audit entry, nothing recorded for
 * unchanged values and nothing changed by a refused one. Signed in as staff, the least role that may.
 */
import { and, asc, count, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditEvents, leadActivity, leads, mailOutbox } from "#db/schema";
import { agencyInbox } from "../../app/env.server";
import { createAdmin } from "../../app/features/auth/auth.server";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import type { LeadActivityItem } from "../../app/features/leads-inbox/schema";
import { setSetting } from "../../app/features/settings/settings.server";
import { fieldMessages } from "../../app/lib/field-rules";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { flashToast, htmlText as html, screenRequests, signInLocation } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type LeadAnswer = {
  _id: string;
  reference: string;
  leadType: string;
  source: string;
  status: string;
  name: string;
  phone: string;
  email: string;
  service: string | null;
  assigneeId: string | null;
  receivedAt: string;
  firstResponseAt: string | null;
  dueAt: string | null;
  payload: Record<string, unknown>;
  activity: LeadActivityItem[];
};

const STAFF = { email: "sam.staff@agency.example", password: "sam's long enough password" };
const text = inboxMessages;

describe.each(databaseKinds)("leads added by staff and corrected details on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let staff: { id: string; email: string };
  let dana: { id: string; email: string };

  const db = () => server.services.db;
  const screens = screenRequests(() => ({ url: server.url, cookie }));
  const api = (path: string, init: RequestInit = {}, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: { ...(withCookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    });
  const json = (method: string, path: string, body: unknown, withCookie = true) =>
    api(path, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, withCookie);
  const detail = async (id: string) => ((await (await api(`/api/leads/${id}`)).json()) as { data: LeadAnswer }).data;
  const leadCount = async () => (await db().select({ n: count() }).from(leads))[0].n;
  const entries = (leadId: string, entryKind: string) =>
    db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.kind, entryKind)))
      .orderBy(asc(leadActivity.at));
  const audits = (leadId: string, action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, leadId), eq(auditEvents.action, action)));
  const mails = (leadId: string) => db().select().from(mailOutbox).where(eq(mailOutbox.leadId, leadId));

  /** Dana is next in turn: every other active account has had a lead more recently. */
  async function danaNext() {
    await db().update(adminUsers).set({ lastAssignedAt: new Date() }).where(ne(adminUsers.id, dana.id));
    await db().update(adminUsers).set({ lastAssignedAt: null }).where(eq(adminUsers.id, dana.id));
  }

  const validForm = {
    name: "Marta Gomez",
    phone: "(512) 555-0142",
    email: "marta@gomez-builders.example",
    service: "Contractors Insurance",
    source: "Phone",
    note: "Called about GL for a 6-person framing crew.\nWants a quote by Friday.",
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    staff = await ensureAdmin(server.services, STAFF, "staff");
    await db().update(adminUsers).set({ name: "Sam Staff" }).where(eq(adminUsers.id, staff.id));
    dana = await createAdmin(db(), "dana.ruiz@agency.example", "dana's long enough password", {
      scryptN: server.services.config.AUTH_SCRYPT_N,
    });
    await db().update(adminUsers).set({ name: "Dana Ruiz" }).where(eq(adminUsers.id, dana.id));
    await setSetting(db(), "lead_round_robin", true, null);
    cookie = await signIn(server.url, STAFF);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("adds a phoned-in lead from the screen's form: stored answered, assigned in turn, its arrival and note by the colleague, the agency told, no acknowledgement", async () => {
    await danaNext();
    const before = Date.now();
    const res = await screens.postForm("/admin/leads/new", validForm);
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/leads\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop() as string;

    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({
      leadType: "staff_added",
      submissionType: "Added by Staff",
      source: "Phone",
      status: "contacted",
      name: "Marta Gomez",
      phone: "(512) 555-0142",
      email: "marta@gomez-builders.example",
      service: "Contractors Insurance",
      assigneeId: dana.id,
    });
    expect(row.reference).toMatch(/^L-[2-9A-Z]{6}$/);
    expect(flashToast(res)?.toast).toEqual({ type: "success", title: text.newLead.added(row.reference) });
    // The clock: due times fixed as for every lead, and answered at arrival (staff are talking to them).
    expect(row.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.firstResponseAt?.getTime()).toBe(row.receivedAt.getTime());
    expect(row.statusChangedAt?.getTime()).toBe(row.receivedAt.getTime());
    expect(row.dueAt?.getTime()).toBeGreaterThan(row.receivedAt.getTime());
    expect(row.escalateAt).not.toBeNull();

    // The timeline: the note by the colleague, the round-robin assignment, the arrival by the colleague last.
    const lead = await detail(id);
    expect(lead.activity.map((a) => a.kind)).toEqual(["note", "assigned", "received"]);
    const [note, assigned, received] = lead.activity;
    expect(note).toMatchObject({ by: { id: staff.id, name: "Sam Staff" }, detail: { body: validForm.note } });
    expect(assigned).toMatchObject({ by: null, detail: { assigneeId: dana.id, roundRobin: true } });
    expect(received).toMatchObject({ by: { id: staff.id, name: "Sam Staff" }, detail: { source: "Phone" }, at: lead.receivedAt });

    // The agency's notification, replying to the person; no acknowledgement to someone on the phone.
    const queued = await mails(id);
    expect(queued.map((m) => m.kind)).toEqual(["agency_notification"]);
    expect(queued[0].replyTo).toBe("marta@gomez-builders.example");
    expect(queued[0].subject).toBe(text.newLead.mailSubject("Phone", "Marta Gomez"));
    expect(queued[0].toAddress).toBe(agencyInbox(server.services.config, server.services.site.current().facts));
    expect(await audits(id, "lead_added")).toMatchObject([{ adminId: staff.id, detail: { reference: row.reference, source: "Phone" } }]);

    // The lead screen after the redirect names the colleague in the arrival.
    const page = await (await screens.get(location)).text();
    expect(page).toContain(html(text.timeline.addedByStaff("Sam Staff", "Phone")));
  });

  it("adds a walk-in over POST /api/leads: 201 with the lead and its timeline; no email and no note are fine", async () => {
    await danaNext();
    const res = await json("POST", "/api/leads", {
      name: "Walter Kim",
      phone: "512-555-0177",
      service: "Investment Property",
      source: "Walk-in",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { success: true; message: string; data: LeadAnswer };
    expect(body).toMatchObject({
      success: true,
      data: { leadType: "staff_added", source: "Walk-in", status: "contacted", email: "", name: "Walter Kim", assigneeId: dana.id },
    });
    expect(body.message).toBe(text.newLead.added(body.data.reference));
    expect(body.data.firstResponseAt).toBe(body.data.receivedAt);
    expect(body.data.activity.map((a) => a.kind)).toEqual(["assigned", "received"]);
    expect(body.data.activity[1]).toMatchObject({ by: { id: staff.id }, detail: { source: "Walk-in" } });

    const queued = await mails(body.data._id);
    expect(queued.map((m) => m.kind)).toEqual(["agency_notification"]);
    // Nobody to reply to: no Reply-To.
    expect(queued[0].replyTo).toBeNull();

    // The next lead goes to the next in turn, not Dana again.
    const next = await json("POST", "/api/leads", { ...validForm, name: "Rita Okafor", source: "Referral", email: "" });
    expect(next.status).toBe(201);
    const nextLead = ((await next.json()) as { data: LeadAnswer }).data;
    expect(nextLead.assigneeId).not.toBe(dana.id);
    expect(nextLead.assigneeId).not.toBeNull();
  });

  it("refuses each wrong field with a 400 naming it, over the API and the screen's form, and stores nothing", async () => {
    const valid = { ...validForm };
    const cases: [string, Record<string, unknown>, string][] = [
      ["name", { name: "" }, fieldMessages.name],
      ["name", { name: "A" }, fieldMessages.name],
      ["phone", { phone: "call me" }, fieldMessages.phone],
      ["phone", { phone: "" }, fieldMessages.phone],
      ["email", { email: "marta@" }, text.newLead.invalidEmail],
      ["email", { email: "a@b.example, c@d.example" }, text.newLead.invalidEmail],
      ["service", { service: "Boat Insurance" }, text.newLead.invalidService],
      ["service", { service: undefined }, text.newLead.invalidService],
      ["source", { source: "Email" }, text.newLead.invalidSource],
      ["source", { source: undefined }, text.newLead.invalidSource],
      ["note", { note: "n".repeat(5001) }, text.notes.tooLong(5000)],
    ];
    const stored = await leadCount();
    for (const [field, change, message] of cases) {
      const res = await json("POST", "/api/leads", { ...valid, ...change });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> };
      expect(body.success).toBe(false);
      expect(body.errors[field], JSON.stringify(change)).toBe(message);
      expect(Object.keys(body.errors)).toEqual([field]);

      const fields = Object.fromEntries(Object.entries({ ...valid, ...change }).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      const posted = await screens.postForm("/admin/leads/new", fields);
      expect(posted.status, field).toBe(400);
      const page = await posted.text();
      expect(page, field).toContain(`data-testid="error-new-lead-${field}"`);
      expect(page, field).toContain(html(message));
    }
    expect(await leadCount()).toBe(stored);

    // Without a session, or from another site's page: refused, nothing stored.
    expect((await json("POST", "/api/leads", valid, false)).status).toBe(401);
    const anonymous = await screens.postForm("/admin/leads/new", validForm, {}, false);
    expect(anonymous.status).toBe(303);
    expect(signInLocation(anonymous, "/admin/leads/new")).toBe(true);
    // A foreign Origin is refused by React Router itself (400); without one, the browser's Sec-Fetch-Site by the action (403).
    expect([400, 403]).toContain((await screens.postForm("/admin/leads/new", validForm, { origin: "https://elsewhere.example" })).status);
    expect((await screens.postForm("/admin/leads/new", validForm, { origin: "", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await leadCount()).toBe(stored);
  });

  /** A lead from the contact form, to correct. */
  async function contactLead(email: string) {
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ fullName: "Dana Whitfield", email, phoneNumber: "(512) 555-0199" })),
    });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(leads).where(eq(leads.email, email));
    return row;
  }

  it("corrects a lead's phone and email over PATCH: old and new in the timeline, the payload's copies too, audited by field", async () => {
    const lead = await contactLead(`fix1.${kind}@whitfield.example`);
    const res = await json("PATCH", `/api/leads/${lead.id}`, {
      phone: "512-555-0100",
      email: "Dana@Whitfield-Roofing.example",
      name: "Dana Whitfield",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      message: text.details.saved,
      data: { _id: lead.id, phone: "512-555-0100", email: "Dana@whitfield-roofing.example", name: "Dana Whitfield", status: "new" },
    });
    const [changed] = await entries(lead.id, "details_changed");
    expect(changed).toMatchObject({
      adminId: staff.id,
      adminName: "Sam Staff",
      detail: {
        changes: [
          { field: "phone", from: "(512) 555-0199", to: "512-555-0100" },
          { field: "email", from: lead.email, to: "Dana@whitfield-roofing.example" },
        ],
      },
    });
    const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row.payload).toMatchObject({ phoneNumber: "512-555-0100", email: "Dana@whitfield-roofing.example", fullName: "Dana Whitfield" });
    // The consent record keeps what was agreed to, as it was.
    const audited = await audits(lead.id, "lead_details_changed");
    expect(audited).toMatchObject([{ adminId: staff.id, detail: { reference: lead.reference, fields: ["phone", "email"] } }]);
    // No visitor's data in the audit trail.
    expect(JSON.stringify(audited[0].detail)).not.toContain("555");

    // The same values again: nothing recorded.
    const again = await json("PATCH", `/api/leads/${lead.id}`, { phone: "512-555-0100", email: "Dana@whitfield-roofing.example" });
    expect(await again.json()).toMatchObject({ success: true, message: text.details.unchanged });
    expect(await entries(lead.id, "details_changed")).toHaveLength(1);
    expect(await audits(lead.id, "lead_details_changed")).toHaveLength(1);

    // The timeline answers it newest first, above the arrival.
    // (Round-robin gave the contact form's lead an owner as it arrived.)
    const kinds = (await detail(lead.id)).activity.map((a) => a.kind);
    expect(kinds).toEqual(["details_changed", "assigned", "received"]);
  });

  it("refuses a bad value with its field's error and changes nothing, even beside a good one, a status or an owner", async () => {
    const lead = await contactLead(`fix2.${kind}@whitfield.example`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: "not-an-email", phone: "512-555-0101" }, "email", text.newLead.invalidEmail],
      [{ phone: "12", name: "Dana W." }, "phone", fieldMessages.phone],
      [{ name: "<script>x</script>" }, "name", fieldMessages.name],
      [{ name: null }, "name", fieldMessages.name],
      [{ businessName: "Whitfield Roofing LLC" }, "businessName", text.details.noBusinessName],
      [{ phone: "512-555-0102", assigneeId: "5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11" }, "assigneeId", text.assignment.invalidAdmin],
      [{ phone: "512-555-0103", status: "closed" }, "status", "status must be one of: new, contacted, quoted, won, lost"],
    ];
    for (const [body, field, message] of cases) {
      const res = await json("PATCH", `/api/leads/${lead.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { errors: Record<string, string> };
      expect(answer.errors[field], JSON.stringify(body)).toBe(message);
    }
    const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ name: lead.name, phone: lead.phone, email: lead.email, status: "new", assigneeId: lead.assigneeId });
    expect(row.payload).toEqual(lead.payload);
    expect(await entries(lead.id, "details_changed")).toHaveLength(0);
    expect(await audits(lead.id, "lead_details_changed")).toHaveLength(0);
    expect((await json("PATCH", `/api/leads/${lead.id}`, {})).status).toBe(400);
  });

  it("corrects the details and the status in one PATCH, and a trucking lead's business name", async () => {
    const lead = await contactLead(`fix3.${kind}@whitfield.example`);
    const res = await json("PATCH", `/api/leads/${lead.id}`, { status: "contacted", name: "Dana Whitfield-Ruiz" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: `${text.details.saved} ${text.statusUpdated}.`, data: { status: "contacted" } });
    expect((await detail(lead.id)).activity.map((a) => a.kind)).toEqual(["status_changed", "details_changed", "assigned", "received"]);

    // A lead with a business name (the trucking quote's), written as the form stores it.
    const [trucking] = await db()
      .insert(leads)
      .values({
        reference: `L-T${kind === "pglite" ? "PGL" : "PGS"}01`,
        leadType: "commercial_trucking_quote",
        submissionType: "Commercial Trucking Quote Request",
        source: "Trucking Quote Form",
        name: "Luis Ortega",
        email: "luis@ortega-freight.example",
        phone: "512-555-0123",
        payload: {
          contactName: "Luis Ortega",
          legalBusinessName: "Ortega Frieght LLC",
          email: "luis@ortega-freight.example",
          phone: "512-555-0123",
        },
      })
      .returning();
    const empty = await json("PATCH", `/api/leads/${trucking.id}`, { businessName: "  " });
    expect(((await empty.json()) as { errors: Record<string, string> }).errors.businessName).toBe(text.details.invalidBusinessName);
    const fixed = await json("PATCH", `/api/leads/${trucking.id}`, { businessName: "Ortega Freight LLC" });
    expect(fixed.status).toBe(200);
    const [row] = await db().select().from(leads).where(eq(leads.id, trucking.id));
    expect(row.payload.legalBusinessName).toBe("Ortega Freight LLC");
    expect((await entries(trucking.id, "details_changed"))[0].detail).toEqual({
      changes: [{ field: "businessName", from: "Ortega Frieght LLC", to: "Ortega Freight LLC" }],
    });
    // The lead screen offers the business name for this lead, not for the contact form's.
    expect(await (await screens.get(`/admin/leads/${trucking.id}`)).text()).toContain('id="lead-details-business-name"');
    expect(await (await screens.get(`/admin/leads/${lead.id}`)).text()).not.toContain('id="lead-details-business-name"');
  });

  it("takes the lead screen's details form posted without scripts: the change in the timeline, a bad email refused beside its field", async () => {
    const lead = await contactLead(`fix4.${kind}@whitfield.example`);
    const fields = { intent: "details", name: lead.name, phone: "(512) 555-0111", email: lead.email };
    const saved = await screens.postForm(`/admin/leads/${lead.id}`, fields);
    expect(saved.status).toBe(200);
    const page = await saved.text();
    expect(page).toContain(html(text.details.saved));
    expect(page).toContain(html(text.timeline.change("Phone", "(512) 555-0199", "(512) 555-0111")));
    expect(await entries(lead.id, "details_changed")).toHaveLength(1);

    const unchanged = await screens.postForm(`/admin/leads/${lead.id}`, fields);
    expect(await unchanged.text()).toContain(html(text.details.unchanged));
    expect(await entries(lead.id, "details_changed")).toHaveLength(1);

    const bad = await screens.postForm(`/admin/leads/${lead.id}`, { ...fields, email: "dana at whitfield" });
    expect(bad.status).toBe(400);
    const refused = await bad.text();
    expect(refused).toContain('data-testid="error-lead-details-email"');
    expect(refused).toContain(html(text.newLead.invalidEmail));
    const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
    expect(row.email).toBe(lead.email);
    expect(await entries(lead.id, "details_changed")).toHaveLength(1);
  });
});
