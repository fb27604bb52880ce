/**
 * The call-back promise's clock (docs/decisions/027): when a lead is due and when it is escalated,
 * counted in the agency's office hours (app/content/agency.ts: Monday to Friday, 9 to 5 Central) or
 * round the clock. Pure and browser-safe, so the server, the screens and the tests share it.
 */
import { TZDate } from "@date-fns/tz";
import { agency } from "~/content/agency";

export type ClockHours = "business" | "always";

export type PromiseSettings = {
  /** LEAD_SLA_MINUTES: the promise. */
  slaMinutes: number;
  /** LEAD_ESCALATE_AFTER_MINUTES: when the assignee (or the agency inbox) is reminded. */
  escalateAfterMinutes: number;
  /** LEAD_CLOCK_HOURS */
  hours: ClockHours;
};

const MINUTE = 60_000;
const TZ = agency.hours.timezone;

function clockTime(hhmm: string): [number, number] {
  const [h, m] = hhmm.split(":").map(Number);
  return [h, m];
}
const OPENS = clockTime(agency.hours.weekdays.opens);
const CLOSES = clockTime(agency.hours.weekdays.closes);

/** The office's open interval on the local day holding `ms`, or null on a weekend. */
function officeDay(ms: number): { open: number; close: number; nextDay: number } {
  const local = new TZDate(ms, TZ);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  const nextDay = new TZDate(y, m, d + 1, 0, 0, 0, 0, TZ).getTime();
  const weekday = local.getDay();
  if (weekday === 0 || weekday === 6) return { open: nextDay, close: nextDay, nextDay };
  return {
    open: new TZDate(y, m, d, OPENS[0], OPENS[1], 0, 0, TZ).getTime(),
    close: new TZDate(y, m, d, CLOSES[0], CLOSES[1], 0, 0, TZ).getTime(),
    nextDay,
  };
}

/** Whether the office is open at `at` (weekdays, opening hour inclusive, closing hour exclusive). */
export function officeOpen(at: Date): boolean {
  const ms = at.getTime();
  const { open, close } = officeDay(ms);
  return ms >= open && ms < close;
}

/**
 * `minutes` of the clock after `start`: wall minutes for "always"; office minutes for "business",
 * so a lead at 6 PM Friday with 30 minutes is due 9:30 AM Monday.
 */
export function addClockMinutes(start: Date, minutes: number, hours: ClockHours): Date {
  const startMs = start.getTime();
  if (hours === "always") return new Date(startMs + minutes * MINUTE);
  let remaining = Math.max(0, minutes * MINUTE);
  let t = startMs;
  // A year of days at most: the settings cap the promise at a week.
  for (let day = 0; day < 366; day++) {
    const { open, close, nextDay } = officeDay(t);
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
export function clockMinutesBetween(from: Date, to: Date, hours: ClockHours): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (hours === "always") return (b - a) / MINUTE;
  let total = 0;
  let t = a;
  while (t < b) {
    const { open, close, nextDay } = officeDay(t);
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
    escalateAt: addClockMinutes(receivedAt, settings.escalateAfterMinutes, settings.hours),
    dueAt: addClockMinutes(receivedAt, settings.slaMinutes, settings.hours),
  };
}

/**
 * When the visitor may expect the call, in words, when office hours stretch the promise (the office is
 * closed, or closes before the promise runs out): "Monday at 9:30 AM", "tomorrow at 9:20 AM",
 * "today at 9:30 AM". Null when the call is due within `slaMinutes` of the clock on the wall: the
 * page's own promise holds.
 */
export function callBackWhen(receivedAt: Date, dueAt: Date, slaMinutes: number): string | null {
  if (dueAt.getTime() - receivedAt.getTime() <= slaMinutes * MINUTE + 1000) return null;
  const due = new TZDate(dueAt.getTime(), TZ);
  const time = new Intl.DateTimeFormat("en-US", { timeZone: TZ, hour: "numeric", minute: "2-digit" }).format(dueAt);
  const received = new TZDate(receivedAt.getTime(), TZ);
  const sameDay = (x: TZDate, y: TZDate) =>
    x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
  if (sameDay(due, received)) return `today at ${time}`;
  const tomorrow = new TZDate(received.getFullYear(), received.getMonth(), received.getDate() + 1, 12, 0, 0, 0, TZ);
  if (sameDay(due, tomorrow)) return `tomorrow at ${time}`;
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: TZ, weekday: "long" }).format(dueAt);
  return `${weekday} at ${time}`;
}
