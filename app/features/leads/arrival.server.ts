/**
 * What every new lead gets as it is written, whichever form or the chat it came from: its promise
 * times (escalation and due, docs/decisions/027) and, when the agency turned round-robin on, an owner.
 * Runs inside the transaction that inserts the lead.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leadActivity } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import { getSetting } from "~/features/settings/settings.server";
import { officeOf, type PromiseSettings, promiseTimes } from "./promise-clock";

type Tx = Pick<Database, "select" | "insert" | "execute">;

export type PromiseConfig = Pick<Config, "LEAD_SLA_MINUTES" | "LEAD_ESCALATE_AFTER_MINUTES" | "LEAD_CLOCK_HOURS">;

/**
 * The promise in effect: the stored profile's call-back minutes and office, unless the operator set
 * LEAD_SLA_MINUTES (app/env.server.ts); the escalation comes no later than the promise, whatever the
 * two settings say.
 */
export function promiseSettings(config: PromiseConfig, site: SiteFacts): PromiseSettings {
  const slaMinutes = config.LEAD_SLA_MINUTES ?? site.promises.contactMinutes;
  return {
    slaMinutes,
    escalateAfterMinutes: Math.min(config.LEAD_ESCALATE_AFTER_MINUTES, slaMinutes),
    hours: config.LEAD_CLOCK_HOURS,
    office: officeOf(site),
  };
}

/** The columns a new lead's row takes from the clock. */
export function arrivalColumns(config: PromiseConfig, site: SiteFacts, receivedAt: Date) {
  return promiseTimes(receivedAt, promiseSettings(config, site));
}

/**
 * The active admin who has waited longest for a lead, moved to the back of the queue. SKIP LOCKED: two
 * leads arriving at once on two processes go to two admins instead of queueing for one row. NO KEY
 * UPDATE, so the key-share locks other writes take on an admin's row (a session, a timeline entry, a
 * lead assigned to them) do not hide it; when every active admin's row is taken, the pick waits
 * for one instead of leaving the lead unassigned.
 */
async function nextInTurn(tx: Tx): Promise<{ id: string; name: string | null; email: string } | null> {
  for (const wait of [false, true]) {
    const result = await tx.execute(sql`
      update admin_users set last_assigned_at = clock_timestamp()
      where id = (
        select id from admin_users where active
        order by last_assigned_at asc nulls first, created_at asc
        limit 1
        for no key update ${wait ? sql`` : sql`skip locked`}
      ) and active
      returning id, name, email`);
    const row = result.rows[0] as { id: string; name: string | null; email: string } | undefined;
    if (row) return row;
  }
  return null;
}

/**
 * The owner a new lead starts with: the next admin in turn when round-robin is on, else nobody. The
 * assignment is written to the lead's timeline. Call after the lead's row is inserted; the caller
 * sets `assignee_id` with the answer.
 */
export async function roundRobinAssignee(tx: Tx, leadId: string): Promise<string | null> {
  if (!(await getSetting(tx, "lead_round_robin"))) return null;
  const admin = await nextInTurn(tx);
  if (!admin) return null;
  await tx.insert(leadActivity).values({
    leadId,
    kind: "assigned",
    detail: { assigneeId: admin.id, assigneeName: admin.name ?? admin.email, roundRobin: true },
  });
  return admin.id;
}
