import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { loadConfig } from "~/env.server";
import { createPostgresDatabase, databaseKinds } from "../../../tests/support/databases";
import {
  DatabaseLoginThrottle,
  DEFAULT_MAX_ENTRIES,
  LoginThrottle,
  type LoginThrottleSettings,
  loginThrottleSettings,
  type SignInThrottle,
  STALE_PENDING_MS,
} from "./login-throttle.server";

const SETTINGS: LoginThrottleSettings = {
  pairFreeFailures: 3,
  addressFreeFailures: 10,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  maxEntries: DEFAULT_MAX_ENTRIES,
};

type Make = (settings: LoginThrottleSettings, now: () => number) => SignInThrottle;

/** A throttle on a clock the test moves. */
function throttleWith(make: Make, settings: Partial<LoginThrottleSettings> = {}) {
  const clock = { now: 1_000_000 };
  const t = make({ ...SETTINGS, ...settings }, () => clock.now);
  const fail = async (account: string, address: string) => {
    const d = await t.begin(account, address);
    if (!d.allowed) throw new Error(`refused: wait ${d.retryAfterSeconds} s`);
    await d.attempt.failed();
  };
  const waitOf = async (account: string, address: string) => {
    const d = await t.begin(account, address);
    if (d.allowed) {
      await d.attempt.abandoned();
      return 0;
    }
    return d.retryAfterSeconds;
  };
  return { t, clock, fail, waitOf };
}

/** The rules, whichever store keeps the counts. */
function rules(make: () => Make) {
  const throttle = (settings: Partial<LoginThrottleSettings> = {}) => throttleWith(make(), settings);

  it("lets a pair fail freely, then doubles its wait with each failure up to the ceiling", async () => {
    const { clock, fail, waitOf } = throttle();
    for (let i = 0; i < 3; i++) await fail("admin@agency.example", "203.0.113.9");
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await fail("admin@agency.example", "203.0.113.9");
      const wait = await waitOf("admin@agency.example", "203.0.113.9");
      waits.push(wait);
      clock.now += wait * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("never makes the same account wait from another address", async () => {
    const { t, fail, waitOf } = throttle();
    for (let i = 0; i < 4; i++) await fail("admin@agency.example", "203.0.113.9");
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    const elsewhere = await t.begin("admin@agency.example", "198.51.100.7");
    expect(elsewhere.allowed).toBe(true);
  });

  it("counts an address's failures across accounts", async () => {
    const { fail, waitOf } = throttle();
    for (let i = 0; i < 10; i++) await fail(`user${i}@agency.example`, "203.0.113.9");
    expect(await waitOf("someone@agency.example", "203.0.113.9")).toBe(0);
    await fail("user10@agency.example", "203.0.113.9");
    expect(await waitOf("someone@agency.example", "203.0.113.9")).toBe(1);
    expect(await waitOf("someone@agency.example", "198.51.100.7")).toBe(0);
  });

  it("lets no more parallel attempts through than the free failures left, and past them one at a time", async () => {
    const { t } = throttle();
    const started = await Promise.all([1, 2, 3, 4].map(() => t.begin("admin@agency.example", "203.0.113.9")));
    expect(started.filter((d) => d.allowed)).toHaveLength(3);
    const refused = started.find((d) => !d.allowed);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    for (const d of started) if (d.allowed) await d.attempt.failed();
    expect((await t.begin("admin@agency.example", "203.0.113.9")).allowed).toBe(true);
  });

  it("counts an attempt answered twice once", async () => {
    const { t, waitOf } = throttle();
    const d = await t.begin("admin@agency.example", "203.0.113.9");
    if (!d.allowed) throw new Error("refused");
    for (let i = 0; i < 5; i++) await d.attempt.failed();
    await d.attempt.succeeded();
    // One failure of three free: two more attempts may be in flight at once, not a third.
    const more = await Promise.all([1, 2, 3].map(() => t.begin("admin@agency.example", "203.0.113.9")));
    expect(more.map((m) => m.allowed).sort()).toEqual([false, true, true]);
    for (const m of more) if (m.allowed) await m.attempt.abandoned();
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
  });

  it("starts a pair again after a success; the address keeps its count", async () => {
    const { t, fail, waitOf } = throttle({ addressFreeFailures: 4 });
    for (let i = 0; i < 3; i++) await fail("admin@agency.example", "203.0.113.9");
    const ok = await t.begin("admin@agency.example", "203.0.113.9");
    expect(ok.allowed).toBe(true);
    if (ok.allowed) await ok.attempt.succeeded();
    for (let i = 0; i < 2; i++) await fail("admin@agency.example", "203.0.113.9");
    // 5 failures from the address in all (4 free): it waits, though the pair has failed only twice since.
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
  });

  it("forgets failures a window after the last one", async () => {
    const { clock, fail, waitOf } = throttle();
    for (let i = 0; i < 4; i++) await fail("admin@agency.example", "203.0.113.9");
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    clock.now += 15 * 60_000;
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
    await fail("admin@agency.example", "203.0.113.9");
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
  });
}

describe("login throttle in memory", () => {
  rules(() => (settings, now) => new LoginThrottle(settings, { now }));
  const throttle = (settings: Partial<LoginThrottleSettings> = {}) =>
    throttleWith((s, now) => new LoginThrottle(s, { now }), settings) as ReturnType<typeof throttleWith> & { t: LoginThrottle };

  it("stays bounded under 100,000 distinct accounts and addresses, pushing out the oldest entries", async () => {
    const { t, fail } = throttle();
    for (let i = 0; i < 100_000; i++) {
      await fail(`victim${i}@agency.example`, `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`);
      if (i % 1000 === 0) {
        expect(t.size.pairs).toBeLessThanOrEqual(DEFAULT_MAX_ENTRIES);
        expect(t.size.addresses).toBeLessThanOrEqual(DEFAULT_MAX_ENTRIES);
      }
    }
    expect(t.size.pairs).toBeGreaterThan(DEFAULT_MAX_ENTRIES * 0.8);
    expect(t.size.addresses).toBeGreaterThan(DEFAULT_MAX_ENTRIES * 0.8);
    // One address spraying 100,000 accounts: its own entry stays (it is touched at every failure).
    const { t: sprayed, clock } = throttle({ addressFreeFailures: 100_000_000 });
    for (let i = 0; i < 100_000; i++) {
      const d = await sprayed.begin(`victim${i}@agency.example`, "203.0.113.9");
      if (!d.allowed) throw new Error("unexpected wait");
      await d.attempt.failed();
      clock.now += 1;
    }
    expect(sprayed.size.pairs).toBeLessThanOrEqual(DEFAULT_MAX_ENTRIES);
    expect(sprayed.size.addresses).toBe(1);
  });

  it("reads its settings from the environment, the former variable names included", () => {
    expect(loginThrottleSettings(loadConfig({}))).toMatchObject({
      pairFreeFailures: 5,
      addressFreeFailures: 20,
      baseDelayMs: 1000,
      maxDelayMs: 300_000,
      forgetAfterMs: 15 * 60_000,
    });
    expect(loginThrottleSettings(loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT_MAX: "3", RATE_LIMIT_LOGIN_IP_MAX: "9" }))).toMatchObject({
      pairFreeFailures: 3,
      addressFreeFailures: 9,
    });
    const both = loadConfig({
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: "3",
      RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "7",
      RATE_LIMIT_LOGIN_IP_FREE_FAILURES: "40",
      RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS: "120",
    });
    expect(loginThrottleSettings(both)).toMatchObject({ pairFreeFailures: 7, addressFreeFailures: 40, maxDelayMs: 120_000 });
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "0" })).toThrow(
      /RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES must be a whole number/,
    );
  });
});

