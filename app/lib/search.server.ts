/**
 * The SQL of the back office's one search (./search.ts): a row matches when its search text holds every
 * word, or, for a phone-shaped query, its digits. `doc` is the table's search text, written exactly as
 * its pg_trgm index is (db/migrations/0016_search.sql), so PostgreSQL answers from the index; `names` is the
 * table's lower-cased name, which a search of only one- and two-letter words is matched against.
 */
import { and, or, type SQL, sql } from "drizzle-orm";
import { containsPattern, type SearchTerms, startsPattern } from "./search";

/** pg_trgm indexes three-character pieces: a shorter word cannot be looked up in the index. */
const TRIGRAM = 3;

export function searchWhere(doc: SQL, terms: SearchTerms, names?: SQL): SQL {
  // Words of one or two letters have no trigram to look up: they match the start of a word of the name
  // only, read from the name alone (the whole search text of every row would be computed for them).
  if (!terms.digits && terms.words.every((w) => w.length < TRIGRAM)) {
    if (!names) return sql`false`;
    return (
      and(...terms.words.map((w) => sql`(${names} like ${startsPattern(w)} or ${names} like ${containsPattern(` ${w}`)})`)) ?? sql`false`
    );
  }
  const words = terms.words.length ? and(...terms.words.map((w) => sql`${doc} like ${containsPattern(w)}`)) : undefined;
  const digits = terms.digits ? sql`${doc} like ${containsPattern(terms.digits)}` : undefined;
  return or(digits, words) ?? sql`false`;
}
