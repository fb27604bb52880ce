/**
 * How many bytes each client address may upload per window (UPLOAD_BYTES_PER_ADDRESS_MAX per
 * RATE_LIMIT_UPLOADS_WINDOW_MINUTES), so one sender cannot fill the disk within the request-count
 * limit. Bytes are charged as they stream in, so parallel uploads from one address share the budget,
 * and given back when an upload is not kept. Kept in this process's memory, like the rate limits.
 */

/** Addresses kept at most (about 100 bytes each). */
export const DEFAULT_MAX_KEYS = 50_000;

type Window = { bytes: number; resetAt: number };

export class ByteBudget {
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

  /** Bytes the address may still upload in its current window. */
  remaining(address: string, now = Date.now()): number {
    return this.maxBytes - (this.current(this.keyOf(address), now)?.bytes ?? 0);
  }

  /** Seconds until the address's window ends (at least 1), or 0 when it has none. */
  retryAfter(address: string, now = Date.now()): number {
    const window = this.current(this.keyOf(address), now);
    return window ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : 0;
  }

  /** Charges `bytes` to the address; false, charging nothing, when that would go over its budget. */
  take(address: string, bytes: number, now = Date.now()): boolean {
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

  /** Gives back bytes charged for an upload that was not kept. */
  refund(address: string, bytes: number, now = Date.now()): void {
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
