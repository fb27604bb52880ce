/**
 * One schema per public form, used by the form in the browser and again by the API on the server.
 * Browser-safe (forms load it when they first validate).
 */
import { z } from "zod";
import { perSite, type SiteFacts } from "~/content/site-facts";
import { smsConsent } from "~/content/sms-consent";
import { emailRule, fieldMessages, messageRule, mustBeChecked, nameRule, phoneRule, singleLineRule } from "~/lib/field-rules";

/**
 * The contact form of /contact, and POST /api/contacts once its body's names are the form's
 * (api-fields.ts). The insurance type is a choice from the list in the form; the API sends the custom
 * text in its place when "Other" was chosen, so any one line of text is taken. "Other" needs the
 * "Other Insurance Type" field; `contactInsurance` gives the type as stored.
 */
export const contactFormSchema = z
  .object({
    name: nameRule(),
    email: emailRule(),
    phone: phoneRule(),
    insuranceType: singleLineRule({
      message: fieldMessages.insuranceType,
      max: 100,
      tooLong: "Please keep the insurance type under 100 characters",
    }),
    otherInsurance: singleLineRule({
      message: fieldMessages.otherInsurance,
      max: 100,
      tooLong: "Please keep this under 100 characters",
      required: false,
    }),
    message: messageRule(),
    smsConsent: mustBeChecked(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.insuranceType === "Other" && v.otherInsurance === "") {
        ctx.addIssue({ code: "custom", path: ["otherInsurance"], message: fieldMessages.otherInsurance });
      }
    },
    // Checked even when other fields are wrong, so every error shows at once (the two fields' own values are read only when valid).
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "insuranceType" || issue.path?.[0] === "otherInsurance") },
  );
export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactValues = z.output<typeof contactFormSchema>;

/** The insurance type as stored: the visitor's own words when "Other" was chosen. */
export const contactInsurance = (v: Pick<ContactValues, "insuranceType" | "otherInsurance">) =>
  v.insuranceType === "Other" ? v.otherInsurance : v.insuranceType;

/**
 * /sms-consent and POST /api/sms-consent: name, email, phone and the consent checkbox (sent as "on",
 * "Yes"/"No" or a boolean), with the same rules and messages as the contact form. The version (a
 * hidden field of the form) must be the wording `site` shows now (it names the agency), so a record
 * never pairs one version's id with another version's text.
 */
export const smsConsentFormSchema = perSite((site: SiteFacts) =>
  z.object({
    name: nameRule(),
    email: emailRule(),
    phone: phoneRule(),
    smsConsent: mustBeChecked(),
    consentVersion: z.literal(smsConsent(site).version, {
      error: "The consent wording has changed since this page was loaded. Please reload the page and try again.",
    }),
  }),
);
export type SmsConsentFormValues = z.input<ReturnType<typeof smsConsentFormSchema>>;
export type SmsConsentValues = z.output<ReturnType<typeof smsConsentFormSchema>>;

/** The side quote form of a product page. */
export const sideQuoteFormSchema = z.object({
  name: nameRule(fieldMessages.quoteName),
  email: emailRule(),
  phone: phoneRule(),
  message: messageRule(fieldMessages.quoteMessage),
});
export type SideQuoteFormValues = z.input<typeof sideQuoteFormSchema>;
