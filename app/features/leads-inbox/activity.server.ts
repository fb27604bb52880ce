/**
 * A lead's timeline (lead_activity): who changed its status, who it was assigned to, the notes
 * colleagues left, and the escalation and overdue mails, with when. Entries copy their author's
 * name and email, so a timeline keeps its authors after an account goes.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, type LeadActivity, leadActivity, leads } from "#db/schema";
import { adminDisplayName as displayName } from "./labels";
import type { LeadActivityItem, LeadActivityKind } from "./schema";

type Db = Pick<Database, "select" | "insert">;

/** The signed-in admin as the API and the route actions know them. */
export type Actor = { id: string; email: string };

/** An admin a lead can be given to, as the "Assigned to" select lists them. */
export type AssignableAdmin = { id: string; email: string; name: string | null };

/** The author of an entry as it is copied onto it: their id, the name shown for them, their email. */
export async function authorOf(db: Db, admin: Actor): Promise<{ adminId: string; adminName: string; adminEmail: string }> {
  const [row] = await db.select({ name: adminUsers.name, email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.id, admin.id));
  const email = row?.email ?? admin.email;
  return { adminId: admin.id, adminName: displayName({ name: row?.name ?? null, email }), adminEmail: email };
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toActivityItem(row: LeadActivity): LeadActivityItem {
  const author = row.adminId !== null || row.adminName !== null || row.adminEmail !== null;
  return {
    id: row.id,
    kind: row.kind as LeadActivityKind,
    at: iso(row.at),
    by: author ? { id: row.adminId, name: row.adminName ?? row.adminEmail ?? "", email: row.adminEmail } : null,
    detail: row.detail ?? {},
  };
}

/**
 * Writes one entry; `db` may be the transaction of the change it describes. Stamped with the
 * statement's own clock rather than the transaction's start, so a status change and an assignment
 * made in one request keep the order they were made in.
 */
export async function recordLeadActivity(
  db: Db,
  entry: { leadId: string; kind: LeadActivityKind; author: Actor | null; detail: Record<string, unknown> },
): Promise<LeadActivityItem> {
  const author = entry.author ? await authorOf(db, entry.author) : { adminId: null, adminName: null, adminEmail: null };
  const [row] = await db
    .insert(leadActivity)
    .values({ leadId: entry.leadId, kind: entry.kind, at: sql`clock_timestamp()`, ...author, detail: entry.detail })
    .returning();
  return toActivityItem(row);
}

/**
 * The lead's timeline, newest first: its entries (ties in time by id, so the order is stable) and,
 * always last, its arrival: the lead's own received_at, or for a lead added by staff the entry written
 * with it, which names the colleague (docs/decisions/052).
 */
export async function leadTimeline(db: Db, lead: { _id: string; receivedAt: string; source: string }): Promise<LeadActivityItem[]> {
  const rows = await db
    .select()
    .from(leadActivity)
    .where(eq(leadActivity.leadId, lead._id))
    .orderBy(desc(leadActivity.at), desc(leadActivity.id));
  const stored = rows.find((row) => row.kind === "received");
  const arrival: LeadActivityItem = stored
    ? { ...toActivityItem(stored), at: lead.receivedAt }
    : { id: `${lead._id}-received`, kind: "received", at: lead.receivedAt, by: null, detail: { source: lead.source } };
  return [...rows.filter((row) => row.kind !== "received").map(toActivityItem), arrival];
}

/** A note on a lead by an admin; null for an unknown lead. */
export async function addLeadNote(db: Db, leadId: string, body: string, author: Actor): Promise<LeadActivityItem | null> {
  const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId));
  if (!lead) return null;
  return recordLeadActivity(db, { leadId, kind: "note", author, detail: { body } });
}

/** The admins a lead can be given to: the active ones, by the name shown for them. */
export async function assignableAdmins(db: Db): Promise<AssignableAdmin[]> {
  return db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name })
    .from(adminUsers)
    .where(eq(adminUsers.active, true))
    .orderBy(asc(sql`lower(coalesce(nullif(trim(${adminUsers.name}), ''), ${adminUsers.email}))`), asc(adminUsers.id));
}

/** An active admin by id, with the name shown for them; null when there is none or the account is deactivated. */
export async function activeAdmin(db: Db, id: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, name: adminUsers.name })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.active, true)))
    // Held until the assignment commits: a deactivation of this admin at the same moment waits for it.
    .for("share");
  return row ? { id: row.id, name: displayName(row) } : null;
}
