/**
 * The leads inbox's queries and its one mutation (docs/decisions/012-leads-inbox.md): the list
 * newest first with keyset pagination, one lead with everything follow-up needs, the status
 * pipeline with its first-response rule, the CSV export, and the dashboard's figures.
 */
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { consentRecords, type Lead, leads, type Upload, uploads } from "#db/schema";
import { searchText } from "#db/search";
import type { SiteFacts } from "~/content/site-facts";
import { recordAudit } from "~/features/audit/audit.server";
import { queueStaffAlert, type TextSettings } from "~/features/sms/texts.server";
import { parseSearch } from "~/lib/search";
import { searchWhere } from "~/lib/search.server";
import { activeAdmin, recordLeadActivity } from "./activity.server";
import { csvRow, UTF8_BOM } from "./csv";
import { type OutcomeInput, outcomeOf } from "./outcome";
import { checkOutcome, type OutcomeChange, outcomeColumns, writeOutcome } from "./outcome.server";
import type { InboxSummary, LeadDetail, LeadFilters, LeadListItem, LeadListQuery, LeadStatus } from "./schema";
import type { SlaSettings } from "./sla";
import { slaSummary } from "./sla-summary.server";

type Db = Pick<Database, "select" | "selectDistinct" | "update" | "execute">;

// Spelled out: Drizzle leaves columns unqualified in a one-table select, and inside the subquery an
// unqualified "id" would be the upload's.
const attachmentCount = sql<number>`(select count(*)::int from uploads u where u.lead_id = "leads"."id")`;

/**
 * The agency's notification of this lead was given up on (the outbox's "dead"): nobody was told by
 * mail, so the inbox marks the lead. Derived from mail_outbox; a retried mail clears it.
 */
const notificationFailed = sql<boolean>`exists (select 1 from mail_outbox m where m.lead_id = "leads"."id" and m.kind = 'agency_notification' and m.status = 'dead')`;

/** The owner's name as colleagues see it: their name, or their email for an account without one. */
const assigneeName = sql<string | null>`(select coalesce(a.name, a.email) from admin_users a where a.id = "leads"."assignee_id")`;

const listColumns = {
  id: leads.id,
  reference: leads.reference,
  leadType: leads.leadType,
  submissionType: leads.submissionType,
  source: leads.source,
  status: leads.status,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  service: leads.service,
  businessState: leads.businessState,
  outsideLicensedStates: leads.outsideLicensedStates,
  receivedAt: leads.receivedAt,
  firstResponseAt: leads.firstResponseAt,
  statusChangedAt: leads.statusChangedAt,
  attachments: attachmentCount,
  notificationFailed,
  assigneeId: leads.assigneeId,
  assigneeName,
  escalateAt: leads.escalateAt,
  dueAt: leads.dueAt,
  textedAt: leads.textedAt,
};

type ListRow = Pick<
  Lead,
  | "id"
  | "reference"
  | "leadType"
  | "submissionType"
  | "source"
  | "status"
  | "name"
  | "email"
  | "phone"
  | "service"
  | "businessState"
  | "outsideLicensedStates"
  | "receivedAt"
  | "firstResponseAt"
  | "statusChangedAt"
  | "assigneeId"
  | "escalateAt"
  | "dueAt"
  | "textedAt"
> & { attachments: number; notificationFailed: boolean; assigneeName: string | null };

/** A timestamp as ISO 8601, whether the driver handed it back as a Date or a string; null stays null. */
function iso(d: Date | string): string;
function iso(d: Date | string | null): string | null;
function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

function toItem(row: ListRow): LeadListItem {
  return {
    _id: row.id,
    reference: row.reference,
    leadType: row.leadType,
    submissionType: row.submissionType,
    source: row.source,
    status: row.status as LeadStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    businessState: row.businessState,
    outsideLicensedStates: row.outsideLicensedStates,
    receivedAt: iso(row.receivedAt),
    firstResponseAt: iso(row.firstResponseAt),
    statusChangedAt: iso(row.statusChangedAt),
    attachments: Number(row.attachments),
    notificationFailed: row.notificationFailed === true,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName,
    escalateAt: iso(row.escalateAt),
    textedAt: iso(row.textedAt),
    dueAt: iso(row.dueAt),
  };
}

