/** The report screen's texts (docs/decisions/061-report.md), in one place; the CSV's header says the same. */

const whole = new Intl.NumberFormat("en-US");
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Dollars as the agency reads them: $12,400 for whole dollars, $12,400.50 otherwise. */
export function formatUsd(dollars: number): string {
  return Number.isInteger(dollars) ? usdWhole.format(dollars) : usdCents.format(dollars);
}

/** 1,234 */
export const formatCount = (n: number) => whole.format(n);

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A calendar day (YYYY-MM-DD) as "May 4, 2026"; the day is the agency's, so no time zone moves it. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "May 4": a week's Monday under the trend chart. */
export const formatShortDay = (day: string) => shortDayFormat.format(new Date(`${day}T00:00:00Z`));

const NONE = "—";

export const reportMessages = {
  title: "Report",
  subtitle: "Which channels, campaigns and landing pages bring leads, and which of them become policies.",
  /** A figure that is not known (no page views recorded for the row, no first response to measure). */
  none: NONE,
  periods: {
    legend: "Period",
    "this-month": "This month",
    "last-30-days": "Last 30 days",
    "last-90-days": "Last 90 days",
    "this-year": "This year",
  },
  custom: {
    legend: "Custom period",
    from: "From",
    to: "To",
    show: "Show",
  },
  range: (from: string, to: string) => (from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`),
  by: {
    legend: "Group by",
    channel: "Channel",
    campaign: "Campaign",
    page: "Landing page",
  },
  /** The row of leads without a campaign (no utm_campaign) or without a landing page (a call, the chat, a walk-in). */
  noCampaign: "(none)",
  noPage: "(unknown)",
  columns: {
    pageViews: "Page views",
    leads: "Leads",
    conversion: "Conversion",
    contacted: "Contacted",
    quoted: "Quoted",
    won: "Won",
    wonPremium: "Won premium",
    medianFirstResponse: "Median first response",
  },
  total: "Total",
  caption: (by: string, range: string) => `Leads by ${by.toLowerCase()}, ${range}`,
  percent: (value: number | null) => (value === null ? NONE : `${value}%`),
  minutes: (value: number | null) => (value === null ? NONE : `${whole.format(value)} min`),
  count: (value: number | null) => (value === null ? NONE : whole.format(value)),
  usd: formatUsd,
  viewsNote:
    "Page views are counted per page, not per channel or campaign: those rows show none, and the total row has every public page's views in the period.",
  pageNote: "A landing page's conversion is its leads divided by its own views; leads by phone, chat or walk-in have no landing page.",
  empty: "No leads arrived in this period.",
  downloadCsv: "Download CSV",
  invalid: "The period was not valid.",
  funnel: {
    title: "From lead to won",
    stages: { leads: "Leads", contacted: "Contacted", quoted: "Quoted", won: "Won" },
    summary: (f: { leads: number; contacted: number; quoted: number; won: number }) => {
      const share = (n: number) => (f.leads ? ` (${Math.round((n / f.leads) * 1000) / 10}%)` : "");
      return `Funnel: ${f.leads} leads, ${f.contacted} contacted${share(f.contacted)}, ${f.quoted} quoted${share(f.quoted)}, ${f.won} won${share(f.won)}.`;
    },
  },
  trend: {
    title: "Leads and won, week by week",
    leads: "Leads",
    won: "Won",
    weekOf: (monday: string) => `Week of ${formatShortDay(monday)}`,
    summary: (weeks: { week: string; leads: number; won: number }[]) => {
      if (weeks.length === 0) return "No weeks in this period.";
      const leads = weeks.reduce((n, w) => n + w.leads, 0);
      const won = weeks.reduce((n, w) => n + w.won, 0);
      const busiest = weeks.reduce((a, b) => (b.leads > a.leads ? b : a));
      const span = weeks.length === 1 ? "1 week" : `${weeks.length} weeks`;
      return `Leads and won per week, ${span} from the week of ${formatDay(weeks[0].week)}: ${leads} leads and ${won} won in all; the most leads, ${busiest.leads}, in the week of ${formatDay(busiest.week)}.`;
    },
  },
  /** The CSV's header row. */
  csv: {
    pageViews: "Page views",
    leads: "Leads",
    conversion: "Conversion rate (%)",
    contacted: "Contacted",
    quoted: "Quoted",
    won: "Won",
    wonPremium: "Won premium (USD)",
    medianFirstResponse: "Median first response (minutes)",
  },
  errors: {
    group: "by must be one of: channel, campaign, page",
    order: "to must not be before from",
    tooLong: (days: number) => `The period may be at most ${whole.format(days)} days (3 years).`,
    period: "period must be one of: this-month, last-30-days, last-90-days, this-year",
  },
} as const;
