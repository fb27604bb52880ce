/**
 * A lead's outcome (docs/decisions/060) on a real server and database: moved to won with the policy
 * bound, over PATCH /api/leads/:id and the lead screen's form posted without scripts, stored with the
 * status change in one timeline entry and audited; quoted with its premium; lost with a reason, the
 * competitor and an X-date; edited later with the change recorded; every bad value (a premium that is
 * not a positive amount, dates out of order, an X-date in the past, an unknown reason, a field of
 * another status, an outcome on a new lead) the field's error with the status and the outcome unchanged.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leadActivity, leads } from "#db/schema";
import { outcomeMessages } from "../../app/features/leads-inbox/outcome";
import type { LeadActivityItem } from "../../app/features/leads-inbox/schema";
import { agencyDay } from "../../app/lib/calendar-day";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { htmlText as html, screenRequests } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Outcome = Record<string, unknown>;
type LeadAnswer = { _id: string; reference: string; status: string; outcome: Outcome; activity: LeadActivityItem[] };

const STAFF = { email: "olivia.outcomes@agency.example", password: "olivia's long enough password" };
const errors = outcomeMessages.errors;

describe.each(databaseKinds)("lead outcomes on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let staff: { id: string; email: string };
  const db = () => server.services.db;
  const screens = screenRequests(() => ({ url: server.url, cookie }));
  const json = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const detail = async (id: string) => ((await (await json("GET", `/api/leads/${id}`)).json()) as { data: LeadAnswer }).data;
  const today = () => agencyDay(server.services.site.current().facts.agency.hours.timezone);
  const dayFrom = (days: number) => {
    const d = new Date(`${today()}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };

  async function newLead(name: string) {
    const res = await json("POST", "/api/leads", { name, phone: "(512) 555-0190", service: "Commercial Trucking", source: "Phone" });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: LeadAnswer }).data;
  }
  const stored = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0];

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    staff = await ensureAdmin(server.services, STAFF, "staff");
    cookie = await signIn(server.url, STAFF);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("moves a lead to won with the policy bound over the API: one timeline entry with the status and the outcome, the expiration from the term, audited", async () => {
    const lead = await newLead("Hector Ramos");
    const res = await json("PATCH", `/api/leads/${lead._id}`, {
      status: "won",
      outcome: {
        carrier: "Progressive Commercial",
        premium: 18400.5,
        effectiveDate: "2027-01-31",
        termMonths: 12,
        lineOfBusiness: "Commercial Trucking",
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; data: { status: string } };
    expect(body.data.status).toBe("won");
    expect(body.message).toBe(`${outcomeMessages.saved} Lead status updated.`);

    const row = await stored(lead._id);
    expect(row).toMatchObject({
      status: "won",
      carrier: "Progressive Commercial",
      premiumCents: 1_840_050,
      lineOfBusiness: "Commercial Trucking",
      policyEffectiveOn: "2027-01-31",
      policyTermMonths: 12,
      policyExpiresOn: "2028-01-31",
    });
    const after = await detail(lead._id);
    expect(after.outcome).toMatchObject({
      premium: 18400.5,
      carrier: "Progressive Commercial",
      expirationDate: "2028-01-31",
      termMonths: 12,
    });
    const moved = after.activity.filter((a) => a.kind === "status_changed");
    expect(moved).toHaveLength(1);
    expect(moved[0].detail).toMatchObject({ from: "contacted", to: "won" });
    expect((moved[0].detail.outcome as { field: string; to: unknown }[]).map((c) => [c.field, c.to])).toEqual([
      ["premium", 18400.5],
      ["carrier", "Progressive Commercial"],
      ["lineOfBusiness", "Commercial Trucking"],
      ["effectiveDate", "2027-01-31"],
      ["termMonths", 12],
      ["expirationDate", "2028-01-31"],
    ]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, lead._id), eq(auditEvents.action, "lead_outcome_changed")));
    expect(audit).toMatchObject([{ adminId: staff.id, detail: { reference: lead.reference } }]);

    // A six-month term from the last day of a month ends on the last day of the sixth month after.
    const edited = await json("PATCH", `/api/leads/${lead._id}`, { outcome: { termMonths: 1 } });
    expect(edited.status).toBe(200);
    expect((await stored(lead._id)).policyExpiresOn).toBe("2027-02-28");
  });

  it("records a quoted premium, then an edit later as its own entry with the old and new values", async () => {
    const lead = await newLead("Ivy Chen");
    expect((await json("PATCH", `/api/leads/${lead._id}`, { status: "quoted", outcome: { premium: 9200 } })).status).toBe(200);
    expect(await stored(lead._id)).toMatchObject({ status: "quoted", quotedPremiumCents: 920_000, premiumCents: null });

    const res = await json("PATCH", `/api/leads/${lead._id}`, { outcome: { quotedPremium: 8750.25 } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe(outcomeMessages.saved);
    const entries = await db()
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, lead._id), eq(leadActivity.kind, "outcome_changed")))
      .orderBy(asc(leadActivity.at));
    expect(entries.map((e) => e.detail)).toEqual([{ changes: [{ field: "quotedPremium", from: 9200, to: 8750.25 }] }]);
    // The same values again: answered, nothing recorded.
    const same = await json("PATCH", `/api/leads/${lead._id}`, { outcome: { quotedPremium: 8750.25 } });
    expect(((await same.json()) as { message: string }).message).toBe(outcomeMessages.unchanged);
    const after = await db().select().from(leadActivity).where(eq(leadActivity.leadId, lead._id));
    expect(after.filter((e) => e.kind === "outcome_changed")).toHaveLength(1);
  });

  it("moves a lead to lost with a reason, the competitor and an X-date; 'other' needs its words", async () => {
    const lead = await newLead("Jamal Brooks");
    const xDate = dayFrom(120);
    const res = await json("PATCH", `/api/leads/${lead._id}`, {
      status: "lost",
      outcome: { lostReason: "price", competitor: "State Farm", xDate },
    });
    expect(res.status).toBe(200);
    expect(await stored(lead._id)).toMatchObject({ status: "lost", lostReason: "price", competitor: "State Farm", xDate });

    const other = await json("PATCH", `/api/leads/${lead._id}`, { outcome: { lostReason: "other" } });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { errors: Record<string, string> }).errors).toEqual({
      "outcome.lostReasonOther": errors.lostReasonOther,
    });
    const withWords = await json("PATCH", `/api/leads/${lead._id}`, {
      outcome: { lostReason: "other", lostReasonOther: "Sold the business" },
    });
    expect(withWords.status).toBe(200);
    expect(await stored(lead._id)).toMatchObject({ lostReason: "other", lostReasonOther: "Sold the business" });
  });

  it("refuses every bad value with the field's error: the status and the outcome unchanged", async () => {
    const lead = await newLead("Karen Diaz");
    const before = await stored(lead._id);
    const won = { carrier: "Travelers", premium: 5000, effectiveDate: "2027-03-01" };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ status: "won", outcome: { ...won, premium: -5 } }, { "outcome.premium": errors.amount }],
      [{ status: "won", outcome: { ...won, premium: 0 } }, { "outcome.premium": errors.amount }],
      [{ status: "won", outcome: { ...won, premium: 12.345 } }, { "outcome.premium": errors.amount }],
      [{ status: "won", outcome: { ...won, premium: "5000" } }, { "outcome.premium": errors.amount }],
      [{ status: "won", outcome: { ...won, premium: 200_000_000 } }, { "outcome.premium": errors.amountTooLarge }],
      [{ status: "won", outcome: { ...won, expirationDate: "2027-02-01" } }, { "outcome.expirationDate": errors.expirationOrder }],
      [{ status: "won", outcome: { ...won, effectiveDate: "2027-02-30" } }, { "outcome.effectiveDate": errors.date }],
      [{ status: "won", outcome: { ...won, termMonths: 0 } }, { "outcome.termMonths": errors.termMonths }],
      [
        { status: "won", outcome: { carrier: "Travelers" } },
        { "outcome.premium": errors.premiumRequired, "outcome.effectiveDate": errors.effectiveRequired },
      ],
      [{ status: "won", outcome: { ...won, lineOfBusiness: "Pet insurance" } }, { "outcome.lineOfBusiness": errors.lineOfBusiness }],
      [{ status: "lost", outcome: { lostReason: "too_expensive" } }, { "outcome.lostReason": errors.lostReason }],
      [{ status: "lost", outcome: { lostReason: "price", xDate: dayFrom(-1) } }, { "outcome.xDate": errors.xDatePast }],
      [{ status: "lost", outcome: { competitor: "Geico" } }, { "outcome.lostReason": errors.reasonRequired }],
      [
        { status: "lost", outcome: { lostReason: "price", carrier: "Travelers" } },
        { "outcome.carrier": errors.notForStatus("carrier", "won") },
      ],
      [{ status: "contacted", outcome: { quotedPremium: 100 } }, { outcome: errors.notAfterStatus }],
      [{ outcome: { quotedPremium: 100 } }, { outcome: errors.notAfterStatus }],
      [{ status: "won", outcome: { ...won, policyNumber: "X1" } }, { outcome: "Unknown outcome field: policyNumber" }],
      [{ status: "won", outcome: "won it" }, { outcome: "outcome must be an object" }],
    ];
    for (const [body, expected] of cases) {
      const res = await json("PATCH", `/api/leads/${lead._id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { success: boolean; message: string; errors: Record<string, string> };
      expect(answer.success).toBe(false);
      expect(answer.errors, JSON.stringify(body)).toEqual(expected);
      expect(answer.message).toBe(Object.values(expected)[0]);
    }
    const after = await stored(lead._id);
    expect(after).toEqual(before);
    const entries = await db().select().from(leadActivity).where(eq(leadActivity.leadId, lead._id));
    expect(entries.filter((e) => e.kind === "status_changed" || e.kind === "outcome_changed")).toHaveLength(0);
  });

  it("takes the outcome from the lead screen's form posted without scripts, keeping only the chosen status's fields", async () => {
    const lead = await newLead("Luis Ortega");
    const form = {
      intent: "outcome",
      status: "won",
      quotedPremium: "",
      carrier: "Great West Casualty",
      lineOfBusiness: "Commercial Trucking",
      premium: "$24,350.00",
      effectiveDate: "2027-02-15",
      termMonths: "12",
      // Every part of the form is posted without scripts: the lost part's fields are left out.
      lostReason: "price",
      lostReasonOther: "",
      competitor: "Someone",
      xDate: "",
    };
    const res = await screens.postForm(`/admin/leads/${lead._id}`, form);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(outcomeMessages.saved));
    expect(await stored(lead._id)).toMatchObject({
      status: "won",
      premiumCents: 2_435_000,
      carrier: "Great West Casualty",
      policyExpiresOn: "2028-02-15",
      lostReason: null,
      competitor: null,
    });

    // A refused form: the error beside the field, the lead unchanged.
    const refused = await screens.postForm(`/admin/leads/${lead._id}`, { ...form, premium: "a lot" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(html(errors.amount));
    expect(page).toContain('id="outcome-premium-error"');

    // The screen shows the outcome and the timeline's entry.
    const screen = await (await screens.get(`/admin/leads/${lead._id}`)).text();
    expect(screen).toContain("Great West Casualty");
    expect(screen).toContain("$24,350.00");
    expect(screen).toContain("Feb 15, 2028");
  });
});
