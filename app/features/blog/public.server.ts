/**
 * The public blog's reads: the built-in articles plus the published posts of the database, and one
 * post by slug or id. A draft is shown only to a signed-in admin (the admin's "view" link). The
 * built-in articles state the request's profile's facts, and dates are days in its time zone.
 */
import { desc, eq, or } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Database } from "#db/client";
import { type BlogPost, blogPosts } from "#db/schema";
import { builtInPostsFor, type DisplayedPost } from "~/content/blog-posts";
import { perSite, type SiteFacts } from "~/content/site-facts";
import { htmlToText, wordCount } from "~/lib/html-text";
import { isUuid } from "~/lib/uuid";
import { formatCardDate, formatPostDate, isoDay } from "./format";
import { fromRecord, metaDescription, newestFirst, type PostPage, type PostSummary, postPath, stripLeadingH1 } from "./mapping";
import { builtInSlugs, isPostKey } from "./posts.server";

const PUBLISHED = "published";

/** A post with the address it is linked and known by. */
type Located = DisplayedPost & { path: string };

const builtInSlugSet = new Set(builtInSlugs);
/** The built-in posts with `site`'s facts, newest first, with their addresses. */
const locatedBuiltIns = perSite((site): readonly Located[] => newestFirst(builtInPostsFor(site)).map((p) => ({ ...p, path: postPath(p) })));

/**
 * A stored post as displayed, with its address: by the spec's rule, except that a slug a built-in
 * post already uses would open the built-in one (it wins), so such a post is linked by its id.
 */
function fromRow(row: BlogPost): Located {
  const post = fromRecord(row);
  return { ...post, path: builtInSlugSet.has(post.slug) ? `/blog/${encodeURIComponent(post.id)}` : postPath(post) };
}

export function toSummary({ content: _content, ...post }: Located, site: SiteFacts): PostSummary {
  const zone = site.agency.hours.timezone;
  return { ...post, dateLabel: formatCardDate(post.publishDate, zone), day: isoDay(post.publishDate, zone) };
}

function toPage(
  post: Located,
  site: SiteFacts,
  { draft = false, updated = null }: { draft?: boolean; updated?: string | null } = {},
): PostPage {
  const zone = site.agency.hours.timezone;
  return {
    ...post,
    content: stripLeadingH1(post.content),
    dateLabel: formatPostDate(post.publishDate, zone),
    day: isoDay(post.publishDate, zone),
    metaDescription: metaDescription(post.content),
    wordCount: wordCount(htmlToText(post.content)),
    draft,
    updated,
  };
}

/** Published database posts, newest first. */
export async function publishedPosts(db: Database): Promise<Located[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, PUBLISHED))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(fromRow);
}

/** A list read at a content version: used for that version, and no longer than this. */
const LIST_MAX_AGE_MS = 60_000;
type KeptList = { version: number; readAt: number; site: SiteFacts; list: Promise<PostSummary[]> };
/** The last list read per database, with the version and profile it was read at. */
const keptLists = new WeakMap<Database, KeptList>();

/**
 * The list as the spec builds it: the built-in posts (newest first), then the published ones
 * (newest first). A database failure leaves the built-in posts alone, silently for the reader
 * (spec 000 section 8) but logged.
 *
 * `version` is the content version the request found (`AppLoadContext.contentVersion`): the list
 * read at a version answers every request at the same version and profile (a search, a filter,
 * the list's data request) for up to a minute, so a page the cache cannot store reads no table. A
 * null version (changes may go unheard) reads it every time, as does a read that failed.
 */
export async function blogList(
  db: Database,
  site: SiteFacts,
  onError: (error: unknown) => void = () => {},
  version: number | null = null,
): Promise<PostSummary[]> {
  if (version === null) return readList(db, site, onError).then(({ list }) => list);
  const kept = keptLists.get(db);
  if (kept && kept.version === version && kept.site === site && performance.now() - kept.readAt < LIST_MAX_AGE_MS) return kept.list;
  const reading = readList(db, site, onError);
  const entry: KeptList = { version, readAt: performance.now(), site, list: reading.then(({ list }) => list) };
  keptLists.set(db, entry);
  void reading.then(({ failed }) => {
    if (failed && keptLists.get(db) === entry) keptLists.delete(db);
  });
  return entry.list;
}

/** The list as the public pages show it: read per content version, a failed read logged. */
export function publicBlogList(context: Pick<AppLoadContext, "db" | "site" | "logger" | "contentVersion">): Promise<PostSummary[]> {
  return blogList(
    context.db,
    context.site.facts,
    (error) => context.logger.error({ err: error }, "blog list: stored posts unavailable, showing the built-in ones"),
    context.contentVersion(),
  );
}

async function readList(
  db: Database,
  site: SiteFacts,
  onError: (error: unknown) => void,
): Promise<{ list: PostSummary[]; failed: boolean }> {
  let stored: Located[] = [];
  let failed = false;
  try {
    stored = await publishedPosts(db);
  } catch (error) {
    failed = true;
    onError(error);
  }
  return { list: [...locatedBuiltIns(site), ...stored].map((post) => toSummary(post, site)), failed };
}

/** Every post a reader may see, newest first, with its full text and address (the RSS feed). */
export async function allPublishedPosts(db: Database, site: SiteFacts): Promise<Located[]> {
  return newestFirst([...locatedBuiltIns(site), ...(await publishedPosts(db))]);
}

/** The database, and the load context's one session check (`context.admin`). */
export type FindServices = Pick<AppLoadContext, "db" | "admin">;

/**
 * /blog/{key}: a built-in post by slug first (it wins over a stored post with the same slug), then a
 * built-in by id, then a stored post by slug or id. A draft is returned only when an admin is
 * signed in on this request.
 */
export async function findPost(services: FindServices, request: Request, key: string, site: SiteFacts): Promise<PostPage | null> {
  const builtIns = locatedBuiltIns(site);
  const builtIn = builtIns.find((p) => p.slug === key) ?? builtIns.find((p) => p.id === key);
  if (builtIn) return toPage(builtIn, site);

  if (!isPostKey(key)) return null;
  // Slugs are written in lower case (the admin's slugify); /blog/Some-Title finds some-title too.
  const slugs = [...new Set([key, key.toLowerCase()])].map((s) => eq(blogPosts.slug, s));
  const match = isUuid(key) ? or(...slugs, eq(blogPosts.id, key.toLowerCase())) : or(...slugs);
  const rows = await services.db.select().from(blogPosts).where(match);
  // An exact slug first, then a slug in lower case, then the id.
  const row = rows.find((r) => r.slug === key) ?? rows.find((r) => r.slug === key.toLowerCase()) ?? rows[0];
  if (!row) return null;
  const draft = row.status !== PUBLISHED;
  if (draft && !(await services.admin(request))) return null;
  return toPage(fromRow(row), site, { draft, updated: row.updatedAt.toISOString() });
}

/** Addresses of every published post with its last change, for the sitemap. */
export async function publishedPostPaths(db: Database, site: SiteFacts): Promise<{ path: string; lastmod: string }[]> {
  const builtIn = locatedBuiltIns(site).map((p) => ({ path: p.path, lastmod: isoDay(p.publishDate, site.agency.hours.timezone) }));
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, PUBLISHED))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return [...builtIn, ...rows.map((row) => ({ path: fromRow(row).path, lastmod: row.updatedAt.toISOString().slice(0, 10) }))];
}
