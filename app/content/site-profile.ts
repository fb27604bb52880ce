/**
 * The agency's business profile as it is stored (`site_settings`, key `agency_profile`) and edited in
 * the back office's Settings, and the facts every page, mail and chat answer derives from it.
 *
 * `defaultProfile` is the first-run default: the server stores it when the database is new, and the
 * build renders the prerendered pages with it. From then on the stored profile is the one source:
 * readers take a `SiteFacts` (a request's snapshot on the server, `useSite()` in React), never this
 * module's defaults. Pure and browser-safe.
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

export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** The US time zones an office can be in, with the short and long names pages print. */
export const US_TIME_ZONES: Record<string, { short: string; long: string }> = {
  "America/New_York": { short: "ET", long: "Eastern Time" },
  "America/Chicago": { short: "CT", long: "Central Time" },
  "America/Denver": { short: "MT", long: "Mountain Time" },
  "America/Phoenix": { short: "MST", long: "Mountain Standard Time (Arizona)" },
  "America/Los_Angeles": { short: "PT", long: "Pacific Time" },
  "America/Anchorage": { short: "AKT", long: "Alaska Time" },
  "Pacific/Honolulu": { short: "HT", long: "Hawaii Time" },
};

export const defaultProfile: AgencyProfile = {
  name: "Hill Country Commercial Insurance",
  shortName: "Hill Country Insurance",
  tagline: "Commercial insurance for the businesses that build, haul and house Texas.",
  phone: "(512) 555-0142",
  secondPhone: "(512) 555-0187",
  email: "quotes@example.com",
  street: "100 Main Street, Suite 200",
  city: "Liberty Hill",
  state: "TX",
  zip: "78642",
  hours: {
    monday: { opens: "09:00", closes: "17:00" },
    tuesday: { opens: "09:00", closes: "17:00" },
    wednesday: { opens: "09:00", closes: "17:00" },
    thursday: { opens: "09:00", closes: "17:00" },
    friday: { opens: "09:00", closes: "17:00" },
    saturday: null,
    sunday: null,
  },
  saturdayText: "By appointment",
  sundayText: "Closed",
  timeZone: "America/Chicago",
  foundedYear: 2010,
  licensedStates: [
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
  ],
  residentState: "Texas",
  whatsapp: "",
  social: { facebook: "", linkedin: "", instagram: "", x: "", youtube: "" },
  gaMeasurementId: "",
  contactMinutes: 30,
  closedDays: [],
  logo: "",
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

/** "09:00" -> "9:00 AM"; "13:30" -> "1:30 PM". */
export function clockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** "09:00" -> "9 AM"; "17:30" -> "5:30 PM": the short form of availability notes. */
function shortClock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

export type HoursRow = { days: string; label: string };

type DayGroup = { first: Weekday; last: Weekday; hours: OpenHours | null };

/** Consecutive weekdays with the same hours, Monday first. */
function dayGroups(hours: AgencyProfile["hours"]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const day of WEEKDAYS) {
    const h = hours[day];
    const last = groups.at(-1);
    const same =
      last && ((last.hours === null && h === null) || (last.hours && h && last.hours.opens === h.opens && last.hours.closes === h.closes));
    if (last && same) last.last = day;
    else groups.push({ first: day, last: day, hours: h });
  }
  return groups;
}

function groupDays(group: DayGroup, joiner = " - "): string {
  return group.first === group.last ? WEEKDAY_NAMES[group.first] : `${WEEKDAY_NAMES[group.first]}${joiner}${WEEKDAY_NAMES[group.last]}`;
}

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

const ABBREVIATIONS: Record<string, string> = {
  Monday: "Mon",
  Tuesday: "Tue",
  Wednesday: "Wed",
  Thursday: "Thu",
  Friday: "Fri",
  Saturday: "Sat",
  Sunday: "Sun",
};

