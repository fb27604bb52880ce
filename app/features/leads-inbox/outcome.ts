/**
 * A lead's outcome (docs/decisions/060): what was quoted, the policy a won lead bound and why a lost
 * one went elsewhere. Browser-safe: the lead screen's form, PATCH /api/leads/:id and the report read
 * the same shapes and rules.
 */
import { lostReasons } from "~/content/admin-options";

export type LostReason = (typeof lostReasons)[number];

/** The outcome as GET /api/leads/:id shows it: amounts in dollars, dates as YYYY-MM-DD, null when not recorded. */
export type LeadOutcome = {
  /** The annual premium quoted (a quoted lead, or a won or lost one that was quoted first). */
  quotedPremium: number | null;
  /** A won lead's bound annual premium. */
  premium: number | null;
  carrier: string | null;
  lineOfBusiness: string | null;
  effectiveDate: string | null;
  termMonths: number | null;
  /** The effective date plus the term: when the policy renews. */
  expirationDate: string | null;
  lostReason: LostReason | null;
  /** The words of an "other" reason. */
  lostReasonOther: string | null;
  competitor: string | null;
  /** When the policy a lost lead kept expires: the day to call again. */
  xDate: string | null;
};

export const OUTCOME_KEYS = [
  "quotedPremium",
  "premium",
  "carrier",
  "lineOfBusiness",
  "effectiveDate",
  "termMonths",
  "expirationDate",
  "lostReason",
  "lostReasonOther",
  "competitor",
  "xDate",
] as const satisfies readonly (keyof LeadOutcome)[];

/** The columns of `leads` an outcome is stored in (amounts in cents). */
export type OutcomeColumns = {
  quotedPremiumCents: number | null;
  premiumCents: number | null;
  carrier: string | null;
  lineOfBusiness: string | null;
  policyEffectiveOn: string | null;
  policyTermMonths: number | null;
  policyExpiresOn: string | null;
  lostReason: string | null;
  lostReasonOther: string | null;
  competitor: string | null;
  xDate: string | null;
};

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** The stored columns as the API and the screens show them. */
export function outcomeOf(row: OutcomeColumns): LeadOutcome {
  return {
    quotedPremium: dollars(row.quotedPremiumCents),
    premium: dollars(row.premiumCents),
    carrier: row.carrier,
    lineOfBusiness: row.lineOfBusiness,
    effectiveDate: row.policyEffectiveOn,
    termMonths: row.policyTermMonths,
    expirationDate: row.policyExpiresOn,
    lostReason: (lostReasons as readonly string[]).includes(row.lostReason ?? "") ? (row.lostReason as LostReason) : null,
    lostReasonOther: row.lostReasonOther,
    competitor: row.competitor,
    xDate: row.xDate,
  };
}

/** YYYY-MM-DD plus whole months, the day kept where the month has it (Jan 31 + 1 month: Feb 28 or 29). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const monthIndex = y * 12 + (m - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}
