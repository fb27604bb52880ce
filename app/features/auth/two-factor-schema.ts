/**
 * The one field of every two-factor form (the sign-in's second step, enrolment, turning it off):
 * a code from the authenticator app or a recovery code. Browser-safe.
 */
import { z } from "zod";
import { twoFactorMessages } from "./two-factor-messages";

export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: twoFactorMessages.codeMissing })
    .max(1024, twoFactorMessages.codeTooLong)
    .trim()
    .min(1, twoFactorMessages.codeMissing)
    .max(64, twoFactorMessages.codeTooLong),
});
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeSchema>;

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_LENGTH = 10;

/** What a typed code is: six digits from the app (spaces allowed), a recovery code (any case, dashes and spaces allowed), or neither. */
export function readCode(input: string): { kind: "totp"; code: string } | { kind: "recovery"; code: string } | { kind: "invalid" } {
  const compact = input.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (compact.length === RECOVERY_CODE_LENGTH && [...compact].every((ch) => RECOVERY_ALPHABET.includes(ch)))
    return { kind: "recovery", code: compact };
  return { kind: "invalid" };
}

/** A recovery code as shown: xxxx-xxxx-xx. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
