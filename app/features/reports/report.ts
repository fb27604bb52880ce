/**
 * The report's figures from its period's leads and page views (docs/decisions/061-report.md). Pure, so
 * the rules are tested without a database; report.server.ts reads the rows.
 *
 * The cohort is the leads received in the period; each is counted in its row, the total, the funnel and
 * the week it arrived in, whatever happened to it later (a lead of March won in May counts for March).
 */
import { channelLabels, type LeadChannel } from "~/features/leads/channel";
import { type ClockHours, clockMinutesBetween, type Office } from "~/features/leads/promise-clock";
import { csvRow, UTF8_BOM } from "~/features/leads-inbox/csv";
import { median, percent, round1 } from "~/features/leads-inbox/sla";
import { mondayOf } from "~/lib/calendar-day";
import { reportMessages } from "./messages";
import { type Report, type ReportFigures, type ReportGroup, type ReportRow, weeksOf } from "./schema";

/** One lead of the period, as report.server.ts reads it. */
export type ReportLead = {
  channel: string;
  /** utm_campaign, trimmed; null when the visit had none. */
  campaign: string | null;
  /** The path of the page the lead was sent from; null for a call, the chat, a walk-in. */
  landingPage: string | null;
  /** The agency's calendar day it arrived on (YYYY-MM-DD). */
  day: string;
  receivedAt: Date;
  firstResponseAt: Date | null;
  /** Quoted now or before: status quoted or won, a quoted premium, or a move to quoted in its timeline. */
  quoted: boolean;
  won: boolean;
  premiumCents: number | null;
};

/** The promise clock the first response is measured on (the dashboard's). */
export type ReportClock = { hours: ClockHours; office: Office };

export type ReportInput = {
  from: string;
  to: string;
  by: ReportGroup;
  leads: ReportLead[];
  /** Views of each public page in the period. */
  pageViews: { path: string; views: number }[];
  clock: ReportClock;
};

const keyOf: Record<ReportGroup, (lead: ReportLead) => string | null> = {
  channel: (lead) => lead.channel,
  campaign: (lead) => lead.campaign,
  page: (lead) => lead.landingPage,
};

function labelOf(by: ReportGroup, key: string | null): string {
  if (by === "channel") return channelLabels[key as LeadChannel] ?? key ?? reportMessages.none;
  if (key === null) return by === "campaign" ? reportMessages.noCampaign : reportMessages.noPage;
  return key;
}

function figures(leads: ReportLead[], pageViews: number | null, clock: ReportClock): ReportFigures {
  const won = leads.filter((l) => l.won);
  const premiumCents = won.reduce((sum, l) => sum + (l.premiumCents ?? 0), 0);
  const responses = leads.flatMap((l) =>
    l.firstResponseAt ? [clockMinutesBetween(l.receivedAt, l.firstResponseAt, clock.hours, clock.office)] : [],
  );
  const med = median(responses);
  return {
    pageViews,
    leads: leads.length,
    conversionPercent: pageViews === null ? null : percent(leads.length, pageViews),
    contacted: leads.filter((l) => l.firstResponseAt !== null).length,
    quoted: leads.filter((l) => l.quoted).length,
    won: won.length,
    wonPremium: premiumCents / 100,
    medianFirstResponseMinutes: med === null ? null : round1(med),
  };
}

/** The report: a row per channel, campaign or landing page (most leads first), the total, the funnel and the weeks. */
export function buildReport({ from, to, by, leads, pageViews, clock }: ReportInput): Report {
  const groups = new Map<string | null, ReportLead[]>();
  for (const lead of leads) {
    const key = keyOf[by](lead);
    const list = groups.get(key);
    if (list) list.push(lead);
    else groups.set(key, [lead]);
  }
  const viewsOf = new Map(pageViews.map((p) => [p.path, p.views]));
  // A landing page viewed in the period that brought no lead is a row too: its conversion is 0%.
  if (by === "page") for (const path of viewsOf.keys()) if (!groups.has(path)) groups.set(path, []);

  const rows: ReportRow[] = [...groups.entries()].map(([key, list]) => ({
    key,
    label: labelOf(by, key),
    ...figures(list, by === "page" ? (key === null ? null : (viewsOf.get(key) ?? 0)) : null, clock),
  }));
  rows.sort(
    (a, b) =>
      b.leads - a.leads ||
      (b.pageViews ?? -1) - (a.pageViews ?? -1) ||
      Number(a.key === null) - Number(b.key === null) ||
      a.label.localeCompare(b.label),
  );

  const totalViews = pageViews.reduce((n, p) => n + p.views, 0);
  const total = figures(leads, totalViews, clock);
  const weeks = new Map(weeksOf(from, to).map((week) => [week, { week, leads: 0, won: 0 }]));
  for (const lead of leads) {
    const week = weeks.get(mondayOf(lead.day));
    if (!week) continue;
    week.leads++;
    if (lead.won) week.won++;
  }
  return {
    from,
    to,
    by,
    rows,
    total,
    funnel: { leads: total.leads, contacted: total.contacted, quoted: total.quoted, won: total.won },
    weeks: [...weeks.values()],
  };
}

const c = reportMessages.csv;

/** The report's table as CSV (BOM, header row, CRLF records), the total last; a figure not known is an empty cell. */
export function reportCsv(report: Report): string {
  const header = [
    reportMessages.by[report.by],
    c.pageViews,
    c.leads,
    c.conversion,
    c.contacted,
    c.quoted,
    c.won,
    c.wonPremium,
    c.medianFirstResponse,
  ];
  const line = (label: string, f: ReportFigures) =>
    csvRow([
      label,
      f.pageViews,
      f.leads,
      f.conversionPercent,
      f.contacted,
      f.quoted,
      f.won,
      f.wonPremium.toFixed(2),
      f.medianFirstResponseMinutes,
    ]);
  return UTF8_BOM + csvRow(header) + report.rows.map((row) => line(row.label, row)).join("") + line(reportMessages.total, report.total);
}

/** The CSV's file name: what it holds and its days. */
export const reportCsvName = (report: Pick<Report, "by" | "from" | "to">) => `report-by-${report.by}-${report.from}-to-${report.to}.csv`;
