/**
 * A safe `Content-Disposition: attachment` for a visitor-supplied file name (RFC 6266): a plain ASCII
 * `filename` every client understands, and `filename*` (RFC 8187) with the real name when it is not
 * ASCII. Quotes, backslashes and control characters (CR/LF: header injection) never reach the header.
 */
export function attachmentDisposition(name: string, fallback = "document"): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}"\\]/gu, "").trim() || fallback;
  const ascii = clean
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    // Some clients percent-decode the plain parameter; only filename* is meant to be encoded.
    .replace(/[^\x20-\x7e]|%/g, "_");
  if (ascii === clean) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
