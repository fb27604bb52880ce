/**
 * Services page copy: hero, one card per line of business, coverage tiers and case studies.
 * Figures and contact details come from the stored profile's facts.
 */

import type { Card } from "./home";
import { perSite } from "./site-facts";

/** A leading "!" in a feature marks it as not included in the tier. */
export type Tier = {
  name: "Basic" | "Professional" | "Enterprise";
  description: string;
  recommended: boolean;
  features: string[];
};

export type CaseStudy = {
  title: string;
  client: string;
  industry: string;
  challenge: string;
  solution: string;
  results: string[];
  testimonial: { quote: string; author: string; role: string };
};

export const serviceCards: Card[] = [
  {
    title: "Commercial Trucking Insurance",
    description:
      "Primary auto liability with the MCS-90 endorsement, motor truck cargo, physical damage and non-trucking liability, with BMC-91X and state filings made for you.",
    link: "/trucking-insurance",
    icon: "truck",
  },
  {
    title: "Contractors Insurance",
    description:
      "General liability with completed operations, tools and equipment, builder's risk and workers' comp, endorsed for additional insured and waiver of subrogation requirements.",
    link: "/contractors-insurance",
    icon: "hardhat",
  },
  {
    title: "General Liability Insurance",
    description:
      "Coverage for third-party bodily injury, property damage and personal and advertising injury, with per-occurrence and aggregate limits that satisfy landlords and customers.",
    link: "/general-liability-insurance",
    icon: "shield",
  },
  {
    title: "Commercial Property Insurance",
    description:
      "Buildings, equipment and inventory at replacement cost, with business income, equipment breakdown and ordinance or law coverage, and values set to avoid a coinsurance penalty.",
    link: "/commercial-property-insurance",
    icon: "building",
  },
  {
    title: "HOA Insurance",
    description:
      "Common-area property and liability, directors and officers (D&O) coverage for the board, and fidelity/crime coverage that protects reserve funds from theft.",
    link: "/hoa-insurance",
    icon: "home",
  },
  {
    title: "Investment Property Insurance",
    description:
      "Landlord dwelling and small commercial policies with loss of rents, premises liability and vacancy options, from a single rental house to a scheduled portfolio.",
    link: "/investment-property-insurance",
    icon: "key",
  },
];

export type ServicesCopy = { hero: { title: string; subtitle: string }; tiers: Tier[]; caseStudies: CaseStudy[] };

/** The hero, the tiers and the case studies, with the facts they state. */
export const servicesCopy = perSite((site): ServicesCopy => {
  const { agency, licensedStateCount, promises, residentState } = site;
  const servicesHero = {
    title: "Commercial insurance for the way you work",
    subtitle: `From a single owner-operator to a multi-location property portfolio, ${agency.name} places coverage with ${promises.carriers} carriers across the ${licensedStateCount} states we are licensed in, and stays on the account after the policy is issued.`,
  };

  const tiers: Tier[] = [
    {
      name: "Basic",
      description:
        "For start-ups, sole proprietors and owner-operators who need core coverage and proof of insurance to start winning work.",
      recommended: false,
      features: [
        "General liability, $1M per occurrence / $2M aggregate",
        `Quotes compared across ${promises.carriers} carriers`,
        "Certificates of insurance on request",
        "Annual renewal review",
        "!Blanket additional insured and waiver of subrogation",
        "!Umbrella / excess liability",
        "!Cyber liability",
        "!Dedicated account manager",
      ],
    },
    {
      name: "Professional",
      description: "For established businesses with employees, vehicles and contracts that set insurance requirements for every job.",
      recommended: true,
      features: [
        "General liability, auto and workers' comp packaged together",
        `Quotes compared across ${promises.carriers} carriers`,
        "Same-day certificates of insurance",
        "Mid-term contract and coverage reviews",
        "Blanket additional insured and waiver of subrogation",
        "Umbrella / excess liability",
        "!Cyber liability",
        "!Quarterly loss-run and stewardship reviews",
      ],
    },
    {
      name: "Enterprise",
      description:
        "For fleets, multi-location operations and property portfolios that need higher limits and a full risk-management program.",
      recommended: false,
      features: [
        "Full program: liability, auto, workers' comp, property and inland marine",
        `Quotes compared across ${promises.carriers} carriers`,
        "Certificate review against every contract before issue",
        "Layered umbrella and excess limits",
        "Cyber liability and fidelity/crime coverage",
        "D&O and employment practices liability",
        "Quarterly loss-run and stewardship reviews",
        "Dedicated account team and claims advocate",
      ],
    },
  ];

  const caseStudies: CaseStudy[] = [
    {
      title: "Containing a renewal increase for a flatbed fleet with a rising CSA score",
      client: "Brazos Flatbed Logistics",
      industry: "Trucking & Transportation",
      challenge:
        "A 14-truck flatbed carrier in Temple was told three weeks before renewal that its auto liability premium would rise about 40%. Roadside inspections had pushed its Unsafe Driving and Hours-of-Service BASICs above FMCSA intervention thresholds, and its incumbent carrier was pulling back from the account. Any lapse in the BMC-91X filing would have put its operating authority at risk.",
      solution:
        "We pulled the carrier's SMS data and filed DataQs challenges on two inspections that had been recorded under its USDOT number in error. We documented its new ELD and dash-camera program and written driver-hiring standards, then marketed the account to trucking specialty carriers with that story. The new program pairs $1M primary auto liability with the MCS-90 endorsement, motor truck cargo and physical damage, and the BMC-91X was filed before the old policy expired.",
      results: [
        "Renewal increase held to 9% instead of the 40% originally quoted",
        "Two misattributed inspections removed from the carrier's SMS record through DataQs",
        "No lapse in the BMC-91X filing or operating authority",
        "Motor truck cargo limit raised to $250,000 to meet broker load requirements",
      ],
      testimonial: {
        quote:
          "Our old agent just forwarded the renewal. These folks went through our inspection reports line by line, got two inspections that were never ours taken off our record and found a carrier that actually wanted flatbed.",
        author: "Luis Ortega",
        role: "Owner, Brazos Flatbed Logistics",
      },
    },
    {
      title: "Getting a general contractor contract-ready for a commercial build",
      client: "Ridgeline Builders",
      industry: "General Contracting",
      challenge:
        "Ridgeline won a retail tenant finish-out in Round Rock, but the owner's contract required additional insured status for ongoing and completed operations, primary and non-contributory wording, a waiver of subrogation on general liability, auto and workers' comp, and a $5M umbrella. Their policies only covered ongoing operations, and the owner would not release the first draw until a compliant certificate was on file.",
      solution: `We reviewed the insurance section of the contract against each policy, added blanket additional insured endorsements for ongoing and completed operations (CG 20 10 and CG 20 37) with primary and non-contributory wording, and added blanket waivers of subrogation to the liability, auto and ${residentState} workers' comp policies. We remarketed the umbrella to reach a $5M follow-form limit and set up certificate tracking for Ridgeline's subcontractors.`,
      results: [
        "Compliant certificate of insurance delivered the same day the endorsements were bound",
        "First draw released on schedule, with no delay to the project start",
        "Umbrella raised from $2M to $5M while total program cost rose only 6%",
        "Blanket endorsements now satisfy most owner and GC contracts without per-job requests",
      ],
      testimonial: {
        quote:
          "They read the contract before they touched the certificate. We had the right endorsements in place and the first draw paid without a single back-and-forth with the owner's risk manager.",
        author: "Dana Kessler",
        role: "President, Ridgeline Builders",
      },
    },
  ];
  return { hero: servicesHero, tiers, caseStudies };
});
