/**
 * A trucking lead's carrier check (docs/decisions/063), run off the request like the mail outbox's
 * mail (006): `enqueueCarrierCheck` writes the job in the lead's own transaction; `CarrierChecks`
 * claims due rows with FOR UPDATE SKIP LOCKED (a claim expires after two minutes, so a crashed
 * worker's rows are taken over), looks the carrier up, and stores the record and its flags with the
 * lead. FMCSA unavailable: retried with backoff from 30 seconds up to an hour, "dead" after 8 tries.
 * A carrier FMCSA does not know, or an answer of the wrong shape, ends the job with that outcome.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type LeadCarrierCheck, leadCarrierChecks, leads } from "#db/schema";
import { type CarrierFlag, carrierFlags } from "./flags";
import type { FmcsaLookup } from "./lookup.server";
import { storedRecord } from "./qcmobile.server";
import { type CarrierRecord, DOT_PATTERN } from "./record";

type Executor = Pick<Database, "insert">;

/** Queues the carrier check of a new trucking lead, in the lead's transaction. A DOT number that is not 1 to 8 digits queues nothing. */
export async function enqueueCarrierCheck(tx: Executor, leadId: string, dotNumber: string): Promise<boolean> {
  if (!DOT_PATTERN.test(dotNumber)) return false;
  await tx
    .insert(leadCarrierChecks)
    .values({ leadId, dotNumber: String(Number(dotNumber)) })
    .onConflictDoNothing();
  return true;
}

/** What the lead screen, GET /api/leads/:id and the packet show of a lead's check. */
export type LeadFmcsa = {
  status: "pending" | "done" | "failed";
  outcome: "found" | "not_found" | "invalid" | null;
  dotNumber: string;
  record: CarrierRecord | null;
  flags: { code: string; message: string }[];
  checkedAt: string | null;
};

/** A lead's carrier check as shown, or null when it has none (not a trucking lead, or the feature was off). */
export async function leadFmcsa(db: Pick<Database, "select">, leadId: string): Promise<LeadFmcsa | null> {
  const [row] = await db.select().from(leadCarrierChecks).where(eq(leadCarrierChecks.leadId, leadId));
  if (!row) return null;
  const record = row.record ? storedRecord.safeParse(row.record) : null;
  return {
    status: row.status === "done" ? "done" : row.status === "dead" ? "failed" : "pending",
    outcome: (row.outcome as LeadFmcsa["outcome"]) ?? null,
    dotNumber: row.dotNumber,
    record: record?.success ? record.data : null,
    flags: row.flags ?? [],
    checkedAt: row.checkedAt?.toISOString() ?? null,
  };
}

/** The number of flags of each of `leadIds` that has any (the inbox marks them). */
export async function flagCounts(db: Pick<Database, "select">, leadIds: string[]): Promise<Map<string, number>> {
  if (leadIds.length === 0) return new Map();
  const rows = await db
    .select({ leadId: leadCarrierChecks.leadId, n: sql<number>`jsonb_array_length(${leadCarrierChecks.flags})::int` })
    .from(leadCarrierChecks)
    .where(and(inArray(leadCarrierChecks.leadId, leadIds), eq(leadCarrierChecks.status, "done")));
  return new Map(rows.filter((r) => r.n > 0).map((r) => [r.leadId, Number(r.n)]));
}

export function checkRetryDelayMs(attempts: number, baseMs: number): number {
  const delay = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

export type CarrierChecksOptions = {
  db: Database;
  lookup: FmcsaLookup;
  maxAttempts?: number;
  retryBaseMs?: number;
  pollIntervalMs?: number;
  lockMs?: number;
  log?: (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;
  now?: () => Date;
};

export class CarrierChecks {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: CarrierChecksOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Check soon: called after a trucking lead is committed. */
  nudge(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(timeoutMs = 5_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.stopped || this.running) return;
    this.running = this.drain().then(
      () => undefined,
      (error) => this.options.log?.("error", { err: error }, "carrier checks: database error"),
    );
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else {
      this.schedule(this.options.pollIntervalMs ?? 15_000);
    }
  }

  /** Runs every check that is due; resolves when none is left. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      for (const check of claimed) {
        await this.run(check);
        total++;
      }
    }
  }

  private async claim(): Promise<LeadCarrierCheck[]> {
    const { db, lockMs = 120_000 } = this.options;
    const result = await db.execute(sql`
      update lead_carrier_checks set status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${lockMs / 1000})
      where id in (
        select id from lead_carrier_checks
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'running' and locked_until < now())
        order by created_at
        limit 10
        for update skip locked
      )
      returning id`);
    const ids = result.rows.map((r) => (r as { id: string }).id);
    if (ids.length === 0) return [];
    return db.select().from(leadCarrierChecks).where(inArray(leadCarrierChecks.id, ids));
  }

  private async run(check: LeadCarrierCheck) {
    const { db, lookup, maxAttempts = 8, retryBaseMs = 30_000, log, now = () => new Date() } = this.options;
    const stillMine = and(
      eq(leadCarrierChecks.id, check.id),
      eq(leadCarrierChecks.status, "running"),
      eq(leadCarrierChecks.attempts, check.attempts),
    );
    const result = await lookup.lookup(check.dotNumber);
    if (result.status === "unavailable") {
      const dead = check.attempts >= maxAttempts;
      await db
        .update(leadCarrierChecks)
        .set({
          status: dead ? "dead" : "pending",
          lockedUntil: null,
          lastError: "FMCSA unavailable",
          nextAttemptAt: new Date(Date.now() + checkRetryDelayMs(check.attempts, retryBaseMs)),
        })
        .where(stillMine);
      log?.(
        dead ? "error" : "warn",
        { leadId: check.leadId, attempt: check.attempts },
        dead ? "carrier check gave up" : "carrier check will retry",
      );
      return;
    }
    let record: CarrierRecord | null = null;
    let flags: CarrierFlag[] = [];
    if (result.status === "found") {
      record = result.record;
      const [lead] = await db.select({ payload: leads.payload }).from(leads).where(eq(leads.id, check.leadId));
      flags = carrierFlags((lead?.payload ?? {}) as Record<string, unknown>, record, now());
    }
    await db
      .update(leadCarrierChecks)
      .set({ status: "done", outcome: result.status, record, flags, lockedUntil: null, lastError: null, checkedAt: now() })
      .where(stillMine);
    log?.("info", { leadId: check.leadId, outcome: result.status, flags: flags.map((f) => f.code) }, "carrier checked");
  }
}
