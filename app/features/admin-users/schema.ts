/**
 * The forms of the Users screen and the invitation page: one Zod schema each, used by the route
 * actions (and safe for the browser). The password's list rules (common, breached, the account's own
 * email) are checked on the server by password-policy.server.ts, not here.
 */
import { z } from "zod";
import { authMessages, MIN_PASSWORD_LENGTH } from "~/features/auth/schema";
import { ROLES, roleMessages } from "~/lib/roles";
import { isOneLine } from "~/lib/text-value";
import { UUID_PATTERN } from "~/lib/uuid";
import { inviteMessages, usersMessages } from "./messages";

const e = usersMessages.errors;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A role as a form sends it. */
export const roleField = z.enum(ROLES, { error: roleMessages.invalidRole });

/** "Invite someone": the person's name, email (stored lower-case, as accounts' emails are) and role (staff unless chosen). */
export const inviteSchema = z.object({
  role: roleField.default("staff"),
  name: z
    .string({ error: e.nameRequired })
    .max(1024, e.nameTooLong)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, e.nameRequired).max(100, e.nameTooLong).refine(isOneLine, e.nameOneLine)),
  email: z
    .string({ error: e.emailRequired })
    .max(1024, e.emailTooLong)
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().min(1, e.emailRequired).max(254, e.emailTooLong).refine(isOneLine, e.emailInvalid).regex(EMAIL, e.emailInvalid)),
});
export type InviteInput = z.infer<typeof inviteSchema>;

const i = inviteMessages.errors;

/** The invitation page: the new password twice (not trimmed: spaces may be part of a password). */
export const acceptInviteSchema = z
  .object({
    password: z
      .string({ error: i.passwordRequired })
      .min(1, i.passwordRequired)
      .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
      .max(1024, authMessages.passwordTooLong),
    confirmPassword: z.string({ error: i.confirmRequired }).max(1024, authMessages.passwordTooLong),
  })
  .superRefine((body, ctx) => {
    if (body.confirmPassword === "") ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: i.confirmRequired });
    else if (body.confirmPassword !== body.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: i.mismatch });
  });
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** Deactivate, reactivate or withdraw an invitation: the row's id. */
export const idSchema = z.object({
  // Lower-cased: the database matches a uuid in either case, so comparisons in code must see one spelling.
  id: z
    .string({ error: e.invalidId })
    .regex(UUID_PATTERN, e.invalidId)
    .transform((v) => v.toLowerCase()),
});

/** The round-robin setting, sent as "on" or "off" (a radio group). */
export const roundRobinSchema = z.object({
  roundRobin: z.enum(["on", "off"], { error: e.invalidRoundRobin }).transform((v) => v === "on"),
});

/** A role change: the account and its new role. */
export const roleChangeSchema = idSchema.extend({ role: roleField });

export const USER_INTENTS = ["invite", "deactivate", "reactivate", "revoke-invite", "round-robin", "role", "unlock-2fa"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
