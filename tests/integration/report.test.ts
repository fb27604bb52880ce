/**
 * The report (docs/decisions/061-report.md) on a real server and database: a known set of leads across
 * channels, campaigns and landing pages (some quoted, two won with a premium, one answered never) and
 * known page views, written straight into the store in a fixed two weeks of the agency's calendar with
 * leads just outside it on both sides; then the figures of GET /api/admin/report by channel, campaign and
 * page, its CSV and the screen, against numbers worked out by hand below. A bot's view of a landing page
 * is not in the report; a wrong query is answered 400 naming the parameter.
 */
import { randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadActivity, leads, pageViews } from "#db/schema";
import { addDays, agencyDay, mondayOf } from "../../app/lib/calendar-day";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const MINUTE = 60_000;

describe.each(databaseKinds)("the report, on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let tz: string;
  /** The period: two ISO weeks, Monday M to Sunday M+13, five weeks back. */
  let M: string;
  let to: string;

  /** A wall time on the agency's calendar: `days` after M at hh:mm. */
  const local = (days: number, hh: number, mm: number) => {
    const [y, m, d] = addDays(M, days).split("-").map(Number);
    return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, tz).getTime());
  };
  const api = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

  async function lead(values: {
    channel: string;
    campaign?: string;
    page?: string;
    receivedAt: Date;
    answeredAfter?: number;
    status: string;
    premiumCents?: number;
    quotedPremiumCents?: number;
    quotedOnce?: boolean;
  }) {
    const [row] = await server.services.db
      .insert(leads)
      .values({
        reference: `L-${randomUUID().slice(0, 6).toUpperCase()}`,
        leadType: "quote",
        submissionType: "Quote",
        source: "Test",
        name: "Report Lead",
        email: "lead@example.com",
        phone: "(512) 555-0100",
        payload: {},
        channel: values.channel,
        landingPage: values.page ?? null,
        utm: values.campaign ? { utm_campaign: values.campaign, utm_source: "test" } : null,
        status: values.status,
        receivedAt: values.receivedAt,
        firstResponseAt: values.answeredAfter === undefined ? null : new Date(values.receivedAt.getTime() + values.answeredAfter * MINUTE),
        premiumCents: values.premiumCents ?? null,
        quotedPremiumCents: values.quotedPremiumCents ?? null,
      })
      .returning({ id: leads.id });
    if (values.quotedOnce) {
      await server.services.db.insert(leadActivity).values([
        { leadId: row.id, kind: "status_changed", detail: { from: "contacted", to: "quoted" } },
        { leadId: row.id, kind: "status_changed", detail: { from: "quoted", to: values.status } },
      ]);
    }
  }

  beforeAll(async () => {
    // Round the clock: the median first response is in minutes of the wall clock, easy to check by hand.
    server = await startTestServer(kind, { LEAD_CLOCK_HOURS: "always" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    tz = server.services.site.current().facts.agency.hours.timezone;
    M = mondayOf(addDays(agencyDay(tz), -35));
    to = addDays(M, 13);

    // The first week. A: paid, spring campaign, trucking page, answered in 15 minutes, won for $12,500.
    await lead({
      channel: "paid",
      campaign: "spring-trucking",
      page: "/trucking-insurance",
      receivedAt: local(0, 10, 0),
      answeredAfter: 15,
      status: "won",
      premiumCents: 1_250_000,
    });
    // B: the same campaign, answered in 45, quoted $9,000 and lost.
    await lead({
      channel: "paid",
      campaign: "spring-trucking",
      page: "/trucking-insurance",
      receivedAt: local(1, 11, 0),
      answeredAfter: 45,
      status: "lost",
      quotedPremiumCents: 900_000,
    });
    // C: the same campaign, never answered.
    await lead({ channel: "paid", campaign: "spring-trucking", page: "/trucking-insurance", receivedAt: local(2, 9, 0), status: "new" });
    // J: a referral on the home page a quarter of an hour into the period's first day, answered in 20.
    await lead({ channel: "referral", page: "/", receivedAt: local(0, 0, 15), answeredAfter: 20, status: "contacted" });
    // The second week. D: organic on the contractors page, answered in 5, quoted once (its timeline says), then lost.
    await lead({
      channel: "organic",
      page: "/contractors-insurance",
      receivedAt: local(7, 14, 0),
      answeredAfter: 5,
      status: "lost",
      quotedOnce: true,
    });
    // E: the May newsletter on the contractors page, answered in 30, won for $4,800.50.
    await lead({
      channel: "email",
      campaign: "newsletter-may",
      page: "/contractors-insurance",
      receivedAt: local(8, 10, 0),
      answeredAfter: 30,
      status: "won",
      premiumCents: 480_050,
    });
    // F: a phone call (no page), answered in 10, quoted.
    await lead({ channel: "phone", receivedAt: local(9, 12, 0), answeredAfter: 10, status: "quoted" });
    // H: direct on the home page at 11:30 PM on the period's last day, not answered.
    await lead({ channel: "direct", page: "/", receivedAt: local(13, 23, 30), status: "new" });
    // Outside the period: 11:30 PM the day before, and half past midnight the day after.
    await lead({
      channel: "paid",
      campaign: "spring-trucking",
      page: "/trucking-insurance",
      receivedAt: local(-1, 23, 30),
      status: "won",
      premiumCents: 1,
    });
    await lead({ channel: "direct", page: "/", receivedAt: local(14, 0, 30), answeredAfter: 1, status: "won", premiumCents: 1 });

    await server.services.db.insert(pageViews).values([
      { day: M, path: "/trucking-insurance", views: 100 },
      { day: addDays(M, 5), path: "/trucking-insurance", views: 50 },
      { day: addDays(M, 7), path: "/contractors-insurance", views: 40 },
      { day: addDays(M, 3), path: "/", views: 200 },
      { day: to, path: "/", views: 10 },
      { day: addDays(M, -1), path: "/trucking-insurance", views: 999 },
      { day: addDays(M, 14), path: "/", views: 999 },
    ]);
  });

  afterAll(async () => {
    await server?.close();
  });

  // Worked out by hand from the leads above: 8 in the period (A, B, C, J, D, E, F, H), 400 views.
  const total = {
    pageViews: 400,
    leads: 8,
    conversionPercent: 2, // 8 / 400
    contacted: 6, // all but C and H
    quoted: 5, // A and E won, B's quoted premium, D's timeline, F's status
    won: 2,
    wonPremium: 17_300.5, // 12,500 + 4,800.50
    medianFirstResponseMinutes: 17.5, // 5, 10, 15, 20, 30, 45
  };
  const row = (key: string | null, label: string, figures: Record<string, number | null>) => ({ key, label, ...figures });

  async function report(by: string) {
    const res = await api(`/api/admin/report?from=${M}&to=${to}&by=${by}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    return body.data;
  }

  it("counts the period's leads by channel, page views only on the total", async () => {
    const data = await report("channel");
    expect(data).toMatchObject({ from: M, to, by: "channel", total });
    const none = { pageViews: null, conversionPercent: null };
    expect(data.rows).toEqual([
      row("paid", "Paid ads", {
        ...none,
        leads: 3,
        contacted: 2,
        quoted: 2,
        won: 1,
        wonPremium: 12_500,
        medianFirstResponseMinutes: 30, // 15, 45
      }),
      row("direct", "Direct", { ...none, leads: 1, contacted: 0, quoted: 0, won: 0, wonPremium: 0, medianFirstResponseMinutes: null }),
      row("email", "Email", { ...none, leads: 1, contacted: 1, quoted: 1, won: 1, wonPremium: 4800.5, medianFirstResponseMinutes: 30 }),
      row("organic", "Organic search", {
        ...none,
        leads: 1,
        contacted: 1,
        quoted: 1,
        won: 0,
        wonPremium: 0,
        medianFirstResponseMinutes: 5,
      }),
      row("phone", "Phone", { ...none, leads: 1, contacted: 1, quoted: 1, won: 0, wonPremium: 0, medianFirstResponseMinutes: 10 }),
      row("referral", "Referral", { ...none, leads: 1, contacted: 1, quoted: 0, won: 0, wonPremium: 0, medianFirstResponseMinutes: 20 }),
    ]);
    expect(data.funnel).toEqual({ leads: 8, contacted: 6, quoted: 5, won: 2 });
    expect(data.weeks).toEqual([
      { week: M, leads: 4, won: 1 }, // A, B, C, J
      { week: addDays(M, 7), leads: 4, won: 1 }, // D, E, F, H
    ]);
  });

  it("counts by campaign, leads without one under (none)", async () => {
    const data = await report("campaign");
    expect(data.total).toEqual(total);
    const none = { pageViews: null, conversionPercent: null };
    expect(data.rows).toEqual([
      // D, F, H, J: answered in 5, 10 and 20.
      row(null, "(none)", { ...none, leads: 4, contacted: 3, quoted: 2, won: 0, wonPremium: 0, medianFirstResponseMinutes: 10 }),
      row("spring-trucking", "spring-trucking", {
        ...none,
        leads: 3,
        contacted: 2,
        quoted: 2,
        won: 1,
        wonPremium: 12_500,
        medianFirstResponseMinutes: 30,
      }),
      row("newsletter-may", "newsletter-may", {
        ...none,
        leads: 1,
        contacted: 1,
        quoted: 1,
        won: 1,
        wonPremium: 4800.5,
        medianFirstResponseMinutes: 30,
      }),
    ]);
  });

  it("counts by landing page against that page's own views", async () => {
    const data = await report("page");
    expect(data.total).toEqual(total);
    expect(data.rows).toEqual([
      row("/trucking-insurance", "/trucking-insurance", {
        pageViews: 150,
        leads: 3,
        conversionPercent: 2, // 3 / 150
        contacted: 2,
        quoted: 2,
        won: 1,
        wonPremium: 12_500,
        medianFirstResponseMinutes: 30,
      }),
      // H and J: 2 / 210 = 0.95%.
      row("/", "/", {
        pageViews: 210,
        leads: 2,
        conversionPercent: 1,
        contacted: 1,
        quoted: 0,
        won: 0,
        wonPremium: 0,
        medianFirstResponseMinutes: 20,
      }),
      row("/contractors-insurance", "/contractors-insurance", {
        pageViews: 40,
        leads: 2,
        conversionPercent: 5, // 2 / 40
        contacted: 2,
        quoted: 2,
        won: 1,
        wonPremium: 4800.5,
        medianFirstResponseMinutes: 17.5, // 5, 30
      }),
      row(null, "(unknown)", {
        pageViews: null,
        leads: 1,
        conversionPercent: null,
        contacted: 1,
        quoted: 1,
        won: 0,
        wonPremium: 0,
        medianFirstResponseMinutes: 10,
      }),
    ]);
  });

  it("downloads the same table as CSV", async () => {
    const res = await api(`/api/admin/report.csv?from=${M}&to=${to}&by=page`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="report-by-page-${M}-to-${to}.csv"`);
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toEqual([
      "Landing page,Page views,Leads,Conversion rate (%),Contacted,Quoted,Won,Won premium (USD),Median first response (minutes)",
      "/trucking-insurance,150,3,2,2,2,1,12500.00,30",
      "/,210,2,1,1,0,0,0.00,20",
      "/contractors-insurance,40,2,5,2,2,1,4800.50,17.5",
      "(unknown),,1,,1,1,0,0.00,10",
      "Total,400,8,2,6,5,2,17300.50,17.5",
      "",
    ]);
  });

  it("shows the same figures on the screen", async () => {
    const res = await api(`/admin/report?from=${M}&to=${to}&by=campaign`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("spring-trucking");
    expect(html).toContain("$12,500");
    expect(html).toContain("$17,300.50");
    expect(html).toContain('role="img"');
    expect(html).toContain("Funnel: 8 leads, 6 contacted (75%), 5 quoted (62.5%), 2 won (25%).");
  });

  it("leaves a bot's view of a landing page out", async () => {
    const today = agencyDay(tz);
    for (const agent of [CHROME, GOOGLEBOT, GOOGLEBOT]) {
      const res = await fetch(`${server.url}/contractors-insurance`, { headers: { "user-agent": agent } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await server.services.pageViews.flush();
    const res = await api(`/api/admin/report?from=${today}&to=${today}&by=page`);
    const { data } = (await res.json()) as { data: { rows: { key: string; pageViews: number }[]; total: { pageViews: number } } };
    expect(data.rows.find((r) => r.key === "/contractors-insurance")?.pageViews).toBe(1);
    expect(data.total.pageViews).toBe(1);
  });

  it("answers a wrong query with 400 naming the parameter, and a request without a session with 401", async () => {
    const errorsOf = async (query: string) => {
      const res = await api(`/api/admin/report?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { success: boolean; errors: Record<string, string> };
      expect(body.success).toBe(false);
      return body.errors;
    };
    expect(await errorsOf("from=2026-02-30&to=2026-03-01")).toEqual({ from: "from must be a real date" });
    expect(await errorsOf("from=2026-03-10&to=2026-03-01")).toEqual({ to: "to must not be before from" });
    expect(await errorsOf("by=source")).toEqual({ by: "by must be one of: channel, campaign, page" });
    expect(await errorsOf("from=2020-01-01&to=2026-01-01")).toEqual({ from: "The period may be at most 1,096 days (3 years)." });
    expect((await api("/api/admin/report.csv?to=yesterday")).status).toBe(400);
    expect((await fetch(`${server.url}/api/admin/report`)).status).toBe(401);
    // With no query: the last 30 days by channel.
    const res = await api("/api/admin/report");
    const { data } = (await res.json()) as { data: { from: string; to: string; by: string } };
    expect(data).toMatchObject({ from: addDays(agencyDay(tz), -29), to: agencyDay(tz), by: "channel" });
  });
});
