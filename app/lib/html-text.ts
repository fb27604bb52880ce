/**
 * The readable text of rich HTML (a blog post's body) and what is counted on it: words and minutes
 * to read. Pure and browser-safe: the built-in articles (app/content/blog-posts.ts), the blog's
 * mapping and the chat's knowledge all read HTML through it.
 */

/** Words read in a minute, for the reading time (spec 000 section 3). */
export const WORDS_PER_MINUTE = 200;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** The readable text of rich HTML: tags dropped (block ends become spaces), entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function wordCount(text: string): number {
  return text.split(" ").filter(Boolean).length;
}

/** Minutes to read: space-separated words / 200, rounded up (at least 1). */
export function readingTime(html: string): number {
  return Math.max(1, Math.ceil(wordCount(htmlToText(html)) / WORDS_PER_MINUTE));
}
