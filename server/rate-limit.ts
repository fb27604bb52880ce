/**
 * Per-key fixed-window rate limits, kept in this process's memory. A 429 answer carries a JSON
 * message and Retry-After. Keys that are IPv6 addresses count by their /64 (`addressKey`), and the
 * number of keys kept is capped, so a flood of distinct addresses cannot grow memory without end.
 */
import type { Context, MiddlewareHandler } from "hono";
import { addressKey } from "./client-info";
import { apiError } from "./http";

/** Keys one limiter keeps at most (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 100_000;

export class RateLimiter {
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
  hit(rawKey: string, now = Date.now()): number {
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

export function rateLimit(limiter: RateLimiter, key: (c: Context) => string, message: string): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(key(c));
    if (wait > 0) {
      c.header("Retry-After", String(wait));
      return apiError(c, 429, message);
    }
    await next();
  };
}
