/**
 * The first-run testimonials: stored in the database when it is new (the back office's Testimonials
 * screen edits them from then on). Each shows in one place: the featured quote at the top of
 * /testimonials, the cards of /testimonials, or the home page's reviews. The clients are fictional
 * placeholders for a first version; the agency replaces them with real, permission-granted reviews.
 *
 * Quotes may hold `{placeholders}` (PLACEHOLDERS in ./placeholders).
 */

import { fillPlaceholders } from "./placeholders";
import type { SiteFacts } from "./site-facts";

export const TESTIMONIAL_PLACEMENTS = ["featured", "testimonials", "home"] as const;
export type TestimonialPlacement = (typeof TESTIMONIAL_PLACEMENTS)[number];

/** A testimonial as the agency writes it. `role`, `business` and `place` may each be "". */
export type TestimonialText = {
  name: string;
  role: string;
  business: string;
  place: string;
  quote: string;
  /** Stars, 1 to 5. */
  rating: number;
  placement: TestimonialPlacement;
};

/** A review card's content: who said it, their role, the business and place as one line, the words, the stars. */
export type Testimonial = { name: string; role: string; company: string; message: string; rating: number };

/** The first-run testimonials, as stored, in their order. */
export const defaultTestimonials: TestimonialText[] = [
  {
    name: "Marcus Holloway",
    role: "Chief Operating Officer",
    business: "Holloway Freight & Storage",
    place: "Killeen",
    quote:
      "We run trucks, a yard and a warehouse, and for years that meant three agents and three renewal dates. Now one team handles our auto, cargo, property and umbrella, reads every shipper contract before we sign it, and picked up the phone at two in the morning when one of our drivers was rear-ended outside Amarillo.",
    rating: 5,
    placement: "featured",
  },
  {
    name: "Angela Ruiz",
    role: "Owner",
    business: "Ruiz Hauling LLC",
    place: "Burnet",
    quote:
      "Two carriers non-renewed us after a cargo claim. They explained what the underwriters were worried about, found a market that would write our dump trucks, and had the new BMC-91X filed before the old policy expired. No gap, no lost loads.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Brian Tolliver",
    role: "President",
    business: "Tolliver Electric",
    place: "Georgetown",
    quote:
      "Every GC we work for wants different certificate wording. They put blanket additional insured and waiver of subrogation endorsements on our policies, so now a certificate request that used to take three days goes out the same morning.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Susan Pham",
    role: "Board Treasurer",
    business: "Sendero Ridge Homeowners Association",
    place: "Liberty Hill",
    quote:
      "Our board had never looked closely at our D&O or crime coverage. They showed us our fidelity limit was lower than our reserve account, raised it to match, and got D&O that covers claims from homeowners over architectural decisions.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Jared Coleman",
    role: "Real Estate Investor",
    business: "Coleman Property Group",
    place: "Austin",
    quote:
      "I buy, renovate and rent out single-family homes. They set me up with a landlord policy that includes loss of rents and a builder's risk option for the properties under renovation, and adding a new address takes one email.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Elena Marquez",
    role: "Owner",
    business: "Casa Marquez Cafe",
    place: "Leander",
    quote:
      "My landlord required $2M aggregate general liability and additional insured status before we could open. They quoted it, bound it and sent my landlord the certificate in one afternoon, and when a customer slipped on our patio they handled the claim start to finish.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Robert Kaplan",
    role: "Owner",
    business: "Kaplan Business Park",
    place: "Cedar Park",
    quote:
      "After a hailstorm tore up two of our roofs, they were on the phone with the adjuster the next morning. Because they had updated our building values at renewal, there was no coinsurance penalty, and our business income coverage replaced the rent we lost while two suites were being repaired. That's what {claimsSupport} claims support should look like.",
    rating: 5,
    placement: "testimonials",
  },
  {
    name: "Ray Delgado",
    role: "Owner-Operator",
    business: "Delgado Transport LLC",
    place: "Georgetown",
    quote:
      "I was getting new authority and didn't know what a BMC-91X was. They placed my auto liability and cargo, got the filing to FMCSA before my authority went active, and explained every line of the policy.",
    rating: 5,
    placement: "home",
  },
  {
    name: "Kendra Whitfield",
    role: "Owner",
    business: "Whitfield Roofing & Exteriors",
    place: "Leander",
    quote:
      "A general contractor kept rejecting our certificates over additional insured and waiver of subrogation wording. The agency fixed the endorsements, sent a compliant COI the same afternoon, and we started the job that week.",
    rating: 5,
    placement: "home",
  },
  {
    name: "Tom Beckett",
    role: "Managing Member",
    business: "Beckett Rental Properties",
    place: "Cedar Park",
    quote:
      "We have eleven rental houses that used to be on eleven separate policies. They moved them onto one schedule with loss of rents coverage and a single renewal date, and the paperwork finally makes sense.",
    rating: 5,
    placement: "home",
  },
];

/** "Holloway Freight & Storage, Killeen": the business and the place, either left out when empty. */
export const companyLine = (t: Pick<TestimonialText, "business" | "place">) => [t.business, t.place].filter(Boolean).join(", ");

/** A testimonial as its card shows it, with `{placeholders}` filled from `site`. */
export function testimonialCard(t: TestimonialText, site: SiteFacts): Testimonial {
  return { name: t.name, role: t.role, company: companyLine(t), message: fillPlaceholders(t.quote, site), rating: t.rating };
}
