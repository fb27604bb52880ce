/**
 * Slowing down password guessing without letting anyone lock an admin out
 * (docs/decisions/010-admin-sessions.md, "Sign-in throttling").
 *
 * Failed sign-ins are counted per (account, client address) pair and per client address alone.
 * After a key's free failures, each further failure makes that key wait twice as long as the last
 * (1 s, 2 s, 4 s ... up to a ceiling); an attempt during a wait is refused before the password is
 * looked at. Nothing is counted per account alone: a counter everyone can feed would let an
 * attacker who knows an admin's email (the public blog shows it) keep that admin out. The right
 * password from an address that has not been failing therefore always gets through at once.
 *
 * On the embedded database (one process) the counts live in this process's memory (`LoginThrottle`),
 * in maps of bounded size: a flood of distinct emails or addresses pushes out the entries touched
 * longest ago instead of growing memory. On PostgreSQL several processes may serve the site, so the
 * counts live in its `sign_in_failures` table (`DatabaseLoginThrottle`), changed under a lock per
 * client address: every change concerns one address (its own count and its pairs), so two processes
 * answering attempts from one address take turns and cannot together exceed the counts. Both apply
 * the same rules (the functions below).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { Config } from "~/env.server";

export type LoginThrottleSettings = {
  /** Failures allowed for one account from one address before waits begin. */
  pairFreeFailures: number;
  /** Failures allowed from one address, whatever the accounts, before waits begin. */
  addressFreeFailures: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one (once its wait is over). */
  forgetAfterMs: number;
  /** Most keys each map keeps. */
  maxEntries: number;
};

/** Keys per map: about 500 bytes each at worst (a 320-character email and an address), a few MB in all. */
export const DEFAULT_MAX_ENTRIES = 10_000;

export function loginThrottleSettings(
  config: Pick<
    Config,
    | "RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES"
    | "RATE_LIMIT_LOGIN_IP_FREE_FAILURES"
    | "RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS"
    | "RATE_LIMIT_LOGIN_WINDOW_MINUTES"
  >,
): LoginThrottleSettings {
  return {
    pairFreeFailures: config.RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES,
    addressFreeFailures: config.RATE_LIMIT_LOGIN_IP_FREE_FAILURES,
    baseDelayMs: 1000,
    maxDelayMs: config.RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS * 1000,
    forgetAfterMs: config.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000,
    maxEntries: DEFAULT_MAX_ENTRIES,
  };
}

/**
 * How long a refused attempt is told to wait while the key's last allowed attempt is still being
 * checked (past the free failures, one attempt at a time).
 */
const IN_FLIGHT_WAIT_MS = 1000;

type Entry = {
  failures: number;
  /** Attempts let through and not yet answered. */
  pending: number;
  /** No attempt is let through before this time. */
  waitUntil: number;
  lastFailureAt: number;
};

/** Whether a key's failures are forgotten: its window has passed, no wait is running and no attempt is being checked. */
function isExpired(entry: Entry, now: number, settings: LoginThrottleSettings) {
  return entry.pending === 0 && now >= entry.waitUntil && now - entry.lastFailureAt >= settings.forgetAfterMs;
}

/** Milliseconds before a key (not expired) may try again; 0 when it may try now. */
function waitOf(entry: Entry | undefined, freeFailures: number, now: number): number {
  if (!entry) return 0;
  if (entry.waitUntil > now) return entry.waitUntil - now;
  // Parallel attempts may not spend more than the free failures left; past them, one at a time.
  if (entry.pending > 0 && entry.failures + entry.pending >= freeFailures) return IN_FLIGHT_WAIT_MS;
  return 0;
}

/** An attempt let through: counted as pending until it is answered. */
function withBegun(entry: Entry | undefined, now: number): Entry {
  return entry ? { ...entry, pending: entry.pending + 1 } : { failures: 0, pending: 1, waitUntil: 0, lastFailureAt: now };
}

