/**
 * The visitor's file name, made safe to show (lists, emails, the admin screens). It is never used in
 * a storage path: stored files get server-generated names. Browser-safe and pure.
 */
import { extensionOf, type UploadMimeType } from "./magic-bytes";

const MAX_LENGTH = 200;

export function displayFileName(name: string | undefined, type: UploadMimeType): string {
  let clean = (name ?? "")
    .normalize("NFC")
    // Only the last path segment: some browsers and tools send "C:\\fakepath\\x.pdf" or "a/b/x.pdf".
    .replace(/^.*[\\/]/s, "")
    .replace(/\s+/g, " ")
    // Other control characters and invisible format characters (U+202E can make "gpj.exe" read "exe.jpg").
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (clean.length > MAX_LENGTH) {
    const dot = clean.lastIndexOf(".");
    const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
    clean =
      Array.from(clean)
        .slice(0, MAX_LENGTH - ext.length)
        .join("")
        .trimEnd() + ext;
  }
  return clean || `document.${extensionOf[type]}`;
}
