/** The placeholders of stored texts (team bios, FAQ answers), filled from the facts where they are shown. */
import type { SiteFacts } from "./site-facts";

/**
 * Words an agency may write in its stored texts (team bios, FAQ answers) that always print the current
 * settings, so an answer about office hours stays true when the hours change.
 */
export const PLACEHOLDERS: Record<string, { describe: string; value: (site: SiteFacts) => string }> = {
  agencyName: { describe: "the agency's name", value: (s) => s.agency.name },
  phone: { describe: "the main phone number", value: (s) => s.agency.phone.primary.display },
  email: { describe: "the email address", value: (s) => s.agency.email },
  city: { describe: "the office's city", value: (s) => s.agency.address.city },
  officeHours: { describe: "the office hours", value: (s) => s.agency.hours.open },
  timeZone: { describe: "the time zone's name", value: (s) => s.agency.hours.zoneName },
  contactMinutes: { describe: "the call-back promise in minutes", value: (s) => String(s.promises.contactMinutes) },
  licensedStateCount: { describe: "how many states the agency is licensed in", value: (s) => String(s.licensedStateCount) },
  residentState: { describe: "the resident state", value: (s) => s.residentState },
  foundedYear: { describe: "the year founded", value: (s) => String(s.agency.foundedYear) },
  claimsSupport: { describe: "claims support (24/7)", value: (s) => s.promises.claimsSupport },
  carriers: { describe: "the number of carriers", value: (s) => s.promises.carriers },
  quoteMinutes: { describe: "the usual quote time in minutes", value: (s) => String(s.promises.quoteMinutes) },
};

/** `text` with each `{placeholder}` of PLACEHOLDERS replaced by the current value; other braces stay. */
export function fillPlaceholders(text: string, site: SiteFacts): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(PLACEHOLDERS, name) ? PLACEHOLDERS[name].value(site) : whole));
}