/** A pending attempt that failed: past the free failures, each failure doubles the wait up to the ceiling. */
function withFailure(entry: Entry | undefined, freeFailures: number, settings: LoginThrottleSettings, now: number): Entry {
  const before = entry ?? { failures: 0, pending: 1, waitUntil: 0, lastFailureAt: now };
  const next = { failures: before.failures + 1, pending: Math.max(0, before.pending - 1), waitUntil: before.waitUntil, lastFailureAt: now };
  const over = next.failures - freeFailures;
  if (over > 0) {
    const delay = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.min(over - 1, 30));
    next.waitUntil = Math.max(next.waitUntil, now + delay);
  }
  return next;
}

/** A pending attempt that ended without a failure: the key's failures stay; a key with none is dropped. */
function withEnded(entry: Entry | undefined): Entry | undefined {
  if (!entry) return undefined;
  const next = { ...entry, pending: Math.max(0, entry.pending - 1) };
  return next.pending === 0 && next.failures === 0 ? undefined : next;
}

/** Failure counts for one kind of key, in a Map kept in order of last change (oldest first). */
class FailureCounts {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly freeFailures: number,
    private readonly settings: LoginThrottleSettings,
  ) {}

  get size() {
    return this.entries.size;
  }

  private expired(entry: Entry, now: number) {
    return isExpired(entry, now, this.settings);
  }

  /** Milliseconds before this key may try again; 0 when it may try now. */
  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (entry && this.expired(entry, now)) {
      this.entries.delete(key);
      return 0;
    }
    return waitOf(entry, this.freeFailures, now);
  }

  begin(key: string, now: number) {
    const entry = this.entries.get(key);
    // An existing entry keeps its place (Map.set does not move it); it moves to the newest end when the attempt is answered.
    if (entry) this.entries.set(key, withBegun(entry, now));
    else this.touch(key, withBegun(undefined, now), now);
  }

  failed(key: string, now: number) {
    this.touch(key, withFailure(this.entries.get(key), this.freeFailures, this.settings, now), now);
  }

  ended(key: string) {
    const entry = withEnded(this.entries.get(key));
    if (entry) this.entries.set(key, entry);
    else this.entries.delete(key);
  }

  forget(key: string) {
    this.entries.delete(key);
  }

  /**
   * Moves the key to the newest end; past `maxEntries`, trims to 90% of it: expired entries first,
   * then the oldest ones. Trimming in batches keeps it cheap (a Map's iteration from the front walks
   * over the slots of entries deleted since it was last compacted).
   */
  private touch(key: string, entry: Entry, now: number) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size <= this.settings.maxEntries) return;
    const target = Math.floor(this.settings.maxEntries * 0.9);
    // Oldest first, so expired entries gather at the front: this stops at the first live one.
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= target || !this.expired(old, now)) break;
      this.entries.delete(oldKey);
    }
    for (const oldKey of this.entries.keys()) {
      if (this.entries.size <= target) break;
      this.entries.delete(oldKey);
    }
  }
}

/** One attempt let through by the throttle; exactly one of its methods is called when it is answered. */
export type ThrottledAttempt = {
  /** The password (or email) was wrong: counts against the pair and the address. */
  failed(): Promise<void>;
  /** Signed in: the pair starts again from zero; the address keeps its count. */
  succeeded(): Promise<void>;
  /** Neither (e.g. the database failed): counts nothing. */
  abandoned(): Promise<void>;
};

export type ThrottleDecision = { allowed: true; attempt: ThrottledAttempt } | { allowed: false; retryAfterSeconds: number };

export type LoginThrottleOptions = {
  /** The clock (tests move their own). */
  now?: () => number;
  /**
   * The key a client address is counted under (the server's `addressKey`: an IPv6 address by its
   * /64, since one subscriber holds a whole /64).
   */
  addressKey?: (address: string) => string;
};

/** What the sign-in asks of a throttle, wherever it keeps its counts. */
export interface SignInThrottle {
  readonly settings: LoginThrottleSettings;
  /**
   * Whether a sign-in for `account` (a normalised email) from `clientAddress` may be checked now.
   * When it may, the attempt is counted as pending at once, so parallel guesses cannot slip past the count.
   */
  begin(account: string, clientAddress: string): Promise<ThrottleDecision>;
}

