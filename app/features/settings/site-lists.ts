/**
 * The lists the agency edits in the back office besides its profile: the team (/team), the
 * testimonials (/testimonials and the home page's reviews) and the home page's FAQ. Their stored
 * shapes, the first-run defaults (from app/content), and what pages show of them: `{placeholders}`
 * filled from the request's facts. Browser-safe: the screens' previews use the same functions.
 */
import { type FaqItem, homeFaqDefaults } from "~/content/home";
import { fillPlaceholders, PLACEHOLDERS } from "~/content/placeholders";
import type { SiteFacts } from "~/content/site-facts";
import { defaultTeam, initialsOf, type TeamMember, type TeamMemberText } from "~/content/team";
import {
  defaultTestimonials,
  type Testimonial,
  type TestimonialPlacement,
  type TestimonialText,
  testimonialCard,
} from "~/content/testimonials";
import type { SiteImage } from "~/lib/site-images";

export type TeamMemberRecord = TeamMemberText & { id: string; photo: SiteImage | null };
export type TestimonialRecord = TestimonialText & { id: string };
export type FaqRecord = FaqItem & { id: string };

/** The three lists, each in its order. */
export type SiteLists = { team: TeamMemberRecord[]; testimonials: TestimonialRecord[]; faqs: FaqRecord[] };
export type ListName = keyof SiteLists;

/** The first-run lists (the build's prerendered pages show these; a new database is seeded with them). */
export const defaultLists: SiteLists = {
  team: defaultTeam.map((m, i) => ({ ...m, id: `default-team-${i}`, photo: null })),
  testimonials: defaultTestimonials.map((t, i) => ({ ...t, id: `default-testimonial-${i}` })),
  faqs: homeFaqDefaults.map((f, i) => ({ ...f, id: `default-faq-${i}` })),
};

/** What the lists show, without ids: equal content has an equal version (site.server.ts contentVersion). */
export function listsContent(lists: SiteLists) {
  return {
    team: lists.team.map(({ id: _, ...m }) => m),
    testimonials: lists.testimonials.map(({ id: _, ...t }) => t),
    faqs: lists.faqs.map(({ id: _, ...f }) => f),
  };
}

/** A member as /team shows them. */
export type TeamMemberView = TeamMember & { id: string; photo: SiteImage | null };

export function teamMemberView(member: TeamMemberRecord, site: SiteFacts): TeamMemberView {
  return { ...member, bio: fillPlaceholders(member.bio, site), initials: initialsOf(member.name) };
}

/** A testimonial as its card shows it. */
export type TestimonialView = Testimonial & { id: string };

export function testimonialView(t: TestimonialRecord, site: SiteFacts): TestimonialView {
  return { id: t.id, ...testimonialCard(t, site) };
}

export function faqView(f: FaqRecord, site: SiteFacts): FaqItem & { id: string } {
  return { id: f.id, question: fillPlaceholders(f.question, site), answer: fillPlaceholders(f.answer, site) };
}

/** The testimonials shown in one place, in their order. */
export const testimonialsIn = (lists: Pick<SiteLists, "testimonials">, placement: TestimonialPlacement, site: SiteFacts) =>
  lists.testimonials.filter((t) => t.placement === placement).map((t) => testimonialView(t, site));

/** The placeholders a text may hold, as the screens list them: `{agencyName}`, what it prints, and its value now. */
export function placeholderList(site: SiteFacts): { token: string; describe: string; value: string }[] {
  return Object.entries(PLACEHOLDERS).map(([name, p]) => ({ token: `{${name}}`, describe: p.describe, value: p.value(site) }));
}

const BRACED = /\{(\w{1,40})\}/g;

/** The `{words}` of `text` that are not placeholders (a typo would print as it is). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const [, name] of text.matchAll(BRACED)) if (!Object.hasOwn(PLACEHOLDERS, name)) unknown.add(name);
  return [...unknown];
}
