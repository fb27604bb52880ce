/** The lead screen's text form (docs/decisions/064), checked in the browser and again by the action. Browser-safe. */
import { z } from "zod";
import { e164Phone } from "~/content/site-facts";
import { smsMessages, TEXT_MAX_CHARS } from "./messages";

export const textFormSchema = z.object({
  intent: z.literal("text"),
  body: z
    .string({ error: smsMessages.screen.empty })
    .trim()
    .min(1, smsMessages.screen.empty)
    .max(TEXT_MAX_CHARS, smsMessages.screen.tooLong(TEXT_MAX_CHARS)),
});

/** What the lead screen knows of texting for its lead. */
export type LeadTextingView = {
  /** Texting configured on the site. */
  on: boolean;
  /** The lead's number in E.164, or null when it cannot take texts. */
  phone: string | null;
  consent: "granted" | "revoked" | "none";
  /** Where each text sent stands, by its outbox id (the timeline's entries name it). */
  statuses: Record<string, string>;
};

/** The account screen's alerts by text: a mobile number, and whether to text it new leads and escalations. */
export const textAlertsFormSchema = z
  .object({
    intent: z.literal("text-alerts"),
    mobilePhone: z
      .string()
      .trim()
      .max(40, smsMessages.account.badPhone)
      .optional()
      .transform((v) => v ?? ""),
    smsAlerts: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mobilePhone && !e164Phone(value.mobilePhone))
      ctx.addIssue({ code: "custom", path: ["mobilePhone"], message: smsMessages.account.badPhone });
    else if (value.smsAlerts && !value.mobilePhone)
      ctx.addIssue({ code: "custom", path: ["mobilePhone"], message: smsMessages.account.phoneRequired });
  });

/** What the account screen shows of an account's alerts by text. */
export type TextAlertsView = { on: boolean; mobilePhone: string | null; smsAlerts: boolean };
