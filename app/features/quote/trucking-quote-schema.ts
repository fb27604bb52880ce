/**
 * The trucking quote of /quote (spec 000 sections 3, 5 and 7): one set of field rules, used by the form
 * in the browser (`truckingQuoteFormSchema`) and by POST /api/submit-lead (`truckingQuoteLeadSchema`).
 * Browser-safe; the form loads it on first focus or submit, so Zod is not in the page's first load.
 *
 * Decisions (docs/decisions/008-trucking-quote-form.md): every field is required ("This field is
 * required") except the spec's six optional ones; numbers (power units, drivers, years of coverage)
 * are accepted as numbers or digit strings and always come out as numbers; dates are real calendar
 * dates as YYYY-MM-DD; optional text comes out as "" when blank, so every trucking field is present;
 * documents are optional (a new venture has no loss runs) and travel as slot names plus attachment ids.
 */
import { z } from "zod";
import { trucking, usStates } from "~/content/quote-options";
import { cleanMultiLine, emailRule, isSingleLine, phoneRule, submissionContextSchema } from "~/lib/field-rules";
import { quoteFieldMessages as m } from "./field-messages";
import { MAX_FILES_PER_SLOT, quoteMessages, truckingQuoteLead } from "./messages";

type Slot = (typeof trucking.uploadSlots)[number]["slot"];
export const uploadSlotNames = trucking.uploadSlots.map((s) => s.slot) as [Slot, ...Slot[]];

/** Trimmed text; anything that is not a string (a missing field) reads as "". */
const text = (v: unknown) => (typeof v === "string" ? v.trim() : v == null ? "" : typeof v === "number" ? String(v) : v);
/** Trimmed text, with a blank value read as missing. */
const blankAsMissing = (v: unknown) => {
  const t = text(v);
  return t === "" ? undefined : t;
};
const requiredOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? m.required : message);

/** Trimmed text present and at most `max` long, checked no further (email and phone add their own rules). */
const presentText = (max: number) => z.preprocess(text, z.string({ error: m.required }).min(1, m.required).max(max, m.tooLong(max)));
/** One line of text (an `<input>`): a line break or control character is refused. */
const requiredText = (max: number) =>
  z.preprocess(
    text,
    z
      .string({ error: m.required })
      .min(1, m.required)
      .max(max, { error: m.tooLong(max), abort: true })
      .refine(isSingleLine, m.required),
  );
/**
 * A blank optional field comes out as "". Its rule is marked optional and the blank filled in after,
 * so a form read by Conform (which turns a blank value into a missing one) and a JSON body agree.
 */
const blankAsEmpty = (v: string | undefined) => v ?? "";
const optionalText = (max: number) =>
  z
    .preprocess(
      text,
      z
        .string({ error: m.invalidChoice })
        .max(max, { error: m.tooLong(max), abort: true })
        .refine(isSingleLine, m.singleLine)
        .optional(),
    )
    .transform(blankAsEmpty);
/** Text of a `<textarea>`: line breaks (as LF) and tabs are kept, other control characters removed. */
const requiredMultiLine = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? cleanMultiLine(v, max) : text(v)),
    z.string({ error: m.required }).min(1, m.required).max(max, m.tooLong(max)),
  );
const optionalMultiLine = (max: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? cleanMultiLine(v, max) : text(v)),
      z.string({ error: m.invalidChoice }).max(max, m.tooLong(max)).optional(),
    )
    .transform(blankAsEmpty);
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(blankAsMissing, z.enum(options, { error: requiredOr(m.invalidChoice) }));
const yesNo = () => choice(trucking.yesNo);

/** A pattern-checked text (FEIN, USDOT number), required. */
const requiredPattern = (pattern: RegExp, message: string, max = 20) =>
  z.preprocess(
    blankAsMissing,
    z
      .string({ error: requiredOr(message) })
      .max(max, { error: message, abort: true })
      .regex(pattern, message),
  );

