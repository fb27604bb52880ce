/**
 * A lead's channel (docs/decisions/058-lead-channels.md), on both databases: decided at arrival from each
 * kind of referrer, UTM set and click id; the migration's SQL gives leads received before it the same
 * channel as the code; GET /api/leads/:id and the lead screen show it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "#db/schema";
import { type ArrivalVisit, channelLabels, type LeadChannel, leadChannel } from "../../app/features/leads/channel";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { root, startTestServer } from "../support/server";

const SITE = "https://hillcountry.example";
const page = (path: string) => `${SITE}${path}`;

/** Visits and the channel each must get. */
const cases: [string, Omit<ArrivalVisit, "siteUrl">, LeadChannel][] = [
  [
    "Google search",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://www.google.com/", pageUrl: page("/contact") },
    "organic",
  ],
  [
    "Google in capitals",
    { leadType: "contact_form", source: "Contact Form", referrer: "HTTPS://WWW.GOOGLE.CO.UK/search", pageUrl: page("/") },
    "organic",
  ],
  [
    "Bing",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://www.bing.com/search?q=hoa+insurance", pageUrl: page("/") },
    "organic",
  ],
  ["DuckDuckGo", { leadType: "contact_form", source: "Contact Form", referrer: "https://duckduckgo.com/", pageUrl: page("/") }, "organic"],
  ["Gmail", { leadType: "contact_form", source: "Contact Form", referrer: "https://mail.google.com/", pageUrl: page("/") }, "email"],
  [
    "Yahoo Mail",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://mail.yahoo.com/d/folders/1", pageUrl: page("/") },
    "email",
  ],
  [
    "Facebook's link shim",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://l.facebook.com/", pageUrl: page("/") },
    "social",
  ],
  ["X", { leadType: "contact_form", source: "Contact Form", referrer: "https://t.co/abc", pageUrl: page("/") }, "social"],
  [
    "LinkedIn's shortener",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://lnkd.in/xyz", pageUrl: page("/") },
    "social",
  ],
  [
    "A trade association's site",
    { leadType: "contact_form", source: "Contact Form", referrer: "https://www.texastrucking.example/members", pageUrl: page("/") },
    "referral",
  ],
  [
    "The site itself",
    { leadType: "contact_form", source: "Contact Form", referrer: page("/services"), pageUrl: page("/contact") },
    "direct",
  ],
  ["Nothing at all", { leadType: "contact_form", source: "Contact Form", referrer: null, pageUrl: null }, "direct"],
  [
    "A Google Ads click (utm_medium=cpc), though Google referred it",
    {
      leadType: "hoa_quote_landing",
      source: "HOA Landing Page",
      referrer: "https://www.google.com/",
      pageUrl: page("/hoa-insurance"),
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "hoa-spring" },
    },
    "paid",
  ],
  [
    "Paid social",
    { leadType: "contact_form", source: "Contact Form", pageUrl: page("/"), utm: { utm_medium: "Paid_Social", utm_source: "facebook" } },
    "paid",
  ],
  [
    "A newsletter",
    { leadType: "contact_form", source: "Contact Form", pageUrl: page("/"), utm: { utm_medium: "email", utm_campaign: "renewals" } },
    "email",
  ],
  ["An organic post", { leadType: "contact_form", source: "Contact Form", pageUrl: page("/"), utm: { utm_medium: "social" } }, "social"],
  [
    "A Google click id without UTM",
    {
      leadType: "contact_form",
      source: "Contact Form",
      pageUrl: page("/trucking-insurance?gclid=Cj0KCQ"),
      referrer: "https://www.google.com/",
    },
    "paid",
  ],
  [
    "A Meta click id",
    { leadType: "contact_form", source: "Contact Form", pageUrl: page("/?fbclid=IwAR0"), referrer: "https://m.facebook.com/" },
    "paid",
  ],
  [
    "A QR code on a truck (a source, no medium)",
    { leadType: "contact_form", source: "Contact Form", pageUrl: page("/"), utm: { utm_source: "truck-wrap" } },
    "referral",
  ],
  ["The chat", { leadType: "chat", source: "Website Chat", referrer: "https://www.google.com/" }, "chat"],
  ["A call staff added", { leadType: "staff_added", source: "Phone" }, "phone"],
  ["A walk-in", { leadType: "staff_added", source: "Walk-in" }, "walk_in"],
  ["A referral staff added", { leadType: "staff_added", source: "Referral" }, "referral"],
];

