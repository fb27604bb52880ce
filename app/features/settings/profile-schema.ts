/**
 * The agency profile's rules: one schema for the Settings screen (through Conform) and for
 * PATCH /api/admin/settings, so both refuse the same input with the same field and text. Every
 * text is bounded before any pattern reads it. Browser-safe.
 */
import { z } from "zod";
import { type AgencyProfile, SOCIAL_NETWORKS, type SocialNetwork, WEEKDAYS, type Weekday } from "~/content/site-facts";
import { e164Phone, US_STATES, US_TIME_ZONES } from "~/content/site-profile";
import { canonicalEmail, isSingleLine } from "~/lib/field-rules";
import { textValue } from "~/lib/text-value";
import { settingsMessages } from "./messages";

const m = settingsMessages.fields;
const STATE_NAMES = new Set(Object.values(US_STATES));
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const GA_ID = /^G-[A-Z0-9]{4,16}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A field as trimmed text; anything but a string or number reads as "" (then refused as required, or empty). */
const trimmed = (value: unknown) => (typeof value === "number" ? String(value) : textValue(value)).trim();

/** One line of text from `min` to `max` characters. */
const line = (min: number, max: number, message: string) =>
  z.preprocess(
    trimmed,
    z.string().refine((v) => v.length >= min && v.length <= max && isSingleLine(v), message),
  );

const optionalPhone = (message: string) =>
  z.preprocess(
    trimmed,
    z.string().refine((v) => v === "" || (v.length <= 30 && e164Phone(v) !== null), message),
  );

/** A real calendar day, "YYYY-MM-DD". */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const time = z.preprocess(trimmed, z.string().regex(TIME, m.time));

/** A day's hours: open with both times, or closed (`closed` ticked, or both times empty). */
const dayHours = z.preprocess(
  (value) => {
    if (value === null || value === undefined) return null;
    if (typeof value !== "object") return value;
    const v = value as Record<string, unknown>;
    const closed = v.closed === true || v.closed === "on" || v.closed === "true";
    if (closed || (trimmed(v.opens) === "" && trimmed(v.closes) === "")) return null;
    return { opens: v.opens, closes: v.closes };
  },
  z
    .object({ opens: time, closes: time })
    .refine((h) => h.closes > h.opens, { message: m.closesBeforeOpens, path: ["closes"] })
    .nullable(),
);

const asList = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

let built: { year: number; schema: ReturnType<typeof buildProfileSchema> } | undefined;

/**
 * The profile's rules for the year of `now` (the founding year cannot be later). Built once a year:
 * every stored profile read (each start, each settings change in any process) parses with it, and a
 * schema parses fastest from its second use.
 */
export function profileSchema(now: Date = new Date()) {
  const year = now.getUTCFullYear();
  if (built?.year !== year) built = { year, schema: buildProfileSchema(year) };
  return built.schema;
}

