/**
 * One schema per public form, used by the form in the browser and again by the API on the server.
 * Browser-safe (forms load it when they first validate).
 */
import { z } from "zod";
import { smsConsent } from "~/content/sms-consent";
import {
  emailRule,
  fieldMessages,
  insuranceTypeRule,
  isSingleLine,
  messageRule,
  mustBeChecked,
  nameRule,
  phoneRule,
  singleLineRule,
} from "./rules";

const honeypot = { website: z.string().optional() };

/** What the contact form on /contact holds. */
export const contactFormSchema = z
  .object({
    name: nameRule(),
    email: emailRule(),
    phone: phoneRule(),
    insuranceType: insuranceTypeRule,
    otherInsurance: singleLineRule({
      message: fieldMessages.otherInsurance,
      max: 100,
      tooLong: "Please keep this under 100 characters",
      required: false,
    }),
    message: messageRule(),
    smsConsent: mustBeChecked(),
  })
  .superRefine((v, ctx) => {
    if (v.insuranceType === "Other" && v.otherInsurance.length === 0) {
      ctx.addIssue({ code: "custom", path: ["otherInsurance"], message: fieldMessages.otherInsurance });
    }
  });
export type ContactFormValues = z.input<typeof contactFormSchema>;

/** POST /api/contacts: the spec's body; insuranceType carries the custom text when "Other" was chosen. */
export const contactApiSchema = z.object({
  fullName: nameRule(),
  email: emailRule(),
  phoneNumber: phoneRule(),
  insuranceType: singleLineRule({
    message: fieldMessages.insuranceType,
    max: 100,
    tooLong: "Please keep the insurance type under 100 characters",
  }),
  message: messageRule(),
  smsConsent: mustBeChecked(),
  ...honeypot,
});
export type ContactApiBody = z.output<typeof contactApiSchema>;

/** /sms-consent: name, email, phone and the consent checkbox, same rules and messages as the contact form. */
export const smsConsentFormSchema = z.object({
  name: nameRule(),
  email: emailRule(),
  phone: phoneRule(),
  smsConsent: mustBeChecked(),
});
export type SmsConsentFormValues = z.input<typeof smsConsentFormSchema>;

/**
 * POST /api/sms-consent. smsConsent is sent as "Yes"/"No" (or a boolean). The version must be the
 * wording now shown, so a record never pairs one version's id with another version's text.
 */
export const smsConsentApiSchema = smsConsentFormSchema.extend({
  consentVersion: z.literal(smsConsent.version, {
    error: "The consent wording has changed since this page was loaded. Please reload the page and try again.",
  }),
  ...honeypot,
});

/** The side quote form of a product page. */
export const sideQuoteFormSchema = z.object({
  name: nameRule(fieldMessages.quoteName),
  email: emailRule(),
  phone: phoneRule(),
  message: messageRule(fieldMessages.quoteMessage),
});
export type SideQuoteFormValues = z.input<typeof sideQuoteFormSchema>;

/** One line of at most `max` characters; anything else is dropped (the context is never a reason to refuse). */
const contextLine = (max: number) => z.string().max(max, { abort: true }).refine(isSingleLine);

/** Where a submission came from: sent by every public form, all optional. */
export const submissionContextSchema = z.object({
  pageUrl: contextLine(2000).optional().catch(undefined),
  referrer: contextLine(2000).optional().catch(undefined),
  utm: z.record(contextLine(40), contextLine(200)).optional().catch(undefined),
});
