/**
 * A request field read as text, before a schema checks it: a string as it is, a number or boolean
 * written out, anything else (missing, null, an array, an object) as "", which the field's own
 * "required" message then answers. Never String() on an array or object: a deeply nested array
 * overflows the stack while being joined, and an object whose toString is not a function throws,
 * and either would be a 500 instead of a field error. Browser-safe.
 */
export function textValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return "";
}

/** C0 and C1 control characters (NUL, tab, CR, LF ...) and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The control characters multi-line text drops: all but tab, LF and CR. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL_NOISE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Whether `value` is one line of text: no line break or control character (PostgreSQL refuses NUL in text). */
export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);

/** Multi-line text without its invisible control characters (tab and line breaks stay). */
export const withoutControlCharacters = (value: string) => value.replace(CONTROL_NOISE, "");
