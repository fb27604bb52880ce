/**
 * The visitor's file name, made safe to show (lists, emails, the admin screens). It is never used in
 * a storage path: stored files get server-generated names. Browser-safe and pure.
 */
import { extensionOf, isUploadMimeType, type UploadMimeType } from "./magic-bytes";

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

/** The extensions a file of each type may already carry (compared without case). */
const matchingExtensions: Record<UploadMimeType, readonly string[]> = {
  "application/pdf": ["pdf"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
};

/**
 * The name a document is downloaded under: the display name with the extension of the type detected
 * from its bytes, so the file opens in the program for what it is. A PDF sent as "invoice.html" is
 * "invoice.pdf" (the visitor's extension is replaced, not kept in front: "invoice.html.pdf" still
 * reads as a web page to people); an extension that already matches ("scan.JPEG") is kept as written.
 * A type that is not one of the accepted ones (a row altered by hand) gets ".bin", which nothing opens.
 */
export function downloadFileName(displayName: string, type: string): string {
  const known = isUploadMimeType(type);
  const name = displayName.trim().replace(/\.+$/, "") || "document";
  const extension = /\.([a-z][a-z0-9]{0,9})$/i.exec(name);
  if (known && extension && matchingExtensions[type].includes(extension[1].toLowerCase())) return name;
  const stem = extension ? name.slice(0, extension.index) : name;
  return `${stem || "document"}.${known ? extensionOf[type] : "bin"}`;
}
