/**
 * Changing the agency's profile: the Settings screen and PATCH /api/admin/settings both come here.
 * The given fields are laid over the stored profile (hours and social links day by day and network by
 * network), the whole is checked by the one schema, and what changed is saved, announced to every
 * process and written to the audit trail in one transaction: nothing is saved in part.
 */
import { createHash } from "node:crypto";
import type { Database } from "#db/client";
import { type AgencyProfile, WEEKDAYS } from "~/content/site-facts";
import { recordAudit } from "~/features/audit/audit.server";
import { flattenIssues } from "~/lib/issues";
import { settingsMessages } from "./messages";
import { PROFILE_FIELDS, profileSchema } from "./profile-schema";
import { readProfile, saveProfile } from "./site.server";

export type ProfileChange =
  | { ok: true; profile: AgencyProfile; changed: string[] }
  | { ok: false; status: 400 | 409; message: string; errors?: Record<string, string> };

/** The agency's own details: the audit entry keeps their old and new values (the rest: which fields). */
const DETAILS_WITH_VALUES = new Set<string>([
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
  "timeZone",
  "foundedYear",
  "residentState",
  "contactMinutes",
  "whatsapp",
  "gaMeasurementId",
  "logo",
]);

/** The version of a profile as the screen holds it: a save made from an older one is refused (409). */
export function profileVersion(profile: AgencyProfile): string {
  return createHash("sha256").update(JSON.stringify(profile)).digest("base64url").slice(0, 16);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `input`'s fields over `current`: top-level fields replaced, `hours` and `social` merged key by key. */
export function overlay(current: AgencyProfile, input: Record<string, unknown>): Record<string, unknown> | { unknown: string } {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (!(PROFILE_FIELDS as readonly string[]).includes(key)) return { unknown: key };
    if (key === "hours" && isRecord(value)) {
      const hours: Record<string, unknown> = { ...current.hours };
      for (const [day, h] of Object.entries(value)) {
        if (!(WEEKDAYS as readonly string[]).includes(day)) return { unknown: `hours.${day}` };
        hours[day] = h;
      }
      next.hours = hours;
    } else if (key === "social" && isRecord(value)) {
      next.social = { ...current.social, ...value };
    } else next[key] = value;
  }
  return next;
}

function changedFields(before: AgencyProfile, after: AgencyProfile): string[] {
  return PROFILE_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/**
 * Checks `input` (some or all fields) over the stored profile and saves the result. `baseVersion`,
 * when given, is the version the admin's screen showed: a save over someone else's is refused.
 */
export async function changeProfile(
  db: Database,
  input: Record<string, unknown>,
  by: { id: string; email: string },
  options: { ip?: string | null; baseVersion?: string; now?: Date } = {},
): Promise<ProfileChange> {
  const current = await readProfile(db);
  if (options.baseVersion !== undefined && options.baseVersion !== profileVersion(current))
    return { ok: false, status: 409, message: settingsMessages.conflict };
  const merged = overlay(current, input);
  if ("unknown" in merged && typeof merged.unknown === "string") {
    const message = settingsMessages.fields.unknown(merged.unknown.slice(0, 40));
    return { ok: false, status: 400, message, errors: { [merged.unknown.slice(0, 40)]: message } };
  }
  const parsed = profileSchema(options.now).safeParse(merged);
  if (!parsed.success) return { ok: false, status: 400, message: settingsMessages.failure, errors: flattenIssues(parsed.error.issues) };
  const next = parsed.data;
  if (changedFields(current, next).length === 0) return { ok: true, profile: current, changed: [] };

  let changed: string[] = [];
  await saveProfile(db, next, by, async (tx, before) => {
    changed = changedFields(before, next);
    const values = Object.fromEntries(
      changed
        .filter((f) => DETAILS_WITH_VALUES.has(f))
        .map((f) => [f, { from: before[f as keyof AgencyProfile], to: next[f as keyof AgencyProfile] }]),
    );
    await recordAudit(tx, {
      action: "settings_changed",
      admin: by,
      targetType: "settings",
      targetId: "agency_profile",
      detail: { fields: changed, ...(Object.keys(values).length ? { changes: values } : {}) },
      ip: options.ip ?? null,
    });
  });
  return { ok: true, profile: next, changed };
}

/**
 * The US federal holidays of `year` that fall on a weekday, as observed (a Saturday holiday is kept
 * the Friday before, a Sunday one the Monday after), "YYYY-MM-DD". The holiday tables (date-holidays,
 * every country's) load on the Settings screen's first use, not with the site.
 */
export async function federalHolidays(year: number): Promise<{ date: string; name: string }[]> {
  const { default: Holidays } = await import("date-holidays");
  const calendar = new Holidays("US");
  const seen = new Set<string>();
  return calendar
    .getHolidays(year)
    .filter((h) => h.type === "public")
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
    .filter(({ date }) => {
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || !date.startsWith(String(year)) || seen.has(date)) return false;
      seen.add(date);
      return true;
    });
}