/**
 * What a view needs besides its filters: who is looking (for "mine"), the promise clock (for "overdue") and
 * the agency's time zone (a day received is a day where the agency is).
 */
export type LeadView = { viewerId: string | null; slaMinutes: number; timeZone: string };

/** The view of the account `viewerId` under the site's promise clock. */
export function leadView(viewerId: string | null, settings: SlaSettings): LeadView {
  return { viewerId, slaMinutes: settings.slaMinutes, timeZone: settings.office.timeZone };
}

function ownerWhere(owner: LeadFilters["owner"], viewerId: string | null): SQL | undefined {
  if (owner === undefined) return undefined;
  if (owner === "unassigned") return isNull(leads.assigneeId);
  const id = owner === "mine" ? viewerId : owner;
  return id ? eq(leads.assigneeId, id) : sql`false`;
}

/**
 * Leads received from the day `from` to the day `to`, both included, as the agency's calendar has them
 * (its time zone, whatever the server's or database's): the inbox's filter and the report's period.
 */
export function receivedOnDays(timeZone: string, from?: string, to?: string): SQL | undefined {
  return and(
    from ? sql`${leads.receivedAt} >= (${from}::date::timestamp at time zone ${timeZone}::text)` : undefined,
    to ? sql`${leads.receivedAt} < ((${to}::date + 1)::timestamp at time zone ${timeZone}::text)` : undefined,
  );
}

function filterWhere(f: LeadFilters, view: LeadView): SQL | undefined {
  const terms = parseSearch(f.q);
  const tz = view.timeZone;
  return and(
    terms ? searchWhere(searchText.leads, terms, searchText.names.leads) : undefined,
    ownerWhere(f.owner, view.viewerId),
    f.overdue ? overdueLead(view.slaMinutes) : undefined,
    f.status ? eq(leads.status, f.status) : undefined,
    f.type ? eq(leads.leadType, f.type) : undefined,
    receivedOnDays(tz, f.from, f.to),
    f.licensed ? eq(leads.outsideLicensedStates, f.licensed === "outside") : undefined,
  );
}

/**
 * The leads before `before` (the last `_id` of the previous page) in (received_at, id) order, newest
 * first. Keyset rather than offset: a lead arriving while the admin pages on shifts nothing.
 */
async function page(
  db: Db,
  filters: LeadFilters,
  view: LeadView,
  limit: number,
  at: { before?: string; offset?: number },
): Promise<ListRow[]> {
  const cursor = at.before
    ? sql`(${leads.receivedAt}, ${leads.id}) < (select c.received_at, c.id from ${leads} c where c.id = ${at.before})`
    : undefined;
  return db
    .select(listColumns)
    .from(leads)
    .where(and(filterWhere(filters, view), cursor))
    .orderBy(desc(leads.receivedAt), desc(leads.id))
    .limit(limit)
    .offset(at.offset ?? 0);
}

/**
 * A page of the leads the view matches, newest first, and how many it matches in all: after `before` (the
 * API's keyset cursor), or from `offset` (the screen's numbered pages).
 */
export async function listLeads(
  db: Db,
  query: LeadListQuery & { offset?: number },
  view: LeadView,
): Promise<{ items: LeadListItem[]; total: number; nextCursor: string | null }> {
  const [rows, total] = await Promise.all([
    page(db, query, view, query.limit + 1, { before: query.before, offset: query.offset }),
    countLeads(db, query, view),
  ]);
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit).map(toItem);
  return { items, total, nextCursor: more ? items[items.length - 1]._id : null };
}

/** The leadTypes that occur in the store (the type filter's options). */
export async function leadTypesPresent(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ t: leads.leadType }).from(leads).orderBy(asc(leads.leadType));
  return rows.map((r) => r.t);
}

async function listItem(db: Db, id: string): Promise<LeadListItem | null> {
  const [row] = await db.select(listColumns).from(leads).where(eq(leads.id, id));
  return row ? toItem(row) : null;
}