/** YYYY-MM-DD that names a real calendar day (no 2025-02-30), years 1900-2100. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, mo, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
const isoDate = (message: string = m.date) =>
  z.preprocess(blankAsMissing, z.string({ error: requiredOr(message) }).refine(isRealDate, message));
/** A date of birth: a real date in the past. Compared as text, so the browser's and server's clocks agree to the day. */
const dateOfBirth = () => isoDate(m.dateOfBirth).refine((v) => v < new Date().toISOString().slice(0, 10), m.dateOfBirth);

/** A whole number given as a number or as digits (thousands separators allowed). */
function toWholeNumber(v: unknown): unknown {
  if (typeof v === "number") return v;
  const t = blankAsMissing(v);
  if (t === undefined) return undefined;
  const digits = typeof t === "string" ? t.replace(/,/g, "") : "";
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
}
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    toWholeNumber,
    z
      .number({ error: requiredOr(message) })
      .int(message)
      .min(min, message)
      .max(max, message),
  );

/** A list of options (checkbox group): one value or many, each listed, no repeats. */
const optionList = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(
    (v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(options, { error: m.invalidChoice }), { error: m.invalidChoice })
      .max(options.length * 2, m.invalidChoice)
      .transform((list) => [...new Set(list)]),
  );

const FEIN = /^\d{2}-?\d{7}$/;

/** Every trucking field of spec 000 section 3, in the form's order. */
export const truckingQuoteFields = {
  // Business
  legalBusinessName: requiredText(200),
  dbaName: optionalText(200),
  businessStructure: choice(trucking.businessStructure),
  fein: requiredPattern(FEIN, m.fein).transform((v) => `${v.replace(/\D/g, "").slice(0, 2)}-${v.replace(/\D/g, "").slice(2)}`),
  businessStartDate: isoDate(),
  // Out-of-licence states are accepted: the agency is told, and may refer the lead.
  businessState: choice(usStates),
  // Operations
  desiredEffectiveDate: isoDate(),
  rangeOfOperation: choice(trucking.rangeOfOperation),
  radiusOfOperation: choice(trucking.radiusOfOperation),
  majorCities: requiredText(500),
  annualMileage: requiredText(50),
  annualRevenue: requiredText(50),
  estimatedPayroll: requiredText(50),
  // Authority
  dotNumber: requiredPattern(/^\d{1,8}$/, m.dotNumber),
  mcNumber: z
    .preprocess(
      text,
      z
        .string({ error: m.mcNumber })
        .max(20, { error: m.mcNumber, abort: true })
        .regex(/^$|^(MC[ -]?)?\d{1,8}$/i, m.mcNumber)
        .optional(),
    )
    .transform(blankAsEmpty),
  allowedToOperate: yesNo(),
  commonAuthority: yesNo(),
  relatedBrokerAuthority: yesNo(),
  filingsRequired: choice(trucking.filingsRequired),
  insuranceOnFile: yesNo(),
  // Addresses
  garagingAddress: requiredMultiLine(300),
  mailingAddress: requiredMultiLine(300),
  dotAddress: requiredMultiLine(300),
  // Fleet
  totalPowerUnits: wholeNumber(1, 100_000, m.wholeNumber),
  totalDrivers: wholeNumber(1, 100_000, m.wholeNumber),
  vehicleOwnership: choice(trucking.vehicleOwnership),
  transportationType: choice(trucking.transportationType),
  // Coverage
  coverages: optionList(trucking.coverages).refine((list) => list.length > 0, m.coverages),
  complianceServices: optionList(trucking.complianceServices),
  // History
  yearsCoverage: wholeNumber(0, 100, m.years),
  cancelledOrNonrenewed: yesNo(),
  currentCarrier: optionalText(200),
  // Contact
  contactName: requiredText(100),
  contactDOB: dateOfBirth(),
  // Blank: "This field is required"; filled in but malformed: the shared email and phone messages.
  email: presentText(254).pipe(emailRule() as z.ZodType<string, string>),
  phone: presentText(30).pipe(phoneRule() as z.ZodType<string, string>),
  // Other
  referredBy: optionalText(200),
  haulingDetails: requiredMultiLine(2000),
  notes: optionalMultiLine(5000),
};

