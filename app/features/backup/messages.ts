/** The back office's texts about backups, in one place (browser-safe). */
export const backupMessages = {
  title: "Backups",
  intro: "A copy of every lead, consent record, post, setting and uploaded document, made every day and whenever you ask.",
  none: "No backup has been made yet.",
  last: "Last backup",
  size: "Size",
  where: "Kept in",
  failedTitle: "The last backup failed",
  failedAt: "Tried",
  running: "A backup is being made now.",
  off: "Backups are off: the site runs on a throw-away database. Set BACKUP_DIR or BACKUP_S3_URL to keep archives.",
  button: "Back up now",
  busy: "Backing up...",
  done: (size: string) => `Backup saved (${size}).`,
  failed: (error: string) => `The backup failed: ${error}`,
  unknownIntent: "Unknown action.",
} as const;

/** "2.1 MB", "740 KB": an archive's size for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