export async function getLead(db: Db, id: string): Promise<LeadDetail | null> {
  const [row] = await db
    .select({
      ...listColumns,
      message: leads.message,
      payload: leads.payload,
      ip: leads.ip,
      userAgent: leads.userAgent,
      referrer: leads.referrer,
      pageUrl: leads.pageUrl,
      utm: leads.utm,
      channel: leads.channel,
      landingPage: leads.landingPage,
      consentRecordId: leads.consentRecordId,
      ...outcomeColumns,
    })
    .from(leads)
    .where(eq(leads.id, id));
  if (!row) return null;
  const [consent] = row.consentRecordId ? await db.select().from(consentRecords).where(eq(consentRecords.id, row.consentRecordId)) : [];
  const documents = await db
    .select({
      id: uploads.id,
      slot: uploads.slot,
      name: uploads.originalName,
      size: uploads.sizeBytes,
      type: uploads.mimeType,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.leadId, id))
    .orderBy(asc(uploads.slot), asc(uploads.createdAt));
  return {
    ...toItem(row),
    message: row.message,
    payload: row.payload,
    ip: row.ip,
    userAgent: row.userAgent,
    referrer: row.referrer,
    pageUrl: row.pageUrl,
    utm: row.utm,
    channel: row.channel,
    landingPage: row.landingPage,
    outcome: outcomeOf(row),
    consent: consent
      ? {
          id: consent.id,
          channel: consent.channel,
          sourceForm: consent.sourceForm,
          name: consent.name,
          email: consent.email,
          phone: consent.phone,
          consented: consent.consented,
          consentText: consent.consentText,
          consentVersion: consent.consentVersion,
          pageUrl: consent.pageUrl,
          ip: consent.ip,
          userAgent: consent.userAgent,
          recordHash: consent.recordHash,
          createdAt: iso(consent.createdAt),
        }
      : null,
    documents: documents.map((d) => ({ ...d, size: Number(d.size), createdAt: iso(d.createdAt) })),
  };
}

/**
 * Moves a lead in the pipeline. One statement, so two admins changing it at once cannot both be
 * "first": the first move out of "new" sets first_response_at, which nothing later overwrites or
 * clears (moving back to "new" keeps it). status_changed_at changes only when the status does.
 * Returns null for an unknown lead.
 */
export async function updateLeadStatus(db: Db, id: string, status: LeadStatus): Promise<LeadListItem | null> {
  const updated = await db
    .update(leads)
    .set({
      status,
      statusChangedAt: sql`case when ${leads.status} = ${status}::text then ${leads.statusChangedAt} else now() end`,
      firstResponseAt: sql`coalesce(${leads.firstResponseAt}, case when ${leads.status} = 'new' and ${status}::text <> 'new' then now() end)`,
    })
    .where(eq(leads.id, id))
    .returning({ id: leads.id });
  return updated.length ? listItem(db, id) : null;
}

/**
 * An admin's status change, with its audit entry (from and to) and its timeline entry committed in
 * the same transaction. The lead's row is locked first, so the "from" recorded is the status this
 * change replaced even when two admins change it at once. An unchanged status is answered but not
 * recorded. Null for an unknown lead.
 */
export async function changeLeadStatus(db: Database, id: string, status: LeadStatus, by: LeadChanger): Promise<LeadListItem | null> {
  const result = await updateLead(db, id, { status }, by);
  return result.outcome === "updated" ? result.lead : null;
}

export type LeadUpdateResult =
  | { outcome: "updated"; lead: LeadListItem; statusChanged: boolean; assigneeChanged: boolean; outcomeChanges: OutcomeChange[] }
  | { outcome: "not_found" }
  | { outcome: "invalid_assignee" }
  /** The lead's outcome (docs/decisions/060) was refused: the field errors, nothing changed. */
  | { outcome: "invalid_outcome"; errors: Record<string, string> };

/**
 * Who changes a lead, and with `alerts` the settings that let a colleague given a new lead hear of it by
 * text (docs/decisions/064) when they opted in.
 */
export type LeadChanger = {
  admin: { id: string; email: string };
  ip?: string | null;
  alerts?: { config: TextSettings; site: SiteFacts };
};

/** A change to a lead: its status, its owner, its outcome (checked on `today`, the agency's calendar day). */
export type LeadChange = {
  status?: LeadStatus;
  assigneeId?: string | null;
  result?: { fields: OutcomeInput; today: string };
};