describe("leadChannel", () => {
  it.each(cases)("%s", (_name, visit, channel) => {
    expect(leadChannel({ ...visit, siteUrl: SITE })).toBe(channel);
  });

  it("has a label for every channel", () => {
    for (const [, , channel] of cases) expect(channelLabels[channel]).toBeTruthy();
  });
});

describe.each(databaseKinds)("lead channels on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  const db = () => server.services.db;

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("records the channel and the landing page at arrival, and shows them", async () => {
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        contactBody({
          email: "paid-click@channels.example",
          pageUrl: `${server.url}/hoa-insurance?utm_source=google&utm_medium=cpc`,
          referrer: "https://www.google.com/",
          utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "hoa-spring" },
        }),
      ),
    });
    expect(res.status).toBe(201);
    const [lead] = await db().select().from(leads).where(eq(leads.email, "paid-click@channels.example"));
    expect(lead).toMatchObject({ channel: "paid", landingPage: "/hoa-insurance" });
    const detail = await (await fetch(`${server.url}/api/leads/${lead.id}`, { headers: { cookie } })).json();
    expect(detail.data).toMatchObject({ channel: "paid", landingPage: "/hoa-insurance" });
    const html = await (await fetch(`${server.url}/admin/leads/${lead.id}`, { headers: { cookie } })).text();
    expect(html).toContain(channelLabels.paid);

    // A form posted without scripts sends no visit: the Referer is the site's own page, so direct.
    await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json", referer: `${server.url}/contact` },
      body: JSON.stringify(contactBody({ email: "no-script@channels.example" })),
    });
    const [plain] = await db().select().from(leads).where(eq(leads.email, "no-script@channels.example"));
    expect(plain.channel).toBe("direct");
  });

  it("gives leads received before channels the channel the code gives, by the migration's SQL", async () => {
    const rows = await db()
      .insert(leads)
      .values(
        cases.map(([name, visit], i) => ({
          reference: `CH-${String(i).padStart(4, "0")}`,
          leadType: visit.leadType,
          submissionType: name,
          source: visit.source,
          name,
          email: `old${i}@channels.example`,
          phone: "(512) 555-0100",
          payload: {},
          referrer: visit.referrer ?? null,
          pageUrl: visit.pageUrl ?? null,
          utm: visit.utm ?? null,
          channel: "unknown",
        })),
      )
      .returning({ id: leads.id });
    const ids = rows.map((r) => r.id);
    const migration = readFileSync(path.join(root, "db/migrations/0018_lead_channels.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint").filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s))) {
      // The migration's statement as it is, kept to this test's rows.
      const scoped = statement
        .replace(/;\s*$/, "")
        .replace(/IS NOT NULL\s*$/, `IS NOT NULL AND "email" LIKE 'old%@channels.example'`)
        .replace(/END\s*$/, `END WHERE "email" LIKE 'old%@channels.example'`);
      expect(scoped).toContain("old%@channels.example");
      await db().execute(sql.raw(scoped));
    }
    const after = await db()
      .select({ reference: leads.reference, channel: leads.channel, landingPage: leads.landingPage, pageUrl: leads.pageUrl })
      .from(leads)
      .where(inArray(leads.id, ids))
      .orderBy(leads.reference);
    expect(after.map((r) => r.channel)).toEqual(cases.map(([, visit]) => leadChannel({ ...visit, siteUrl: SITE })));
    for (const row of after) expect(row.landingPage).toBe(row.pageUrl ? new URL(row.pageUrl).pathname : null);
  });
});
