/**
 * The admin sign-in form (spec 001 sections 5 and 8): one schema for the browser and the server, and
 * the texts the sign-in API answers with. Browser-safe.
 */
import { z } from "zod";
import { isOneLine } from "~/lib/text-value";

export const authMessages = {
  success: "Login successful!",
  /** Never says which of the two was wrong. */
  invalidCredentials: "Invalid email or password.",
  invalidForm: "Please enter your email and password.",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  emailTooLong: "Email must be at most 254 characters",
  passwordTooLong: "Password must be at most 1,024 characters",
  signInRequired: "Please sign in.",
  signedOut: "Signed out.",
  crossSite: "This request came from another website and was refused.",
  /** The wait in seconds below a minute, else in whole minutes (rounded up). */
  tooManyAttempts: (seconds: number) => {
    const [n, unit] = seconds < 60 ? [Math.max(1, Math.ceil(seconds)), "second"] : [Math.ceil(seconds / 60), "minute"];
    return `Too many sign-in attempts. Please wait ${n} ${unit}${n === 1 ? "" : "s"} and try again.`;
  },
  /** A sign-in form sent without scripts in a shape no browser form has. */
  formNotSupported: "Please send the sign-in form from the sign-in page.",
  formTooLarge: "The sign-in form is too large.",
} as const;

/** Shortest password accepted for a new admin account (and ADMIN_PASSWORD). */
export const MIN_PASSWORD_LENGTH = 12;

export const loginSchema = z.object({
  email: z
    .string({ error: authMessages.emailRequired })
    .max(1024, authMessages.emailTooLong)
    .trim()
    .min(1, authMessages.emailRequired)
    .max(254, authMessages.emailTooLong)
    // No account's email holds a control character, and PostgreSQL refuses a NUL in a query.
    .refine(isOneLine, authMessages.invalidCredentials),
  // Not trimmed: spaces may be part of a password.
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .max(1024, authMessages.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** The signed-in admin as the API shows it. */
export type AdminIdentity = { id: string; email: string };