/**
 * A status, an assignee (an active admin, or null for none), or both, in one transaction with their
 * audit and timeline entries. The status follows updateLeadStatus's rules; an entry is written only
 * for what changed. An unknown or deactivated assignee changes nothing.
 */
export async function updateLead(db: Database, id: string, change: LeadChange, by: LeadChanger): Promise<LeadUpdateResult> {
  return db.transaction(async (tx): Promise<LeadUpdateResult> => {
    const [before] = await tx
      .select({ status: leads.status, assigneeId: leads.assigneeId, reference: leads.reference, name: leads.name, ...outcomeColumns })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    if (!before) return { outcome: "not_found" };
    // The outcome against the status the lead will have, before anything is written.
    const checked = change.result
      ? checkOutcome(outcomeOf(before), change.status ?? before.status, change.result.fields, change.result.today)
      : null;
    if (checked && !checked.ok) return { outcome: "invalid_outcome", errors: checked.errors };
    const outcomeChanges = checked?.ok ? checked.changes : [];
    if (checked?.ok && outcomeChanges.length) await writeOutcome(tx, id, checked.next);
    // Checked only when it changes: keeping a deactivated owner is no new assignment.
    const assigneeChanged = change.assigneeId !== undefined && before.assigneeId !== change.assigneeId;
    const assignee = assigneeChanged && change.assigneeId ? await activeAdmin(tx, change.assigneeId) : null;
    if (assigneeChanged && change.assigneeId && !assignee) return { outcome: "invalid_assignee" };

    const statusChanged = change.status !== undefined && before.status !== change.status;
    const moved = change.status === undefined ? null : await updateLeadStatus(tx, id, change.status);
    if (moved && statusChanged) {
      await recordAudit(tx, {
        action: "lead_status_changed",
        admin: by.admin,
        targetType: "lead",
        targetId: id,
        detail: { reference: moved.reference, from: before.status, to: change.status },
        ip: by.ip ?? null,
      });
      // The outcome recorded with the move is part of the move's entry.
      await recordLeadActivity(tx, {
        leadId: id,
        kind: "status_changed",
        author: by.admin,
        detail: { from: before.status, to: change.status, ...(outcomeChanges.length ? { outcome: outcomeChanges } : {}) },
      });
    } else if (outcomeChanges.length) {
      await recordLeadActivity(tx, { leadId: id, kind: "outcome_changed", author: by.admin, detail: { changes: outcomeChanges } });
    }
    if (outcomeChanges.length) {
      await recordAudit(tx, {
        action: "lead_outcome_changed",
        admin: by.admin,
        targetType: "lead",
        targetId: id,
        detail: { reference: before.reference, fields: outcomeChanges.map((c) => c.field) },
        ip: by.ip ?? null,
      });
    }

    if (assigneeChanged) {
      await tx
        .update(leads)
        .set({ assigneeId: assignee?.id ?? null })
        .where(eq(leads.id, id));
      await recordLeadActivity(tx, {
        leadId: id,
        kind: "assigned",
        author: by.admin,
        detail: assignee ? { assigneeId: assignee.id, assigneeName: assignee.name } : { assigneeId: null },
      });
      // A new lead handed to a colleague reaches them by text when they asked for it, as round-robin's do.
      const stillNew = (change.status ?? before.status) === "new";
      if (assignee && assignee.id !== by.admin.id && stillNew && by.alerts) {
        await queueStaffAlert(tx, by.alerts, assignee.id, { id, reference: before.reference, name: before.name }, "new_lead");
      }
    }
    const lead = await listItem(tx, id);
    if (!lead) return { outcome: "not_found" };
    return { outcome: "updated", lead, statusChanged, assigneeChanged, outcomeChanges };
  });
}

/** The most leads one bulk change takes (a page of the list is 50). */
export const BULK_MAX = 200;

/**
 * The same change (a status, an owner, or both) to many leads: each through updateLead, in a transaction
 * of its own with its own audit and timeline entries, so every lead's timeline says what happened to it.
 * An owner who is not an active admin changes nothing at all; a lead deleted meanwhile is counted.
 */
