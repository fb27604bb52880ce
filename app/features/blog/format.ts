/**
 * Publish dates as the spec shows them: "MMM d, yyyy" on cards, "MMMM d, yyyy" on posts.
 * Built-in posts carry a calendar date ("2025-03-20"), shown as that day wherever the server runs;
 * stored posts carry an instant, shown as its day in the agency's time zone (the stored profile's,
 * `site.agency.hours.timezone`). Browser-safe, but the pages format in their loaders so date-fns
 * never reaches the browser.
 */
import { format } from "date-fns/format";

export const CARD_DATE_FORMAT = "MMM d, yyyy";
export const POST_DATE_FORMAT = "MMMM d, yyyy";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day a value names, as a local-midnight Date for date-fns: a "yyyy-mm-dd" string is
 * that day (not UTC midnight read in a western time zone, which would be the day before); an instant
 * is its day in `timeZone`.
 */
export function calendarDay(value: string | Date, timeZone: string): Date {
  if (typeof value === "string") {
    const m = DATE_ONLY.exec(value);
    if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const instant = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const parts = Object.fromEntries(
    partsIn(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
}

/** "Mar 20, 2025" */
export function formatCardDate(value: string | Date, timeZone: string): string {
  return format(calendarDay(value, timeZone), CARD_DATE_FORMAT);
}

/** "March 20, 2025" */
export function formatPostDate(value: string | Date, timeZone: string): string {
  return format(calendarDay(value, timeZone), POST_DATE_FORMAT);
}

/** The day as "yyyy-mm-dd", for <time dateTime> and sitemaps. */
export function isoDay(value: string | Date, timeZone: string): string {
  return format(calendarDay(value, timeZone), "yyyy-MM-dd");
}
