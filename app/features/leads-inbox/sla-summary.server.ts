/**
 * The dashboard's "is the promise kept?" figures for the last 7 and 30 days (rules in ./sla.ts).
 * The periods end at the database's now(), like the inbox's other figures, whatever the server's clock.
 *
 * The 30 days' leads are read and judged here rather than in SQL: office-hours minutes are the
 * promise clock's own arithmetic (app/features/leads/promise-clock.ts), and an agency receives
 * hundreds of leads a month, not hundreds of thousands. The read is bounded all the same: at most
 * SLA_MAX_ROWS, the newest first, so an unexpected flood costs a capped read and the figures then
 * cover the newest leads of the period.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { SlaPeriod } from "./schema";
import { type SlaLead, type SlaSettings, slaPeriod } from "./sla";

type Db = Pick<Database, "execute">;

export const SLA_MAX_ROWS = 20_000;

type Row = {
  received_at: Date | string;
  first_response_at: Date | string | null;
  due_at: Date | string | null;
  status: string;
  assignee_id: string | null;
  assignee_name: string | null;
  recent: boolean;
  now: Date | string;
};

const date = (v: Date | string) => new Date(v);

export async function slaSummary(db: Db, settings: SlaSettings): Promise<{ last7Days: SlaPeriod; last30Days: SlaPeriod }> {
  const result = await db.execute(sql`
    select l.received_at, l.first_response_at, l.due_at, l.status, l.assignee_id,
      coalesce(a.name, a.email) as assignee_name,
      l.received_at >= now() - interval '7 days' as recent,
      now() as now
    from leads l left join admin_users a on a.id = l.assignee_id
    where l.received_at >= now() - interval '30 days'
    order by l.received_at desc
    limit ${SLA_MAX_ROWS}`);
  const rows = result.rows as Row[];
  // With no lead in 30 days there is nothing to judge, and any clock will do.
  const now = rows.length ? date(rows[0].now) : new Date();
  const leads = rows.map((r) => ({
    lead: {
      receivedAt: date(r.received_at),
      firstResponseAt: r.first_response_at === null ? null : date(r.first_response_at),
      dueAt: r.due_at === null ? null : date(r.due_at),
      status: r.status,
      assigneeId: r.assignee_id,
      assigneeName: r.assignee_name,
    } satisfies SlaLead,
    recent: r.recent === true,
  }));
  return {
    last7Days: slaPeriod(
      leads.filter((l) => l.recent).map((l) => l.lead),
      now,
      settings,
    ),
    last30Days: slaPeriod(
      leads.map((l) => l.lead),
      now,
      settings,
    ),
  };
}
