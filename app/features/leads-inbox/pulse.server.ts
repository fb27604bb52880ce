/**
 * The inbox's pulse (GET /api/leads/pulse): what an open list polls to learn that it should re-read
 * itself. Cheap on purpose, as every open inbox asks every few seconds: the count of new leads and
 * the newest lead, one statement on the status and received_at indexes.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { InboxPulse } from "./schema";

export async function inboxPulse(db: Pick<Database, "execute">): Promise<InboxPulse> {
  const result = await db.execute(sql`
    select (select count(*)::int from leads where status = 'new') as waiting, n.id, n.received_at,
      (select max(texted_at) from leads) as texted_at
    from (select 1) one
    left join lateral (select id, received_at from leads order by received_at desc, id desc limit 1) n on true`);
  const row = result.rows[0] as { waiting: number; id: string | null; received_at: Date | string | null; texted_at: Date | string | null };
  return {
    waiting: Number(row.waiting),
    newestId: row.id,
    newestReceivedAt: row.received_at === null ? null : new Date(row.received_at).toISOString(),
    newestTextAt: row.texted_at === null ? null : new Date(row.texted_at).toISOString(),
  };
}
