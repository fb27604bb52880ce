/**
 * Blog posts written in the back office: queries, writes and the slug. Every write sanitises the
 * content (sanitize.server.ts) and checks the category; every write announces itself in its own
 * transaction on the `blog_changes` channel, so every server process on the database hears of it once
 * it commits (`followBlogChanges`; the chat's knowledge base re-indexes from it).
 * docs/decisions/013-blog-cms.md says why it works this way.
 */
import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { announceChange, followChanges, type RecordChange } from "#db/changes";
import type { Database, DatabaseHandle } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { type BlogPost, blogPosts, categories } from "#db/schema";
import { blogStatuses, fallbackBlogCategories } from "~/content/admin-options";
import { builtInPostsFor } from "~/content/blog-posts";
import { defaultSite } from "~/content/site-profile";
import { isUuid } from "~/lib/uuid";
import { blogFieldMessages } from "./admin-messages";
import { sanitizePostHtml } from "./sanitize.server";
import { type BlogPostRecord, type BlogStatus, hasVisibleContent, type PostInput } from "./schema";

/** The built-in articles' slugs: the same for every agency (a stored post never takes one). */
export const builtInSlugs: readonly string[] = builtInPostsFor(defaultSite).map((p) => p.slug);

/** Whether `id` can name a row; anything else is "not found" without asking the database. */
export const isPostId = (id: string) => isUuid(id);

/** What slugify writes, with the -2, -3 of a taken one; an address may carry it in any case. */
const SLUG = /^[a-z0-9-]{1,200}$/i;

/**
 * Whether `key`, from an address, can name a post: an id or a slug. Anything else (a NUL, which
 * PostgreSQL refuses in a query, or any other character no slug has) is "not found" without a query.
 */
export const isPostKey = (key: string) => isUuid(key) || SLUG.test(key);

// ---- change announcements ----

/** The NOTIFY channel of blog changes: every process on the database hears every committed change. */
export const BLOG_CHANGES = "blog_changes";

export type BlogChange = RecordChange;
export type BlogChangeListener = (change: BlogChange) => void | Promise<void>;

/**
 * Announces a change through `tx`, the transaction that makes it: the notification goes out when it
 * commits, never for a write rolled back, and is heard by every process (this one included).
 */
export function announceBlogChange(tx: Pick<Database, "execute">, change: BlogChange): Promise<void> {
  return announceChange(tx, BLOG_CHANGES, change);
}

/**
 * Calls `listener` after each committed create, update or delete of a post made by any process on
 * the database (a category rename counts as an update of the posts in it), detached from the write:
 * a failing or slow listener never fails or delays the admin's save. `onResync` is called when
 * changes may have been missed (the notification connection was lost and is back): re-read the posts.
 * `onListenerError` hears a listener's failure (the caller's logger). Resolves once listening; answers
 * the function that stops it.
 */
export function followBlogChanges(
  database: Pick<DatabaseHandle, "listen">,
  listener: BlogChangeListener,
  {
    onResync,
    onError,
    onListenerError,
  }: { onResync?: () => void; onError?: (error: Error) => void; onListenerError?: (error: unknown, change: BlogChange) => void } = {},
): Promise<() => Promise<void>> {
  return followChanges(database, BLOG_CHANGES, listener, { onResync, onError, onListenerError });
}

// ---- records ----

export function toPostRecord(row: BlogPost): BlogPostRecord {
  const status = (blogStatuses as readonly string[]).includes(row.status) ? (row.status as BlogStatus) : "draft";
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    category: row.category,
    imageUrl: row.imageUrl,
    status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: { email: row.authorEmail },
  };
}

/** Posts newest first: every one for an admin, the published ones for everybody else. */
export async function listPosts(db: Database, { includeDrafts }: { includeDrafts: boolean }): Promise<BlogPostRecord[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(includeDrafts ? undefined : eq(blogPosts.status, "published"))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(toPostRecord);
}

/** One post by id (or, for old links, by slug); a draft only for an admin. */
export async function getPost(
  db: Database,
  idOrSlug: string,
  { includeDrafts }: { includeDrafts: boolean },
): Promise<BlogPostRecord | null> {
  const key = idOrSlug.trim();
  if (!isPostKey(key)) return null;
  const match: SQL = isPostId(key) ? eq(blogPosts.id, key.toLowerCase()) : eq(blogPosts.slug, key.toLowerCase());
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(includeDrafts ? match : and(match, eq(blogPosts.status, "published")));
  return row ? toPostRecord(row) : null;
}

// ---- slugs ----

const MAX_SLUG_LENGTH = 80;

/**
 * The address form of a title: lower case, accents stripped, words joined by hyphens, at most 80
 * characters (cut between words). "Cyber Liability & Your Business" -> "cyber-liability-and-your-business".
 */
