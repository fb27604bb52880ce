/**
 * Texting's quiet hours (docs/decisions/064): no text reaches a recipient between SMS_QUIET_START and
 * SMS_QUIET_END (21:00 and 08:00 by default) in the recipient's time zone; one that falls in them waits
 * for the end. Pure, so the rule is tested with any clock.
 */
import { TZDate } from "@date-fns/tz";

/** "HH:MM" to minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/**
 * When a text may go if it is `now` in `zone` and the quiet hours are [start, end): null when it may go
 * now, else the next `end` in that zone. A window that crosses midnight (21:00-08:00) and one within a
 * day (13:00-14:00) are both read; start equal to end means no quiet hours.
 */
export function quietUntil(now: Date, zone: string, quiet: { start: string; end: string }): Date | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const local = new TZDate(now.getTime(), zone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const quietNow = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!quietNow) return null;
  const endToday = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), Math.floor(end / 60), end % 60, 0, 0, zone);
  if (endToday.getTime() > now.getTime()) return new Date(endToday.getTime());
  const endTomorrow = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, Math.floor(end / 60), end % 60, 0, 0, zone);
  return new Date(endTomorrow.getTime());
}
