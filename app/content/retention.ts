/**
 * How long the site keeps each kind of record, in days (consent evidence in years). These are the
 * defaults of the RETENTION_* settings (app/env.server.ts) and the periods the Privacy Policy states
 * (app/content/legal.ts): a site run with other values must say so in its policy too.
 * docs/decisions/024-retention-and-erasure.md explains each period.
 */
export const retentionDefaults = {
  /** Quote requests and other leads, with their uploaded documents: two years after the last activity. */
  leadDays: 730,
  /** Messages from the contact form: one year. */
  contactDays: 365,
  /** Chat conversations: 180 days after the last message. */
  chatDays: 180,
  /** Job applications: one year, the period U.S. equal-employment rules ask employers to keep them. */
  applicationDays: 365,
  /** Outgoing mail that was never delivered keeps its content this long; then the record of any mail goes. */
  mailDays: 30,
  /** Back-office sign-in records (sessions, failed attempts, addresses in the audit trail). */
  signInDays: 90,
  /** SMS consent and opt-out evidence: five years, beyond the four-year limitation period of TCPA claims. */
  consentYears: 5,
} as const;
