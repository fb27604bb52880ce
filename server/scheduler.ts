/**
 * Background jobs that run once per site, however many server processes share the database. Every
 * process with BACKGROUND_JOBS on checks each job on a short tick; a process runs a job only when it
 * moves the job's `next_run_at` in `scheduled_jobs` forward itself, in one statement, so of processes
 * checking at the same moment exactly one wins each run. A process that dies mid-run costs one run:
 * the next one comes an interval later, and every job is written to be repeatable.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";

export type JobLog = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

export type Job = {
  /** Unique per site: the row in `scheduled_jobs`. */
  name: string;
  intervalMs: number;
  /** Runs the job; an error is logged and the job runs again at its next time. */
  run: () => Promise<void>;
  /**
   * On a site that has never run the job, its first run comes this long after the first start instead
   * of at once (a backup of a site minutes old holds nothing yet, and a test server never makes one).
   */
  firstRunDelayMs?: number;
};

/** Who runs a job, as `scheduled_jobs.last_run_by` records it. */
export const processName = `${os.hostname()}:${process.pid}`;

/**
 * Claims the job's next run: true for exactly one caller per interval across every process. The
 * database's clock decides, so processes on machines whose clocks differ still agree.
 */
export async function claimRun(db: Database, name: string, intervalMs: number, by = processName): Promise<boolean> {
  const seconds = intervalMs / 1000;
  const result = await db.execute(sql`
    insert into scheduled_jobs (name, next_run_at, last_run_by, last_run_at)
    values (${name}, now() + make_interval(secs => ${seconds}), ${by}, now())
    on conflict (name) do update
      set next_run_at = excluded.next_run_at, last_run_by = excluded.last_run_by, last_run_at = excluded.last_run_at
      where scheduled_jobs.next_run_at <= now()
    returning name`);
  return result.rows.length === 1;
}

export type SchedulerOptions = {
  db: Database;
  jobs: Job[];
  /** How often each job's time is checked; a job runs at most once per its own interval. */
  tickMs?: number;
  log?: JobLog;
};

export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly tickMs: number;
  private readonly firstRunsSet = new Set<string>();

  constructor(private readonly options: SchedulerOptions) {
    const shortest = Math.min(...options.jobs.map((job) => job.intervalMs), 60_000);
    this.tickMs = options.tickMs ?? shortest;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // The first check comes soon after start, not at once: start-up has enough to do.
    this.schedule(Math.min(this.tickMs, 1000));
  }

  /** Stops checking and waits for a job in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Checks every job once and runs those this process wins (tests call it directly). */
  async tick(): Promise<string[]> {
    const ran: string[] = [];
    const { db, jobs, log } = this.options;
    for (const job of jobs) {
      if (this.stopped && this.timer !== undefined) break;
      let won = false;
      try {
        if (job.firstRunDelayMs !== undefined && !this.firstRunsSet.has(job.name)) {
          await db.execute(sql`
            insert into scheduled_jobs (name, next_run_at)
            values (${job.name}, now() + make_interval(secs => ${job.firstRunDelayMs / 1000}))
            on conflict (name) do nothing`);
          this.firstRunsSet.add(job.name);
        }
        won = await claimRun(db, job.name, job.intervalMs);
      } catch (error) {
        log?.("error", { err: error, job: job.name }, "scheduled job: could not claim its run");
        continue;
      }
      if (!won) continue;
      ran.push(job.name);
      try {
        await job.run();
      } catch (error) {
        log?.("error", { err: error, job: job.name }, "scheduled job failed; it runs again at its next time");
      }
    }
    return ran;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().then(
        () => undefined,
        () => undefined,
      );
      void this.running.finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.tickMs);
      });
    }, ms);
    this.timer.unref?.();
  }
}
