/**
 * Correcting a lead's contact details (docs/decisions/052): the lead screen's form (intent=details)
 * and the same fields of PATCH /api/leads/:id beside its status and assigneeId. The public forms'
 * rules for the name and the phone; the email may be emptied; the business name (the trucking quote's
 * legal business name, the one lead type that has one) is required when sent. Browser-safe.
 */
import { z } from "zod";
import { nameRule, phoneRule, singleLineRule } from "~/lib/field-rules";
import { inboxMessages } from "./messages";
import { outcomeBodySchema } from "./outcome";
import { assigneeIdSchema, leadStatusSchema } from "./schema";
import { emailOrNoneRule } from "./staff-lead-schema";

const text = inboxMessages.details;

export const BUSINESS_NAME_MAX = 200;

/** The contact details a colleague can correct, as the API and the timeline name them. */
export const leadDetailFields = ["name", "phone", "email", "businessName"] as const;
export type LeadDetailField = (typeof leadDetailFields)[number];

/** The payload key the business name is kept under (the trucking quote's field). */
export const BUSINESS_NAME_KEY = "legalBusinessName";

/** The lead's business name, when it has one. */
export const businessNameOf = (payload: Record<string, unknown>): string | null =>
  typeof payload[BUSINESS_NAME_KEY] === "string" ? (payload[BUSINESS_NAME_KEY] as string) : null;

const businessNameRule = () =>
  singleLineRule({ message: text.invalidBusinessName, max: BUSINESS_NAME_MAX, tooLong: text.businessNameTooLong });

/** The details: each absent one is left as it is. */
const detailsShape = {
  name: nameRule().optional(),
  phone: phoneRule().optional(),
  email: emailOrNoneRule().optional(),
  businessName: businessNameRule().optional(),
};
export type LeadDetailsChange = Partial<Record<LeadDetailField, string>>;

/** The lead screen's details form: name, phone and email always; the business name for a lead that has one. */
export const leadDetailsFormSchema = z.object({
  intent: z.literal("details"),
  name: nameRule(),
  phone: phoneRule(),
  email: emailOrNoneRule(),
  businessName: businessNameRule().optional(),
});

/** PATCH /api/leads/:id: the status, the assignee, the contact details and the outcome (060), each optional, at least one. */
export const leadPatchBodySchema = z
  .object({
    status: leadStatusSchema.optional(),
    assigneeId: assigneeIdSchema.optional(),
    ...detailsShape,
    outcome: outcomeBodySchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: text.nothingSent, path: ["status"] });
export type LeadPatch = z.infer<typeof leadPatchBodySchema>;

/** The details of a checked body or form (the fields sent, nothing else). */
export function detailsOf(value: Partial<Record<LeadDetailField, string | undefined>>): LeadDetailsChange {
  const out: LeadDetailsChange = {};
  for (const field of leadDetailFields) if (value[field] !== undefined) out[field] = value[field];
  return out;
}
