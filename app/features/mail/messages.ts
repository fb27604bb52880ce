/** The back office's texts about mail that could not be delivered, in one place. */
export const mailFailureMessages = {
  title: "Mail that could not be delivered",
  intro: "Mail the server tried to send and could not. Retry sends it again at once.",
  empty: "All mail has been delivered. Nothing is waiting on a retry.",
  columns: { mail: "Mail", lead: "Lead", error: "Error", attempts: "Attempts", action: "Action" },
  kinds: {
    agency_notification: "New lead notification",
    visitor_autoreply: "Reply to the visitor",
    lead_escalation: "Lead escalation",
    lead_overdue: "Lead past the promise",
    admin_invite: "Back-office invitation",
    renewal_due: "Renewal or X-date coming up",
    text_instant_reply: "Text: instant reply to the lead",
    text_staff_reply: "Text: a colleague's reply to the lead",
    text_staff_alert: "Text: alert to a colleague",
  } as Record<string, string>,
  kindLabel(kind: string): string {
    return mailFailureMessages.kinds[kind] ?? kind.replace(/_/g, " ");
  },
  states: {
    dead: "Gave up",
    retrying: "Will try again",
    sending: "Sending now",
  },
  to: (address: string) => `To ${address}`,
  nextTry: "Next try",
  noLead: "No lead",
  noError: "No error recorded",
  retry: "Retry",
  retrying: "Retrying...",
  retryLabel: (subject: string) => `Retry sending "${subject}"`,
  /** A text has no subject: its row names its kind instead. */
  textSubject: "Text message",
  queued: "The mail is queued and will be sent in a moment.",
  notFound: "That mail no longer exists.",
  notRetryable: "That mail is already queued or delivered.",
  invalidId: "The mail id must be a UUID.",
  crossSite: "This form must be sent from this site.",
  formTooLarge: "The form is too large.",
  unknownIntent: "Unknown action.",
  formNotSupported: "This form must be sent as a web form.",
  loadFailed: "The list of undelivered mail could not be loaded.",
} as const;
