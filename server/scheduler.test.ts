import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { databaseEnv, databaseKinds } from "../tests/support/databases";
import { claimRun, Scheduler } from "./scheduler";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databaseKinds)("scheduled jobs on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Two handles on one database stand for two server processes (PGlite has one process: one handle). */
  async function handles(): Promise<DatabaseHandle[]> {
    const { env, cleanup } = await databaseEnv(kind);
    cleanups.push(cleanup);
    const open = () => openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    const first = await open();
    cleanups.push(() => first.close());
    await runMigrations(first);
    if (kind === "pglite") return [first];
    const second = await open();
    cleanups.push(() => second.close());
    return [first, second];
  }

  it("gives each run to exactly one of many callers at once, and the next run only after the interval", async () => {
    const all = await handles();
    const claims = () => Promise.all(Array.from({ length: 20 }, (_, i) => claimRun(all[i % all.length].db, "sweep", 600, `p${i}`)));
    expect((await claims()).filter(Boolean)).toHaveLength(1);
    expect((await claims()).filter(Boolean)).toHaveLength(0);
    await sleep(700);
    expect((await claims()).filter(Boolean)).toHaveLength(1);
    // Another job is counted on its own.
    expect(await claimRun(all[0].db, "other", 600)).toBe(true);
    const row = await all[0].db.execute(sql`select last_run_by, next_run_at > now() as later from scheduled_jobs where name = 'sweep'`);
    expect(row.rows[0]).toMatchObject({ later: true });
    expect(String(row.rows[0]?.last_run_by)).toMatch(/^p\d+$/);
  });

  it("runs a job once per interval across schedulers, and a failing job again at its next time", async () => {
    const all = await handles();
    let runs = 0;
    let failures = 0;
    const logged: string[] = [];
    const schedulers = Array.from(
      { length: 3 },
      (_, i) =>
        new Scheduler({
          db: all[i % all.length].db,
          jobs: [
            {
              name: "count",
              intervalMs: 60_000,
              run: async () => {
                runs++;
              },
            },
            {
              name: "fail",
              intervalMs: 60_000,
              run: async () => {
                failures++;
                throw new Error("boom");
              },
            },
          ],
          log: (_level, _data, message) => logged.push(message),
        }),
    );
    const ran = await Promise.all(schedulers.map((s) => s.tick()));
    expect(runs).toBe(1);
    expect(failures).toBe(1);
    expect(ran.flat().sort()).toEqual(["count", "fail"]);
    expect(logged).toContain("scheduled job failed; it runs again at its next time");
    // Not due again within the interval, whoever asks.
    await Promise.all(schedulers.map((s) => s.tick()));
    expect(runs).toBe(1);
  });
});
