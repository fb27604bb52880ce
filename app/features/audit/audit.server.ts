/**
 * The back office's audit trail (`audit_events`): what an admin did, when, from where. Entries are
 * written by the action that they describe and never changed. `detail` carries ids, counts and
 * filters, never a visitor's personal data (an erasure records how many rows went, not the address).
 */
import type { Database } from "../../../db/client";
import { auditEvents } from "../../../db/schema";

/** The actions recorded. */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "password_changed",
  "leads_exported",
  "document_downloaded",
  "lead_status_changed",
  "person_erased",
  "retention_run",
  "mail_retried",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
