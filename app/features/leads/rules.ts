/**
 * Field rules and their messages (spec 000 section 5), shared by every public form and by the
 * API. Browser-safe.
 */
import { z } from "zod";
import { contactInsuranceTypes } from "~/content/options";

const SCRIPT_TAG = /<\s*\/?\s*script\b/i;
/** A standard address: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** An optional leading plus, then at least 10 digits, spaces, hyphens or parentheses. */
const PHONE = /^\+?[\d\s()-]{10,}$/;

export const fieldMessages = {
  name: "Please enter a valid name",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  message: "Please enter a detailed message (minimum 10 characters)",
  insuranceType: "Please select an insurance type",
  otherInsurance: "Please specify the insurance type",
  smsConsent: "Please agree to receive SMS messages",
  quoteName: "Please enter your name",
  quoteMessage: "Please tell us what you need covered (minimum 10 characters)",
} as const;

const text = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));

export const nameRule = (message: string = fieldMessages.name) =>
  z.preprocess(
    text,
    z
      .string()
      .refine((v) => !SCRIPT_TAG.test(v) && v.trim().length >= 2, message)
      .refine((v) => v.trim().length <= 100, "Please keep the name under 100 characters")
      .transform((v) => v.trim()),
  );

export const emailRule = (message: string = fieldMessages.email) =>
  z.preprocess(
    text,
    z
      .string()
      .transform((v) => v.trim())
      .refine((v) => EMAIL.test(v) && v.length <= 254, message),
  );

export const phoneRule = (message: string = fieldMessages.phone) =>
  z.preprocess(
    text,
    z
      .string()
      .transform((v) => v.trim())
      .refine((v) => PHONE.test(v) && v.replace(/\D/g, "").length >= 7 && v.length <= 30, message),
  );

export const messageRule = (message: string = fieldMessages.message) =>
  z.preprocess(
    text,
    z
      .string()
      .refine((v) => !SCRIPT_TAG.test(v) && v.trim().length >= 10, message)
      .refine((v) => v.trim().length <= 5000, "Please keep the message under 5,000 characters")
      .transform((v) => v.trim()),
  );

/** A checkbox that must be ticked; accepts true, "true", "on", "Yes". */
export const mustBeChecked = (message: string = fieldMessages.smsConsent) =>
  z.preprocess((v) => v === true || v === "true" || v === "on" || v === "Yes" || v === "yes", z.literal(true, { error: message }));

export const insuranceTypeRule = z.preprocess(text, z.enum(contactInsuranceTypes, { error: fieldMessages.insuranceType }));

/** Turns a Zod error into `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
