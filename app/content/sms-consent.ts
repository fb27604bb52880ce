/**
 * The SMS consent wording shown beside every SMS checkbox, with its version. Kept apart from the
 * long legal documents so forms can show it without loading them; each consent record stores
 * `plainText` and `version` exactly as shown.
 */
import { agency } from "./agency";

/** Inline rich text: plain strings, or links to site paths or tel:/mailto: addresses. */
export type Inline = string | { text: string; href: string };

/** Renders inline rich text as one plain string; links become their text. */
export function inlineToPlainText(inline: Inline[]): string {
  return inline
    .map((part) => (typeof part === "string" ? part : part.text))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

export const legalPaths = {
  privacyPolicy: "/privacy-policy",
  termsAndConditions: "/terms-and-conditions",
  smsConsent: "/sms-consent",
} as const;

const LAST_UPDATED_ISO = "2025-03-24";

// ---------------------------------------------------------------------------
// SMS consent
// ---------------------------------------------------------------------------

const smsCheckboxLabel: Inline[] = [
  `By checking this box, I agree to receive text messages from ${agency.name} at the mobile number I provided, `,
  "including quote follow-ups, policy and claim updates, appointment reminders and service notices. ",
  "Consent is not a condition of purchase. ",
  "Message frequency varies. Msg & data rates may apply. ",
  "Reply STOP to opt out or HELP for help. ",
  "We do not share mobile numbers with third parties or affiliates for marketing purposes. ",
  "See our ",
  { text: "Privacy Policy", href: legalPaths.privacyPolicy },
  " and ",
  { text: "Terms & Conditions", href: legalPaths.termsAndConditions },
  ".",
];

export const smsConsent: {
  version: string;
  checkboxLabel: Inline[];
  /** The same wording as one plain string (links rendered as their text), stored with each consent record. */
  plainText: string;
  pageTitle: string;
  pageIntro: string;
  metaDescription: string;
} = {
  version: `sms-consent-${LAST_UPDATED_ISO}`,
  checkboxLabel: smsCheckboxLabel,
  plainText: inlineToPlainText(smsCheckboxLabel),
  pageTitle: "SMS Consent",
  pageIntro: `This page explains how ${agency.name} uses text messages and how you opt in or out. The wording below is exactly what appears beside the SMS consent checkbox on our forms.`,
  metaDescription: `How ${agency.name} texts about quotes, policies, claims and appointments. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`,
};
