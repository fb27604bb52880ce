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

/** The Monday of the ISO week a day is in. */
export function mondayOf(day: string): string {
  const weekday = (new Date(utc(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** "Mar 3, 2027": the day as written, whatever the reader's time zone. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(utc(day)));
}

/** A real calendar day as YYYY-MM-DD. */
export const isDay = (v: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

/** YYYY-MM-DD plus whole months, the day kept where the month has it (Jan 31 + 1 month: Feb 28 or 29). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}
