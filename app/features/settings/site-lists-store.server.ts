/**
 * The stored team, testimonials and FAQ as records, and their first-run seeding. The changes
 * themselves (with their audit entries and change announcements) are site-lists.server.ts.
 */
import { asc } from "drizzle-orm";
import type { Database } from "#db/client";
import { type FaqRow, faqs, siteSettings, type TeamMemberRow, type TestimonialRow, teamMembers, testimonials } from "#db/schema";
import { TESTIMONIAL_PLACEMENTS, type TestimonialPlacement } from "~/content/testimonials";
import { isSiteImage } from "~/lib/site-images";
import { defaultLists, type FaqRecord, type SiteLists, type TeamMemberRecord, type TestimonialRecord } from "./site-lists";

/**
 * Set once the first-run lists have been stored: from then on the database's lists are the agency's,
 * and an agency that deleted every question does not get the defaults back at the next start.
 */
export const LISTS_SEEDED_KEY = "site_lists_seeded";

export const teamRecord = (row: TeamMemberRow): TeamMemberRecord => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  email: row.email,
  phone: row.phone,
  linkedin: row.linkedin,
  photo: isSiteImage(row.photo)
    ? { name: row.photo.name, width: row.photo.width, height: row.photo.height, widths: row.photo.widths }
    : null,
});

const placementOf = (value: string): TestimonialPlacement =>
  (TESTIMONIAL_PLACEMENTS as readonly string[]).includes(value) ? (value as TestimonialPlacement) : "testimonials";

export const testimonialRecord = (row: TestimonialRow): TestimonialRecord => ({
  id: row.id,
  name: row.name,
  role: row.role,
  business: row.business,
  place: row.place,
  quote: row.quote,
  rating: row.rating,
  placement: placementOf(row.placement),
});

export const faqRecord = (row: FaqRow): FaqRecord => ({ id: row.id, question: row.question, answer: row.answer });

type Reader = Pick<Database, "select">;

/** The three lists, each in its order (position, then the oldest first). */
export async function readSiteLists(db: Reader): Promise<SiteLists> {
  const team = await db.select().from(teamMembers).orderBy(asc(teamMembers.position), asc(teamMembers.createdAt), asc(teamMembers.id));
  const reviews = await db
    .select()
    .from(testimonials)
    .orderBy(asc(testimonials.position), asc(testimonials.createdAt), asc(testimonials.id));
  const questions = await db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
  return { team: team.map(teamRecord), testimonials: reviews.map(testimonialRecord), faqs: questions.map(faqRecord) };
}

/**
 * Stores the first-run lists once per database, with the marker, in one transaction: processes
 * starting together on a new database wait on the marker's row, and only the one that wrote it seeds.
 */
export async function seedSiteLists(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(siteSettings)
      .values({ key: LISTS_SEEDED_KEY, value: true, updatedBy: null })
      .onConflictDoNothing({ target: siteSettings.key })
      .returning({ key: siteSettings.key });
    if (marked.length === 0) return false;
    const { team, testimonials: reviews, faqs: questions } = defaultLists;
    if (team.length) await tx.insert(teamMembers).values(team.map(({ id: _, photo: __, ...m }, position) => ({ ...m, position })));
    if (reviews.length) await tx.insert(testimonials).values(reviews.map(({ id: _, ...t }, position) => ({ ...t, position })));
    if (questions.length) await tx.insert(faqs).values(questions.map(({ id: _, ...f }, position) => ({ ...f, position })));
    return true;
  });
}
