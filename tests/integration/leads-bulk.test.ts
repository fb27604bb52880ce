/**
 * Changing many leads at once from the inbox, and the row's "assign to me" (the `a` key), on both databases:
 * one timeline entry per lead and change, audited like a single change; a bar posted with nothing ticked,
 * nothing to change, a stranger as owner or too many leads changes nothing and says why.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminUsers, auditEvents, leadActivity, leads } from "#db/schema";
import { BULK_MAX } from "../../app/features/leads-inbox/inbox.server";
import { inboxMessages as text } from "../../app/features/leads-inbox/messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const STAFF = { email: "staff@bulk.example", password: "correct horse battery staple staff" };
const decoded = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describe.each(databaseKinds)("bulk changes in the inbox on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  let staffCookie: string;
  let me: string;
  let staff: string;
  let ids: string[];
  const db = () => server.services.db;
  const post = (fields: [string, string][], as = cookie) =>
    fetch(`${server.url}/admin/leads`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie: as },
      body: new URLSearchParams(fields).toString(),
    });
  const states = async () =>
    db()
      .select({ id: leads.id, status: leads.status, assigneeId: leads.assigneeId })
      .from(leads)
      .where(inArray(leads.id, ids))
      .orderBy(leads.reference);
  const entries = async (kind: string) =>
    db()
      .select()
      .from(leadActivity)
      .where(and(inArray(leadActivity.leadId, ids), eq(leadActivity.kind, kind)));

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    await ensureAdmin(server.services, STAFF, "staff");
    cookie = await signIn(server.url);
    staffCookie = await signIn(server.url, STAFF);
    const accounts = await db().select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers);
    me = accounts.find((a) => a.email === "admin@agency.example")!.id;
    staff = accounts.find((a) => a.email === STAFF.email)!.id;
    const rows = await db()
      .insert(leads)
      .values(
        ["B-BULK01", "B-BULK02", "B-BULK03"].map((reference) => ({
          reference,
          leadType: "contact_form",
          submissionType: "Contact Form Submission",
          source: "Contact Form",
          name: `Bulk ${reference}`,
          email: `${reference.toLowerCase()}@example.com`,
          phone: "(512) 555-0100",
          payload: {},
        })),
      )
      .returning({ id: leads.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sets the status and the owner of every lead ticked, with a timeline entry each and the audit", async () => {
    const res = await post([
      ["intent", "bulk"],
      ["ids", ids[0]],
      ["ids", ids[1]],
      ["status", "contacted"],
      ["assigneeId", staff],
    ]);
    expect(res.status).toBe(200);
    expect(decoded(await res.text())).toContain(text.bulk.done(2));
    const after = await states();
    expect(after.map((l) => [l.status, l.assigneeId])).toEqual([
      ["contacted", staff],
      ["contacted", staff],
      ["new", null],
    ]);
    expect((await entries("status_changed")).map((e) => e.leadId).sort()).toEqual([ids[0], ids[1]].sort());
    expect((await entries("assigned")).map((e) => e.leadId).sort()).toEqual([ids[0], ids[1]].sort());
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "lead_status_changed"));
    expect(audit.filter((a) => ids.includes(a.targetId ?? ""))).toHaveLength(2);

    // The same again: nothing changed, nothing recorded.
    await post([
      ["intent", "bulk"],
      ["ids", ids[0]],
      ["status", "contacted"],
    ]);
    expect(await entries("status_changed")).toHaveLength(2);

    // Unassigned, status kept; a lead deleted meanwhile is counted, not an error.
    const gone = "00000000-0000-4000-8000-000000000000";
    const unassign = await post([
      ["intent", "bulk"],
      ["ids", ids[0]],
      ["ids", gone],
      ["assigneeId", "none"],
    ]);
    expect(decoded(await unassign.text())).toContain(text.bulk.partly(1, 1));
    expect((await states())[0]).toMatchObject({ status: "contacted", assigneeId: null });
  });

  it("refuses a bar with nothing ticked, nothing to change, a stranger as owner or too many leads, and changes nothing", async () => {
    const before = await states();
    const cases: { fields: [string, string][]; says: string }[] = [
      {
        fields: [
          ["intent", "bulk"],
          ["status", "won"],
        ],
        says: text.bulk.noneSelected,
      },
      {
        fields: [
          ["intent", "bulk"],
          ["ids", ids[2]],
        ],
        says: text.bulk.nothingToChange,
      },
      {
        fields: [
          ["intent", "bulk"],
          ["ids", "not-an-id"],
          ["status", "won"],
        ],
        says: text.bulk.noneSelected,
      },
      {
        fields: [
          ["intent", "bulk"],
          ["ids", ids[2]],
          ["assigneeId", "11111111-1111-4111-8111-111111111111"],
        ],
        says: text.assignment.invalidAdmin,
      },
      {
        fields: [
          ["intent", "bulk"],
          ["status", "lost"],
          ...Array.from({ length: BULK_MAX + 1 }, () => ["ids", ids[2]] as [string, string]),
        ],
        says: text.bulk.tooMany(BULK_MAX),
      },
      {
        fields: [
          ["intent", "bulk"],
          ["ids", ids[2]],
          ["status", "signed"],
        ],
        says: text.form.invalidStatus,
      },
    ];
    for (const { fields, says } of cases) {
      const res = await post(fields);
      expect(res.status, says).toBe(400);
      expect(decoded(await res.text()), says).toContain(says);
    }
    expect(await states()).toEqual(before);
  });

  it("assigns a row's lead to whoever presses a (intent=assign), staff included", async () => {
    const res = await post(
      [
        ["intent", "assign"],
        ["id", ids[2]],
        ["assigneeId", staff],
      ],
      staffCookie,
    );
    expect(res.status).toBe(200);
    expect((await states())[2].assigneeId).toBe(staff);
    const assigned = (await entries("assigned")).filter((e) => e.leadId === ids[2]);
    expect(assigned).toHaveLength(1);
    expect(assigned[0].adminId).toBe(staff);
    // Back to the owner, by the owner.
    await post([
      ["intent", "assign"],
      ["id", ids[2]],
      ["assigneeId", me],
    ]);
    expect((await states())[2].assigneeId).toBe(me);
  });

  it("puts a checkbox on every row that belongs to the bar's form, so it works without scripts", async () => {
    const html = await (await fetch(`${server.url}/admin/leads`, { headers: { cookie } })).text();
    for (const id of ids) {
      const box = html.match(new RegExp(`<input type="checkbox"[^>]*value="${id}"[^>]*>`))?.[0] ?? "";
      expect(box).toContain('name="ids"');
      expect(box).toContain('form="bulk-leads"');
    }
    expect(html).toContain('id="bulk-leads"');
  });
});
