/**
 * Lines a visitor can cause as often as they like (an action refused as cross-site) are written at
 * most once per window for each key (the visitor's address), so a script cannot fill the log; the
 * next line written for a key says how many were left out since its last.
 */
export class LogThrottle {
  /** When each key's last line was written, and how many were left out since. */
  private readonly keys = new Map<string, { at: number; skipped: number }>();

  constructor(
    private readonly windowMs = 60_000,
    /** Keys remembered at most: addresses beyond this, the oldest first, may get a line early. */
    private readonly maxKeys = 10_000,
  ) {}

  /**
   * Whether a line for `key` is written now: the number of lines left out for it since its last one
   * (0 for its first), or null when this one is left out.
   */
  take(key: string, now = Date.now()): number | null {
    const entry = this.keys.get(key);
    if (entry && now - entry.at < this.windowMs) {
      entry.skipped++;
      return null;
    }
    const skipped = entry?.skipped ?? 0;
    this.keys.delete(key);
    this.keys.set(key, { at: now, skipped: 0 });
    if (this.keys.size > this.maxKeys) this.prune(now);
    return skipped;
  }

  get size(): number {
    return this.keys.size;
  }

  /**
   * Forgets the keys whose window has passed, and the oldest while there are still too many. A key is
   * put back at the end whenever its line is written, so the map runs from the oldest line to the
   * newest and the walk stops at the first key it keeps.
   */
  private prune(now: number) {
    for (const [key, entry] of this.keys) {
      if (this.keys.size <= this.maxKeys && now - entry.at < this.windowMs) break;
      this.keys.delete(key);
    }
  }
}
