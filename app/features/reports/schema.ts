/**
 * The report's shapes, its query and its calendar (docs/decisions/061-report.md). Browser-safe: the
 * screen, GET /api/admin/report and its CSV read the same types and check the same rules.
 */
import { z } from "zod";
import { dayParam } from "~/features/leads-inbox/schema";
import { addDays, daysBetween, mondayOf } from "~/lib/calendar-day";
import { reportMessages } from "./messages";

export const REPORT_GROUPS = ["channel", "campaign", "page"] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_PERIODS = ["this-month", "last-30-days", "last-90-days", "this-year"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** Without from and to, the report covers the last 30 days. */
export const DEFAULT_PERIOD: ReportPeriod = "last-30-days";
/** The longest period asked for: three years, one of them a leap year. */
export const REPORT_MAX_DAYS = 1096;

/** The figures of one row, and of the total. */
export type ReportFigures = {
  /** Views of the row's pages: null on a channel's or a campaign's row (views are counted per page only). */
  pageViews: number | null;
  leads: number;
  /** leads / pageViews as a percentage with one decimal; null without views. */
  conversionPercent: number | null;
  contacted: number;
  quoted: number;
  won: number;
  /** The won leads' bound annual premium, in dollars. */
  wonPremium: number;
  /** In minutes of the promise clock, one decimal, as the dashboard measures it; null when none was answered. */
  medianFirstResponseMinutes: number | null;
};

export type ReportRow = ReportFigures & {
  /** The channel, the campaign or the page's path; null for leads without a campaign or a landing page. */
  key: string | null;
  label: string;
};

export type ReportWeek = { week: string; leads: number; won: number };

export type Report = {
  from: string;
  to: string;
  by: ReportGroup;
  rows: ReportRow[];
  total: ReportFigures;
  funnel: { leads: number; contacted: number; quoted: number; won: number };
  /** Every ISO week (its Monday) the period touches, in order, with the leads received in it and how many of them were won. */
  weeks: ReportWeek[];
};

/** How many days from `from` to `to`, both included. */
export const daysIn = (from: string, to: string) => daysBetween(from, to) + 1;

/** The Mondays of every ISO week from the one `from` is in to the one `to` is in. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = mondayOf(from); w <= to; w = addDays(w, 7)) weeks.push(w);
  return weeks;
}

/** A named period's days, ending `today` (the agency's calendar day). */
export function periodDays(period: ReportPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case "this-month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    case "last-90-days":
      return { from: addDays(today, -89), to: today };
    case "this-year":
      return { from: `${today.slice(0, 5)}01-01`, to: today };
  }
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const e = reportMessages.errors;

export const reportGroupSchema = z.enum(REPORT_GROUPS, { error: e.group });
export const reportPeriodSchema = z.enum(REPORT_PERIODS, { error: e.period });

/**
 * GET /api/admin/report's query, and the screen's custom period: from and to (YYYY-MM-DD, the agency's
 * days, both included; to defaults to `today`, from to 30 days before to), and the grouping. A period
 * ending before it starts, or longer than REPORT_MAX_DAYS, is refused with the field that is wrong.
 */
export function reportQuerySchema(today: string) {
  return z
    .object({
      from: dayParam("from"),
      to: dayParam("to"),
      by: z.preprocess(blank, reportGroupSchema.default("channel")),
    })
    .transform((q) => {
      const to = q.to ?? today;
      return { from: q.from ?? addDays(to, -29), to, by: q.by };
    })
    .refine((q) => q.from <= q.to, { message: e.order, path: ["to"] })
    .refine((q) => q.from > q.to || daysIn(q.from, q.to) <= REPORT_MAX_DAYS, { message: e.tooLong(REPORT_MAX_DAYS), path: ["from"] });
}
export type ReportQuery = z.infer<ReturnType<typeof reportQuerySchema>>;

/** The screen's address: a named period (`period`), or a custom one (`from`, `to`), and the grouping (`by`). */
export type ReportScreenQuery = { period: ReportPeriod | null; query: ReportQuery };

/**
 * The screen's choice read from its address: a named period wins; without one, from and to are a custom
 * period; with neither, the last 30 days. Errors are named by field, as the API names them.
 */
export function reportScreenQuery(
  raw: { period?: string; from?: string; to?: string; by?: string },
  today: string,
): { ok: true; value: ReportScreenQuery } | { ok: false; errors: Record<string, string> } {
  let period: ReportPeriod | null = null;
  let days: { from?: string; to?: string } = { from: raw.from, to: raw.to };
  if (raw.period || (!raw.from && !raw.to)) {
    const named = reportPeriodSchema.safeParse(raw.period || DEFAULT_PERIOD);
    if (!named.success) return { ok: false, errors: { period: e.period } };
    period = named.data;
    days = periodDays(period, today);
  }
  const parsed = reportQuerySchema(today).safeParse({ ...days, by: raw.by });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors };
  }
  return { ok: true, value: { period, query: parsed.data } };
}
