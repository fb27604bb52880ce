/**
 * The limits' counts on PostgreSQL, with two database handles on one database standing for two
 * server processes: every limit holds for both together, also when they are hit at the same time.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { LoginThrottle, type LoginThrottleSettings, type SignInThrottle } from "../app/features/auth/login-throttle.server";
import { ByteBudget } from "../app/features/uploads/byte-budget.server";
import { createPostgresDatabase } from "../tests/support/databases";
import { addressKey } from "./client-info";
import { createLimits, type Limits } from "./limits";
import { RateLimiter } from "./rate-limit";

const SETTINGS: LoginThrottleSettings = {
  pairFreeFailures: 3,
  addressFreeFailures: 10,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  maxEntries: 10_000,
};
const K = 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("limits on the embedded database", () => {
  it("count in this process's memory", () => {
    const limits = createLimits({ kind: "pglite" } as DatabaseHandle, SETTINGS);
    expect(limits.kind).toBe("memory");
    expect(limits.rate("forms", 5, 60_000)).toBeInstanceOf(RateLimiter);
    // A name counts once, whoever asks for it (the JSON endpoint and the page's form action).
    expect(limits.rate("forms", 5, 60_000)).toBe(limits.rate("forms", 5, 60_000));
    expect(limits.rate("forms", 5, 60_000)).not.toBe(limits.rate("applications", 5, 60_000));
    expect(limits.bytes("upload-bytes", 100, 60_000)).toBeInstanceOf(ByteBudget);
    expect(limits.signIn()).toBeInstanceOf(LoginThrottle);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("limits shared by two processes on PostgreSQL", () => {
  let drop: () => Promise<void>;
  let handles: DatabaseHandle[] = [];
  /** One `Limits` per process. */
  let processes: [Limits, Limits];
  const db = () => handles[0].db;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    handles = [await openDatabase({ url: created.url }), await openDatabase({ url: created.url })];
    await runMigrations(handles[0]);
    processes = [createLimits(handles[0], SETTINGS), createLimits(handles[1], SETTINGS)];
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop?.();
  });
  beforeEach(async () => {
    await db().execute(sql`delete from rate_limits`);
    await db().execute(sql`delete from sign_in_failures`);
  });

  it("counts in the database", () => {
    expect(processes.map((limits) => limits.kind)).toEqual(["database", "database"]);
  });

  it("holds a limit of N across both processes in total; another limit counts on its own", async () => {
    const [a, b] = processes.map((limits) => limits.rate("forms", 5, 60_000));
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push(await (i % 2 === 0 ? a : b).hit("203.0.113.9"));
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    for (const wait of waits.slice(5)) expect(wait).toBeGreaterThanOrEqual(59);
    for (const wait of waits.slice(5)) expect(wait).toBeLessThanOrEqual(60);
    // Another address, and another limit for the same address, have their own counts.
    expect(await b.hit("203.0.113.10")).toBe(0);
    expect(await processes[1].rate("applications", 5, 60_000).hit("203.0.113.9")).toBe(0);
  });

  it("never lets more than N through when both processes are hit at the same time", async () => {
    const [a, b] = processes.map((limits) => limits.rate("chat-sessions", 10, 60_000));
    const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).hit("198.51.100.7")));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    const row = await db().execute(sql`select points from rate_limits where key = 'chat-sessions:198.51.100.7'`);
    expect(row.rows).toEqual([{ points: 60 }]);
  });

  it("counts every address of one IPv6 /64 as one key, and starts a new window when one ends", async () => {
    const [a, b] = processes.map((limits) => limits.rate("uploads", 2, 1000));
    expect(await a.hit("2001:db8:1:2::a")).toBe(0);
    expect(await b.hit("2001:db8:1:2:ffff::b")).toBe(0);
    expect(await a.hit("2001:db8:1:2:1:2:3:4")).toBe(1);
    expect(await b.hit("2001:db8:1:3::a")).toBe(0);
    await sleep(1100);
    expect(await b.hit("2001:db8:1:2::c")).toBe(0);
  });

  it("never over-charges the byte budget when both processes charge one address at the same time", async () => {
    const [a, b] = processes.map((limits) => limits.bytes("upload-bytes", 100 * K, 60_000, addressKey));
    const taken = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).take("2001:db8:5:5::1", 7 * K)));
    // 14 charges of 7 KiB fit in 100 KiB; the rest were refused without charging.
    expect(taken.filter(Boolean)).toHaveLength(14);
    expect(await a.remaining("2001:db8:5:5::2")).toBe(2 * K);
    expect(await b.remaining("2001:db8:5:5::3")).toBe(2 * K);
    // Charges and refunds at once from both: the charge never goes over the budget, nor under zero.
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const budget = i % 2 === 0 ? a : b;
        return i % 4 < 2 ? budget.take("2001:db8:5:5::1", 7 * K) : budget.refund("2001:db8:5:5::1", 7 * K).then(() => undefined);
      }),
    );
    const row = await db().execute(sql`select points from rate_limits where key = 'upload-bytes:2001:db8:5:5::/64'`);
    const points = Number(row.rows[0]?.points);
    expect(points).toBeGreaterThanOrEqual(0);
    expect(points).toBeLessThanOrEqual(100);
    expect(points % 7).toBe(0);
    expect(mixed).toHaveLength(40);
  });

  describe("sign-in throttle", () => {
    const clock = { now: 1_000_000 };
    const throttles = (): [SignInThrottle, SignInThrottle] => {
      const [a, b] = processes.map((limits) => limits.signIn({ now: () => clock.now, addressKey }));
      return [a, b];
    };
    const fail = async (t: SignInThrottle, account: string, address: string) => {
      const d = await t.begin(account, address);
      if (!d.allowed) throw new Error(`refused: wait ${d.retryAfterSeconds} s`);
      await d.attempt.failed();
    };
    const waitOf = async (t: SignInThrottle, account: string, address: string) => {
      const d = await t.begin(account, address);
      if (!d.allowed) return d.retryAfterSeconds;
      await d.attempt.abandoned();
      return 0;
    };

    it("doubles the waits with failures answered by either process, and a success in one forgets the pair in both", async () => {
      const [a, b] = throttles();
      const admin = "admin@agency.example";
      const ip = "203.0.113.9";
      for (let i = 0; i < 3; i++) await fail(i % 2 === 0 ? a : b, admin, ip);
      expect(await waitOf(a, admin, ip)).toBe(0);
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        await fail(i % 2 === 0 ? a : b, admin, ip);
        const wait = await waitOf(i % 2 === 0 ? b : a, admin, ip);
        waits.push(wait);
        clock.now += wait * 1000;
      }
      expect(waits).toEqual([1, 2, 4, 8, 16]);
      const ok = await b.begin(admin, ip);
      if (!ok.allowed) throw new Error("refused");
      await ok.attempt.succeeded();
      // The pair starts again (two failures of three free), seen from the other process.
      for (let i = 0; i < 2; i++) await fail(a, admin, ip);
      expect(await waitOf(b, admin, ip)).toBe(0);
      // The address kept its count: one more makes 11 failures from it, 10 free, so it waits for any account.
      await fail(b, admin, ip);
      expect(await waitOf(a, "someone@agency.example", ip)).toBe(1);
    });

    it("refuses parallel guesses from both processes past the free failures", async () => {
      const [a, b] = throttles();
      const ip = "198.51.100.20";
      const parallel = () => Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).begin("admin@agency.example", ip)));
      // A fresh pair: three free failures, so three guesses in flight at most.
      const first = await parallel();
      expect(first.filter((d) => d.allowed)).toHaveLength(3);
      await Promise.all(first.map((d) => (d.allowed ? d.attempt.failed() : undefined)));
      // Past them: one guess at a time.
      const second = await parallel();
      expect(second.filter((d) => d.allowed)).toHaveLength(1);
      await Promise.all(second.map((d) => (d.allowed ? d.attempt.failed() : undefined)));
      // That guess failed too: a wait, whoever asks.
      expect(await waitOf(a, "admin@agency.example", ip)).toBe(1);
      expect(await waitOf(b, "admin@agency.example", ip)).toBe(1);
      const row = await db().execute(sql`select failures, pending from sign_in_failures where key = ${`pair:${ip}\nadmin@agency.example`}`);
      expect(row.rows).toEqual([{ failures: 4, pending: 0 }]);
    });
  });

  it("prunes ended windows and forgotten sign-in failures from any process", async () => {
    const now = Date.now();
    await processes[0].rate("forms", 5, 1000).hit("203.0.113.30");
    await processes[1].rate("forms", 5, 60_000).hit("203.0.113.31");
    await processes[1].bytes("upload-bytes", 100 * K, 1000).take("203.0.113.30", K);
    const throttle = processes[0].signIn({ now: () => now });
    const d = await throttle.begin("admin@agency.example", "203.0.113.30");
    if (!d.allowed) throw new Error("refused");
    await d.attempt.failed();
    await sleep(1100);
    // The two one-second windows have ended; the minute's window and the failures remain.
    expect(await processes[1].prune()).toBe(2);
    expect(await processes[0].prune(now + 15 * 60_000)).toBe(3);
    const left = await db().execute(
      sql`select (select count(*) from rate_limits)::int as r, (select count(*) from sign_in_failures)::int as s`,
    );
    expect(left.rows).toEqual([{ r: 0, s: 0 }]);
  });
});
