/**
 * Renewals and X-dates coming up (docs/decisions/062). A won lead's policy expiration and a lost lead's
 * X-date are listed in `lead_renewals` once they are within LIST_DAYS of the agency's today; the daily
 * job mails the lead's owner (or the agency inbox) once, on its first run on or after MAIL_DAYS before
 * the date; an admin marks an entry handled, which the lead's timeline records with who and when.
 *
 * Every function takes the moment it runs for (`now`, or the agency's `today`) and compares dates in SQL
 * against it as a parameter, so a test's clock and the database's agree. Safe in several processes at
 * once: listing is an insert that skips existing rows, and the mail claims rows with FOR UPDATE SKIP
 * LOCKED and sets `mailed_at` in the transaction that queues it.
 */
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, leadRenewals, leads } from "#db/schema";
import { lostReasonLabels } from "~/content/admin-options";
import type { SiteFacts } from "~/content/site-facts";
import { agencyInbox, type Config } from "~/env.server";
import { type Actor, authorOf, leadTimeline, recordLeadActivity } from "~/features/leads-inbox/activity.server";
import { activitySummary, adminDisplayName, detailChanges, statusLabels } from "~/features/leads-inbox/labels";
import { BUSINESS_NAME_KEY } from "~/features/leads-inbox/lead-edit-schema";
import type { LeadStatus } from "~/features/leads-inbox/schema";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { addDays, agencyDay, dayLabel, daysBetween } from "~/lib/calendar-day";
import { MAIL_HISTORY_ENTRIES, renewalDueMail } from "./mail.server";
import { renewalMessages } from "./messages";
import { type ComingUpItem, type HandledRenewal, LIST_DAYS, LIST_PAST_DAYS, MAIL_DAYS, type RenewalKind } from "./schema";

type Db = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "transaction">;

/** Entries mailed per transaction, and batches per run at most (the next run takes the rest). */
export const MAIL_BATCH = 50;
const MAX_BATCHES = 20;
/** The list shows at most this many open entries, soonest first. */
export const COMING_UP_MAX = 200;

/** The agency's today, as its stored profile's time zone has it at `now`. */
export const agencyToday = (site: SiteFacts, now: Date) => agencyDay(site.agency.hours.timezone, now);

/**
 * An entry still matches its lead: the lead is still won (a renewal) or lost (an X-date) and its date is
 * still the entry's. An entry that no longer does is left off the list at once and dropped by the next
 * listing when unhandled (a corrected date is listed again as a new entry).
 */
const stillDue = sql`(
  (${leadRenewals.kind} = 'renewal' and ${leads.status} = 'won' and ${leads.policyExpiresOn} = ${leadRenewals.dueOn})
  or (${leadRenewals.kind} = 'x_date' and ${leads.status} = 'lost' and ${leads.xDate} = ${leadRenewals.dueOn})
)`;

/**
 * Brings the list up to date for `today`: drops the unhandled entries whose lead moved on (status, or
 * a corrected date) and adds every won lead's expiration and lost lead's X-date from LIST_PAST_DAYS ago
 * to LIST_DAYS ahead that has no entry yet (a handled one included: it is not listed twice).
 */
export async function listRenewals(db: Db, today: string): Promise<{ listed: number; dropped: number }> {
  const from = addDays(today, -LIST_PAST_DAYS);
  const to = addDays(today, LIST_DAYS);
  return db.transaction(async (tx) => {
    const dropped = await tx.execute(sql`
      delete from lead_renewals r
      where r.handled_at is null
        and not exists (
          select 1 from leads l
          where l.id = r.lead_id
            and ((r.kind = 'renewal' and l.status = 'won' and l.policy_expires_on = r.due_on)
              or (r.kind = 'x_date' and l.status = 'lost' and l.x_date = r.due_on)))
      returning r.id`);
    const listed = await tx.execute(sql`
      insert into lead_renewals (lead_id, kind, due_on)
      select id, 'renewal', policy_expires_on from leads
        where status = 'won' and policy_expires_on between ${from}::date and ${to}::date
      union all
      select id, 'x_date', x_date from leads
        where status = 'lost' and x_date between ${from}::date and ${to}::date
      on conflict (lead_id, kind, due_on) do nothing
      returning id`);
    return { listed: listed.rows.length, dropped: dropped.rows.length };
  });
}

