/**
 * Team section copy. The people are fictional placeholders for a first version;
 * replace names, photos and contact details with the agency's real staff before launch.
 */

import { agency, licensedStateCount, promises, residentState } from "./agency";

export type TeamMember = {
  name: string;
  role: string;
  bio: string;
  email: string;
  phone: string;
  linkedin: string;
  initials: string;
};

export const teamIntro: { title: string; subtitle: string } = {
  title: "Meet the team behind your coverage",
  subtitle: `Licensed agents and account managers in ${agency.address.city} who know trucking, construction and property risks, and who answer when you call.`,
};

export const teamMembers: TeamMember[] = [
  {
    name: "Daniel Reyes",
    role: "Principal Agent & Founder",
    bio: `Daniel founded ${agency.name} in ${agency.foundedYear} after years of underwriting commercial accounts for a regional carrier. He holds the Certified Insurance Counselor (CIC) designation, oversees our carrier relationships and licensing across ${licensedStateCount} states, and still personally reviews large contractor and property accounts.`,
    email: "daniel@example.com",
    phone: "(512) 555-0150",
    linkedin: "https://www.linkedin.com/in/daniel-reyes-cic",
    initials: "DR",
  },
  {
    name: "Maria Castillo",
    role: "Commercial Lines Account Manager, Trucking & Transportation",
    bio: "Maria manages our trucking book, from new-authority owner-operators to regional fleets. She handles BMC-91X and state filings, reviews CSA scores and MVRs before accounts go to market, and works with carriers on driver approvals and mid-term vehicle changes.",
    email: "maria@example.com",
    phone: "(512) 555-0163",
    linkedin: "https://www.linkedin.com/in/maria-castillo-trucking-insurance",
    initials: "MC",
  },
  {
    name: "Jenna Brooks",
    role: "Client Service & Claims Advocate",
    bio: `Jenna issues certificates of insurance, processes endorsements and is the first person clients hear from after a loss. She coordinates ${promises.claimsSupport} claims reporting, works directly with adjusters on documentation and reserves, and follows every open claim until it closes. She is a licensed ${residentState} general lines agent.`,
    email: "jenna@example.com",
    phone: "(512) 555-0171",
    linkedin: "https://www.linkedin.com/in/jenna-brooks-claims",
    initials: "JB",
  },
];
