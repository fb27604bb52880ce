/** Sizes for people to read: a limit as the forms and messages state it, and a file's size. Browser-safe. */

const units = [
  { name: "GB", bytes: 1024 ** 3 },
  { name: "MB", bytes: 1024 ** 2 },
  { name: "KB", bytes: 1024 },
];

/** A size limit the way people read it: 1073741824 -> "1GB", 5242880 -> "5MB", 1572864 -> "1.5MB". */
export function formatLimit(limitBytes: number): string {
  for (const unit of units) {
    if (limitBytes >= unit.bytes) {
      // Rounded down, so the stated limit is never more than the real one.
      const value = Math.floor((limitBytes / unit.bytes) * 10) / 10;
      return `${value}${unit.name}`;
    }
  }
  return `${limitBytes} bytes`;
}

/** A size limit in a sentence: 1073741824 -> "1 GB", 5242880 -> "5 MB". */
export function limitInWords(limitBytes: number): string {
  return formatLimit(limitBytes).replace(/^([\d.]+)([A-Z]+)$/, "$1 $2");
}

/** A file's size for people: "812 B", "45 KB", "3.2 MB", "1.05 GB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
