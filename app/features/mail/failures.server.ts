/**
 * Mail the outbox could not deliver, for the back office: the list the dashboard shows and the Retry
 * that puts a row back in the queue. A notification that never arrives must not go unnoticed
 * (docs/decisions/006): the admin sees the error, the lead it belongs to, and can send it again.
 */
import { and, desc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leads, mailOutbox } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import type { MailFailure, MailFailureState } from "./failure-types";

export type { MailFailure, MailFailureState };

/** How many rows the list shows at most: enough to see a pattern, never a page that grows without end. */
export const MAIL_FAILURES_LIMIT = 50;

/** The kind of the mail that tells the agency about a new lead (see templates.server.ts). */
export const AGENCY_NOTIFICATION_KIND = "agency_notification";

/** How much of the transport's last error the list carries. */
const ERROR_CHARS = 300;

const iso = (d: Date | string) => new Date(d).toISOString();

/** One line, at most ERROR_CHARS characters: SMTP answers can run over several lines. */
export function trimError(error: string | null): string {
  const line = (error ?? "").replace(/\s+/g, " ").trim();
  return line.length > ERROR_CHARS ? `${line.slice(0, ERROR_CHARS - 1)}…` : line;
}

/** Rows that have failed and not (yet) been delivered: dead, or awaiting or in another try (also what /metrics counts). */
export const failing = or(
  eq(mailOutbox.status, "dead"),
  and(inArray(mailOutbox.status, ["pending", "sending"]), gt(mailOutbox.attempts, 0), isNotNull(mailOutbox.lastError)),
);

/** The rows Retry may requeue: dead, or failed and waiting for the next try. Never one being sent. */
const retryable = or(
  eq(mailOutbox.status, "dead"),
  and(eq(mailOutbox.status, "pending"), gt(mailOutbox.attempts, 0), isNotNull(mailOutbox.lastError)),
);

/** Failing and dead mail, newest first, at most `limit` rows. */
export async function listMailFailures(db: Pick<Database, "select">, limit = MAIL_FAILURES_LIMIT): Promise<MailFailure[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      channel: mailOutbox.channel,
      kind: mailOutbox.kind,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      createdAt: mailOutbox.createdAt,
      leadId: leads.id,
      leadReference: leads.reference,
      leadName: leads.name,
    })
    .from(mailOutbox)
    .leftJoin(leads, eq(leads.id, mailOutbox.leadId))
    .where(failing)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => {
    const state: MailFailureState = row.status === "dead" ? "dead" : row.status === "sending" ? "sending" : "retrying";
    return {
      id: row.id,
      channel: row.channel === "sms" ? "sms" : "mail",
      kind: row.kind,
      to: row.to,
      subject: row.subject,
      state,
      attempts: row.attempts,
      lastError: trimError(row.lastError),
      nextAttemptAt: state === "retrying" ? iso(row.nextAttemptAt) : null,
      createdAt: iso(row.createdAt),
      lead: row.leadId && row.leadReference && row.leadName ? { id: row.leadId, reference: row.leadReference, name: row.leadName } : null,
      retryable: state !== "sending",
    };
  });
}

export type RetryResult = { status: "queued"; id: string } | { status: "not_found" } | { status: "not_retryable"; current: string };

/**
 * Puts a dead or failing mail back in the queue: due now, with a fresh count of attempts. One
 * statement guarded by the row's current state, so two clicks (or two admins) queue it once: the
 * second finds it pending with no attempts and is answered "not_retryable". The audit entry commits
 * with the change. The caller nudges the sender so it goes out at once.
 */
export async function retryMail(
  db: Database,
  id: string,
  by: { admin: { id: string; email: string }; ip?: string | null },
): Promise<RetryResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts, kind: mailOutbox.kind, leadId: mailOutbox.leadId })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .for("update");
    if (!before) return { status: "not_found" } as const;
    const updated = await tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(and(eq(mailOutbox.id, id), retryable))
      .returning({ id: mailOutbox.id });
    if (updated.length === 0) return { status: "not_retryable", current: before.status } as const;
    await recordAudit(tx, {
      action: "mail_retried",
      admin: by.admin,
      targetType: "mail",
      targetId: id,
      // Ids and counts only: an SMTP error can quote the recipient's address.
      detail: { kind: before.kind, previousStatus: before.status, attempts: before.attempts, leadId: before.leadId },
      ip: by.ip ?? null,
    });
    return { status: "queued", id } as const;
  });
}
