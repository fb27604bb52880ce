/**
 * A lead's outcome checked against the status it will have and written in the status change's
 * transaction (docs/decisions/060). Everything is checked before anything is written: a refused
 * outcome leaves the status and every field as they were.
 */
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { leads } from "#db/schema";
import { addMonths } from "~/lib/calendar-day";
import {
  isOutcomeStatus,
  type LeadOutcome,
  OUTCOME_FIELDS_BY_STATUS,
  OUTCOME_KEYS,
  type OutcomeColumns,
  type OutcomeInput,
  outcomeMessages,
  outcomeOf,
} from "./outcome";

type Db = Pick<Database, "select" | "update">;
const errors = outcomeMessages.errors;

/** The columns of `leads` that hold the outcome, for a select. */
export const outcomeColumns = {
  quotedPremiumCents: leads.quotedPremiumCents,
  premiumCents: leads.premiumCents,
  carrier: leads.carrier,
  lineOfBusiness: leads.lineOfBusiness,
  policyEffectiveOn: leads.policyEffectiveOn,
  policyTermMonths: leads.policyTermMonths,
  policyExpiresOn: leads.policyExpiresOn,
  lostReason: leads.lostReason,
  lostReasonOther: leads.lostReasonOther,
  competitor: leads.competitor,
  xDate: leads.xDate,
};

/** One field of the outcome that changed, as the timeline keeps it. */
export type OutcomeChange = { field: keyof LeadOutcome; from: LeadOutcome[keyof LeadOutcome]; to: LeadOutcome[keyof LeadOutcome] };

export type OutcomeCheck = { ok: true; next: LeadOutcome; changes: OutcomeChange[] } | { ok: false; errors: Record<string, string> };

/** The statuses a field belongs to, for its error ("carrier is recorded on a won lead"). */
function statusesOf(field: keyof LeadOutcome): string {
  const names = Object.entries(OUTCOME_FIELDS_BY_STATUS)
    .filter(([, fields]) => (fields as readonly string[]).includes(field))
    .map(([status]) => status);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * The outcome after `input` for a lead whose status will be `status`, or the field errors (under
 * `outcome.<field>`, or `outcome` for the whole). `today` is the agency's calendar day: an X-date sent
 * must not be before it.
 */
export function checkOutcome(stored: LeadOutcome, status: string, input: OutcomeInput, today: string): OutcomeCheck {
  const sent = Object.entries(input).filter(([, v]) => v !== undefined) as [keyof OutcomeInput, unknown][];
  if (sent.length === 0) return { ok: true, next: stored, changes: [] };
  if (!isOutcomeStatus(status)) return { ok: false, errors: { outcome: errors.notAfterStatus } };

  const fail: Record<string, string> = {};
  const allowed = OUTCOME_FIELDS_BY_STATUS[status] as readonly string[];
  for (const [field, value] of sent) {
    if (value !== null && !allowed.includes(field)) fail[`outcome.${field}`] = errors.notForStatus(field, statusesOf(field));
  }
  if (Object.keys(fail).length) return { ok: false, errors: fail };

  const next: LeadOutcome = { ...stored };
  for (const [field, value] of sent) {
    // A quoted lead's premium is the premium quoted.
    const key = status === "quoted" && field === "premium" ? "quotedPremium" : field;
    (next as Record<string, unknown>)[key] = value;
  }
  if (status === "won") {
    if (input.expirationDate === undefined && (input.effectiveDate !== undefined || input.termMonths !== undefined)) {
      // Commercial policies run a year unless said otherwise.
      if (next.effectiveDate && next.termMonths === null && input.termMonths === undefined) next.termMonths = 12;
      next.expirationDate = next.effectiveDate && next.termMonths ? addMonths(next.effectiveDate, next.termMonths) : null;
    }
    if (next.effectiveDate && next.expirationDate && next.expirationDate <= next.effectiveDate) {
      fail["outcome.expirationDate"] = errors.expirationOrder;
    }
    if (!next.carrier) fail["outcome.carrier"] = errors.carrierRequired;
    if (next.premium === null) fail["outcome.premium"] = errors.premiumRequired;
    if (!next.effectiveDate) fail["outcome.effectiveDate"] = errors.effectiveRequired;
  }
  if (status === "lost") {
    if (!next.lostReason) fail["outcome.lostReason"] = errors.reasonRequired;
    else if (next.lostReason === "other" && !next.lostReasonOther) fail["outcome.lostReasonOther"] = errors.lostReasonOther;
    if (next.lostReason !== "other" && input.lostReasonOther === undefined) next.lostReasonOther = null;
    if (input.xDate && input.xDate < today) fail["outcome.xDate"] = errors.xDatePast;
  }
  if (Object.keys(fail).length) return { ok: false, errors: fail };

  const changes: OutcomeChange[] = [];
  for (const field of OUTCOME_KEYS) {
    if (stored[field] !== next[field]) changes.push({ field, from: stored[field], to: next[field] });
  }
  return { ok: true, next, changes };
}

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** The outcome as its columns. */
export function columnsOf(outcome: LeadOutcome): OutcomeColumns {
  return {
    quotedPremiumCents: cents(outcome.quotedPremium),
    premiumCents: cents(outcome.premium),
    carrier: outcome.carrier,
    lineOfBusiness: outcome.lineOfBusiness,
    policyEffectiveOn: outcome.effectiveDate,
    policyTermMonths: outcome.termMonths,
    policyExpiresOn: outcome.expirationDate,
    lostReason: outcome.lostReason,
    lostReasonOther: outcome.lostReasonOther,
    competitor: outcome.competitor,
    xDate: outcome.xDate,
  };
}

/** The lead's stored outcome (null for an unknown lead); `db` may be the transaction holding its row. */
export async function storedOutcome(db: Db, id: string): Promise<LeadOutcome | null> {
  const [row] = await db.select(outcomeColumns).from(leads).where(eq(leads.id, id));
  return row ? outcomeOf(row) : null;
}

/** Writes a checked outcome. */
export async function writeOutcome(db: Db, id: string, outcome: LeadOutcome): Promise<void> {
  await db.update(leads).set(columnsOf(outcome)).where(eq(leads.id, id));
}
