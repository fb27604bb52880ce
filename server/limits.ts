/**
 * Where the site's limits keep their counts: the request-count limits (server/rate-limit.ts), the
 * upload byte budget and the admin sign-in throttle. On the embedded database only one process
 * serves the site, so they count in its memory; on PostgreSQL several processes may share the
 * database, so they count in its tables (`rate_limits`, `sign_in_failures`) and hold for the site.
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database, DatabaseHandle } from "#db/client";
import {
  DatabaseLoginThrottle,
  type DatabaseLoginThrottleOptions,
  LoginThrottle,
  type LoginThrottleSettings,
  type SignInThrottle,
} from "~/features/auth/login-throttle.server";
import { ByteBudget, DatabaseByteBudget, type UploadByteBudget } from "~/features/uploads/byte-budget.server";
import { DatabaseRateLimiter, type RateLimit, RateLimiter } from "./rate-limit";

export type Limits = {
  /** Where the counts live. */
  kind: "memory" | "database";
  /**
   * A limit of `max` hits per key and `windowMs`. `name` keeps its counts apart from every other
   * limit's in the shared table: each limit needs its own, and callers naming the same limit share its count.
   */
  rate(name: string, max: number, windowMs: number): RateLimit;
  /** Bytes per address and window; `keyOf` gives the key an address is counted under. */
  bytes(name: string, maxBytes: number, windowMs: number, keyOf?: (address: string) => string): UploadByteBudget;
  /** An admin sign-in throttle, with the site's settings unless told others (`now` lets tests move the clock). */
  signIn(options?: DatabaseLoginThrottleOptions, settings?: LoginThrottleSettings): SignInThrottle;
  /**
   * Deletes counts that are over: ended windows and forgotten sign-in failures (in the database;
   * memory tidies itself). Returns the rows deleted. Run it now and then; any process may.
   */
  prune(now?: number): Promise<number>;
};

/** Deletes `rate_limits` rows whose window has ended (the limiters and the byte budget start a new one on the next hit). */
export async function pruneRateLimits(db: Database, now = Date.now()): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (delete from rate_limits where expire <= ${now} returning 1)
    select count(*)::integer as n from deleted`);
  return Number((result.rows[0] as { n: number }).n);
}

export function createLimits(database: DatabaseHandle, signInSettings: LoginThrottleSettings): Limits {
  if (database.kind !== "postgres") {
    // One counter per limit, so the API and a page's form action charging the same limit share its count.
    const counters = new Map<string, RateLimiter>();
    const rate = (name: string, max: number, windowMs: number) => {
      const key = `${name}:${max}:${windowMs}`;
      const known = counters.get(key);
      if (known) return known;
      const limiter = new RateLimiter(max, windowMs);
      counters.set(key, limiter);
      return limiter;
    };
    return {
      kind: "memory",
      rate,
      bytes: (_name, maxBytes, windowMs, keyOf) => new ByteBudget(maxBytes, windowMs, keyOf),
      signIn: (options, settings = signInSettings) => new LoginThrottle(settings, options),
      prune: async () => 0,
    };
  }
  const { db } = database;
  // The pool behind Drizzle's node-postgres driver (as db/migrate.ts reaches it).
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return {
    kind: "database",
    rate: (name, max, windowMs) => new DatabaseRateLimiter(pool, name, max, windowMs),
    bytes: (name, maxBytes, windowMs, keyOf) => new DatabaseByteBudget(db, name, maxBytes, windowMs, keyOf),
    signIn: (options, settings = signInSettings) => new DatabaseLoginThrottle(db, settings, options),
    prune: async (now = Date.now()) => (await pruneRateLimits(db, now)) + (await new DatabaseLoginThrottle(db, signInSettings).prune(now)),
  };
}