/** Settles an attempt once: a second answer to the same attempt changes nothing. */
function attemptOf(settle: {
  failed: () => Promise<void>;
  succeeded: () => Promise<void>;
  abandoned: () => Promise<void>;
}): ThrottledAttempt {
  let answered = false;
  const once = (fn: () => Promise<void>) => async () => {
    if (answered) return;
    answered = true;
    await fn();
  };
  return { failed: once(settle.failed), succeeded: once(settle.succeeded), abandoned: once(settle.abandoned) };
}

export class LoginThrottle implements SignInThrottle {
  private readonly pairs: FailureCounts;
  private readonly addresses: FailureCounts;
  private readonly now: () => number;
  private readonly addressKey: (address: string) => string;

  constructor(
    readonly settings: LoginThrottleSettings,
    { now = Date.now, addressKey = (address) => address }: LoginThrottleOptions = {},
  ) {
    this.pairs = new FailureCounts(settings.pairFreeFailures, settings);
    this.addresses = new FailureCounts(settings.addressFreeFailures, settings);
    this.now = now;
    this.addressKey = addressKey;
  }

  /** Entries held, for monitoring and tests. */
  get size() {
    return { pairs: this.pairs.size, addresses: this.addresses.size };
  }

  async begin(account: string, clientAddress: string): Promise<ThrottleDecision> {
    const now = this.now();
    const address = this.addressKey(clientAddress);
    const pair = `${address}\n${account}`;
    const wait = Math.max(this.pairs.waitMs(pair, now), this.addresses.waitMs(address, now));
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    this.pairs.begin(pair, now);
    this.addresses.begin(address, now);
    return {
      allowed: true,
      attempt: attemptOf({
        failed: async () => {
          const at = this.now();
          this.pairs.failed(pair, at);
          this.addresses.failed(address, at);
        },
        succeeded: async () => {
          this.pairs.forget(pair);
          this.addresses.ended(address);
        },
        abandoned: async () => {
          this.pairs.ended(pair);
          this.addresses.ended(address);
        },
      }),
    };
  }
}

/**
 * An attempt left pending by a process that stopped before answering it (a crash) would hold its
 * key forever; in the database, pending attempts are therefore disregarded this long after the key's
 * window has passed. No sign-in takes that long (requests end at REQUEST_TIMEOUT_SECONDS, at most 10
 * minutes).
 */
export const STALE_PENDING_MS = 10 * 60_000;

/** The advisory-lock space of the sign-in throttle (the second key is the client address's hash). */
const SIGN_IN_LOCK_SPACE = 7_751_002;

/** Expired in the database: as in memory, or pending only by attempts long abandoned. */
function isExpiredShared(entry: Entry, now: number, settings: LoginThrottleSettings) {
  if (isExpired(entry, now, settings)) return true;
  return now >= entry.waitUntil && now - entry.lastFailureAt >= settings.forgetAfterMs + STALE_PENDING_MS;
}

type Entries = { pair: Entry | undefined; address: Entry | undefined };

export type DatabaseLoginThrottleOptions = LoginThrottleOptions & {
  /** How often `begin` deletes rows past their forget time (at most once per this long, per throttle). */
  pruneEveryMs?: number;
};

/**
 * The throttle in PostgreSQL's `sign_in_failures`, one row per key (`pair:` + address and account,
 * `address:` + address). Each step reads the address's two rows and writes them back in one
 * transaction holding an advisory lock on the address, applying the same rules as the memory one.
 * Rows past their forget time are deleted by `prune`, which `begin` runs now and then.
 */
