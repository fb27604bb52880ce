/**
 * The agency's site content as stored: the profile edited in Settings (`site_settings`, key
 * `agency_profile`), and the team, testimonials and FAQ edited on their screens (their tables,
 * site-lists.server.ts). Each process keeps the last snapshot it read and reads again when any process
 * announces a change on `site_changes` (sent inside the saving transaction, so only committed changes
 * are heard), when the notification connection comes back, and at least every minute. A request takes
 * one snapshot when it starts and renders with it alone, so no page mixes old and new details.
 * docs/decisions/032-stored-site-content.md describes the path to prerendered and cached pages.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/client";
import { notify } from "#db/client";
import { siteSettings } from "#db/schema";
import type { AgencyProfile, SiteFacts } from "~/content/site-facts";
import { defaultProfile, siteFacts } from "~/content/site-profile";
import { readStoredProfile } from "./profile-schema";
import { defaultLists, listsContent, type SiteLists } from "./site-lists";
import { readSiteLists, seedSiteLists } from "./site-lists-store.server";

/** The NOTIFY channel of site content changes: every process on the database hears each committed one. */
export const SITE_CHANGES = "site_changes";
export const PROFILE_KEY = "agency_profile";

export type SiteSnapshot = SiteLists & {
  profile: AgencyProfile;
  facts: SiteFacts;
  /** Changes whenever anything a page shows from the stored content changes: the render cache's and ETags' key. */
  version: string;
};

type Stored = SiteLists & { profile: AgencyProfile };

/**
 * The version of stored content: a short hash of all that pages show of it (not the rows' ids), so
 * equal content has equal versions on every process, and a database holding the first-run defaults
 * has the build's version.
 */
export function contentVersion(content: Stored): string {
  const shown = { profile: content.profile, ...listsContent(content) };
  return createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 16);
}

export function snapshotOf(content: Stored): SiteSnapshot {
  const { profile, team, testimonials, faqs } = content;
  return { profile, facts: siteFacts(profile), team, testimonials, faqs, version: contentVersion(content) };
}

/** The first-run defaults' snapshot: what the build prerenders, and what a new database is seeded with. */
export const defaultSnapshot: SiteSnapshot = snapshotOf({ profile: defaultProfile, ...defaultLists });

type Reader = Pick<Database, "select">;

export async function readProfile(db: Reader): Promise<AgencyProfile> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PROFILE_KEY));
  return row ? readStoredProfile(row.value, defaultProfile) : defaultProfile;
}

export async function readSnapshot(db: Reader): Promise<SiteSnapshot> {
  const profile = await readProfile(db);
  return snapshotOf({ profile, ...(await readSiteLists(db)) });
}

/**
 * Stores the first-run defaults when the database has none yet: the profile when there is no profile,
 * and the team, testimonials and FAQ once per database (seedSiteLists). What is stored is kept.
 */
export async function seedSiteContent(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: PROFILE_KEY, value: defaultProfile, updatedBy: null })
    .onConflictDoNothing({ target: siteSettings.key });
  await seedSiteLists(db);
}

/** Announces a change through `tx`, the transaction that makes it. */
export function announceSiteChange(tx: Pick<Database, "execute">, what: string): Promise<void> {
  return notify(tx, SITE_CHANGES, JSON.stringify({ what }));
}

/**
 * Saves `profile` (already validated) and announces it, in one transaction with `also` (the audit
 * entry, given the profile it replaces); `db` may be a transaction itself: the save then commits with
 * it. Answers the profile it replaced.
 */
export async function saveProfile(
  db: Pick<Database, "transaction">,
  profile: AgencyProfile,
  by: { id: string } | null,
  also?: (tx: Database, before: AgencyProfile) => Promise<void>,
): Promise<AgencyProfile> {
  return db.transaction(async (tx) => {
    // One save at a time: the row is locked while the old value is read and the new one written.
    await tx
      .insert(siteSettings)
      .values({ key: PROFILE_KEY, value: defaultProfile, updatedBy: null })
      .onConflictDoNothing({ target: siteSettings.key });
    const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PROFILE_KEY)).for("update");
    const before = readStoredProfile(row?.value, defaultProfile);
    await tx
      .update(siteSettings)
      .set({ value: profile, updatedAt: sql`now()`, updatedBy: by?.id ?? null })
      .where(eq(siteSettings.key, PROFILE_KEY));
    await also?.(tx as unknown as Database, before);
    await announceSiteChange(tx, "profile");
    return before;
  });
}

export type SiteStoreOptions = {
  /** How often the snapshot is read again without a notification (a restore, SQL typed by hand). */
  refreshMs?: number;
  log?: (level: "warn" | "error" | "info", data: object, message: string) => void;
};

/** This process's copy of the stored site content, kept in step with the database. */
export class SiteStore {
  private snapshot: SiteSnapshot;
  private readonly listeners = new Set<(snapshot: SiteSnapshot) => void>();
  private reading: Promise<SiteSnapshot> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    initial: SiteSnapshot,
    private readonly options: SiteStoreOptions = {},
  ) {
    this.snapshot = initial;
  }

  static async open(db: Database, options?: SiteStoreOptions): Promise<SiteStore> {
    return new SiteStore(db, await readSnapshot(db), options);
  }

  /** The snapshot a request renders with. */
  current(): SiteSnapshot {
    return this.snapshot;
  }

  /** Calls `listener` with each new snapshot (a changed version); answers the function that stops it. */
  onChange(listener: (snapshot: SiteSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Reads the stored content again; listeners hear of it when its version changed. Calls made while a
   * read is under way share one more read after it, so a change announced during a read is not missed.
   */
  reload(): Promise<SiteSnapshot> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          const next = await readSnapshot(this.db);
          this.replace(next);
        } while (this.again);
        return this.snapshot;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** Takes `next` as the current snapshot (a save made by this process, read back). */
  replace(next: SiteSnapshot): void {
    if (next.version === this.snapshot.version) return;
    this.snapshot = next;
    for (const listener of this.listeners) {
      try {
        listener(next);
      } catch (error) {
        this.options.log?.("error", { err: error }, "a site content listener failed");
      }
    }
  }

  /** Follows changes made by every process; resolves once listening. */
  async follow(database: Pick<DatabaseHandle, "listen">): Promise<void> {
    const refresh = () =>
      void this.reload().catch((error: unknown) =>
        this.options.log?.("warn", { err: error }, "the site's settings could not be read again"),
      );
    this.unlisten = await database.listen(SITE_CHANGES, refresh, {
      onReconnect: refresh,
      onError: (error) =>
        this.options.log?.("warn", { err: error }, "site change notifications lost: settings are read again every minute"),
    });
    this.timer = setInterval(refresh, this.options.refreshMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
    await this.reading?.catch(() => undefined);
  }
}
