/**
 * Per-key fixed-window rate limits, charged by the API's posts (server/http.ts apiRateLimit) and the
 * pages' actions (app/lib/post.server.ts chargeRateLimit). Keys that are IPv6 addresses count by
 * their /64 (`addressKey`).
 *
 * On the embedded database (one process) the counts live in this process's memory (`RateLimiter`),
 * with the number of keys capped so a flood of distinct addresses cannot grow memory without end. On
 * PostgreSQL several processes may serve the site, so the counts live in its `rate_limits` table
 * (`DatabaseRateLimiter`) and a limit holds for the site as a whole.
 */
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { addressKey } from "./client-info";

/** A limit of `max` hits per key and window. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
  /** Counts a hit; answers how many seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
}

/** Keys one limiter keeps at most (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 100_000;

export class RateLimiter implements RateLimit {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** How many keys are counted now. */
  get size(): number {
    return this.hits.size;
  }

  /** Counts a hit; answers how many seconds to wait when over the limit, else 0. */
  async hit(rawKey: string, now = Date.now()): Promise<number> {
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    const key = addressKey(rawKey);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.delete(key);
      if (this.hits.size >= this.maxKeys) this.evict();
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count++;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /**
   * Seconds to wait when the key has used up its `max` hits in the current window, else 0; counts
   * nothing. With `hit` called only on failures, this limits failures rather than requests.
   */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.hits.get(addressKey(key));
    if (!entry || entry.resetAt <= now || entry.count < this.max) return 0;
    return Math.ceil((entry.resetAt - now) / 1000);
  }

  /** Takes back one hit (e.g. a sign-in attempt counted in advance that turned out right). */
  release(key: string) {
    const entry = this.hits.get(addressKey(key));
    if (entry && entry.count > 0) entry.count--;
  }

  /** Forgets a key's hits (e.g. an account's failed sign-ins after a successful one). */
  reset(key: string) {
    this.hits.delete(addressKey(key));
  }

  /**
   * Makes room for one more key by dropping the oldest window. A window is re-inserted when it
   * starts again and all have the same length, so the Map's first key is always the one that
   * ends first: expired or not, it has the least of its window left.
   */
  private evict() {
    const oldest = this.hits.keys().next();
    if (!oldest.done) this.hits.delete(oldest.value);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    this.lastSweep = now;
  }
}

/** The `rate_limits` table (db/schema.ts), laid out as rate-limiter-flexible's PostgreSQL store expects. */
export const RATE_LIMITS_TABLE = "rate_limits";

/**
 * A limit counted in PostgreSQL's `rate_limits`: one row per key and window, charged by a single
 * upsert, so processes sharing the database share the count and concurrent hits cannot overshoot it.
 * `name` keeps this limit's rows apart from other limits' (each limit needs its own).
 */
export class DatabaseRateLimiter implements RateLimit {
  private readonly store: RateLimiterPostgres;

  constructor(
    pool: pg.Pool,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {
    this.store = new RateLimiterPostgres({
      storeClient: pool,
      tableName: RATE_LIMITS_TABLE,
      // Migration 0009 creates the table; the library's own CREATE TABLE races when processes start together.
      tableCreated: true,
      // Its timer would run in every process for every limit; ended windows are deleted by `pruneRateLimits`.
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: max,
      duration: windowMs / 1000,
    });
  }

  async hit(key: string): Promise<number> {
    try {
      await this.store.consume(addressKey(key));
      return 0;
    } catch (error) {
      // Over the limit is answered with the window's state; anything else is the database failing.
      if (!(error instanceof RateLimiterRes)) throw error;
      return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    }
  }
}
