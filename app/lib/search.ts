/**
 * The back office's one search (docs/decisions/053-search.md): what staff type in the search box, read the
 * same way on every list. Letters match anywhere in a name, email, reference or message, whatever their
 * case; every word must match; a phone typed any way ("(512) 555-0147", "512.555.0147", "+1 512 555 0147")
 * is matched on its digits. Browser-safe: the screens read the limits and texts, the server builds the SQL
 * from these terms (each feature's own search.server module, over its pg_trgm index).
 */

/** The longest search read; the rest is ignored. */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many words count (every one must match). */
const SEARCH_MAX_WORDS = 6;
/** A query of phone characters with at least this many digits is also matched on digits alone. */
const PHONE_MIN_DIGITS = 3;

/** A search as the SQL reads it: lower-case words (each must occur), and the digits of a phone-shaped query. */
export type SearchTerms = { words: string[]; digits: string | null; text: string };

/**
 * What a search box or `?q=` holds, as terms; null for nothing to search (absent, blank, or only
 * punctuation). Never throws: an address with any text in it still lists.
 */
export function parseSearch(raw: string | null | undefined): SearchTerms | null {
  if (typeof raw !== "string") return null;
  const text = raw.normalize("NFKC").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH).toLowerCase();
  if (!text) return null;
  const words = [...new Set(text.split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w)))].slice(0, SEARCH_MAX_WORDS);
  const digits = phoneDigits(text);
  if (words.length === 0 && !digits) return null;
  return { words, digits, text };
}

/**
 * The digits of a query made only of what phone numbers are written with (digits, spaces, + ( ) - . /),
 * with a leading US country code dropped from an 11-digit number; null otherwise.
 */
function phoneDigits(text: string): string | null {
  if (!/^[\d\s+().\-/]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length < PHONE_MIN_DIGITS) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return digits;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A term as a LIKE pattern that finds it at the start. */
export function startsPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/** A term as a LIKE pattern that finds it anywhere: %, _ and \ match only themselves. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

export const searchMessages = {
  label: "Search",
  placeholder: "Name, phone, email, reference or words",
  submit: "Search",
  clear: "Clear search",
  /** A list's empty state while it is searched. */
  noMatch: (q: string) => `Nothing matches “${q}”`,
} as const;

/** What a list's address searches for, as typed (trimmed, within the limit); "" for no search. */
export function searchAsked(url: URL): string {
  return (url.searchParams.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
}

/** A list's address with its search (page 1), for its pager and links back to it. */
export function hereWithSearch(path: string, q: string): string {
  return q ? `${path}?${new URLSearchParams({ q })}` : path;
}
