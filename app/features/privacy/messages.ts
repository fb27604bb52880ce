/** The texts of the back office's Privacy screen (/admin/privacy). */
import type { ErasureCounts } from "./retention.server";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const privacyMessages = {
  title: "Privacy",
  intro:
    "Erase everything the site holds about one person when they ask for it: every lead, contact message, chat, job application, uploaded document and email for their email address, including emails written to the mail folder. Old records are also deleted every day once they pass their retention period.",
  retentionHeading: "Retention periods",
  erasureHeading: "Erase a person",
  emailLabel: "Email address",
  emailHint: "Every record with this address is found, whatever the case of its letters.",
  confirmLabel:
    "I understand this permanently deletes this person's leads, contact messages, chats, job applications, documents and emails, and cannot be undone.",
  consentNote:
    "SMS consent records for the address are kept for their own retention period, as evidence of the consent the law asks us to be able to show.",
  submit: "Erase permanently",
  submitting: "Erasing...",
  resultHeading: "Erased",
  errors: {
    emailRequired: "Enter the email address to erase",
    emailInvalid: "Enter a valid email address",
    confirmRequired: "Confirm that you understand the records are deleted permanently",
    crossSite: "This form must be sent from the site's own page.",
    formNotSupported: "Send the form from the Privacy page.",
    formTooLarge: "The form is too large.",
    invalid: "Some fields need attention. Please check them and try again.",
    failed: "The erasure could not be completed; nothing was deleted. Please try again.",
  },
  periods: {
    leads: (days: number) => `Quote requests and other leads, with their documents: ${plural(days, "day", "days")} after the last activity`,
    contacts: (days: number) => `Contact form messages: ${plural(days, "day", "days")}`,
    chats: (days: number) => `Chat conversations: ${plural(days, "day", "days")} after the last message`,
    applications: (days: number) => `Job applications: ${plural(days, "day", "days")}`,
    mails: (days: number) =>
      `Email records: ${plural(days, "day", "days")} (the content of a delivered email is cleared as soon as it is sent; emails written to the mail folder when no mail server is set up are deleted after the same period)`,
    signIns: (days: number) => `Back-office sign-in records: ${plural(days, "day", "days")}`,
    consent: (years: number) => `SMS consent records: ${plural(years, "year", "years")}`,
    pageViews: (days: number) =>
      `Page view counts (a number per page and day, nothing about the visitor): ${plural(days, "day", "days")}, as long as leads`,
  },
  /** The summary shown after an erasure: what went, and what was kept. */
  erased(counts: ErasureCounts): string[] {
    const lines = [
      plural(counts.leads, "lead", "leads"),
      plural(counts.contacts, "contact message", "contact messages"),
      plural(counts.documents, "document", "documents"),
      plural(counts.chats, "chat", "chats"),
      plural(counts.applications, "job application", "job applications"),
      plural(counts.mails, "email", "emails"),
    ].map((line) => `${line} deleted`);
    if (counts.invitations > 0) lines.push(`${plural(counts.invitations, "back-office invitation", "back-office invitations")} deleted`);
    if (counts.mailFiles > 0) lines.push(`${plural(counts.mailFiles, "email file", "email files")} deleted from the mail folder`);
    if (counts.mailFilesRedacted > 0)
      lines.push(
        `${plural(counts.mailFilesRedacted, "other email file", "other email files")} that mentioned the address kept in the mail folder, with the address replaced`,
      );
    if (counts.consentRecordsKept > 0)
      lines.push(`${plural(counts.consentRecordsKept, "SMS consent record", "SMS consent records")} kept for the consent retention period`);
    if (counts.filesFailed > 0)
      lines.push(
        `${plural(counts.filesFailed, "document file", "document files")} could not be deleted from storage yet; the upload sweep tries again on its next run, and the server log has the details`,
      );
    if (counts.mailFilesFailed > 0)
      lines.push(
        `${plural(counts.mailFilesFailed, "email file", "email files")} in the mail folder could not be erased; erasing the address again retries, and the server log has the details`,
      );
    return lines;
  },
} as const;
