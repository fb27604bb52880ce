/**
 * A lead's outcome (docs/decisions/060): what was quoted, the policy a won lead bound and why a lost
 * one went elsewhere. Browser-safe: the lead screen's form, PATCH /api/leads/:id and the report read
 * the same shapes and rules.
 */
import { z } from "zod";
import { lostReasonLabels, lostReasons, outcomeLines } from "~/content/admin-options";
import { dayLabel, isDay } from "~/lib/calendar-day";
import { isSingleLine } from "~/lib/field-rules";
import { outcomeMessages } from "./outcome-messages";

export { outcomeMessages };

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

const errors = outcomeMessages.errors;

/** The outcome's fields by the status they belong to; `premium` on a quoted lead is its quoted premium. */
export const OUTCOME_FIELDS_BY_STATUS = {
  quoted: ["quotedPremium", "premium"],
  won: ["quotedPremium", "premium", "carrier", "lineOfBusiness", "effectiveDate", "termMonths", "expirationDate"],
  lost: ["quotedPremium", "lostReason", "lostReasonOther", "competitor", "xDate"],
} as const satisfies Record<string, readonly (keyof LeadOutcome)[]>;
export type OutcomeStatus = keyof typeof OUTCOME_FIELDS_BY_STATUS;
export const outcomeStatuses = Object.keys(OUTCOME_FIELDS_BY_STATUS) as OutcomeStatus[];
export const isOutcomeStatus = (status: string): status is OutcomeStatus => Object.hasOwn(OUTCOME_FIELDS_BY_STATUS, status);

export const PREMIUM_MAX = 100_000_000;
export const TERM_MAX_MONTHS = 60;
export const CARRIER_MAX = 120;
export const REASON_MAX = 300;

/** An amount in dollars and cents, positive, at most PREMIUM_MAX. */
const amountRule = z
  .number({ error: errors.amount })
  .refine((v) => Number.isFinite(v) && v > 0, errors.amount)
  .refine((v) => v <= PREMIUM_MAX, errors.amountTooLarge)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, errors.amount);

const dayRule = z.string({ error: errors.date }).refine(isDay, errors.date);

const lineText = (max: number) =>
  z
    .string({ error: errors.text(max) })
    .trim()
    .refine((v) => v.length <= max && isSingleLine(v), errors.text(max))
    .transform((v) => (v === "" ? null : v));

/** Each field: absent leaves it as it is, null clears it. */
const outcomeShape = {
  quotedPremium: amountRule.nullable().optional(),
  premium: amountRule.nullable().optional(),
  carrier: lineText(CARRIER_MAX).nullable().optional(),
  lineOfBusiness: z.enum(outcomeLines, { error: errors.lineOfBusiness }).nullable().optional(),
  effectiveDate: dayRule.nullable().optional(),
  termMonths: z
    .number({ error: errors.termMonths })
    .int(errors.termMonths)
    .min(1, errors.termMonths)
    .max(TERM_MAX_MONTHS, errors.termMonths)
    .nullable()
    .optional(),
  expirationDate: dayRule.nullable().optional(),
  lostReason: z.enum(lostReasons, { error: errors.lostReason }).nullable().optional(),
  lostReasonOther: lineText(REASON_MAX).nullable().optional(),
  competitor: lineText(CARRIER_MAX).nullable().optional(),
  xDate: dayRule.nullable().optional(),
};

