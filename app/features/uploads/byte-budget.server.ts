/**
 * How many bytes each client address may upload per window (UPLOAD_BYTES_PER_ADDRESS_MAX per
 * RATE_LIMIT_UPLOADS_WINDOW_MINUTES), so one sender cannot fill the disk within the request-count
 * limit. Bytes are charged as they stream in, so parallel uploads from one address share the budget,
 * and given back when an upload is not kept.
 *
 * Like the rate limits (server/rate-limit.ts), the counts live in this process's memory on the
 * embedded database (`ByteBudget`) and in PostgreSQL's `rate_limits` table when several processes
 * may serve the site (`DatabaseByteBudget`).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";

export interface UploadByteBudget {
  readonly maxBytes: number;
  /**
   * The budget counts in multiples of this many bytes: a charge is rounded up to it and a refund
   * down, so charging whole units and giving back what was not used leaves nothing behind.
   */
  readonly unit: number;
  /** Bytes the address may still upload in its current window. */
  remaining(address: string, now?: number): Promise<number>;
  /** Seconds until the address's window ends (at least 1), or 0 when it has none. */
  retryAfter(address: string, now?: number): Promise<number>;
  /** Charges `bytes` to the address; false, charging nothing, when that would go over its budget. */
  take(address: string, bytes: number, now?: number): Promise<boolean>;
  /** Gives back bytes charged for an upload that was not kept. */
  refund(address: string, bytes: number, now?: number): Promise<void>;
}

/** Addresses kept at most (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 50_000;

type Window = { bytes: number; resetAt: number };

export class ByteBudget implements UploadByteBudget {
  readonly unit = 1;

  /**
   * Insertion order is window order: a key is added when its window starts and removed when it ends,
   * and every window has the same length, so the first entries are always the first to expire.
   */
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly maxBytes: number,
    readonly windowMs: number,
    /** The key an address is counted under: the same as the upload rate limit's. */
    private readonly keyOf: (address: string) => string = (address) => address,
    readonly maxKeys = DEFAULT_MAX_KEYS,
  ) {}

  /** How many addresses are counted now. */
  get size(): number {
    return this.windows.size;
  }

  async remaining(address: string, now = Date.now()): Promise<number> {
    return this.maxBytes - (this.current(this.keyOf(address), now)?.bytes ?? 0);
  }

  async retryAfter(address: string, now = Date.now()): Promise<number> {
    const window = this.current(this.keyOf(address), now);
    return window ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
  }

  async take(address: string, bytes: number, now = Date.now()): Promise<boolean> {
    const key = this.keyOf(address);
    let window = this.current(key, now);
    if (!window) {
      if (bytes > this.maxBytes) return false;
      this.makeRoom(now);
      window = { bytes: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    if (window.bytes + bytes > this.maxBytes) return false;
    window.bytes += bytes;
    return true;
  }

  async refund(address: string, bytes: number, now = Date.now()): Promise<void> {
    const window = this.current(this.keyOf(address), now);
    if (window) window.bytes = Math.max(0, window.bytes - bytes);
  }

  private current(key: string, now: number): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /**
   * Drops ended windows (they are at the front), then, while still full, the oldest ones: an address
   * forgotten early starts a fresh budget, which only a flood of distinct addresses can cause; the
   * free-space floor still protects the disk then.
   */
  private makeRoom(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** The budget's unit in the database: `rate_limits.points` is an integer, and 1 TiB is 2^30 KiB. */
const KIB = 1024;

/**
 * The budget in PostgreSQL's `rate_limits` (the rate limiters' table, under its own key prefix),
 * counted in KiB: one row per address and window, `expire` its end in epoch milliseconds. Each charge
 * is one statement that refuses, changing nothing, when it would go over the budget, so processes
 * charging one address at the same time cannot together exceed it.
 */
export class DatabaseByteBudget implements UploadByteBudget {
  readonly unit = KIB;
  private readonly maxUnits: number;

  constructor(
    private readonly db: Database,
    /** Keeps this budget's rows apart from the rate limits' in the shared table. */
    readonly name: string,
    readonly maxBytes: number,
    readonly windowMs: number,
    /** The key an address is counted under: the same as the upload rate limit's. */
    private readonly keyOf: (address: string) => string = (address) => address,
  ) {
    this.maxUnits = Math.floor(maxBytes / KIB);
  }

  private key(address: string) {
    return `${this.name}:${this.keyOf(address)}`;
  }

  private async current(address: string, now: number): Promise<{ points: number; expire: number } | undefined> {
    const result = await this.db.execute(sql`select points, expire from rate_limits where key = ${this.key(address)} and expire > ${now}`);
    const row = result.rows[0] as { points: number | string; expire: number | string } | undefined;
    return row ? { points: Number(row.points), expire: Number(row.expire) } : undefined;
  }

  async remaining(address: string, now = Date.now()): Promise<number> {
    const window = await this.current(address, now);
    return Math.max(0, this.maxUnits - (window?.points ?? 0)) * KIB;
  }

  async retryAfter(address: string, now = Date.now()): Promise<number> {
    const window = await this.current(address, now);
    return window ? Math.max(1, Math.ceil((window.expire - now) / 1000)) : 0;
  }

  async take(address: string, bytes: number, now = Date.now()): Promise<boolean> {
    const units = Math.ceil(bytes / KIB);
    if (units <= 0) return true;
    if (units > this.maxUnits) return false;
    // An ended window starts again at this charge; the WHERE refuses a charge over the budget
    // (no row returned), and the upsert holds the row's lock while it decides.
    const result = await this.db.execute(sql`
      insert into rate_limits as r (key, points, expire) values (${this.key(address)}, ${units}, ${now + this.windowMs})
      on conflict (key) do update set
        points = case when r.expire <= ${now} then excluded.points else r.points + excluded.points end,
        expire = case when r.expire <= ${now} then excluded.expire else r.expire end
      where (case when r.expire <= ${now} then 0 else r.points end)::bigint + excluded.points <= ${this.maxUnits}
      returning points`);
    return result.rows.length === 1;
  }

  async refund(address: string, bytes: number, now = Date.now()): Promise<void> {
    const units = Math.floor(bytes / KIB);
    if (units <= 0) return;
    await this.db.execute(sql`
      update rate_limits set points = greatest(0, points - ${units})
      where key = ${this.key(address)} and expire > ${now}`);
  }
}