export type TruckingQuoteField = keyof typeof truckingQuoteFields;

/** The fields a visitor may leave blank (spec 000 section 5). */
export const optionalTruckingFields = [
  "dbaName",
  "mcNumber",
  "complianceServices",
  "currentCarrier",
  "referredBy",
  "notes",
] as const satisfies readonly TruckingQuoteField[];

const attachment = z.object({
  slot: z.enum(uploadSlotNames, { error: "Please choose one of the document slots" }),
  id: z.uuid({ error: "Please upload the file again" }),
});

/**
 * The stored uploads (POST /api/uploads) a quote links to: at most MAX_FILES_PER_SLOT in each slot and
 * no file twice. The lead's own transaction then checks that each one exists, is nobody else's and sits
 * in its slot (uploads.server.ts `linkUploads`).
 */
const attachmentList = z
  .preprocess(
    (v) => (v == null ? [] : v),
    z
      .array(attachment)
      .max(MAX_FILES_PER_SLOT * uploadSlotNames.length, quoteMessages.tooManyFiles(MAX_FILES_PER_SLOT * uploadSlotNames.length)),
  )
  .superRefine((list, ctx) => {
    for (const slot of uploadSlotNames) {
      if (list.filter((a) => a.slot === slot).length > MAX_FILES_PER_SLOT)
        ctx.addIssue({ code: "custom", message: quoteMessages.tooManyFiles(MAX_FILES_PER_SLOT) });
    }
    if (new Set(list.map((a) => a.id)).size < list.length) ctx.addIssue({ code: "custom", message: "The same file is attached twice" });
  });

/**
 * What the form on /quote posts, checked in the browser and again by the route's action: the trucking
 * fields, the documents already uploaded (hidden fields `attachments[0].slot`, `attachments[0].id`, ...),
 * the honeypot, and where the visitor came from (`pageUrl`, `referrer`, `utm.utm_source`, ...).
 */
export const truckingQuoteFormSchema = z.object({
  ...truckingQuoteFields,
  attachments: attachmentList,
  website: z.string().optional(),
  ...submissionContextSchema.shape,
});
export type TruckingQuoteFormValues = z.output<typeof truckingQuoteFormSchema>;

/** POST /api/submit-lead with leadType "commercial_trucking_quote". */
export const truckingQuoteLeadSchema = z.object({
  leadType: z.literal(truckingQuoteLead.leadType),
  submissionType: z.literal(truckingQuoteLead.submissionType, { error: `submissionType must be "${truckingQuoteLead.submissionType}"` }),
  source: z.literal(truckingQuoteLead.source, { error: `source must be "${truckingQuoteLead.source}"` }),
  ...truckingQuoteFields,
  /** The slots holding at least one file (the spec's field: names only). */
  uploadedFiles: z
    .preprocess(
      (v) => (v == null ? [] : v),
      z.array(z.enum(uploadSlotNames, { error: "Please choose one of the document slots" })).max(uploadSlotNames.length * 2),
    )
    .transform((list) => [...new Set(list)]),
  attachments: attachmentList,
  submissionDate: z.iso.datetime({ offset: true, error: "submissionDate must be an ISO timestamp" }).optional(),
  website: z.string().optional(),
  ...submissionContextSchema.shape,
});
export type TruckingQuoteLeadBody = z.output<typeof truckingQuoteLeadSchema>;

/**
 * The one mapping from the form to the body POST /api/submit-lead takes (spec 000 section 7, call 4).
 * The form's field names are the API's; the API's body adds the lead type, the time of the request and
 * `uploadedFiles`, the names of the slots the documents fill.
 */
export function truckingLeadBody(form: TruckingQuoteFormValues, submittedAt: Date): TruckingQuoteLeadBody {
  return {
    ...truckingQuoteLead,
    ...form,
    uploadedFiles: uploadSlotNames.filter((slot) => form.attachments.some((a) => a.slot === slot)),
    submissionDate: submittedAt.toISOString(),
  };
}
