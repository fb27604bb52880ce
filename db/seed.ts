import { seedBlogCategories } from "~/content/admin-options";
import type { Database } from "./client";
import { categories } from "./schema";

/** Idempotent: running it again changes nothing. */
export async function seed(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values(seedBlogCategories.map((name) => ({ name })))
    .onConflictDoNothing();
}
