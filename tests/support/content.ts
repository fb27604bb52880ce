/** The first-run lists as the pages show them on a new database: the defaults with the first-run facts filled in. */
import { homeFaqDefaults } from "../../app/content/home";
import { fillPlaceholders } from "../../app/content/placeholders";
import { defaultSite } from "../../app/content/site-profile";
import { defaultTeam, initialsOf, type TeamMember } from "../../app/content/team";
import { defaultTestimonials, type Testimonial, type TestimonialPlacement, testimonialCard } from "../../app/content/testimonials";

export const homeFaqs = homeFaqDefaults.map((f) => ({
  question: fillPlaceholders(f.question, defaultSite),
  answer: fillPlaceholders(f.answer, defaultSite),
}));

/** The first-run team as /team shows it. */
export const teamMembers: TeamMember[] = defaultTeam.map((m) => ({
  ...m,
  bio: fillPlaceholders(m.bio, defaultSite),
  initials: initialsOf(m.name),
}));

const firstRun = (placement: TestimonialPlacement) =>
  defaultTestimonials.filter((t) => t.placement === placement).map((t) => testimonialCard(t, defaultSite));

/** The first-run cards of /testimonials. */
export const testimonials: Testimonial[] = firstRun("testimonials");

/** The first-run featured quote of /testimonials. */
export const featuredTestimonial = (() => {
  const [card] = firstRun("featured");
  return { quote: card.message, name: card.name, role: card.role, company: card.company };
})();

/** The first-run reviews of the home page. */
export const homeReviews: Testimonial[] = firstRun("home");
