/**
 * The first-run setup form: the agency's name and the owner account. One Zod schema for the page
 * (through Conform) and its action; safe for the browser. The password's list rules (common, breached,
 * the email or the agency's name) are checked on the server by password-policy.server.ts.
 */
import { z } from "zod";
import { authMessages, MIN_PASSWORD_LENGTH } from "~/features/auth/schema";
import { isSingleLine } from "~/lib/field-rules";
import { isOneLine } from "~/lib/text-value";
import { setupMessages } from "./setup-messages";

const e = setupMessages.errors;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spaces (and tabs) run together, as the name is shown on one line. */
const oneSpaced = (v: string) => v.trim().replace(/\s+/g, " ");

export const setupSchema = z
  .object({
    /** The same bounds as the agency's name in Settings (2 to 100 characters, one line). */
    agencyName: z
      .string({ error: e.agencyName })
      .max(1024, e.agencyName)
      .refine(isSingleLine, e.agencyName)
      .transform(oneSpaced)
      .pipe(z.string().min(2, e.agencyName).max(100, e.agencyName)),
    name: z
      .string({ error: e.nameRequired })
      .max(1024, e.nameTooLong)
      .refine(isOneLine, e.nameOneLine)
      .transform(oneSpaced)
      .pipe(z.string().min(1, e.nameRequired).max(100, e.nameTooLong)),
    email: z
      .string({ error: e.emailRequired })
      .max(1024, e.emailTooLong)
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.string().min(1, e.emailRequired).max(254, e.emailTooLong).refine(isOneLine, e.emailInvalid).regex(EMAIL, e.emailInvalid)),
    // Not trimmed: spaces may be part of a password.
    password: z
      .string({ error: e.passwordRequired })
      .min(1, e.passwordRequired)
      .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
      .max(1024, authMessages.passwordTooLong),
    confirmPassword: z.string({ error: e.confirmRequired }).max(1024, authMessages.passwordTooLong),
  })
  .superRefine((body, ctx) => {
    if (body.confirmPassword === "") ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: e.confirmRequired });
    else if (body.confirmPassword !== body.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: e.mismatch });
  });
export type SetupInput = z.infer<typeof setupSchema>;
