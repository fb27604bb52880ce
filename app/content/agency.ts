/**
 * The agency's business profile: the single source for its name, contact details,
 * hours, licences and promises. Every page, email and the chat assistant read from here.
 *
 * The contact details below are placeholders (555 numbers, an example.com address):
 * an agency replaces them in this one file.
 */

export const agency = {
  name: "Hill Country Commercial Insurance",
  shortName: "Hill Country Insurance",
  tagline: "Commercial insurance for the businesses that build, haul and house Texas.",
  phone: {
    primary: { display: "(512) 555-0142", e164: "+15125550142" },
    secondary: { display: "(512) 555-0187", e164: "+15125550187" },
  },
  email: "quotes@example.com",
  address: {
    street: "100 Main Street, Suite 200",
    city: "Liberty Hill",
    region: "TX",
    regionName: "Texas",
    postalCode: "78642",
    country: "US",
  },
  /** Office hours, Central Time. */
  hours: {
    timezone: "America/Chicago",
    weekdays: { days: "Monday - Friday", opens: "09:00", closes: "17:00", label: "9:00 AM - 5:00 PM" },
    saturday: "By appointment",
    sunday: "Closed",
    /** The short form used on landing pages and in the chat widget. */
    availability: "Available Monday-Friday, 9 AM - 5 PM CT",
  },
  foundedYear: 2010,
} as const;

/** The states the agency is licensed in; Texas is the resident licence. */
export const licensedStates = [
  "Arizona",
  "Arkansas",
  "California",
  "Indiana",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Michigan",
  "Montana",
  "Nebraska",
  "New Jersey",
  "North Carolina",
  "Ohio",
  "Oklahoma",
  "South Dakota",
  "Texas",
  "Utah",
] as const;

export type LicensedState = (typeof licensedStates)[number];

export const residentState: LicensedState = "Texas";

/** Derived, so the count shown anywhere can never disagree with the list. */
export const licensedStateCount = licensedStates.length;

export const promises = {
  /** Home page: quotes in about an hour. */
  quoteMinutes: 60,
  /** Product pages, landing pages and the trucking form: a call back within half an hour. */
  contactMinutes: 30,
  carriers: "50+",
  claimsSupport: "24/7",
  clients: "500+",
  satisfaction: "98%",
  yearsInBusiness: "15+",
} as const;

export const trackRecord = [
  { value: promises.clients, label: "Clients Served" },
  { value: promises.satisfaction, label: "Client Satisfaction" },
  { value: promises.claimsSupport, label: "Claims Support" },
  { value: promises.yearsInBusiness, label: "Years of Experience" },
] as const;

export function telHref(e164: string = agency.phone.primary.e164): string {
  return `tel:${e164}`;
}

export function mailtoHref(address: string = agency.email): string {
  return `mailto:${address}`;
}

export function fullAddress(): string {
  const a = agency.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** A message's "call us" with the agency's number added: "... or call us at (512) 555-0142." */
export function withPhone(message: string): string {
  return message.replace("call us", `call us at ${agency.phone.primary.display}`);
}
