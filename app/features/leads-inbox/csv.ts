/**
 * CSV as RFC 4180 describes it, made safe to open in a spreadsheet (docs/decisions/012).
 *
 * Hand-written rather than a library: quoting is a few lines, and the part that matters here, keeping
 * a visitor's "=HYPERLINK(...)" from running as a formula when the agency opens the file, is a rule of
 * our own either way.
 */

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
  // Text only: a number we wrote ourselves (minutes) is never a formula.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Excel reads a file without it as the local code page and garbles every accented name. */
export const UTF8_BOM = "\uFEFF";
