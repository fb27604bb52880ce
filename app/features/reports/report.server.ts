/**
 * The report's reads (docs/decisions/061-report.md): the leads received in the period, on the agency's
 * calendar as the inbox's day filter has it, and the views of the public pages on the same days. The
 * figures are worked out in ./report.ts: the median first response is measured on the promise clock,
 * whose office-hours arithmetic is the application's. The period is at most REPORT_MAX_DAYS, and an
 * agency receives hundreds of leads a month: the read is a few columns of some thousands of rows.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leads } from "#db/schema";
import { receivedOnDays } from "~/features/leads-inbox/inbox.server";
import { buildReport, type ReportClock, type ReportLead } from "./report";
import type { Report, ReportQuery } from "./schema";

type Db = Pick<Database, "execute">;

type LeadRow = {
  channel: string;
  campaign: string | null;
  landing_page: string | null;
  day: string;
  received_at: Date | string;
  first_response_at: Date | string | null;
  quoted: boolean;
  won: boolean;
  premium_cents: number | string | null;
};

async function periodLeads(db: Db, query: ReportQuery, timeZone: string): Promise<ReportLead[]> {
  const result = await db.execute(sql`
    select
      ${leads.channel} as channel,
      nullif(btrim(${leads.utm}->>'utm_campaign'), '') as campaign,
      nullif(${leads.landingPage}, '') as landing_page,
      (${leads.receivedAt} at time zone ${timeZone}::text)::date::text as day,
      ${leads.receivedAt} as received_at,
      ${leads.firstResponseAt} as first_response_at,
      (${leads.status} in ('quoted', 'won')
        or ${leads.quotedPremiumCents} is not null
        or exists (select 1 from lead_activity a
          where a.lead_id = ${leads.id} and a.kind = 'status_changed' and a.detail->>'to' = 'quoted')) as quoted,
      ${leads.status} = 'won' as won,
      ${leads.premiumCents} as premium_cents
    from ${leads}
    where ${receivedOnDays(timeZone, query.from, query.to)}`);
  return (result.rows as LeadRow[]).map((r) => ({
    channel: r.channel,
    campaign: r.campaign,
    landingPage: r.landing_page,
    day: r.day,
    receivedAt: new Date(r.received_at),
    firstResponseAt: r.first_response_at === null ? null : new Date(r.first_response_at),
    quoted: r.quoted === true,
    won: r.won === true,
    premiumCents: r.premium_cents === null ? null : Number(r.premium_cents),
  }));
}

/** Views of each public page on the period's days (page_views' days are already the agency's). */
async function periodPageViews(db: Db, query: ReportQuery): Promise<{ path: string; views: number }[]> {
  const result = await db.execute(sql`
    select path, sum(views)::bigint as views from page_views
    where day >= ${query.from}::date and day <= ${query.to}::date
    group by path`);
  return (result.rows as { path: string; views: number | string }[]).map((r) => ({ path: r.path, views: Number(r.views) }));
}

/** The report of a period, grouped by channel, campaign or landing page. */
export async function periodReport(db: Db, query: ReportQuery, clock: ReportClock): Promise<Report> {
  const [periodLeadRows, pageViews] = await Promise.all([periodLeads(db, query, clock.office.timeZone), periodPageViews(db, query)]);
  return buildReport({ ...query, leads: periodLeadRows, pageViews, clock });
}
