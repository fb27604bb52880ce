/**
 * The call-back promise's clock (docs/decisions/027): when a lead is due and when it is escalated,
 * counted in the agency's office hours (the stored profile's hours per weekday, in its time zone,
 * skipping its closed days) or round the clock. Pure and browser-safe, so the server, the screens and
 * the tests share it.
 */
import { TZDate } from "@date-fns/tz";
import { type OpenHours, type SiteFacts, WEEKDAYS, type Weekday } from "~/content/site-facts";

export type ClockHours = "business" | "always";

/** The office the clock runs on: its time zone, its hours per weekday (null: closed), and its closed days. */
export type Office = {
  /** IANA time zone, e.g. "America/Chicago". */
  timeZone: string;
  days: Record<Weekday, OpenHours | null>;
  /** "YYYY-MM-DD" in the office's time zone: skipped entirely (holidays). */
  closedDays: string[];
};

export type PromiseSettings = {
  /** The promise in minutes of the clock: the profile's contactMinutes, or LEAD_SLA_MINUTES when set. */
  slaMinutes: number;
  /** When the assignee (or the agency inbox) is reminded; never after the promise. */
  escalateAfterMinutes: number;
  /** LEAD_CLOCK_HOURS */
  hours: ClockHours;
  office: Office;
};

const MINUTE = 60_000;

const offices = new WeakMap<SiteFacts, Office>();

/** The office of a profile's facts (the same object for the same facts). */
export function officeOf(site: SiteFacts): Office {
  let office = offices.get(site);
  if (!office) {
    office = { timeZone: site.agency.hours.timezone, days: site.agency.hours.days, closedDays: site.closedDays };
    offices.set(site, office);
  }
  return office;
}

/** `TZDate.getDay()` (0 is Sunday) as a weekday's key. */
const weekdayOf = (day: number): Weekday => WEEKDAYS[(day + 6) % 7];

function clockTime(hhmm: string): [number, number] {
  const [h, m] = hhmm.split(":").map(Number);
  return [h, m];
}

const pad = (n: number) => String(n).padStart(2, "0");

const closedSets = new WeakMap<Office, Set<string>>();
function closedSet(office: Office): Set<string> {
  let set = closedSets.get(office);
  if (!set) {
    set = new Set(office.closedDays);
    closedSets.set(office, set);
  }
  return set;
}

/** The office's open interval on the local day holding `ms`; an empty one on a day it is closed. */
function officeDay(ms: number, office: Office): { open: number; close: number; nextDay: number } {
  const tz = office.timeZone;
  const local = new TZDate(ms, tz);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  const nextDay = new TZDate(y, m, d + 1, 0, 0, 0, 0, tz).getTime();
  const hours = office.days[weekdayOf(local.getDay())];
  if (!hours || closedSet(office).has(`${y}-${pad(m + 1)}-${pad(d)}`)) return { open: nextDay, close: nextDay, nextDay };
  const [oh, om] = clockTime(hours.opens);
  const [ch, cm] = clockTime(hours.closes);
  return {
    open: new TZDate(y, m, d, oh, om, 0, 0, tz).getTime(),
    close: new TZDate(y, m, d, ch, cm, 0, 0, tz).getTime(),
    nextDay,
  };
}

/** Whether the office is open at `at` (opening time inclusive, closing time exclusive). */
export function officeOpen(at: Date, office: Office): boolean {
  const ms = at.getTime();
  const { open, close } = officeDay(ms, office);
  return ms >= open && ms < close;
}

/**
 * `minutes` of the clock after `start`: wall minutes for "always"; office minutes for "business",
 * so a lead at 6 PM Friday with 30 minutes is due 9:30 AM Monday (or Tuesday when Monday is closed).
 */
export function addClockMinutes(start: Date, minutes: number, hours: ClockHours, office: Office): Date {
  const startMs = start.getTime();
  if (hours === "always") return new Date(startMs + minutes * MINUTE);
  let remaining = Math.max(0, minutes * MINUTE);
  let t = startMs;
  // A year of days at most: an office open on no day at all counts wall minutes after that.
  for (let day = 0; day < 366; day++) {
    const { open, close, nextDay } = officeDay(t, office);
    if (t < open) t = open;
    if (t < close) {
      if (remaining <= close - t) return new Date(t + remaining);
      remaining -= close - t;
    }
    t = nextDay;
  }
  return new Date(t + remaining);
}

/** Minutes of the clock from `from` to `to` (0 when `to` is not later): what a response time is measured in. */
export function clockMinutesBetween(from: Date, to: Date, hours: ClockHours, office: Office): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (hours === "always") return (b - a) / MINUTE;
  let total = 0;
  let t = a;
  while (t < b) {
    const { open, close, nextDay } = officeDay(t, office);
    const start = Math.max(t, open);
    const end = Math.min(b, close);
    if (end > start) total += end - start;
    t = nextDay;
  }
  return total / MINUTE;
}

/** A new lead's escalation and due times, fixed when it arrives. */
export function promiseTimes(receivedAt: Date, settings: PromiseSettings): { escalateAt: Date; dueAt: Date } {
  return {
    escalateAt: addClockMinutes(receivedAt, settings.escalateAfterMinutes, settings.hours, settings.office),
    dueAt: addClockMinutes(receivedAt, settings.slaMinutes, settings.hours, settings.office),
  };
}

/**
 * When the visitor may expect the call, in words, when office hours stretch the promise (the office is
 * closed, or closes before the promise runs out): "Monday at 9:30 AM", "tomorrow at 9:20 AM",
 * "today at 9:30 AM", in the office's time zone. Null when the call is due within `slaMinutes` of
 * the clock on the wall: the page's own promise holds.
 */
export function callBackWhen(receivedAt: Date, dueAt: Date, slaMinutes: number, office: Pick<Office, "timeZone">): string | null {
  if (dueAt.getTime() - receivedAt.getTime() <= slaMinutes * MINUTE + 1000) return null;
  const tz = office.timeZone;
  const due = new TZDate(dueAt.getTime(), tz);
  const time = new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit" }).format(dueAt);
  const received = new TZDate(receivedAt.getTime(), tz);
  const sameDay = (x: TZDate, y: TZDate) =>
    x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
  if (sameDay(due, received)) return `today at ${time}`;
  const tomorrow = new TZDate(received.getFullYear(), received.getMonth(), received.getDate() + 1, 12, 0, 0, 0, tz);
  if (sameDay(due, tomorrow)) return `tomorrow at ${time}`;
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: tz, weekday: "long" }).format(dueAt);
  return `${weekday} at ${time}`;
}