const dollars = (cents: number | null) => (cents === null ? null : Number(cents) / 100);
const iso = (d: Date | string) => new Date(d).toISOString();

const itemColumns = {
  id: leadRenewals.id,
  leadId: leadRenewals.leadId,
  kind: leadRenewals.kind,
  dueOn: leadRenewals.dueOn,
  listedAt: leadRenewals.listedAt,
  mailedAt: leadRenewals.mailedAt,
  reference: leads.reference,
  name: leads.name,
  businessName: sql<string | null>`${leads.payload} ->> ${BUSINESS_NAME_KEY}`,
  lineOfBusiness: leads.lineOfBusiness,
  carrier: leads.carrier,
  competitor: leads.competitor,
  premiumCents: leads.premiumCents,
  quotedPremiumCents: leads.quotedPremiumCents,
  ownerId: adminUsers.id,
  ownerName: adminUsers.name,
  ownerEmail: adminUsers.email,
  ownerActive: adminUsers.active,
};

/**
 * The open entries, soonest first (GET /api/admin/coming-up, the dashboard's "Coming up"), the list
 * brought up to date for `today` first: a date recorded a moment ago is on it, a corrected one moved.
 */
export async function comingUp(db: Db, today: string): Promise<ComingUpItem[]> {
  await listRenewals(db, today);
  const rows = await db
    .select(itemColumns)
    .from(leadRenewals)
    .innerJoin(leads, eq(leads.id, leadRenewals.leadId))
    .leftJoin(adminUsers, eq(adminUsers.id, leads.assigneeId))
    .where(and(isNull(leadRenewals.handledAt), stillDue))
    .orderBy(asc(leadRenewals.dueOn), asc(leads.reference), asc(leadRenewals.kind))
    .limit(COMING_UP_MAX);
  return rows.map((r) => {
    const kind = r.kind as RenewalKind;
    return {
      _id: r.id,
      leadId: r.leadId,
      reference: r.reference,
      name: r.name,
      businessName: r.businessName,
      kind,
      dueOn: r.dueOn,
      daysLeft: daysBetween(today, r.dueOn),
      lineOfBusiness: r.lineOfBusiness,
      carrier: kind === "renewal" ? r.carrier : null,
      competitor: kind === "x_date" ? r.competitor : null,
      premium: dollars(kind === "renewal" ? r.premiumCents : r.quotedPremiumCents),
      owner:
        r.ownerId && r.ownerEmail
          ? { id: r.ownerId, name: adminDisplayName({ name: r.ownerName, email: r.ownerEmail }), active: r.ownerActive === true }
          : null,
      listedAt: iso(r.listedAt),
      mailedAt: r.mailedAt ? iso(r.mailedAt) : null,
    };
  });
}

export type HandleResult =
  | { outcome: "handled"; renewal: HandledRenewal; reference: string }
  | { outcome: "not_found" }
  | { outcome: "already_handled" };

/**
 * Marks an open entry of the lead handled by `admin`, with the timeline entry, in one transaction: a
 * second click (or a colleague at the same moment) finds it handled. An entry whose lead moved on (no
 * longer on the list) is not found.
 */
export async function markRenewalHandled(db: Db, leadId: string, renewalId: string, admin: Actor): Promise<HandleResult> {
  return db.transaction(async (tx) => {
    const author = await authorOf(tx, admin);
    const [row] = await tx
      .update(leadRenewals)
      .set({ handledAt: sql`now()`, handledBy: admin.id, handledByName: author.adminName })
      .where(
        and(
          eq(leadRenewals.id, renewalId),
          eq(leadRenewals.leadId, leadId),
          isNull(leadRenewals.handledAt),
          sql`exists (select 1 from ${leads} where ${leads.id} = ${leadRenewals.leadId} and ${stillDue})`,
        ),
      )
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ handledAt: leadRenewals.handledAt })
        .from(leadRenewals)
        .where(and(eq(leadRenewals.id, renewalId), eq(leadRenewals.leadId, leadId)));
      return found?.handledAt ? { outcome: "already_handled" } : { outcome: "not_found" };
    }
    await recordLeadActivity(tx, {
      leadId,
      kind: "renewal_handled",
      author: admin,
      detail: { renewalId: row.id, kind: row.kind, dueOn: row.dueOn },
    });
    const [lead] = await tx.select({ reference: leads.reference }).from(leads).where(eq(leads.id, leadId));
    return {
      outcome: "handled",
      reference: lead?.reference ?? "",
      renewal: {
        _id: row.id,
        leadId,
        kind: row.kind as RenewalKind,
        dueOn: row.dueOn,
        handledAt: iso(row.handledAt ?? new Date()),
        handledBy: { id: admin.id, name: author.adminName },
      },
    };
  });
}