/**
 * The database throttle's rules on PGlite (always) and PostgreSQL (with TEST_DATABASE_URL); several
 * processes sharing PostgreSQL are tested in server/limits.test.ts.
 */
describe.each(databaseKinds)("login throttle in the database on %s", (kind) => {
  let database: DatabaseHandle;
  let drop = async () => {};
  beforeAll(async () => {
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url });
    } else {
      database = await openDatabase({ dataDir: "memory://" });
    }
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from sign_in_failures`);
  });

  rules(() => (settings, now) => new DatabaseLoginThrottle(database.db, settings, { now }));

  const rows = async () =>
    (await database.db.execute(sql`select key, failures, pending from sign_in_failures order by key`)).rows.map((r) => ({ ...r }));

  it("keeps one row per pair and per address, and deletes the pair's on success", async () => {
    const t = new DatabaseLoginThrottle(database.db, SETTINGS, { now: () => 1_000_000 });
    const d = await t.begin("admin@agency.example", "203.0.113.9");
    if (!d.allowed) throw new Error("refused");
    expect(await rows()).toEqual([
      { key: "address:203.0.113.9", failures: 0, pending: 1 },
      { key: "pair:203.0.113.9\nadmin@agency.example", failures: 0, pending: 1 },
    ]);
    await d.attempt.failed();
    expect(await rows()).toEqual([
      { key: "address:203.0.113.9", failures: 1, pending: 0 },
      { key: "pair:203.0.113.9\nadmin@agency.example", failures: 1, pending: 0 },
    ]);
    const ok = await t.begin("admin@agency.example", "203.0.113.9");
    if (!ok.allowed) throw new Error("refused");
    await ok.attempt.succeeded();
    expect(await rows()).toEqual([{ key: "address:203.0.113.9", failures: 1, pending: 0 }]);
  });

  it("prunes rows past their forget time, now and then on its own", async () => {
    const clock = { now: 1_000_000 };
    const t = new DatabaseLoginThrottle(database.db, SETTINGS, { now: () => clock.now, pruneEveryMs: 60_000 });
    const { fail } = throttleWith(() => t);
    for (let i = 0; i < 5; i++) await fail(`user${i}@agency.example`, `198.51.100.${i}`);
    clock.now += 10 * 60_000;
    await fail("late@agency.example", "198.51.100.99");
    expect(await rows()).toHaveLength(12);
    // Five minutes later the first five pairs and addresses are 15 minutes old: forgotten.
    clock.now += 5 * 60_000;
    expect(await t.prune()).toBe(10);
    expect((await rows()).map((r) => r.key)).toEqual(["address:198.51.100.99", "pair:198.51.100.99\nlate@agency.example"]);
    // `begin` prunes at most once a minute: the late pair, forgotten 15 minutes on, goes with the next begin after that.
    clock.now += 15 * 60_000;
    const d = await t.begin("next@agency.example", "203.0.113.50");
    if (!d.allowed) throw new Error("refused");
    await d.attempt.abandoned();
    expect(await rows()).toEqual([]);
  });

  it("disregards an attempt left pending by a process that stopped, once its window and the grace after it have passed", async () => {
    const clock = { now: 1_000_000 };
    const t = new DatabaseLoginThrottle(database.db, SETTINGS, { now: () => clock.now });
    const { fail, waitOf } = throttleWith(() => t);
    for (let i = 0; i < 3; i++) await fail("admin@agency.example", "203.0.113.9");
    // Never answered: the process that let it through died.
    expect((await t.begin("admin@agency.example", "203.0.113.9")).allowed).toBe(true);
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    clock.now += 15 * 60_000;
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    clock.now += STALE_PENDING_MS;
    expect(await waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
  });
});
