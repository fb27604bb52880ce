/**
 * Calendar days as "YYYY-MM-DD" strings: a day on the agency's calendar (its time zone, from the stored
 * profile), not an instant. Policy expirations and X-dates are such days. Browser-safe.
 */

/** Today (or `now`'s day) where the agency is. */
export function agencyDay(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** `day` plus `days` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(utc(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: 1 for tomorrow, 0 for today, negative for a day gone. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** "Mar 3, 2027": the day as written, whatever the reader's time zone. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(utc(day)));
}
