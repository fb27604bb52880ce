import { agency } from "~/content/agency";

/** Page titles read "{page title} | {agency name}". */
export function pageTitle(title: string): string {
  return `${title} | ${agency.name}`;
}
