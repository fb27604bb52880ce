/** How the back office shows times (where the agency is: its promise runs on its clock, with the zone named) and phone numbers. */
import { agency } from "~/content/agency";

const short = new Intl.DateTimeFormat("en-US", {
  timeZone: agency.hours.timezone,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const long = new Intl.DateTimeFormat("en-US", {
  timeZone: agency.hours.timezone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});

/** "Nov 21, 2:28 PM CST" */
export const shortTime = (iso: string) => short.format(new Date(iso));
/** "Nov 21, 2026, 2:28:05 PM CST" */
export const longTime = (iso: string) => long.format(new Date(iso));

/** A tel: link for a number typed any way ("(512) 555-0123" -> "tel:5125550123"). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
