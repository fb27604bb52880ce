/** The shape of undelivered mail as the back office sees it (browser-safe: the dashboard reads it). */
export type MailFailureState = "dead" | "retrying" | "sending";

export type MailFailure = {
  id: string;
  /** mail, or sms for a text (docs/decisions/064): `to` is then a phone number and `subject` empty. */
  channel: "mail" | "sms";
  kind: string;
  to: string;
  subject: string;
  /** dead: given up; retrying: failed, another try is scheduled; sending: being tried again now. */
  state: MailFailureState;
  attempts: number;
  lastError: string;
  /** When the next try is due (null for dead mail, which is not tried again unless retried). */
  nextAttemptAt: string | null;
  createdAt: string;
  lead: { id: string; reference: string; name: string } | null;
  /** Whether Retry applies: not while a sender is delivering it. */
  retryable: boolean;
};
