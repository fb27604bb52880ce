import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uuid, uniqueIndex } from "drizzle-orm/pg-core";

/** Blog categories. Seeded at start with the agency's lines of business. */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`)],
);
