/**
 * The admin sign-in form (spec 001 sections 5 and 8): one schema for the browser and the server, and
 * the texts the sign-in API answers with. Browser-safe.
 */
import { z } from "zod";
import type { Role } from "~/lib/roles";
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
  /** Rules for a new password (the Account screen, admin:create and ADMIN_PASSWORD). */
  passwordTooShort: "The password must be at least 12 characters.",
  passwordCommon: "This password is on a list of common or breached passwords. Choose another: a few unrelated words make a strong one.",
  passwordPersonal:
    "This password is the account's email address or the agency's name. Choose another: a few unrelated words make a strong one.",
} as const;

/** The Account screen's "Change password" form and POST /api/auth/password. */
export const passwordChangeMessages = {
  invalidForm: "Please correct the fields marked below.",
  currentRequired: "Enter your current password.",
  currentWrong: "This is not your current password.",
  newRequired: "Enter a new password.",
  confirmRequired: "Enter the new password again.",
  mismatch: "The two new passwords differ.",
  sameAsCurrent: "The new password must differ from the current one.",
  /** The wait in seconds below a minute, else in whole minutes (rounded up). */
  tooManyAttempts: (seconds: number) => {
    const [n, unit] = seconds < 60 ? [Math.max(1, Math.ceil(seconds)), "second"] : [Math.ceil(seconds / 60), "minute"];
    return `Too many wrong passwords. Please wait ${n} ${unit}${n === 1 ? "" : "s"} and try again.`;
  },
  changed: "Your password was changed. Every other session of your account was signed out.",
  formNotSupported: "Please send the form from the Account page.",
  formTooLarge: "The form is too large.",
} as const;

/** The Account screen (/admin/account). */
export const accountMessages = {
  title: "Account",
  signedInAs: "Signed in as",
  changePassword: "Change password",
  currentPassword: "Current password",
  newPassword: "New password",
  confirmPassword: "Confirm new password",
  newPasswordHint:
    "At least 12 characters. Common and breached passwords are refused; a few unrelated words make a strong one. Your other sessions will be signed out.",
  submit: "Change password",
  submitting: "Changing password...",
  twoFactor: "Two-factor sign-in",
  twoFactorText: "Ask for a code from an authenticator app at each sign-in, besides the password.",
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

/**
 * A password change: the current password, the new one and (from the Account form) the new one again.
 * The list of common passwords is checked on the server (password-policy.server.ts), not here.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: passwordChangeMessages.currentRequired })
      .min(1, passwordChangeMessages.currentRequired)
      .max(1024, authMessages.passwordTooLong),
    newPassword: z
      .string({ error: passwordChangeMessages.newRequired })
      .min(1, passwordChangeMessages.newRequired)
      .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
      .max(1024, authMessages.passwordTooLong),
    /** Absent from the API's body; the form always sends it. */
    confirmPassword: z.string().max(1024, authMessages.passwordTooLong).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.confirmPassword === undefined) return;
    if (body.confirmPassword === "")
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordChangeMessages.confirmRequired });
    else if (body.confirmPassword !== body.newPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordChangeMessages.mismatch });
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeSchema>;

/** The signed-in admin as the API shows it, with the role the back office checks (app/features/auth/roles.ts). */
export type AdminIdentity = { id: string; email: string; role: Role };
