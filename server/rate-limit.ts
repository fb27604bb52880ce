/**
 * Per-key fixed-window rate limits, kept in this process's memory. A 429 answer carries a JSON
 * message and Retry-After.
 */
import type { Context, MiddlewareHandler } from "hono";
import { apiError } from "./http";

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a hit; answers how many seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (now - this.lastSweep > this.windowMs) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count++;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
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
