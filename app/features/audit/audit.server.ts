/**
 * The back office's audit trail (`audit_events`): what an admin did, when, from where. Entries are
 * written by the action that they describe and never changed. `detail` carries ids, counts and
 * filters, never a visitor's personal data (an erasure records how many rows went, not the address).
 */
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, auditEvents } from "#db/schema";
import type { AuditAction } from "./actions";
import { AUDIT_PAGE_SIZE, type AuditItem, type AuditPage } from "./schema";

export type AuditEntry = {
  action: AuditAction;
  admin?: { id: string; email: string } | null;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
};

/** Writes one entry; `db` may be a transaction, so the entry commits with the change it describes. */
export async function recordAudit(db: Pick<Database, "insert">, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    adminId: entry.admin?.id ?? null,
    adminEmail: entry.admin?.email ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}

export type AuditFilters = {
  /** Entries by this admin only. */
  adminId?: string;
  /** First day (YYYY-MM-DD, where the agency is), inclusive. */
  from?: string;
  /** Last day (YYYY-MM-DD, where the agency is), inclusive. */
  to?: string;
  /** 1 is the newest page. */
  page?: number;
  pageSize?: number;
};

/**
 * The audit trail newest first, a page at a time. Days are the agency's (`timeZone`, the stored
 * profile's), whatever the server's or the database's time zone: "to" includes the whole of its day.
 */
export async function listAudit(db: Pick<Database, "select">, timeZone: string, filters: AuditFilters = {}): Promise<AuditPage> {
  const tz = timeZone;
  const pageSize = filters.pageSize ?? AUDIT_PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [
    filters.adminId ? eq(auditEvents.adminId, filters.adminId) : undefined,
    filters.from ? sql`${auditEvents.at} >= (${filters.from}::date::timestamp at time zone ${tz}::text)` : undefined,
    filters.to ? sql`${auditEvents.at} < ((${filters.to}::date + 1)::timestamp at time zone ${tz}::text)` : undefined,
  ];
  const where = and(...conditions);
  const [{ n }] = await db.select({ n: count() }).from(auditEvents).where(where);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.max(1, filters.page ?? 1);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: AuditItem[] = rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    adminId: r.adminId,
    adminEmail: r.adminEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    detail: r.detail ?? null,
    ip: r.ip,
  }));
  return { items, total, page, pageCount, pageSize };
}

/** The admins the filter offers: every account, by email. */
export async function auditAdmins(db: Pick<Database, "select">): Promise<{ id: string; email: string }[]> {
  return db.select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers).orderBy(asc(adminUsers.email));
}