/** The outcome's recorded fields as the mail lists them. */
function outcomeRows(kind: RenewalKind, r: MailRow): [string, string][] {
  const l = renewalMessages.mail.labels;
  const money = (cents: number | null) => (cents === null ? null : renewalMessages.money(Number(cents) / 100));
  const reason =
    r.lostReason === "other" && r.lostReasonOther
      ? r.lostReasonOther
      : r.lostReason
        ? (lostReasonLabels[r.lostReason as keyof typeof lostReasonLabels] ?? r.lostReason)
        : null;
  const rows: [string, string | null][] =
    kind === "renewal"
      ? [
          [l.lineOfBusiness, r.lineOfBusiness],
          [l.carrier, r.carrier],
          [l.premium, money(r.premiumCents)],
          [l.quotedPremium, money(r.quotedPremiumCents)],
          [l.effective, r.policyEffectiveOn && dayLabel(r.policyEffectiveOn)],
          [l.term, r.policyTermMonths === null ? null : renewalMessages.mail.termMonths(r.policyTermMonths)],
          [l.expires, r.policyExpiresOn && dayLabel(r.policyExpiresOn)],
        ]
      : [
          [l.lostReason, reason],
          [l.competitor, r.competitor],
          [l.quotedPremium, money(r.quotedPremiumCents)],
          [l.lineOfBusiness, r.lineOfBusiness],
          [l.xDate, r.xDate && dayLabel(r.xDate)],
        ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== "");
}

type MailRow = {
  id: string;
  leadId: string;
  kind: string;
  dueOn: string;
  reference: string;
  name: string;
  businessName: string | null;
  phone: string;
  email: string;
  service: string | null;
  status: string;
  source: string;
  receivedAt: Date;
  lineOfBusiness: string | null;
  carrier: string | null;
  premiumCents: number | null;
  quotedPremiumCents: number | null;
  policyEffectiveOn: string | null;
  policyTermMonths: number | null;
  policyExpiresOn: string | null;
  lostReason: string | null;
  lostReasonOther: string | null;
  competitor: string | null;
  xDate: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  assigneeActive: boolean | null;
};

