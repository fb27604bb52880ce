import { describe, expect, it } from "vitest";
import { loadConfig } from "~/env.server";
import { DEFAULT_MAX_ENTRIES, LoginThrottle, type LoginThrottleSettings, loginThrottleSettings } from "./login-throttle.server";

const SETTINGS: LoginThrottleSettings = {
  pairFreeFailures: 3,
  addressFreeFailures: 10,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
  maxEntries: DEFAULT_MAX_ENTRIES,
};

/** A throttle on a clock the test moves. */
function throttle(settings: Partial<LoginThrottleSettings> = {}) {
  const clock = { now: 1_000_000 };
  const t = new LoginThrottle({ ...SETTINGS, ...settings }, { now: () => clock.now });
  const fail = (account: string, address: string) => {
    const d = t.begin(account, address);
    if (!d.allowed) throw new Error(`refused: wait ${d.retryAfterSeconds} s`);
    d.attempt.failed();
  };
  const waitOf = (account: string, address: string) => {
    const d = t.begin(account, address);
    if (d.allowed) {
      d.attempt.abandoned();
      return 0;
    }
    return d.retryAfterSeconds;
  };
  return { t, clock, fail, waitOf };
}

describe("login throttle", () => {
  it("lets a pair fail freely, then doubles its wait with each failure up to the ceiling", () => {
    const { clock, fail, waitOf } = throttle();
    for (let i = 0; i < 3; i++) fail("admin@agency.example", "203.0.113.9");
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      fail("admin@agency.example", "203.0.113.9");
      const wait = waitOf("admin@agency.example", "203.0.113.9");
      waits.push(wait);
      clock.now += wait * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it("never makes the same account wait from another address", () => {
    const { t, fail, waitOf } = throttle();
    for (let i = 0; i < 4; i++) fail("admin@agency.example", "203.0.113.9");
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    const elsewhere = t.begin("admin@agency.example", "198.51.100.7");
    expect(elsewhere.allowed).toBe(true);
  });

  it("counts an address's failures across accounts", () => {
    const { fail, waitOf } = throttle();
    for (let i = 0; i < 10; i++) fail(`user${i}@agency.example`, "203.0.113.9");
    expect(waitOf("someone@agency.example", "203.0.113.9")).toBe(0);
    fail("user10@agency.example", "203.0.113.9");
    expect(waitOf("someone@agency.example", "203.0.113.9")).toBe(1);
    expect(waitOf("someone@agency.example", "198.51.100.7")).toBe(0);
  });

  it("lets no more parallel attempts through than the free failures left, and past them one at a time", () => {
    const { t } = throttle();
    const started = [1, 2, 3, 4].map(() => t.begin("admin@agency.example", "203.0.113.9"));
    expect(started.map((d) => d.allowed)).toEqual([true, true, true, false]);
    for (const d of started) if (d.allowed) d.attempt.failed();
    expect(t.begin("admin@agency.example", "203.0.113.9").allowed).toBe(true);
  });

  it("starts a pair again after a success; the address keeps its count", () => {
    const { t, fail, waitOf } = throttle({ addressFreeFailures: 4 });
    for (let i = 0; i < 3; i++) fail("admin@agency.example", "203.0.113.9");
    const ok = t.begin("admin@agency.example", "203.0.113.9");
    expect(ok.allowed).toBe(true);
    if (ok.allowed) ok.attempt.succeeded();
    for (let i = 0; i < 2; i++) fail("admin@agency.example", "203.0.113.9");
    // 5 failures from the address in all (4 free): it waits, though the pair has failed only twice since.
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
  });

  it("forgets failures a window after the last one", () => {
    const { clock, fail, waitOf } = throttle();
    for (let i = 0; i < 4; i++) fail("admin@agency.example", "203.0.113.9");
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(1);
    clock.now += 15 * 60_000;
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
    fail("admin@agency.example", "203.0.113.9");
    expect(waitOf("admin@agency.example", "203.0.113.9")).toBe(0);
  });

  it("stays bounded under 100,000 distinct accounts and addresses, pushing out the oldest entries", () => {
    const { t, fail } = throttle();
    for (let i = 0; i < 100_000; i++) {
      fail(`victim${i}@agency.example`, `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`);
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
      const d = sprayed.begin(`victim${i}@agency.example`, "203.0.113.9");
      if (!d.allowed) throw new Error("unexpected wait");
      d.attempt.failed();
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
