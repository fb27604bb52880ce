/**
 * Each searchable table's search text (docs/decisions/053-search.md), written exactly as its pg_trgm index
 * in db/migrations/0016_search.sql, so PostgreSQL answers `lower(...) like '%word%'` from the index. A
 * change here needs the same change in a migration (db/search.test.ts checks each index is used).
 */
import { sql } from "drizzle-orm";

export const searchText = {
  /** Name, email, reference, phone as written and as digits, line of business, the trucking form's business name, message. */
  leads: sql.raw(
    `lower("leads"."name" || ' ' || "leads"."email" || ' ' || "leads"."reference" || ' ' || "leads"."phone" || ' ' || regexp_replace("leads"."phone", '[^0-9]', '', 'g') || ' ' || coalesce("leads"."service", '') || ' ' || coalesce("leads"."payload"->>'legalBusinessName', '') || ' ' || coalesce("leads"."message", ''))`,
  ),
  /** Name, email and cover letter. */
  jobApplications: sql.raw(
    `lower("job_applications"."name" || ' ' || "job_applications"."email" || ' ' || coalesce("job_applications"."cover_letter", ''))`,
  ),
  /** The visitor's name, email and phone as written and as digits. */
  chatSessions: sql.raw(
    `lower("chat_sessions"."name" || ' ' || "chat_sessions"."email" || ' ' || "chat_sessions"."phone" || ' ' || regexp_replace("chat_sessions"."phone", '[^0-9]', '', 'g'))`,
  ),
  /** Each table's name, lower-cased: what a search of only one- and two-letter words is matched against. */
  names: {
    leads: sql.raw(`lower("leads"."name")`),
    jobApplications: sql.raw(`lower("job_applications"."name")`),
    chatSessions: sql.raw(`lower("chat_sessions"."name")`),
  },
  /** What was said. */
  chatMessages: sql.raw(`lower("chat_messages"."content")`),
};
