/**
 * The team page's intro and the first-run team: stored in the database when it is new (the back
 * office's Team screen edits it from then on). The people are fictional placeholders for a first
 * version; the agency replaces names, photos and contact details with its real staff.
 *
 * Bios may hold `{placeholders}` (PLACEHOLDERS in ./placeholders) so they stay true when Settings change.
 */

import { perSite } from "./site-facts";

/** A member as the agency writes them: the texts the Team screen edits (the photo is stored beside them). */
export type TeamMemberText = {
  name: string;
  role: string;
  bio: string;
  /** "" when the member has no address, phone or profile to show. */
  email: string;
  phone: string;
  linkedin: string;
};

/** A member as the page shows them: placeholders filled, with the initials shown when there is no photo. */
export type TeamMember = TeamMemberText & { initials: string };

export const teamIntro = /* @__PURE__ */ perSite((site) => ({
  title: "Meet the team behind your coverage",
  subtitle: `Licensed agents and account managers in ${site.agency.address.city} who know trucking, construction and property risks, and who answer when you call.`,
}));

/** The first-run team, as stored. */
export const defaultTeam: TeamMemberText[] = [
  {
    name: "Daniel Reyes",
    role: "Principal Agent & Founder",
    bio: "Daniel founded {agencyName} in {foundedYear} after years of underwriting commercial accounts for a regional carrier. He holds the Certified Insurance Counselor (CIC) designation, oversees our carrier relationships and licensing across {licensedStateCount} states, and still personally reviews large contractor and property accounts.",
    email: "daniel@example.com",
    phone: "(512) 555-0150",
    linkedin: "https://www.linkedin.com/in/daniel-reyes-cic",
  },
  {
    name: "Maria Castillo",
    role: "Commercial Lines Account Manager, Trucking & Transportation",
    bio: "Maria manages our trucking book, from new-authority owner-operators to regional fleets. She handles BMC-91X and state filings, reviews CSA scores and MVRs before accounts go to market, and works with carriers on driver approvals and mid-term vehicle changes.",
    email: "maria@example.com",
    phone: "(512) 555-0163",
    linkedin: "https://www.linkedin.com/in/maria-castillo-trucking-insurance",
  },
  {
    name: "Jenna Brooks",
    role: "Client Service & Claims Advocate",
    bio: "Jenna issues certificates of insurance, processes endorsements and is the first person clients hear from after a loss. She coordinates {claimsSupport} claims reporting, works directly with adjusters on documentation and reserves, and follows every open claim until it closes. She is a licensed {residentState} general lines agent.",
    email: "jenna@example.com",
    phone: "(512) 555-0171",
    linkedin: "https://www.linkedin.com/in/jenna-brooks-claims",
  },
];

/** "Daniel Reyes" -> "DR": the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = [...words[0]][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
