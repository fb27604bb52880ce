/**
 * Home page copy: hero, service cards, reasons to choose the agency, reviews and FAQs. The hero's and
 * the reasons' figures come from the stored profile's facts; the FAQs state the values of ./agency.
 * The closing call to action is ./closing.
 */

import { perSite } from "./site-facts";
import type { Testimonial } from "./testimonials";

export type IconName =
  | "truck"
  | "hardhat"
  | "shield"
  | "building"
  | "home"
  | "key"
  | "clock"
  | "handshake"
  | "badge"
  | "phone"
  | "scale"
  | "chart"
  | "users"
  | "document"
  | "star"
  | "lock"
  | "map";

export type Card = { title: string; description: string; link?: string; icon: IconName };

export type FaqItem = { question: string; answer: string };

/** A review card's content (./testimonials). */
export type Review = Testimonial;

export type HomeCopy = { hero: { eyebrow: string; title: string; subtitle: string }; whyChooseUs: Card[] };

/** The hero and the reasons to choose the agency, with the facts they state. */
export const homeCopy = perSite((site): HomeCopy => {
  const { agency, licensedStateCount, promises, residentState } = site;
  const hero = {
    eyebrow: `Independent commercial insurance agency in ${agency.address.city}, ${agency.address.regionName}`,
    title: "Commercial insurance that fits the way your business actually works",
    subtitle: `Trucking, contractors, general liability and commercial property coverage shopped across ${promises.carriers} carriers, with most quotes back in about ${promises.quoteMinutes} minutes.`,
  };

  const whyChooseUs: Card[] = [
    {
      title: `Quotes in about ${promises.quoteMinutes} minutes`,
      description:
        "Send us your current declarations and loss runs and a licensed agent comes back with options you can compare side by side, not a single take-it-or-leave-it number.",
      icon: "clock",
    },
    {
      title: `${promises.carriers} carriers, one application`,
      description:
        "As an independent agency we aren't tied to one company. We take your business to the carriers that actually want your class of risk, so you don't have to.",
      icon: "handshake",
    },
    {
      title: `${promises.claimsSupport} claims support`,
      description:
        "When a truck is in a wreck or a pipe bursts overnight, you can report it any time. We help with first notice of loss and stay with you until the claim is settled.",
      icon: "phone",
    },
    {
      title: `Licensed in ${licensedStateCount} states`,
      description: `${residentState} is our resident license, and we write coverage in ${licensedStateCount} states, so trucks that cross state lines and jobs outside ${residentState} stay with one agent.`,
      icon: "map",
    },
  ];

  return { hero, whyChooseUs };
});

export const homeServices: Card[] = [
  {
    title: "Commercial Trucking Insurance",
    description:
      "Primary auto liability with the MCS-90 endorsement, motor truck cargo and physical damage, with your BMC-91X and state filings handled for you.",
    link: "/trucking-insurance",
    icon: "truck",
  },
  {
    title: "Contractors Insurance",
    description:
      "General liability, tools and equipment, builder's risk and workers' comp, written with the additional insured and waiver of subrogation wording your contracts require.",
    link: "/contractors-insurance",
    icon: "hardhat",
  },
  {
    title: "General Liability Insurance",
    description:
      "Protection against third-party bodily injury, property damage and personal and advertising injury claims, with per-occurrence and aggregate limits sized to your contracts and leases.",
    link: "/general-liability-insurance",
    icon: "shield",
  },
  {
    title: "Commercial Property Insurance",
    description:
      "Replacement-cost coverage for your building, equipment and inventory, plus business income and ordinance or law coverage so a loss doesn't close your doors.",
    link: "/commercial-property-insurance",
    icon: "building",
  },
];

/**
 * The home page's first-run FAQ, as stored (the back office's FAQ screen edits it from then on).
 * Questions and answers may hold `{placeholders}` (PLACEHOLDERS in ./placeholders), so an answer about
 * office hours stays true when Settings change.
 */
export const homeFaqDefaults: FaqItem[] = [
  {
    question: "How quickly can I get a quote?",
    answer:
      "For most small and mid-size businesses, quotes come back in about {quoteMinutes} minutes during office hours ({officeHours}). Larger fleets, high-value buildings and accounts with significant losses can take longer because carriers underwrite them individually, and we will tell you up front when that is the case.",
  },
  {
    question: "What does an independent agency do differently?",
    answer:
      "A captive agent can only offer one company's policies. We work with {carriers} carriers, so we can compare coverage forms, limits and price for your specific class of business, and we can move your coverage at renewal if another carrier treats you better.",
  },
  {
    question: "Which states can you write coverage in?",
    answer:
      "We are licensed in {licensedStateCount} states, with {residentState} as our resident license. That covers most of the lanes our trucking clients run and the states where our contractors and property owners do business; the full list is on our About page.",
  },
  {
    question: "What information do I need to get a quote?",
    answer:
      "Your business name and FEIN, a description of operations, annual revenue or payroll, and your current declarations pages if you have coverage. Carriers also ask for three to five years of loss runs, plus a vehicle and driver list for trucking or a property schedule for buildings.",
  },
  {
    question: "Can you issue certificates with additional insured and waiver of subrogation wording?",
    answer:
      "Yes. We issue certificates of insurance the same day in most cases and review the insurance section of your contract first. If the contract calls for additional insured status, primary and non-contributory wording or a waiver of subrogation, we confirm the right endorsements are on your policy before the certificate goes out.",
  },
  {
    question: "What happens when I need to file a claim?",
    answer:
      "Claims can be reported {claimsSupport}. We help you file the first notice of loss with the carrier, tell you what documentation the adjuster will need, and follow up until the claim is resolved, so you are not on hold with an 800 number alone.",
  },
  {
    question: "Is workers' compensation required in {residentState}?",
    answer:
      "{residentState} does not require most private employers to carry workers' comp, but many general contractors, public entities and commercial leases require it. Employers who opt out become non-subscribers and lose important legal defenses if an injured employee sues, so we walk through both options before you decide.",
  },
];
