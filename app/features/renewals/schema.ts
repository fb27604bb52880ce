/**
 * The renewals list (docs/decisions/062): a won lead's policy expiring, or a lost lead's X-date, within
 * 90 days, as the dashboard's "Coming up" panel and the API show it. Browser-safe.
 */

export const RENEWAL_KINDS = ["renewal", "x_date"] as const;
/** renewal: the policy bound here expires; x_date: the policy a lost lead kept elsewhere expires. */
export type RenewalKind = (typeof RENEWAL_KINDS)[number];

/** Days ahead a date is listed, and the day ahead from which its owner is mailed (once). */
export const LIST_DAYS = 90;
export const MAIL_DAYS = 60;
/** A date found already past is still listed when it is at most this many days gone (a policy that just lapsed). */
export const LIST_PAST_DAYS = 30;

/** One open entry of the list (GET /api/admin/coming-up `data[]`). */
export type ComingUpItem = {
  /** The entry's id: POST /api/leads/:leadId/renewals/:_id/handled marks it handled. */
  _id: string;
  leadId: string;
  reference: string;
  name: string;
  businessName: string | null;
  kind: RenewalKind;
  /** The policy's expiration (renewal) or the X-date, YYYY-MM-DD on the agency's calendar. */
  dueOn: string;
  /** Agency calendar days from today to `dueOn`; negative once it has passed. */
  daysLeft: number;
  lineOfBusiness: string | null;
  /** The carrier of the policy bound here (renewal). */
  carrier: string | null;
  /** Where a lost lead went (X-date). */
  competitor: string | null;
  /** Dollars: the bound annual premium (renewal), or the premium quoted (X-date); null when not recorded. */
  premium: number | null;
  /** The lead's owner; `active` false for a deactivated account (its mail goes to the agency inbox). */
  owner: { id: string; name: string; active: boolean } | null;
  listedAt: string;
  /** When the 60-day mail was queued; null before (or for a date found already past, which is never mailed). */
  mailedAt: string | null;
};

/** An entry marked handled (POST .../handled `data`). */
export type HandledRenewal = {
  _id: string;
  leadId: string;
  kind: RenewalKind;
  dueOn: string;
  handledAt: string;
  handledBy: { id: string | null; name: string };
};