/** PATCH /api/leads/:id `outcome`: any of the fields; unknown ones are refused by name. */
export const outcomeBodySchema = z.strictObject(outcomeShape, {
  error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown outcome field: ${issue.keys.join(", ")}` : "outcome must be an object"),
});
export type OutcomeInput = z.infer<typeof outcomeBodySchema>;

/** A form's amount: "$12,500.00", "12500" or "12 500"; empty is none. */
const formAmount = z.string().transform((v, ctx) => {
  const plain = v.replace(/[$,\s]/g, "");
  if (plain === "") return null;
  if (plain.length > 15 || !/^\d+(\.\d{1,2})?$/.test(plain)) {
    ctx.addIssue({ code: "custom", message: errors.amount });
    return z.NEVER;
  }
  const n = Number(plain);
  if (!(n > 0)) ctx.addIssue({ code: "custom", message: errors.amount });
  else if (n > PREMIUM_MAX) ctx.addIssue({ code: "custom", message: errors.amountTooLarge });
  return n;
});
const formDay = z.string().transform((v, ctx) => {
  const t = v.trim();
  if (t === "") return null;
  if (!isDay(t)) ctx.addIssue({ code: "custom", message: errors.date });
  return t;
});
const formChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.string().transform((v, ctx) => {
    if (v === "") return null;
    if (!(values as readonly string[]).includes(v)) ctx.addIssue({ code: "custom", message });
    return v as T[number];
  });
const optionalText = <T>(rule: z.ZodType<T, string>) => z.preprocess((v) => (v === undefined || v === null ? "" : v), rule);

/**
 * The lead screen's outcome form (intent=outcome): the status and every field as text, all posted
 * at once (without scripts every part of the form shows). Only the fields of the chosen status are
 * kept, an emptied one as null (cleared).
 */
export const outcomeFormSchema = z
  .object({
    intent: z.literal("outcome"),
    status: z.enum(["quoted", "won", "lost"], { error: errors.status }),
    quotedPremium: optionalText(formAmount),
    premium: optionalText(formAmount),
    carrier: optionalText(lineText(CARRIER_MAX)),
    lineOfBusiness: optionalText(formChoice(outcomeLines, errors.lineOfBusiness)),
    effectiveDate: optionalText(formDay),
    termMonths: optionalText(
      z.string().transform((v, ctx) => {
        if (v === "") return null;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > TERM_MAX_MONTHS) ctx.addIssue({ code: "custom", message: errors.termMonths });
        return n;
      }),
    ),
    lostReason: optionalText(formChoice(lostReasons, errors.lostReason)),
    lostReasonOther: optionalText(lineText(REASON_MAX)),
    competitor: optionalText(lineText(CARRIER_MAX)),
    xDate: optionalText(formDay),
  })
  .transform(({ intent, status, ...fields }) => {
    const kept: OutcomeInput = {};
    // A quoted lead's premium is asked once, as the quoted premium.
    const names =
      status === "quoted" ? (["quotedPremium"] as const) : OUTCOME_FIELDS_BY_STATUS[status].filter((f) => f !== "expirationDate");
    for (const name of names) (kept as Record<string, unknown>)[name] = fields[name as keyof typeof fields];
    return { intent, status, outcome: kept };
  });

/** An amount in dollars as "$18,400.00". */
export const usd = (v: number) => v.toLocaleString("en-US", { style: "currency", currency: "USD" });

/** Each field's name as the screen and the timeline show it. */
export const outcomeFieldLabels: Record<keyof LeadOutcome, string> = {
  quotedPremium: outcomeMessages.quotedPremium,
  premium: outcomeMessages.premium,
  carrier: outcomeMessages.carrier,
  lineOfBusiness: outcomeMessages.lineOfBusiness,
  effectiveDate: outcomeMessages.effectiveDate,
  termMonths: outcomeMessages.termMonths,
  expirationDate: outcomeMessages.expirationDate,
  lostReason: outcomeMessages.lostReason,
  lostReasonOther: outcomeMessages.lostReasonOther,
  competitor: outcomeMessages.competitor,
  xDate: outcomeMessages.xDate,
};

/** One field's value as a person reads it; empty for none. */
export function outcomeValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if ((field === "premium" || field === "quotedPremium") && typeof value === "number") return usd(value);
  if ((field === "effectiveDate" || field === "expirationDate" || field === "xDate") && typeof value === "string" && isDay(value)) {
    return dayLabel(value);
  }
  if (field === "termMonths" && typeof value === "number") return outcomeMessages.term(value);
  if (field === "lostReason" && typeof value === "string" && Object.hasOwn(lostReasonLabels, value)) {
    return lostReasonLabels[value as LostReason];
  }
  return String(value);
}