export class DatabaseLoginThrottle implements SignInThrottle {
  private readonly now: () => number;
  private readonly addressKey: (address: string) => string;
  private readonly pruneEveryMs: number;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    readonly settings: LoginThrottleSettings,
    { now = Date.now, addressKey = (address) => address, pruneEveryMs = 60_000 }: DatabaseLoginThrottleOptions = {},
  ) {
    this.now = now;
    this.addressKey = addressKey;
    this.pruneEveryMs = pruneEveryMs;
  }

  async begin(account: string, clientAddress: string): Promise<ThrottleDecision> {
    const address = this.addressKey(clientAddress);
    const keys = { pair: `pair:${address}\n${account}`, address: `address:${address}` };
    const { pairFreeFailures, addressFreeFailures } = this.settings;
    const wait = await this.change(address, keys, (entries, now) => {
      const wait = Math.max(waitOf(entries.pair, pairFreeFailures, now), waitOf(entries.address, addressFreeFailures, now));
      if (wait > 0) return { entries, result: wait };
      return { entries: { pair: withBegun(entries.pair, now), address: withBegun(entries.address, now) }, result: 0 };
    });
    await this.pruneNow();
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    return {
      allowed: true,
      attempt: attemptOf({
        failed: () =>
          this.change(address, keys, (entries, now) => ({
            entries: {
              pair: withFailure(entries.pair, pairFreeFailures, this.settings, now),
              address: withFailure(entries.address, addressFreeFailures, this.settings, now),
            },
            result: undefined,
          })),
        succeeded: () =>
          this.change(address, keys, (entries) => ({
            entries: { pair: undefined, address: withEnded(entries.address) },
            result: undefined,
          })),
        abandoned: () =>
          this.change(address, keys, (entries) => ({
            entries: { pair: withEnded(entries.pair), address: withEnded(entries.address) },
            result: undefined,
          })),
      }),
    };
  }

  /** Deletes rows whose failures are forgotten (by the index on `last_failure_at`); returns how many. */
  async prune(now = this.now()): Promise<number> {
    const forgotten = now - this.settings.forgetAfterMs;
    const result = await this.db.execute(sql`
      with deleted as (
        delete from sign_in_failures
        where last_failure_at <= ${forgotten} and wait_until <= ${now}
          and (pending = 0 or last_failure_at <= ${forgotten - STALE_PENDING_MS})
        returning 1
      )
      select count(*)::integer as n from deleted`);
    return Number((result.rows[0] as { n: number }).n);
  }

  private async pruneNow() {
    const now = this.now();
    if (now - this.lastPrune < this.pruneEveryMs) return;
    this.lastPrune = now;
    // Only tidiness: a failed delete is tried again at the next interval.
    await this.prune(now).catch(() => {});
  }

  /** Reads the address's two rows under its lock, lets `decide` apply the rules, and writes back what changed. */
  private change<T>(
    address: string,
    keys: { pair: string; address: string },
    decide: (entries: Entries, now: number) => { entries: Entries; result: T },
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}::integer, hashtext(${address}))`);
      const now = this.now();
      const found = await tx.execute(sql`
        select key, failures, pending, wait_until, last_failure_at from sign_in_failures
        where key in (${keys.pair}, ${keys.address})`);
      const read = (key: string): Entry | undefined => {
        const row = found.rows.find((r) => (r as { key: string }).key === key) as Record<string, unknown> | undefined;
        if (!row) return undefined;
        const entry = {
          failures: Number(row.failures),
          pending: Number(row.pending),
          waitUntil: Number(row.wait_until),
          lastFailureAt: Number(row.last_failure_at),
        };
        return isExpiredShared(entry, now, this.settings) ? undefined : entry;
      };
      const before: Entries = { pair: read(keys.pair), address: read(keys.address) };
      const { entries, result } = decide(before, now);
      const gone: string[] = [];
      for (const kind of ["pair", "address"] as const) {
        const entry = entries[kind];
        const key = keys[kind];
        const stored = found.rows.some((r) => (r as { key: string }).key === key);
        if (!entry) {
          if (stored) gone.push(key);
          continue;
        }
        if (entry === before[kind]) continue;
        await tx.execute(sql`
          insert into sign_in_failures (key, failures, pending, wait_until, last_failure_at)
          values (${key}, ${entry.failures}, ${entry.pending}, ${entry.waitUntil}, ${entry.lastFailureAt})
          on conflict (key) do update set failures = excluded.failures, pending = excluded.pending,
            wait_until = excluded.wait_until, last_failure_at = excluded.last_failure_at`);
      }
      if (gone.length > 0)
        await tx.execute(
          sql`delete from sign_in_failures where key in (${sql.join(
            gone.map((key) => sql`${key}`),
            sql`, `,
          )})`,
        );
      return result;
    });
  }
}
