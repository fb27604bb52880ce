/**
 * The shape of the six landing pages (/trucking-insurance, ...), the marketing links from the home
 * page, services and footer; their copy is in ./landing-pages.copy, which builds on these types.
 * Each carries a quote modal (its fields live in ~/features/leads/landing-forms).
 *
 * The agency's name, phone numbers, licensed-state count, hours and promises are never written
 * here as literals: the copy reads them from the stored profile's facts, so every page stays in
 * step with it.
 */
import type { IconName } from "./home";

export type LandingSlug = "trucking" | "contractors" | "general-liability" | "commercial-property" | "hoa" | "investment-property";

export type LandingTile = { icon: IconName; title: string; description: string };

export type LandingFaq = { question: string; answer: string };

type LandingCommon = {
  /** The URL is /{slug}-insurance. */
  slug: LandingSlug;
  /** Used as "{pageTitle} | {agency name}". */
  pageTitle: string;
  /** 140-160 characters. */
  metaDescription: string;
  /** The badge above the headline, e.g. "Commercial Property Specialists". */
  badge: string;
  /** The h1. */
  headline: string;
  /** One or two sentences under the h1. */
  tagline: string;
  /** Exactly 4 short tiles in the hero ("$0 Down Options", "Same-Day Certificates", ...). */
  heroTiles: { icon: IconName; title: string; text: string }[];
  /** Exactly 6 Why Choose cards. */
  whyChoose: { heading: string; intro: string; cards: LandingTile[] };
  /** The banner with a call button and "Start Your Quote Online". */
  banner: { heading: string; text: string };
  /** Under the "Need Help Now?" heading: a lead line and a sentence; the page adds a call button and Live Chat. */
  help: { heading: string; text: string };
  /** Exactly 4 questions answered on the page (also FAQPage JSON-LD). */
  faqs: LandingFaq[];
};

/** Commercial property, HOA and investment property share one layout with a grid of five covered types. */
export type PropertyLandingPage = LandingCommon & {
  layout: "property";
  coveredTypes: {
    heading: string;
    intro: string;
    /** Exactly 5, titles exactly as spec 001 lists them (coveredTypes in ./options). */
    items: LandingTile[];
  };
};

/** Trucking, contractors and general liability: coverage (or business) types and a why-choose list. */
export type BusinessLandingPage = LandingCommon & {
  layout: "business";
  /** Exactly 6 coverage types (trucking, general liability) or business types (contractors). */
  types: { heading: string; intro: string; items: LandingTile[] };
  /** A checklist of 6 short reasons, beside the call buttons. */
  checklist: { heading: string; items: string[] };
};

export type LandingPage = PropertyLandingPage | BusinessLandingPage;
