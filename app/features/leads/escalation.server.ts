/**
 * The promise clock's mails (docs/decisions/027): a lead still "new" at its `escalate_at` gets one
 * reminder, to its assignee (when active) or the agency inbox; still "new" at its `due_at`, one notice
 * to the agency inbox. Exactly once across processes and restarts: a lead is claimed with FOR UPDATE
 * SKIP LOCKED, and its `escalated_at` / `overdue_notified_at`, its mail and its timeline entry are
 * written in one transaction. The database's now() decides, whatever the processes' own clocks say.
 */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, leadActivity, leads } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { agencyInbox, type Config } from "~/env.server";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { type ClockLead, escalationMail, overdueMail } from "~/features/mail/templates.server";
import { queueEscalationAlerts } from "~/features/sms/texts.server";

/** Leads claimed per transaction: a backlog (after downtime) is worked through in short transactions. */
export const SWEEP_BATCH = 50;
/** Batches per run at most, so one run stays short; the next run takes the rest. */
const MAX_BATCHES = 20;

type Stage = {
  kind: "lead_escalation" | "lead_overdue";
  activity: "escalation_mail" | "overdue_mail";
  /** The lead's time that has come, and the column that records its mail. */
  at: typeof leads.escalateAt | typeof leads.dueAt;
  done: typeof leads.escalatedAt | typeof leads.overdueNotifiedAt;
  doneField: "escalatedAt" | "overdueNotifiedAt";
};

const stages: Stage[] = [
  { kind: "lead_escalation", activity: "escalation_mail", at: leads.escalateAt, done: leads.escalatedAt, doneField: "escalatedAt" },
  { kind: "lead_overdue", activity: "overdue_mail", at: leads.dueAt, done: leads.overdueNotifiedAt, doneField: "overdueNotifiedAt" },
];

/** One batch of one stage in one transaction; answers how many leads it mailed about. */
async function sweepBatch(db: Database, config: Config, site: SiteFacts, stage: Stage): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: leads.id,
        reference: leads.reference,
        name: leads.name,
        phone: leads.phone,
        service: leads.service,
        receivedAt: leads.receivedAt,
        dueAt: leads.dueAt,
        assigneeName: adminUsers.name,
        assigneeEmail: adminUsers.email,
        assigneeActive: adminUsers.active,
        assigneeId: leads.assigneeId,
        nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
      })
      .from(leads)
      .leftJoin(adminUsers, eq(adminUsers.id, leads.assigneeId))
      // A lead without the clock's times (older than the clock) never matches: null <= now() is not true.
      .where(and(eq(leads.status, "new"), isNull(stage.done), lte(stage.at, sql`now()`)))
      .orderBy(stage.at)
      .limit(SWEEP_BATCH)
      // Another process's claim is skipped, not waited for; the row is re-checked once locked, so a
      // lead another process has just mailed about (or an admin has just answered) is left out.
      .for("update", { of: leads, skipLocked: true });
    if (rows.length === 0) return 0;
    await tx
      .update(leads)
      .set({ [stage.doneField]: sql`now()` })
      .where(
        inArray(
          leads.id,
          rows.map((r) => r.id),
        ),
      );
    const domain = mailDomain(config);
    const inbox = agencyInbox(config, site);
    for (const row of rows) {
      const assignee = row.assigneeEmail ? { name: row.assigneeName, email: row.assigneeEmail, active: row.assigneeActive === true } : null;
      const lead: ClockLead = {
        id: row.id,
        reference: row.reference,
        name: row.name,
        phone: row.phone,
        service: row.service,
        receivedAt: row.receivedAt,
        // Set whenever escalate_at is (both come from the arrival); the receipt time is a safe stand-in.
        dueAt: row.dueAt ?? row.receivedAt,
        assignee,
      };
      const now = new Date(Number(row.nowMs));
      const leadUrl = `${config.SITE_URL.replace(/\/+$/, "")}/admin/leads/${row.id}`;
      const draft =
        stage.kind === "lead_escalation"
          ? escalationMail(site, { to: assignee?.active ? assignee.email : inbox, lead, leadUrl, now })
          : overdueMail(site, { to: inbox, lead, leadUrl, now });
      await enqueueMail(tx, draft, { leadId: row.id, domain });
      await tx.insert(leadActivity).values({ leadId: row.id, kind: stage.activity, detail: { to: draft.to } });
      // By text too, to whoever asked for alerts on their account (docs/decisions/064).
      if (stage.kind === "lead_escalation")
        await queueEscalationAlerts(
          tx,
          { config, site },
          { id: row.id, reference: row.reference, name: row.name },
          assignee?.active ? row.assigneeId : null,
        );
    }
    return rows.length;
  });
}

export type SweepCounts = { escalated: number; overdue: number };

/**
 * Queues the escalation and overdue mails whose time has come, written with `site` (the stored
 * profile as the run finds it); safe to run in several processes at once. The caller nudges the mail
 * sender when a count is above zero.
 */
export async function sweepLeadClock(db: Database, config: Config, site: SiteFacts): Promise<SweepCounts> {
  const counts: SweepCounts = { escalated: 0, overdue: 0 };
  for (const stage of stages) {
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const n = await sweepBatch(db, config, site, stage);
      if (stage.kind === "lead_escalation") counts.escalated += n;
      else counts.overdue += n;
      if (n < SWEEP_BATCH) break;
    }
  }
  return counts;
}
