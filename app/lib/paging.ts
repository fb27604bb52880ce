/**
 * Back-office lists a page at a time, with the count said: no list stops at a number it does not show.
 * The page number travels in the address (`?page=2`), so a page can be bookmarked and shared; a number
 * that is not a page (0, -1, "x", past the end) shows the nearest page there is.
 */

/** Rows on one page of a back-office list. */
export const ADMIN_PAGE_SIZE = 50;
/** The highest page number read from an address (a list of 5 million rows). */
const MAX_PAGE = 100_000;

/** One page of a list, and where it sits in the whole. */
export type Paged<T> = { items: T[]; page: number; pageSize: number; total: number; pageCount: number };

/** The page an address asks for: `?page=` as a whole number from 1, else 1. */
export function pageAsked(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), MAX_PAGE);
}

/** Where a page of `total` rows starts: the page asked for, brought within the pages there are. */
export function pageWindow(total: number, asked: number, pageSize = ADMIN_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, asked), pageCount);
  return { page, pageCount, pageSize, offset: (page - 1) * pageSize };
}

/** The address of another page of the list at `url`, keeping its other parameters (page 1 has none). */
export function pageHref(url: URL | string, page: number): string {
  const at = typeof url === "string" ? new URL(url, "http://site.invalid") : url;
  const query = new URLSearchParams(at.search);
  if (page > 1) query.set("page", String(page));
  else query.delete("page");
  const search = query.toString();
  return `${at.pathname}${search ? `?${search}` : ""}`;
}

export const pagingMessages = {
  pagination: "Pages",
  newer: "Newer",
  older: "Older",
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  /** Above a list: which rows of how many this page shows. */
  showing: (first: number, last: number, total: number, noun: { one: string; many: string }) =>
    `Showing ${first}–${last} of ${total} ${total === 1 ? noun.one : noun.many}`,
} as const;