function buildProfileSchema(maxYear: number) {
  return z
    .object({
      name: line(2, 100, m.name),
      shortName: line(2, 60, m.shortName),
      tagline: line(0, 200, m.tagline),
      phone: optionalPhone(m.phone).refine((v) => v !== "", m.phone),
      secondPhone: optionalPhone(m.secondPhone),
      email: z
        .preprocess(
          trimmed,
          z.string().refine((v) => v.length <= 254 && canonicalEmail(v) !== null, m.email),
        )
        .transform((v) => canonicalEmail(v) ?? v),
      street: line(2, 200, m.street),
      city: line(2, 100, m.city),
      state: z.preprocess(
        (v) => trimmed(v).toUpperCase(),
        z.string().refine((v) => Object.hasOwn(US_STATES, v), m.state),
      ),
      zip: z.preprocess(trimmed, z.string().regex(ZIP, m.zip)),
      hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<Weekday, typeof dayHours>),
      saturdayText: line(1, 60, m.dayText),
      sundayText: line(1, 60, m.dayText),
      timeZone: z.preprocess(
        trimmed,
        z.string().refine((v) => Object.hasOwn(US_TIME_ZONES, v), m.timeZone),
      ),
      foundedYear: z.preprocess(
        (v) => (typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : v),
        z
          .number({ error: m.foundedYear(maxYear) })
          .int(m.foundedYear(maxYear))
          .min(1800, m.foundedYear(maxYear))
          .max(maxYear, m.foundedYear(maxYear)),
      ),
      licensedStates: z.preprocess(
        (v) => [...new Set(asList(v).map(trimmed))].sort(),
        z
          .array(z.string().refine((s) => STATE_NAMES.has(s), m.licensedStates))
          .min(1, m.licensedStates)
          .max(60, m.licensedStates),
      ),
      residentState: z.preprocess(trimmed, z.string().max(40, m.residentState)),
      whatsapp: optionalPhone(m.whatsapp).refine((v) => v === "" || v.startsWith("+") || e164Phone(v) !== null, m.whatsapp),
      social: z.object(
        Object.fromEntries(
          SOCIAL_NETWORKS.map((n) => [
            n,
            z.preprocess(
              trimmed,
              z.string().refine((v) => v === "" || (v.length <= 300 && /^https:\/\/[^\s<>"]+$/.test(v) && URL.canParse(v)), m.social),
            ),
          ]),
        ) as unknown as Record<SocialNetwork, z.ZodType<string, unknown>>,
      ),
      gaMeasurementId: z.preprocess(
        (v) => trimmed(v).toUpperCase(),
        z.string().refine((v) => v === "" || (v.length <= 20 && GA_ID.test(v)), m.gaMeasurementId),
      ),
      contactMinutes: z.preprocess(
        (v) => (typeof v === "string" && /^\d{1,5}$/.test(v.trim()) ? Number(v.trim()) : v),
        z.number({ error: m.contactMinutes }).int(m.contactMinutes).min(5, m.contactMinutes).max(1440, m.contactMinutes),
      ),
      closedDays: z.preprocess(
        // The API sends an array; the screen's text box one date per line (commas and spaces also part them).
        (v) => (typeof v === "string" ? v.slice(0, 2000).split(/[\s,]+/) : asList(v).map(trimmed)).filter((d) => d !== ""),
        z
          .array(z.string())
          .max(100, m.closedDaysTooMany)
          .superRefine((days, ctx) => {
            const bad = days.find((d) => d.length > 10 || !isCalendarDay(d));
            if (bad !== undefined) ctx.addIssue({ code: "custom", message: m.closedDays(bad.slice(0, 20)) });
          })
          .transform((days) => [...new Set(days)].sort()),
      ),
      logo: z.preprocess(
        trimmed,
        z.string().refine((v) => v === "" || /^\/site-images\/[\w.-]{1,100}$/.test(v), m.logo),
      ),
    })
    .superRefine((p, ctx) => {
      if (!p.licensedStates.includes(p.residentState)) ctx.addIssue({ code: "custom", message: m.residentState, path: ["residentState"] });
    }) satisfies z.ZodType<AgencyProfile, unknown>;
}

/** The names a PATCH may carry: the profile's top-level fields. */
export const PROFILE_FIELDS = [
  "name",
  "shortName",
  "tagline",
  "phone",
  "secondPhone",
  "email",
  "street",
  "city",
  "state",
  "zip",
  "hours",
  "saturdayText",
  "sundayText",
  "timeZone",
  "foundedYear",
  "licensedStates",
  "residentState",
  "whatsapp",
  "social",
  "gaMeasurementId",
  "contactMinutes",
  "closedDays",
  "logo",
] as const satisfies readonly (keyof AgencyProfile)[];

/**
 * A stored profile read back: each field the stored value when it passes the rules, else the default
 * (a setting added after the profile was saved, or a row edited by hand).
 */
export function readStoredProfile(stored: unknown, defaults: AgencyProfile): AgencyProfile {
  const value = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const merged = { ...defaults, ...value };
  const parsed = profileSchema().safeParse(merged);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const repaired = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, bad.has(f) ? defaults[f] : merged[f]]));
  const again = profileSchema().safeParse(repaired);
  return again.success ? again.data : defaults;
}
