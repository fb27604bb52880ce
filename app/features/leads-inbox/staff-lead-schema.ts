/**
 * A lead added by staff (docs/decisions/052): the /admin/leads/new form and POST /api/leads, one
 * schema for both, with the public forms' rules for the name and the phone. The email may be left
 * empty (a caller or a walk-in without one); the line of business is one of the contact form's; the
 * source is Phone, Walk-in or Referral; the note is optional. Browser-safe.
 */
import { z } from "zod";
import { staffLeadSources } from "~/content/admin-options";
import { contactInsuranceTypes } from "~/content/options";
import { canonicalEmail, cleanMultiLine, nameRule, phoneRule } from "~/lib/field-rules";
import { textValue } from "~/lib/text-value";
import { inboxMessages } from "./messages";
import { NOTE_MAX_LENGTH } from "./schema";

const text = inboxMessages.newLead;

/**
 * An email address, or "" for none (empty, blank, or null from the API): an address is checked and
 * stored as the public forms store it (canonicalEmail).
 */
export const emailOrNoneRule = () =>
  z.preprocess(
    textValue,
    z
      .string()
      .transform((v) => (v.trim() === "" ? "" : (canonicalEmail(v) ?? v)))
      .superRefine((v, ctx) => {
        if (v !== "" && canonicalEmail(v) !== v) ctx.addIssue({ code: "custom", message: text.invalidEmail });
      }),
  );

/** The note: optional, trimmed, line breaks kept, at most as long as a timeline note. */
const noteRule = z.preprocess(
  textValue,
  z
    .string()
    .transform((v) => cleanMultiLine(v, NOTE_MAX_LENGTH))
    .pipe(z.string().max(NOTE_MAX_LENGTH, inboxMessages.notes.tooLong(NOTE_MAX_LENGTH))),
);

export const staffLeadSchema = z.object({
  name: nameRule(),
  phone: phoneRule(),
  email: emailOrNoneRule(),
  service: z.preprocess(textValue, z.enum(contactInsuranceTypes, { error: text.invalidService })),
  source: z.preprocess(textValue, z.enum(staffLeadSources, { error: text.invalidSource })),
  note: noteRule,
});
export type StaffLeadValues = z.output<typeof staffLeadSchema>;
