/**
 * What the upload endpoint answers and the quote form shows about documents, in one place.
 * Browser-safe and tiny: the form imports it statically.
 */

/** For the file input's `accept` attribute; the server decides by the file's content, not its name. */
export const acceptedFileTypes = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

export { formatFileSize, formatLimit, limitInWords } from "~/lib/file-sizes";

import { formatLimit } from "~/lib/file-sizes";

/** The 413 message: "File size must be less than 1GB" with the default limit. */
export function fileTooLargeMessage(limitBytes: number): string {
  return `File size must be less than ${formatLimit(limitBytes)}`;
}

/** A file that is not a PDF, JPG or PNG: the form says so before sending it, the endpoint when it is sent. */
export const unsupportedTypeMessage = "Only PDF, JPG and PNG files can be uploaded.";

/** The upload endpoint's answers (the quote form imports only what it shows itself, above). */
export const uploadMessages = {
  unsupportedType: unsupportedTypeMessage,
  fileTooLarge: fileTooLargeMessage,
  invalid: "The upload could not be accepted. Please check it and try again.",
  noFile: "Please choose a file to upload.",
  emptyFile: "The file is empty. Please choose another one.",
  oneFileOnly: "Please upload one file at a time.",
  slotMissing: "Say which document this is: send the slot field (before the file).",
  slotUnknown: (allowed: readonly string[]) => `Unknown document slot. Use one of: ${allowed.join(", ")}.`,
  notMultipart: "Send the file as multipart/form-data.",
  malformed: "The upload was incomplete or malformed. Please try again.",
  tooManyUploads: "Too many uploads from your network. Please wait a few minutes and try again, or call us.",
  crossSite: "Uploads are only accepted from this website.",
  /** A lead that names an upload which does not exist (any more), belongs to another slot or is already used. */
  attachmentExpired: "One of the attached files has expired or was not found. Please attach it again.",
  /** One address has sent as many bytes as it may this window (UPLOAD_BYTES_PER_ADDRESS_MAX); 429. */
  addressBytesUsed:
    "We can't take more documents from your network right now. Please try again in a few minutes, send your quote without them, or call us.",
  /** Free disk space is below UPLOAD_MIN_FREE_BYTES; 507. */
  storageFull: "We can't take documents right now. Please send your quote without them (we will ask for them later), or call us.",
  /** A quote claims more uploads than UPLOAD_LEAD_MAX_FILES. */
  leadTooManyFiles: (max: number) => `One quote can have up to ${max} documents attached. Please remove some and try again.`,
  /** A quote's uploads add up to more than UPLOAD_LEAD_MAX_BYTES. */
  leadTooManyBytes: (limitBytes: number) =>
    `The documents attached to one quote can add up to ${formatLimit(limitBytes)} at most. Please remove some and try again.`,
} as const;
