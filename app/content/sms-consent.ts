/**
 * The SMS consent wording shown beside every SMS checkbox, with its version. Kept apart from the
 * long legal documents so forms can show it without loading them; each consent record stores
 * `plainText` and `version` exactly as shown. The wording names the agency, so it is built from the
 * stored profile's facts, and its version carries a hash of the text: a renamed agency shows a new
 * version, and a record never pairs one wording's version with another's text.
 */
import { perSite, type SiteFacts } from "./site-facts";

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

/** FNV-1a (32-bit) of a text's UTF-16 code units, as 8 hex digits: a short, browser-safe fingerprint. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export type SmsConsent = {
  /** `sms-consent-{last updated}-{fingerprint of plainText}`. */
  version: string;
  checkboxLabel: Inline[];
  /** The same wording as one plain string (links rendered as their text), stored with each consent record. */
  plainText: string;
  pageTitle: string;
  pageIntro: string;
  metaDescription: string;
};

/** The wording `site` shows, with its version and the texts of /sms-consent. */
export const smsConsent = perSite(({ agency }: SiteFacts): SmsConsent => {
  const checkboxLabel: Inline[] = [
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
  const plainText = inlineToPlainText(checkboxLabel);
  return {
    version: `sms-consent-${LAST_UPDATED_ISO}-${fnv1a(plainText)}`,
    checkboxLabel,
    plainText,
    pageTitle: "SMS Consent",
    pageIntro: `This page explains how ${agency.name} uses text messages and how you opt in or out. The wording below is exactly what appears beside the SMS consent checkbox on our forms.`,
    metaDescription: `How ${agency.name} texts about quotes, policies, claims and appointments. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`,
  };
});
