/**
 * What every page, mail and chat answer reads of the agency's profile: the stored profile's type,
 * the facts derived from it (`SiteFacts`, computed on the server by site-profile.ts and handed to the
 * browser by the root loader) and the small helpers that print them. Kept apart from the defaults and
 * the derivation so that no visitor's browser loads those. Browser-safe.
 */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** Opening and closing time, 24-hour "HH:MM" in the agency's time zone. */
export type OpenHours = { opens: string; closes: string };

export const SOCIAL_NETWORKS = ["facebook", "linkedin", "instagram", "x", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  x: "X",
  youtube: "YouTube",
};

export type AgencyProfile = {
  name: string;
  shortName: string;
  tagline: string;
  /** The main phone number as the agency types it; dialled as E.164 (`e164Phone`). */
  phone: string;
  /** A second number, or "". */
  secondPhone: string;
  email: string;
  street: string;
  city: string;
  /** Two-letter US state code. */
  state: string;
  zip: string;
  /** Office hours per weekday; null: closed that day. */
  hours: Record<Weekday, OpenHours | null>;
  /** Shown for Saturday and Sunday when the office is closed that day ("By appointment", "Closed"). */
  saturdayText: string;
  sundayText: string;
  /** IANA time zone of the office (one of US_TIME_ZONES). */
  timeZone: string;
  foundedYear: number;
  /** Full state names, in alphabetical order. */
  licensedStates: string[];
  residentState: string;
  /** WhatsApp number for the chat button, or "" (then the server's WHATSAPP_NUMBER, if any). */
  whatsapp: string;
  social: Record<SocialNetwork, string>;
  /** Google Analytics 4 measurement id, or "" (then the server's GA_MEASUREMENT_ID, if any). */
  gaMeasurementId: string;
  /** The call-back promise: a licensed agent calls within this many office minutes. */
  contactMinutes: number;
  /** Days the office is closed (holidays), "YYYY-MM-DD": the call-back clock skips them. */
  closedDays: string[];
  /** The uploaded logo's public path (under /site-images/), or "" for the built-in mark. */
  logo: string;
};

/** Figures the agency's copy states that are not settings. */
export const fixedPromises = {
  /** Home page: quotes in about an hour. */
  quoteMinutes: 60,
  carriers: "50+",
  claimsSupport: "24/7",
  clients: "500+",
  satisfaction: "98%",
  yearsInBusiness: "15+",
} as const;

export type HoursRow = { days: string; label: string };

/** The derived, read-only view of a profile that pages, mails and the chat print. */
export type SiteFacts = {
  profile: AgencyProfile;
  agency: {
    name: string;
    shortName: string;
    tagline: string;
    phone: { primary: { display: string; e164: string }; secondary: { display: string; e164: string } | null };
    email: string;
    address: { street: string; city: string; region: string; regionName: string; postalCode: string; country: "US" };
    hours: {
      timezone: string;
      /** "CT" */
      zone: string;
      /** "Central Time" */
      zoneName: string;
      /** Weekdays with their hours or closed text, grouped: Monday - Friday / 9:00 AM - 5:00 PM. */
      rows: HoursRow[];
      /** The open days and hours as one phrase: "Monday - Friday, 9:00 AM - 5:00 PM". */
      open: string;
      /** Shortest form: "Mon-Fri 9:00 AM - 5:00 PM". */
      openShort: string;
      saturday: string;
      sunday: string;
      /** The short form used on landing pages and in the chat widget: "Available Monday-Friday, 9 AM - 5 PM CT". */
      availability: string;
      /** Per weekday (schema.org order), for the call-back clock and JSON-LD. */
      days: Record<Weekday, OpenHours | null>;
    };
    foundedYear: number;
    whatsapp: string;
    social: { network: SocialNetwork; name: string; url: string }[];
    gaMeasurementId: string;
    logo: string;
  };
  licensedStates: string[];
  licensedStateCount: number;
  residentState: string;
  promises: typeof fixedPromises & { contactMinutes: number };
  trackRecord: { value: string; label: string }[];
  closedDays: string[];
};

/**
 * Content built from the facts, computed once per facts object: `const homeCopy = perSite((site) => ({...}))`,
 * then `homeCopy(useSite())` in a component or `homeCopy(context.site.facts)` on the server.
 */
export function perSite<T>(build: (site: SiteFacts) => T): (site: SiteFacts) => T {
  const cache = new WeakMap<SiteFacts, T>();
  return (site) => {
    if (cache.has(site)) return cache.get(site) as T;
    const value = build(site);
    cache.set(site, value);
    return value;
  };
}

export function telHref(e164: string): string {
  return `tel:${e164}`;
}

export function mailtoHref(address: string): string {
  return `mailto:${address}`;
}

export function fullAddress(site: SiteFacts): string {
  const a = site.agency.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** A message's "call us" with the agency's number added: "... or call us at (512) 555-0142." */
export function withPhone(site: SiteFacts, message: string): string {
  return message.replace("call us", `call us at ${site.agency.phone.primary.display}`);
}

/** "09:00" -> "9:00 AM"; "13:30" -> "1:30 PM". */
export function clockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/**
 * A typed phone number dialled as E.164: ten digits (a US number, with or without a leading 1) or
 * "+" and 8 to 15 digits. Null when it is not a phone number.
 */
export function e164Phone(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.length >= 8 && digits.length <= 15 && digits[0] !== "0" ? `+${digits}` : null;
  if (digits.length === 10 && /^[2-9]\d{2}[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1") && /^1[2-9]\d{2}[2-9]/.test(digits)) return `+${digits}`;
  return null;
}
