/**
 * Blog categories: names unique whatever their case. Posts store their category's name, so a
 * rename carries the posts along (in the same transaction); a delete leaves the posts' label as it
 * is (docs/decisions/013-blog-cms.md).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { blogPosts, categories } from "#db/schema";
import { fallbackBlogCategories } from "~/content/admin-options";
import { isUuid } from "~/lib/uuid";
import { announceBlogChange } from "./posts.server";
import type { CategoryRecord } from "./schema";

const toRecord = (row: typeof categories.$inferSelect): CategoryRecord => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

/** Every category, by name. */
export async function listCategories(db: Database): Promise<CategoryRecord[]> {
  const rows = await db.select().from(categories).orderBy(sql`lower(${categories.name})`, categories.createdAt);
  return rows.map(toRecord);
}

/**
 * The names a post can be filed under (spec 001 section 3): the categories, or the fallback list when
 * there are none or they cannot be read (`failed`: the post forms then say so, section 8).
 */
export async function categoryOptions(db: Database, onError?: (error: unknown) => void): Promise<{ names: string[]; failed: boolean }> {
  try {
    const names = (await listCategories(db)).map((c) => c.name);
    return { names: names.length > 0 ? names : [...fallbackBlogCategories], failed: false };
  } catch (error) {
    onError?.(error);
    return { names: [...fallbackBlogCategories], failed: true };
  }
}

export type CategoryWriteResult =
  | { ok: true; category: CategoryRecord }
  | { ok: false; reason: "duplicate"; existing: string }
  | { ok: false; reason: "not-found" };

async function sameName(db: Pick<Database, "select">, name: string, exceptId?: string): Promise<string | null> {
  const match = sql`lower(${categories.name}) = ${name.toLowerCase()}`;
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(exceptId ? and(match, ne(categories.id, exceptId)) : match);
  return row?.name ?? null;
}

export async function createCategory(db: Database, name: string): Promise<CategoryWriteResult> {
  const existing = await sameName(db, name);
  if (existing) return { ok: false, reason: "duplicate", existing };
  try {
    const [row] = await db.insert(categories).values({ name }).returning();
    return { ok: true, category: toRecord(row) };
  } catch (error) {
    // Created by a parallel request between the check and the insert.
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate", existing: name };
    throw error;
  }
}

/** Renames a category and the posts filed under it. */
export async function updateCategory(db: Database, id: string, name: string): Promise<CategoryWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const existing = await sameName(db, name, id);
  if (existing) return { ok: false, reason: "duplicate", existing };
  try {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id));
      if (!current) return null;
      const [updated] = await tx.update(categories).set({ name }).where(eq(categories.id, id)).returning();
      if (current.name !== name) {
        const posts = await tx
          .update(blogPosts)
          .set({ category: name, updatedAt: new Date() })
          .where(sql`lower(${blogPosts.category}) = ${current.name.toLowerCase()}`)
          .returning({ id: blogPosts.id });
        for (const post of posts) await announceBlogChange(tx, { type: "updated", id: post.id });
      }
      return updated;
    });
    if (!row) return { ok: false, reason: "not-found" };
    return { ok: true, category: toRecord(row) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate", existing: name };
    throw error;
  }
}

/** False when there was no such category. Posts keep the name as their label. */
export async function deleteCategory(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  return deleted.length > 0;
}
