/**
 * How the back office shows times (where the agency is: its promise runs on its clock, with the zone
 * named; the zone is the stored profile's) and phone numbers.
 */
import { useSite } from "./site";

type Formats = { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat };

const formats = new Map<string, Formats>();

function formatsFor(timeZone: string): Formats {
  let f = formats.get(timeZone);
  if (!f) {
    f = {
      short: new Intl.DateTimeFormat("en-US", {
        timeZone,
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZoneName: "short",
      }),
      long: new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        timeZoneName: "short",
      }),
    };
    formats.set(timeZone, f);
  }
  return f;
}

/** "Nov 21, 2:28 PM CST" */
export const shortTime = (iso: string, timeZone: string) => formatsFor(timeZone).short.format(new Date(iso));
/** "Nov 21, 2026, 2:28:05 PM CST" */
export const longTime = (iso: string, timeZone: string) => formatsFor(timeZone).long.format(new Date(iso));

/** `shortTime` and `longTime` in the time zone of the profile the page was rendered with. */
export function useAdminTimes(): { shortTime: (iso: string) => string; longTime: (iso: string) => string } {
  const timeZone = useSite().agency.hours.timezone;
  return { shortTime: (iso) => shortTime(iso, timeZone), longTime: (iso) => longTime(iso, timeZone) };
}

/** A tel: link for a number typed any way ("(512) 555-0123" -> "tel:5125550123"). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