export async function bulkUpdateLeads(
  db: Database,
  ids: readonly string[],
  change: { status?: LeadStatus; assigneeId?: string | null },
  by: LeadChanger,
): Promise<{ outcome: "updated"; updated: number; missing: number } | { outcome: "invalid_assignee" }> {
  if (change.assigneeId && !(await activeAdmin(db, change.assigneeId))) return { outcome: "invalid_assignee" };
  let updated = 0;
  let missing = 0;
  for (const id of new Set(ids)) {
    const result = await updateLead(db, id, change, by);
    if (result.outcome === "updated") updated++;
    else if (result.outcome === "not_found") missing++;
    else return { outcome: "invalid_assignee" };
  }
  return { outcome: "updated", updated, missing };
}

/** How many leads match the filters (the row count of the CSV export, and of the list's pages). */
export async function countLeads(db: Db, filters: LeadFilters, view: LeadView): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(leads).where(filterWhere(filters, view));
  return Number(n);
}

/** An upload of this lead (null when it does not exist or belongs to another lead, or to none). */
export async function leadDocument(db: Db, leadId: string, uploadId: string): Promise<Upload | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.leadId, leadId)));
  return row ?? null;
}

export const csvColumns = [
  "Reference",
  "Received",
  "Type",
  "Source",
  "Status",
  "Name",
  "Email",
  "Phone",
  "Service",
  "Business State",
  "Outside Licensed States",
  "First Response",
  "Minutes to First Response",
] as const;

function csvValues(lead: LeadListItem): unknown[] {
  const minutes = lead.firstResponseAt
    ? Math.max(0, Math.round((Date.parse(lead.firstResponseAt) - Date.parse(lead.receivedAt)) / 60_000))
    : "";
  return [
    lead.reference,
    lead.receivedAt,
    lead.leadType,
    lead.source,
    lead.status,
    lead.name,
    lead.email,
    lead.phone,
    lead.service,
    lead.businessState,
    lead.outsideLicensedStates,
    lead.firstResponseAt,
    minutes,
  ];
}

const EXPORT_BATCH = 500;

/**
 * Every lead matching the filters as CSV (BOM, header row, CRLF records), newest first, read in
 * batches so a large store is never held whole.
 */
export async function* leadsCsv(db: Db, filters: LeadFilters, view: LeadView): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(csvColumns);
  let before: string | undefined;
  for (;;) {
    const rows = await page(db, filters, view, EXPORT_BATCH, { before });
    if (rows.length === 0) return;
    yield rows.map((r) => csvRow(csvValues(toItem(r)))).join("");
    if (rows.length < EXPORT_BATCH) return;
    before = rows[rows.length - 1].id;
  }
}

/**
 * A new lead past its due time (docs/decisions/027), or for a lead older than the promise clock, received
 * more than the promised minutes ago: the dashboard's "overdue", and /metrics' agency_leads_overdue.
 */
export const overdueLead = (slaMinutes: number) =>
  sql`${leads.status} = 'new' and coalesce(${leads.dueAt}, ${leads.receivedAt} + make_interval(secs => ${slaMinutes * 60}::float8)) < now()`;

/**
 * The dashboard's figures. "Today" starts at midnight where the agency is (the office's time zone),
 * whatever the server's or database's time zone; "overdue" is a new lead past its due time
 * (docs/decisions/027), or for a lead older than the promise clock, received more than the promised
 * minutes ago. The promise kept over 7 and 30 days comes from ./sla-summary.server.ts.
 */
export async function inboxSummary(db: Db, settings: SlaSettings): Promise<InboxSummary> {
  const tz = settings.office.timeZone;
  const result = await db.execute(sql`
    select
      count(*) filter (where ${leads.receivedAt} >= (date_trunc('day', now() at time zone ${tz}::text) at time zone ${tz}::text))::int as new_today,
      count(*) filter (where ${leads.status} = 'new')::int as waiting,
      count(*) filter (where ${overdueLead(settings.slaMinutes)})::int as overdue
    from ${leads}`);
  const row = result.rows[0] as { new_today: number; waiting: number; overdue: number };
  const { last7Days, last30Days } = await slaSummary(db, settings);
  return { newToday: Number(row.new_today), waiting: Number(row.waiting), overdue: Number(row.overdue), last7Days, last30Days };
}
