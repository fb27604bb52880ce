/**
 * Testimonials page copy. The clients are fictional placeholders for a first version;
 * replace them with real, permission-granted reviews before launch.
 */

import { promises } from "./agency";

export type Testimonial = { name: string; role: string; company: string; message: string; rating: 5 };

export const featuredTestimonial: { quote: string; name: string; role: string; company: string } = {
  quote:
    "We run trucks, a yard and a warehouse, and for years that meant three agents and three renewal dates. Now one team handles our auto, cargo, property and umbrella, reads every shipper contract before we sign it, and picked up the phone at two in the morning when one of our drivers was rear-ended outside Amarillo.",
  name: "Marcus Holloway",
  role: "Chief Operating Officer",
  company: "Holloway Freight & Storage, Killeen",
};

export const testimonials: Testimonial[] = [
  {
    name: "Angela Ruiz",
    role: "Owner",
    company: "Ruiz Hauling LLC, Burnet",
    message:
      "Two carriers non-renewed us after a cargo claim. They explained what the underwriters were worried about, found a market that would write our dump trucks, and had the new BMC-91X filed before the old policy expired. No gap, no lost loads.",
    rating: 5,
  },
  {
    name: "Brian Tolliver",
    role: "President",
    company: "Tolliver Electric, Georgetown",
    message:
      "Every GC we work for wants different certificate wording. They put blanket additional insured and waiver of subrogation endorsements on our policies, so now a certificate request that used to take three days goes out the same morning.",
    rating: 5,
  },
  {
    name: "Susan Pham",
    role: "Board Treasurer",
    company: "Sendero Ridge Homeowners Association, Liberty Hill",
    message:
      "Our board had never looked closely at our D&O or crime coverage. They showed us our fidelity limit was lower than our reserve account, raised it to match, and got D&O that covers claims from homeowners over architectural decisions.",
    rating: 5,
  },
  {
    name: "Jared Coleman",
    role: "Real Estate Investor",
    company: "Coleman Property Group, Austin",
    message:
      "I buy, renovate and rent out single-family homes. They set me up with a landlord policy that includes loss of rents and a builder's risk option for the properties under renovation, and adding a new address takes one email.",
    rating: 5,
  },
  {
    name: "Elena Marquez",
    role: "Owner",
    company: "Casa Marquez Cafe, Leander",
    message:
      "My landlord required $2M aggregate general liability and additional insured status before we could open. They quoted it, bound it and sent my landlord the certificate in one afternoon, and when a customer slipped on our patio they handled the claim start to finish.",
    rating: 5,
  },
  {
    name: "Robert Kaplan",
    role: "Owner",
    company: "Kaplan Business Park, Cedar Park",
    message: `After a hailstorm tore up two of our roofs, they were on the phone with the adjuster the next morning. Because they had updated our building values at renewal, there was no coinsurance penalty, and our business income coverage replaced the rent we lost while two suites were being repaired. That's what ${promises.claimsSupport} claims support should look like.`,
    rating: 5,
  },
];