export function slugify(title: string): string {
  let slug = title
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/đ/g, "d")
    .replace(/ł/g, "l")
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length > MAX_SLUG_LENGTH) {
    const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
    const lastHyphen = cut.lastIndexOf("-");
    slug = (lastHyphen > 20 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, "");
  }
  if (!slug) slug = "post";
  // /blog/{x} serves ids too: a slug must never read as one.
  if (isUuid(slug)) slug = `${slug}-post`;
  return slug;
}

type Tx = Pick<Database, "select">;

/** `base`, or `base-2`, `base-3`... whichever is free first (a post's own slug counts as free for it). */
export async function uniqueSlug(tx: Tx, base: string, exceptId?: string): Promise<string> {
  const rows = await tx
    .select({ slug: blogPosts.slug, id: blogPosts.id })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), sql`${blogPosts.slug} like ${`${base}-%`}`));
  // The built-in articles' addresses are taken too: /blog/{slug} shows a built-in article first.
  const taken = new Set([...rows.filter((r) => r.id !== exceptId).map((r) => r.slug), ...builtInSlugs]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Runs a write that picks a free slug; a parallel write taking the same slug first makes it pick again. */
async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

// ---- categories as the posts see them ----

/**
 * The category's stored spelling when `name` names one (case-insensitively), else the fallback
 * list's spelling (the form offers that list when categories cannot be loaded), else null.
 */
export async function resolveCategory(db: Tx, name: string): Promise<string | null> {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return null;
  const [row] = await db.select({ name: categories.name }).from(categories).where(sql`lower(${categories.name}) = ${wanted}`);
  if (row) return row.name;
  return fallbackBlogCategories.find((c) => c.toLowerCase() === wanted) ?? null;
}

// ---- writes ----

export type PostWriteResult =
  | { ok: true; post: BlogPostRecord }
  | { ok: false; errors: Record<string, string> }
  | { ok: false; notFound: true };

/**
 * Checks what the schema cannot: the content still shows something once sanitised, and the category
 * exists (a post keeps the category it already has even when that one has been deleted since).
 */
async function prepare(
  db: Database,
  input: PostInput,
  current?: BlogPost,
): Promise<{ values: PostInput } | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const content = sanitizePostHtml(input.content);
  if (!hasVisibleContent(content)) errors.content = blogFieldMessages.content;
  let category = await resolveCategory(db, input.category);
  if (!category && current && current.category.trim().toLowerCase() === input.category.trim().toLowerCase()) category = current.category;
  if (!category) errors.category = blogFieldMessages.unknownCategory;
  if (!category || Object.keys(errors).length > 0) return { errors };
  return { values: { ...input, content, category } };
}

/** A new post by `authorEmail`. Its slug comes from the title. */
export async function createPost(db: Database, input: PostInput, authorEmail: string | null): Promise<PostWriteResult> {
  const prepared = await prepare(db, input);
  if ("errors" in prepared) return { ok: false, errors: prepared.errors };
  const { values } = prepared;
  const row = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const slug = await uniqueSlug(tx, slugify(values.title));
      const [inserted] = await tx
        .insert(blogPosts)
        .values({
          title: values.title,
          slug,
          content: values.content,
          category: values.category,
          imageUrl: values.imageUrl,
          status: values.status,
          authorEmail,
        })
        .returning();
      await announceBlogChange(tx, { type: "created", id: inserted.id });
      return inserted;
    }),
  );
  return { ok: true, post: toPostRecord(row) };
}

/**
 * Replaces a post's fields. The slug follows a changed title while the post is a draft; once
 * published, a post keeps its address (links to it have been shared).
 */
export async function updatePost(db: Database, id: string, input: PostInput): Promise<PostWriteResult> {
  if (!isPostId(id)) return { ok: false, notFound: true };
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!current) return { ok: false, notFound: true };
  const prepared = await prepare(db, input, current);
  if ("errors" in prepared) return { ok: false, errors: prepared.errors };
  const { values } = prepared;
  const renamed = values.title !== current.title && current.status !== "published";
  const row = await withSlugRetry(() =>
    db.transaction(async (tx) => {
      const slug = renamed ? await uniqueSlug(tx, slugify(values.title), id) : current.slug;
      const [updated] = await tx
        .update(blogPosts)
        .set({
          title: values.title,
          slug,
          content: values.content,
          category: values.category,
          imageUrl: values.imageUrl,
          status: values.status,
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      if (updated) await announceBlogChange(tx, { type: "updated", id });
      return updated;
    }),
  );
  if (!row) return { ok: false, notFound: true };
  return { ok: true, post: toPostRecord(row) };
}

/** False when there was no such post. */
export async function deletePost(db: Database, id: string): Promise<boolean> {
  if (!isPostId(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
    if (deleted.length === 0) return false;
    await announceBlogChange(tx, { type: "deleted", id });
    return true;
  });
}
