/** Times on the Users screen, shown where the agency is (the same on the server and in the browser), zone named. */
import { agency } from "~/content/agency";

const format = new Intl.DateTimeFormat("en-US", {
  timeZone: agency.hours.timezone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Nov 21, 2026, 2:28 PM CST" */
export const agencyTime = (iso: string) => format.format(new Date(iso));
