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
 * Everything lives in this process's memory, in maps of bounded size: a flood of distinct emails or
 * addresses pushes out the entries touched longest ago instead of growing memory.
 */
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
    return entry.pending === 0 && now >= entry.waitUntil && now - entry.lastFailureAt >= this.settings.forgetAfterMs;
  }

  /** Milliseconds before this key may try again; 0 when it may try now. */
  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    if (this.expired(entry, now)) {
      this.entries.delete(key);
      return 0;
    }
    if (entry.waitUntil > now) return entry.waitUntil - now;
    // Parallel attempts may not spend more than the free failures left; past them, one at a time.
    if (entry.pending > 0 && entry.failures + entry.pending >= this.freeFailures) return IN_FLIGHT_WAIT_MS;
    return 0;
  }

  /** An attempt let through: counted as pending until it is answered. */
  begin(key: string, now: number) {
    const entry = this.entries.get(key);
    // An existing entry moves to the newest end when the attempt is answered.
    if (entry) entry.pending++;
    else this.touch(key, { failures: 0, pending: 1, waitUntil: 0, lastFailureAt: now }, now);
  }

  failed(key: string, now: number) {
    const entry = this.entries.get(key) ?? { failures: 0, pending: 1, waitUntil: 0, lastFailureAt: now };
    entry.pending = Math.max(0, entry.pending - 1);
    entry.failures++;
    entry.lastFailureAt = now;
    const over = entry.failures - this.freeFailures;
    if (over > 0) {
      const delay = Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** Math.min(over - 1, 30));
      entry.waitUntil = Math.max(entry.waitUntil, now + delay);
    }
    this.touch(key, entry, now);
  }

  /** An attempt that ended without a failure: no longer pending; the key's failures stay. */
  ended(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.pending = Math.max(0, entry.pending - 1);
    if (entry.pending === 0 && entry.failures === 0) this.entries.delete(key);
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
  failed(): void;
  /** Signed in: the pair starts again from zero; the address keeps its count. */
  succeeded(): void;
  /** Neither (e.g. the database failed): counts nothing. */
  abandoned(): void;
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

export class LoginThrottle {
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

  /**
   * Whether a sign-in for `account` (a normalised email) from `address` may be checked now. When it
   * may, the attempt is counted as pending at once, so parallel guesses cannot slip past the count.
   */
  begin(account: string, clientAddress: string): ThrottleDecision {
    const now = this.now();
    const address = this.addressKey(clientAddress);
    const pair = `${address}\n${account}`;
    const wait = Math.max(this.pairs.waitMs(pair, now), this.addresses.waitMs(address, now));
    if (wait > 0) return { allowed: false, retryAfterSeconds: Math.ceil(wait / 1000) };
    this.pairs.begin(pair, now);
    this.addresses.begin(address, now);
    let answered = false;
    const once = (settle: () => void) => () => {
      if (answered) return;
      answered = true;
      settle();
    };
    return {
      allowed: true,
      attempt: {
        failed: once(() => {
          const at = this.now();
          this.pairs.failed(pair, at);
          this.addresses.failed(address, at);
        }),
        succeeded: once(() => {
          this.pairs.forget(pair);
          this.addresses.ended(address);
        }),
        abandoned: once(() => {
          this.pairs.ended(pair);
          this.addresses.ended(address);
        }),
      },
    };
  }
}
