/**
 * Views of the public pages, counted by the server (docs/decisions/059-page-views.md): no cookie, no
 * address, no visitor id; a bot's request is not counted (`isbot`, by its user agent). Each process adds
 * its counts in memory, off the request's path (a map increment), and writes them to `page_views` every
 * few seconds and when it stops, added to what the other processes wrote: the table, not a process,
 * holds the figures.
 */
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "#db/client";
import { pageViews } from "#db/schema";

/** Paths longer than this are not pages of the site. */
const MAX_PATH = 200;
/** At most this many distinct (day, path) counts wait in memory; more are dropped until the next write. */
const MAX_PENDING = 5_000;

/** How many user agents' bot verdicts are remembered (browsers send a handful of distinct ones). */
const MAX_AGENTS = 1_000;

/** A path of a public page, as counted: not the back office, the API, or a file. */
export function countedPath(path: string): boolean {
  if (path.length > MAX_PATH || !path.startsWith("/")) return false;
  if (/^\/(admin|api|assets|media)(\/|$)/i.test(path)) return false;
  // A file (sitemap.xml, robots.txt, a route's .data request): not a page view.
  return !/\.[a-z0-9]{1,5}$/i.test(path);
}

export type PageViewsOptions = {
  db: Pick<Database, "insert">;
  /** The agency's time zone, read when the day is worked out (a change in Settings applies from the next minute). */
  timeZone: () => string;
  flushEveryMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
};

export class PageViews {
  private pending = new Map<string, number>();
  /** isbot's verdict per user agent: its pattern is long, and the same few agents come again and again. */
  private bots = new Map<string, boolean>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private day = "";
  private dayUntil = 0;
  private flushing: Promise<void> = Promise.resolve();
  private readonly options: PageViewsOptions;

  constructor(options: PageViewsOptions) {
    this.options = options;
  }

  /** The agency's calendar day now, worked out at most once a minute. */
  private today(): string {
    const now = (this.options.now ?? Date.now)();
    if (now >= this.dayUntil) {
      this.day = new Intl.DateTimeFormat("en-CA", {
        timeZone: this.options.timeZone(),
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }).format(now);
      this.dayUntil = now + 60_000 - (now % 60_000);
    }
    return this.day;
  }

  /** One answered view of a public page (a 200 HTML answer to a GET). */
  count(path: string, userAgent: string | null | undefined): void {
    if (!countedPath(path) || !userAgent || this.isBot(userAgent)) return;
    const key = `${this.today()}\t${path}`;
    const seen = this.pending.get(key);
    if (seen === undefined && this.pending.size >= MAX_PENDING) return;
    this.pending.set(key, (seen ?? 0) + 1);
  }

  private isBot(userAgent: string): boolean {
    let bot = this.bots.get(userAgent);
    if (bot === undefined) {
      bot = isbot(userAgent);
      if (this.bots.size >= MAX_AGENTS) this.bots.clear();
      this.bots.set(userAgent, bot);
    }
    return bot;
  }

  /** Writes the counts so far, added to the stored ones; counts that could not be written are kept for the next try. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [day, path] = key.split("\t");
      return { day, path, views };
    });
    try {
      await this.options.db
        .insert(pageViews)
        .values(rows)
        .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + excluded.views` } });
    } catch (error) {
      // Kept for the next write (within the bound), so a database hiccup loses no count.
      for (const [key, views] of batch) {
        if (this.pending.size >= MAX_PENDING && !this.pending.has(key)) continue;
        this.pending.set(key, (this.pending.get(key) ?? 0) + views);
      }
      this.options.onError?.(error);
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs ?? 10_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
