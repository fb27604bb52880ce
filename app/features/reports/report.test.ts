import { describe, expect, it } from "vitest";
import type { Office } from "~/features/leads/promise-clock";
import { slaPeriod } from "~/features/leads-inbox/sla";
import { addDays, mondayOf } from "~/lib/calendar-day";
import { reportMessages } from "./messages";
import { buildReport, type ReportClock, type ReportLead, reportCsv, reportCsvName } from "./report";
import { daysIn, periodDays, REPORT_MAX_DAYS, reportQuerySchema, reportScreenQuery, weeksOf } from "./schema";

const office: Office = {
  timeZone: "America/Chicago",
  days: { monday: null, tuesday: null, wednesday: null, thursday: null, friday: null, saturday: null, sunday: null },
  closedDays: [],
};
const clock: ReportClock = { hours: "always", office };

const at = (iso: string) => new Date(iso);
function lead(over: Partial<ReportLead>): ReportLead {
  return {
    channel: "direct",
    campaign: null,
    landingPage: null,
    day: "2026-03-02",
    receivedAt: at("2026-03-02T15:00:00Z"),
    firstResponseAt: null,
    quoted: false,
    won: false,
    premiumCents: null,
    ...over,
  };
}

describe("the report's calendar", () => {
  it("names the days of each period, ending today", () => {
    expect(periodDays("this-month", "2026-03-17")).toEqual({ from: "2026-03-01", to: "2026-03-17" });
    expect(periodDays("last-30-days", "2026-03-17")).toEqual({ from: "2026-02-16", to: "2026-03-17" });
    expect(periodDays("last-90-days", "2026-03-17")).toEqual({ from: "2025-12-18", to: "2026-03-17" });
    expect(periodDays("this-year", "2026-03-17")).toEqual({ from: "2026-01-01", to: "2026-03-17" });
    expect(daysIn("2026-02-16", "2026-03-17")).toBe(30);
    expect(daysIn("2025-12-18", "2026-03-17")).toBe(90);
  });

  it("finds ISO weeks from Monday, across a year's end", () => {
    expect(mondayOf("2026-03-02")).toBe("2026-03-02"); // a Monday
    expect(mondayOf("2026-03-08")).toBe("2026-03-02"); // its Sunday
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
    expect(weeksOf("2025-12-31", "2026-01-13")).toEqual(["2025-12-29", "2026-01-05", "2026-01-12"]);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("the report's query", () => {
  const today = "2026-03-17";
  const errorsOf = (q: Record<string, string>) => {
    const r = reportQuerySchema(today).safeParse(q);
    // The first message per field, as the API and the screen show it.
    return r.success ? {} : Object.fromEntries(r.error.issues.toReversed().map((i) => [String(i.path[0]), i.message]));
  };

  it("defaults to the last 30 days by channel", () => {
    expect(reportQuerySchema(today).parse({})).toEqual({ from: "2026-02-16", to: today, by: "channel" });
    expect(reportQuerySchema(today).parse({ from: "2026-01-01", to: "2026-01-31", by: "page" })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      by: "page",
    });
  });

  it("names the parameter that is wrong", () => {
    expect(errorsOf({ from: "2026-02-30" })).toEqual({ from: "from must be a real date" });
    expect(errorsOf({ to: "17/03/2026" })).toEqual({ to: "to must be a date as YYYY-MM-DD" });
    expect(errorsOf({ from: "2026-03-10", to: "2026-03-01" })).toEqual({ to: reportMessages.errors.order });
    expect(errorsOf({ by: "source" })).toEqual({ by: reportMessages.errors.group });
    expect(errorsOf({ from: addDays(today, -REPORT_MAX_DAYS), to: today })).toEqual({
      from: reportMessages.errors.tooLong(REPORT_MAX_DAYS),
    });
    expect(errorsOf({ from: addDays(today, -(REPORT_MAX_DAYS - 1)), to: today })).toEqual({});
  });

  it("reads the screen's address: a named period wins, dates alone are a custom period", () => {
    expect(reportScreenQuery({}, today)).toEqual({
      ok: true,
      value: { period: "last-30-days", query: { from: "2026-02-16", to: today, by: "channel" } },
    });
    expect(reportScreenQuery({ period: "this-year", from: "2020-01-01", by: "campaign" }, today)).toEqual({
      ok: true,
      value: { period: "this-year", query: { from: "2026-01-01", to: today, by: "campaign" } },
    });
    expect(reportScreenQuery({ from: "2026-03-01", to: "2026-03-05" }, today)).toEqual({
      ok: true,
      value: { period: null, query: { from: "2026-03-01", to: "2026-03-05", by: "channel" } },
    });
    expect(reportScreenQuery({ period: "forever" }, today)).toEqual({ ok: false, errors: { period: reportMessages.errors.period } });
    expect(reportScreenQuery({ from: "2026-03-05", to: "2026-03-01" }, today)).toEqual({
      ok: false,
      errors: { to: reportMessages.errors.order },
    });
  });
});

describe("the report's figures", () => {
  const leads: ReportLead[] = [
    // Paid, spring campaign, on the trucking page: answered after 10 and 30 minutes, one won for $1,234.50.
    lead({
      channel: "paid",
      campaign: "spring",
      landingPage: "/trucking-insurance",
      firstResponseAt: at("2026-03-02T15:10:00Z"),
      quoted: true,
      won: true,
      premiumCents: 123450,
    }),
    lead({
      channel: "paid",
      campaign: "spring",
      landingPage: "/trucking-insurance",
      firstResponseAt: at("2026-03-02T15:30:00Z"),
      quoted: true,
    }),
    // Organic, no campaign, the same page, a week later: answered after 20 minutes, won for $800.
    lead({
      channel: "organic",
      landingPage: "/trucking-insurance",
      day: "2026-03-09",
      receivedAt: at("2026-03-09T15:00:00Z"),
      firstResponseAt: at("2026-03-09T15:20:00Z"),
      quoted: true,
      won: true,
      premiumCents: 80000,
    }),
    // A phone call: no page, no campaign, never answered.
    lead({ channel: "phone", day: "2026-03-09", receivedAt: at("2026-03-09T16:00:00Z") }),
  ];
  const pageViews = [
    { path: "/trucking-insurance", views: 40 },
    { path: "/", views: 60 },
  ];
  const build = (by: "channel" | "campaign" | "page") => buildReport({ from: "2026-03-01", to: "2026-03-10", by, leads, pageViews, clock });

  it("totals the period, with every public page's views", () => {
    const report = build("channel");
    expect(report.total).toEqual({
      pageViews: 100,
      leads: 4,
      conversionPercent: 4,
      contacted: 3,
      quoted: 3,
      won: 2,
      wonPremium: 2034.5,
      medianFirstResponseMinutes: 20,
    });
    expect(report.funnel).toEqual({ leads: 4, contacted: 3, quoted: 3, won: 2 });
    // March 1 is a Sunday: its week starts on February 23.
    expect(report.weeks).toEqual([
      { week: "2026-02-23", leads: 0, won: 0 },
      { week: "2026-03-02", leads: 2, won: 1 },
      { week: "2026-03-09", leads: 2, won: 1 },
    ]);
  });

  it("groups by channel with no views on the rows", () => {
    const rows = build("channel").rows;
    expect(rows.map((r) => [r.label, r.leads, r.pageViews, r.conversionPercent])).toEqual([
      ["Paid ads", 2, null, null],
      ["Organic search", 1, null, null],
      ["Phone", 1, null, null],
    ]);
    expect(rows[0]).toMatchObject({ contacted: 2, quoted: 2, won: 1, wonPremium: 1234.5, medianFirstResponseMinutes: 20 });
    expect(rows[2].medianFirstResponseMinutes).toBeNull();
  });

  it("groups by campaign, leads without one under (none), last among equals", () => {
    const rows = build("campaign").rows;
    expect(rows.map((r) => [r.key, r.label, r.leads, r.won])).toEqual([
      ["spring", "spring", 2, 1],
      [null, "(none)", 2, 1],
    ]);
  });

  it("groups by landing page with each page's views, a page viewed without leads included", () => {
    const rows = build("page").rows;
    expect(rows.map((r) => [r.label, r.pageViews, r.leads, r.conversionPercent, r.wonPremium])).toEqual([
      ["/trucking-insurance", 40, 3, 7.5, 2034.5],
      ["(unknown)", null, 1, null, 0],
      ["/", 60, 0, 0, 0],
    ]);
  });

  it("writes the same table as CSV, the total last", () => {
    const report = build("page");
    const csv = reportCsv(report);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "Landing page,Page views,Leads,Conversion rate (%),Contacted,Quoted,Won,Won premium (USD),Median first response (minutes)",
      "/trucking-insurance,40,3,7.5,3,3,2,2034.50,20",
      "(unknown),,1,,0,0,0,0.00,",
      "/,60,0,0,0,0,0,0.00,",
      "Total,100,4,4,3,3,2,2034.50,20",
      "",
    ]);
    expect(reportCsvName(report)).toBe("report-by-page-2026-03-01-to-2026-03-10.csv");
  });

  it("keeps a campaign's name from running as a formula in a spreadsheet", () => {
    const report = buildReport({
      from: "2026-03-01",
      to: "2026-03-10",
      by: "campaign",
      leads: [lead({ campaign: "=HYPERLINK(1)" })],
      pageViews: [],
      clock,
    });
    expect(reportCsv(report)).toContain("\r\n'=HYPERLINK(1),");
  });
});

describe("the median first response", () => {
  it("is the dashboard's measure: minutes of the promise clock, office minutes on office hours", () => {
    const nineToFive = { opens: "09:00", closes: "17:00" };
    const officeHours: Office = {
      timeZone: "America/Chicago",
      days: {
        monday: nineToFive,
        tuesday: nineToFive,
        wednesday: nineToFive,
        thursday: nineToFive,
        friday: nineToFive,
        saturday: null,
        sunday: null,
      },
      closedDays: [],
    };
    // Friday 4:50 PM to Monday 9:10 AM Central (CST, UTC-6): 20 office minutes; Monday 10:00 to 10:45: 45.
    const answered = [
      lead({ day: "2026-02-27", receivedAt: at("2026-02-27T22:50:00Z"), firstResponseAt: at("2026-03-02T15:10:00Z") }),
      lead({ day: "2026-03-02", receivedAt: at("2026-03-02T16:00:00Z"), firstResponseAt: at("2026-03-02T16:45:00Z") }),
    ];
    const report = buildReport({
      from: "2026-02-27",
      to: "2026-03-02",
      by: "channel",
      leads: answered,
      pageViews: [],
      clock: { hours: "business", office: officeHours },
    });
    expect(report.total.medianFirstResponseMinutes).toBe(32.5);
    const dashboard = slaPeriod(
      answered.map((l) => ({ ...l, dueAt: null, status: "contacted", assigneeId: null, assigneeName: null })),
      at("2026-03-03T00:00:00Z"),
      { slaMinutes: 30, hours: "business", office: officeHours },
    );
    expect(report.total.medianFirstResponseMinutes).toBe(dashboard.medianFirstResponseMinutes);
  });
});

describe("the report's texts", () => {
  it("formats money, minutes and missing figures", () => {
    expect(reportMessages.usd(2034.5)).toBe("$2,034.50");
    expect(reportMessages.usd(12400)).toBe("$12,400");
    expect(reportMessages.minutes(1234.5)).toBe("1,234.5 min");
    expect(reportMessages.percent(null)).toBe("—");
    expect(reportMessages.count(null)).toBe("—");
    expect(reportMessages.range("2026-03-01", "2026-03-10")).toBe("Mar 1, 2026 to Mar 10, 2026");
  });

  it("sums the charts up in a sentence", () => {
    expect(reportMessages.funnel.summary({ leads: 4, contacted: 3, quoted: 3, won: 2 })).toBe(
      "Funnel: 4 leads, 3 contacted (75%), 3 quoted (75%), 2 won (50%).",
    );
    expect(
      reportMessages.trend.summary([
        { week: "2026-03-02", leads: 2, won: 1 },
        { week: "2026-03-09", leads: 3, won: 0 },
      ]),
    ).toBe(
      "Leads and won per week, 2 weeks from the week of Mar 2, 2026: 5 leads and 1 won in all; the most leads, 3, in the week of Mar 9, 2026.",
    );
  });
});