/** One batch of due mails in one transaction; answers how many it queued. */
async function mailBatch(db: Db, config: Config, site: SiteFacts, today: string): Promise<number> {
  const last = addDays(today, MAIL_DAYS);
  return db.transaction(async (tx) => {
    const rows: MailRow[] = await tx
      .select({
        id: leadRenewals.id,
        leadId: leadRenewals.leadId,
        kind: leadRenewals.kind,
        dueOn: leadRenewals.dueOn,
        reference: leads.reference,
        name: leads.name,
        businessName: sql<string | null>`${leads.payload} ->> ${BUSINESS_NAME_KEY}`,
        phone: leads.phone,
        email: leads.email,
        service: leads.service,
        status: leads.status,
        source: leads.source,
        receivedAt: leads.receivedAt,
        lineOfBusiness: leads.lineOfBusiness,
        carrier: leads.carrier,
        premiumCents: leads.premiumCents,
        quotedPremiumCents: leads.quotedPremiumCents,
        policyEffectiveOn: leads.policyEffectiveOn,
        policyTermMonths: leads.policyTermMonths,
        policyExpiresOn: leads.policyExpiresOn,
        lostReason: leads.lostReason,
        lostReasonOther: leads.lostReasonOther,
        competitor: leads.competitor,
        xDate: leads.xDate,
        assigneeName: adminUsers.name,
        assigneeEmail: adminUsers.email,
        assigneeActive: adminUsers.active,
      })
      .from(leadRenewals)
      .innerJoin(leads, eq(leads.id, leadRenewals.leadId))
      .leftJoin(adminUsers, eq(adminUsers.id, leads.assigneeId))
      .where(
        and(
          isNull(leadRenewals.mailedAt),
          isNull(leadRenewals.handledAt),
          // From MAIL_DAYS ahead up to the day itself: a date already gone is never mailed about.
          gte(leadRenewals.dueOn, today),
          lte(leadRenewals.dueOn, last),
          stillDue as SQL,
        ),
      )
      .orderBy(asc(leadRenewals.dueOn), asc(leadRenewals.id))
      .limit(MAIL_BATCH)
      // Another process's claim is skipped, not waited for; a row is re-checked once locked, so one
      // another process has just mailed about (mailed_at set) is left out.
      .for("update", { of: leadRenewals, skipLocked: true });
    if (rows.length === 0) return 0;
    await tx
      .update(leadRenewals)
      .set({ mailedAt: sql`now()` })
      .where(
        inArray(
          leadRenewals.id,
          rows.map((r) => r.id),
        ),
      );
    const domain = mailDomain(config);
    const inbox = agencyInbox(config, site);
    const base = config.SITE_URL.replace(/\/+$/, "");
    for (const row of rows) {
      const kind = row.kind as RenewalKind;
      const assignee = row.assigneeEmail
        ? {
            name: adminDisplayName({ name: row.assigneeName, email: row.assigneeEmail }),
            email: row.assigneeEmail,
            active: row.assigneeActive === true,
          }
        : null;
      const timeline = await leadTimeline(tx, { _id: row.leadId, receivedAt: iso(row.receivedAt), source: row.source });
      const shown = timeline.slice(0, MAIL_HISTORY_ENTRIES);
      const draft = renewalDueMail(site, {
        to: assignee?.active ? assignee.email : inbox,
        kind,
        dueOn: row.dueOn,
        daysLeft: daysBetween(today, row.dueOn),
        lead: {
          id: row.leadId,
          reference: row.reference,
          name: row.name,
          businessName: row.businessName,
          phone: row.phone,
          email: row.email,
          service: row.service,
          status: statusLabels[row.status as LeadStatus] ?? row.status,
        },
        outcome: outcomeRows(kind, row),
        carrier: row.carrier,
        competitor: row.competitor,
        assignee,
        history: shown.map((item) => ({
          at: new Date(item.at),
          summary: activitySummary(item),
          by: item.by?.name || null,
          lines:
            item.kind === "note" && typeof item.detail.body === "string"
              ? [item.detail.body]
              : item.kind === "details_changed"
                ? detailChanges(item)
                : [],
        })),
        earlier: timeline.length - shown.length,
        leadUrl: `${base}/admin/leads/${row.leadId}`,
      });
      await enqueueMail(tx, draft, { leadId: row.leadId, domain });
      await recordLeadActivity(tx, {
        leadId: row.leadId,
        kind: "renewal_mail",
        author: null,
        detail: { renewalId: row.id, kind, dueOn: row.dueOn, to: draft.to },
      });
    }
    return rows.length;
  });
}

export type RenewalRun = { today: string; listed: number; dropped: number; mailed: number };

/**
 * The daily job: lists what has come within LIST_DAYS of the agency's today at `now`, then queues the
 * mail of every open entry from MAIL_DAYS ahead to the day itself that has had none. Run again the same
 * day (a restart, a second process) it does nothing more; a day missed (the site down) is made up by the
 * next run, once. The caller nudges the mail sender when `mailed` is above zero.
 */
export async function sweepRenewals(db: Db, config: Config, site: SiteFacts, now: Date): Promise<RenewalRun> {
  const today = agencyToday(site, now);
  const { listed, dropped } = await listRenewals(db, today);
  let mailed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const n = await mailBatch(db, config, site, today);
    mailed += n;
    if (n < MAIL_BATCH) break;
  }
  return { today, listed, dropped, mailed };
}
