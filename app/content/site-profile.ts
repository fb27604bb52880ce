/**
 * The agency's business profile as it is stored (`site_settings`, key `agency_profile`) and edited in
 * the back office's Settings: the first-run defaults, the rules' tables (states, time zones, phone
 * numbers) and the derivation of the facts every page, mail and chat answer prints (`siteFacts`).
 *
 * `defaultProfile` is the first-run default: the server stores it when the database is new, and the
 * build renders the prerendered pages with it. From then on the stored profile is the one source:
 * readers take a `SiteFacts` (a request's snapshot on the server, `useSite()` in React), never this
 * module's defaults. Browsers of public pages never load this module (the root loader sends facts).
 */
import {
  type AgencyProfile,
  clockLabel,
  e164Phone,
  fixedPromises,
  type HoursRow,
  type OpenHours,
  type SiteFacts,
  SOCIAL_NAMES,
  SOCIAL_NETWORKS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from "./site-facts";

export { e164Phone };

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

/** "09:00" -> "9 AM"; "17:30" -> "5:30 PM": the short form of availability notes. */
function shortClock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

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

const factsCache = /* @__PURE__ */ new WeakMap<AgencyProfile, SiteFacts>();

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
export const defaultSite: SiteFacts = /* @__PURE__ */ siteFacts(defaultProfile);
