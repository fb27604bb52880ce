/** Times on the Users screen, shown where the agency is (the same on the server and in the browser), zone named. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 21, 2026, 2:28 PM CST" in `timeZone` (the stored profile's). */
export function agencyTime(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
