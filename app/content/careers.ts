/**
 * Careers page copy (/careers). Names, places and contact details come from the stored profile's
 * facts; the openings themselves come from the database (the back office's Job Listings).
 */
import type { IconName } from "./home";
import { perSite } from "./site-facts";

export type CareersCopy = {
  hero: { eyebrow: string; title: string; subtitle: string };
  intro: { title: string; paragraphs: string[] };
  values: { title: string; description: string; icon: IconName }[];
};

export const careersCopy = perSite((site): CareersCopy => {
  const { agency, licensedStateCount, promises } = site;
  const careersHero = {
    eyebrow: "Careers",
    title: `Work at ${agency.name}`,
    subtitle: `We are an independent commercial insurance agency in ${agency.address.city}, ${agency.address.regionName}, insuring the trucking companies, contractors, property owners and homeowners associations that keep Central Texas working.`,
  };

  const careersIntro = {
    title: "What the work is like",
    paragraphs: [
      `Our clients run fleets, crews and buildings, and they call us when they need a certificate before a job starts or a truck leaves the yard. The work is practical: reading contracts and leases, comparing coverage from ${promises.carriers} carriers, and explaining limits and exclusions in plain English.`,
      `We are a small team licensed in ${licensedStateCount} states, so everyone works directly with business owners and with each other. We answer new requests within ${promises.contactMinutes} minutes during office hours, and we expect every teammate to care about that promise as much as we do.`,
    ],
  };

  const careersValues: CareersCopy["values"] = [
    {
      title: "Real clients from day one",
      description:
        "You will work on actual accounts (trucking, contractors, property, HOAs) alongside experienced agents, not on busywork.",
      icon: "handshake",
    },
    {
      title: "Learn the trade properly",
      description:
        "Commercial insurance rewards people who know the forms, filings and endorsements. We teach them and explain the why behind every policy.",
      icon: "document",
    },
    {
      title: "A local agency with reach",
      description: `Based in ${agency.address.city}, we insure operations across ${licensedStateCount} states, so the work is varied and rarely the same two days in a row.`,
      icon: "map",
    },
  ];

  return { hero: careersHero, intro: careersIntro, values: careersValues };
});

export const careersOpenings = {
  title: "Open Positions",
  intro: "Choose a position and apply in a couple of minutes. A short cover letter helps us get to know you.",
  /** Shown when no job is open; the e-mail address follows it. */
  none: "We have no open positions right now. We are always glad to hear from people who want to build a career in commercial insurance: send your resume and a few lines about yourself to",
};