function buildFacts(profile: AgencyProfile): SiteFacts {
  const zone = US_TIME_ZONES[profile.timeZone] ?? { short: profile.timeZone, long: profile.timeZone };
  const groups = dayGroups(profile.hours);
  const openGroups = groups.filter((g): g is DayGroup & { hours: OpenHours } => g.hours !== null);
  // Each day's words (its hours, or its closed text), then runs of days saying the same.
  const dayLabel = (day: Weekday) => {
    const h = profile.hours[day];
    if (h) return `${clockLabel(h.opens)} - ${clockLabel(h.closes)}`;
    return day === "saturday" ? profile.saturdayText : day === "sunday" ? profile.sundayText : "Closed";
  };
  const rows: HoursRow[] = [];
  let runStart: Weekday = WEEKDAYS[0];
  WEEKDAYS.forEach((day, i) => {
    const next = WEEKDAYS[i + 1];
    if (next && dayLabel(next) === dayLabel(day)) return;
    rows.push({ days: groupDays({ first: runStart, last: day, hours: null }), label: dayLabel(day) });
    if (next) runStart = next;
  });
  const open =
    openGroups.length === 0
      ? "by appointment"
      : openGroups.map((g) => `${groupDays(g)}, ${clockLabel(g.hours.opens)} - ${clockLabel(g.hours.closes)}`).join("; ");
  const openShort = openGroups
    .map(
      (g) =>
        `${groupDays(g, "-").replace(/\b(\w+day)\b/g, (d) => ABBREVIATIONS[d] ?? d)} ${clockLabel(g.hours.opens)} - ${clockLabel(g.hours.closes)}`,
    )
    .join(", ");
  const availability =
    openGroups.length === 0
      ? "Available by appointment"
      : `Available ${openGroups.map((g) => `${groupDays(g, "-")}, ${shortClock(g.hours.opens)} - ${shortClock(g.hours.closes)}`).join("; ")} ${zone.short}`;
  const primaryE164 = e164Phone(profile.phone) ?? "";
  const secondE164 = profile.secondPhone ? e164Phone(profile.secondPhone) : null;
  const promises = { ...fixedPromises, contactMinutes: profile.contactMinutes };
  return {
    profile,
    agency: {
      name: profile.name,
      shortName: profile.shortName,
      tagline: profile.tagline,
      phone: {
        primary: { display: profile.phone, e164: primaryE164 },
        secondary: secondE164 ? { display: profile.secondPhone, e164: secondE164 } : null,
      },
      email: profile.email,
      address: {
        street: profile.street,
        city: profile.city,
        region: profile.state,
        regionName: US_STATES[profile.state] ?? profile.state,
        postalCode: profile.zip,
        country: "US",
      },
      hours: {
        timezone: profile.timeZone,
        zone: zone.short,
        zoneName: zone.long,
        rows,
        open,
        openShort,
        saturday: profile.hours.saturday
          ? `${clockLabel(profile.hours.saturday.opens)} - ${clockLabel(profile.hours.saturday.closes)}`
          : profile.saturdayText,
        sunday: profile.hours.sunday
          ? `${clockLabel(profile.hours.sunday.opens)} - ${clockLabel(profile.hours.sunday.closes)}`
          : profile.sundayText,
        availability,
        days: profile.hours,
      },
      foundedYear: profile.foundedYear,
      whatsapp: profile.whatsapp,
      social: SOCIAL_NETWORKS.filter((n) => profile.social[n]).map((n) => ({ network: n, name: SOCIAL_NAMES[n], url: profile.social[n] })),
      gaMeasurementId: profile.gaMeasurementId,
      logo: profile.logo,
    },
    licensedStates: [...profile.licensedStates],
    licensedStateCount: profile.licensedStates.length,
    residentState: profile.residentState,
    promises,
    trackRecord: [
      { value: promises.clients, label: "Clients Served" },
      { value: promises.satisfaction, label: "Client Satisfaction" },
      { value: promises.claimsSupport, label: "Claims Support" },
      { value: promises.yearsInBusiness, label: "Years of Experience" },
    ],
    closedDays: [...profile.closedDays],
  };
}

const factsCache = new WeakMap<AgencyProfile, SiteFacts>();

/** The facts of `profile`, computed once per profile object (a stored snapshot, a loader's data). */
export function siteFacts(profile: AgencyProfile): SiteFacts {
  let facts = factsCache.get(profile);
  if (!facts) {
    facts = buildFacts(profile);
    factsCache.set(profile, facts);
  }
  return facts;
}

/** The facts of the first-run defaults: the build's prerendered pages, tests, and nothing else. */
export const defaultSite: SiteFacts = siteFacts(defaultProfile);

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
