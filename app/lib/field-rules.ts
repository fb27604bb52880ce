/**
 * Field rules and their messages (spec 000 section 5), shared by every public form (leads, the
 * trucking quote, careers, the chat's intake) and by the API. Browser-safe.
 *
 * Every rule looks at a value's length before any pattern, and every pattern is linear (one
 * quantifier per run of characters, nothing nested or overlapping), so no crafted value can hold
 * the server's single event loop: see docs/decisions/018-visitor-text-rules.md.
 */
import { z } from "zod";
import { contactInsuranceTypes } from "~/content/options";
import { isOneLine, textValue, withoutControlCharacters } from "~/lib/text-value";

/** An opening or closing script tag, with any spaces inside it: `<script`, `< / script`. */
const SCRIPT_TAG = /<\s*(?:\/\s*)?script\b/i;
/** An optional leading plus, then at least 10 digits, spaces, hyphens or parentheses. */
const PHONE = /^\+?[\d ()-]{10,}$/;
const NOT_DIGIT = /\D/g;
/** The other space characters (Unicode Zs: no-break, thin, ideographic ...), read as a plain space in a phone number. */
const OTHER_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

/**
 * What a single-line field never holds: C0 controls (NUL, tab, CR, LF ...), DEL, C1 controls, the
 * Unicode line and paragraph separators, and the bidirectional embedding, override and isolate
 * controls (U+202A-U+202E, U+2066-U+2069), which can make a name read differently in the back
 * office and in mail than what was stored.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const NOT_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** What multi-line text loses: the same, except tab and the line breaks (CR, LF, U+2028/2029). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const MULTI_LINE_NOISE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** CRLF, a lone CR, and the Unicode line and paragraph separators: each stored as one LF. */
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;

export const limits = {
  name: 100,
  /** RFC 5321: a path is at most 256 octets, so an address at most 254; its local part at most 64. */
  email: 254,
  emailLocalPart: 64,
  phone: 30,
  message: 5000,
} as const;

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
  nameTooLong: "Please keep the name under 100 characters",
  messageTooLong: "Please keep the message under 5,000 characters",
} as const;

/** A field as text; never String() on an array or object (see textValue). */
const text = textValue;

/** True when `value` holds no line break, control character or bidirectional control. */
export const isSingleLine = (value: string) => !NOT_SINGLE_LINE.test(value);

/**
 * Multi-line text as stored: trimmed, line breaks as LF, tabs kept, every other control character
 * removed. A value longer than `max` is only trimmed: its length rule refuses it unread.
 */
export function cleanMultiLine(value: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length > max) return trimmed;
  return trimmed.replace(LINE_BREAK, "\n").replace(MULTI_LINE_NOISE, "").trim();
}

const LOCAL_WORD = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const DOMAIN_LABEL = /^[a-z0-9-]{1,63}$/;
const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The one address `value` names, in the form it is stored and mailed in (the domain lower-cased), or
 * null when it is not exactly one plain address: no list separators, comments, angle brackets,
 * quotes, spaces or control characters; a dot-atom local part of at most 64 characters; a domain of
 * at least two labels (letters, digits, inner hyphens) ending in a top-level domain of letters, with
 * no trailing dot; at most 254 characters in all. A mailer may read anything looser as a list of
 * recipients, or as another spelling of an address that has had its share of mail.
 */
export function canonicalEmail(value: string): string | null {
  const address = value.trim();
  if (address.length === 0 || address.length > limits.email) return null;
  const at = address.indexOf("@");
  if (at < 1 || at !== address.lastIndexOf("@")) return null;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1).toLowerCase();
  if (local.length > limits.emailLocalPart) return null;
  if (!local.split(".").every((word) => LOCAL_WORD.test(word))) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !TOP_LEVEL_DOMAIN.test(labels[labels.length - 1])) return null;
  if (!labels.every((label) => DOMAIN_LABEL.test(label) && !label.startsWith("-") && !label.endsWith("-"))) return null;
  return `${local}@${domain}`;
}

/**
 * Every pattern above, for the test that times each on crafted 100 KB values (rules.test.ts): a new
 * pattern belongs in this list too.
 */
export const patterns = {
  scriptTag: SCRIPT_TAG,
  phone: PHONE,
  otherSpace: OTHER_SPACE,
  notDigit: NOT_DIGIT,
  notSingleLine: NOT_SINGLE_LINE,
  multiLineNoise: MULTI_LINE_NOISE,
  lineBreak: LINE_BREAK,
  localWord: LOCAL_WORD,
  domainLabel: DOMAIN_LABEL,
  topLevelDomain: TOP_LEVEL_DOMAIN,
} as const;

/**
 * A text rule whose checks run in order on the prepared value, stopping at the first that fails:
 * the length check comes first, so no pattern ever reads an overlong value.
 */
const textRule = (prepare: (value: string) => string, problem: (value: string) => string | null) =>
  z.preprocess(
    text,
    z
      .string()
      .transform(prepare)
      .superRefine((value, ctx) => {
        const message = problem(value);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
  );

const trim = (value: string) => value.trim();

/**
 * One line of free text (a company, a DOT number, an insurance type typed in), trimmed: refused with
 * `message` when blank (if required) or when it holds a line break or control character.
 */
export const singleLineRule = (options: { message: string; max: number; tooLong: string; required?: boolean }) =>
  textRule(trim, (v) => {
    if (v.length > options.max) return options.tooLong;
    if (!isSingleLine(v)) return options.message;
    if (options.required !== false && v.length === 0) return options.message;
    return null;
  });

export const nameRule = (message: string = fieldMessages.name) =>
  textRule(trim, (v) => {
    if (v.length > limits.name) return fieldMessages.nameTooLong;
    if (!isSingleLine(v) || SCRIPT_TAG.test(v) || v.length < 2) return message;
    return null;
  });

/** Exactly one address, stored with its domain lower-cased (see canonicalEmail). */
export const emailRule = (message: string = fieldMessages.email) =>
  textRule(
    (v) => canonicalEmail(v) ?? v,
    (v) => (canonicalEmail(v) === v ? null : message),
  );

export const phoneRule = (message: string = fieldMessages.phone) =>
  textRule(
    (v) => {
      const trimmed = v.trim();
      return trimmed.length > limits.phone ? trimmed : trimmed.replace(OTHER_SPACE, " ");
    },
    (v) => {
      if (v.length > limits.phone || !isSingleLine(v) || !PHONE.test(v)) return message;
      return v.replace(NOT_DIGIT, "").length >= 7 ? null : message;
    },
  );

export const messageRule = (message: string = fieldMessages.message) =>
  textRule(
    (v) => cleanMultiLine(v, limits.message),
    (v) => {
      if (v.length > limits.message) return fieldMessages.messageTooLong;
      if (SCRIPT_TAG.test(v) || v.length < 10) return message;
      return null;
    },
  );

/** A checkbox that must be ticked; accepts true, "true", "on", "Yes". */
export const mustBeChecked = (message: string = fieldMessages.smsConsent) =>
  z.preprocess((v) => v === true || v === "true" || v === "on" || v === "Yes" || v === "yes", z.literal(true, { error: message }));

export const insuranceTypeRule = z.preprocess(text, z.enum(contactInsuranceTypes, { error: fieldMessages.insuranceType }));

/** One line of at most `max` characters; anything else is dropped (the context is never a reason to refuse). */
const contextLine = (max: number) => z.string().max(max, { abort: true }).refine(isSingleLine);

/** Where a submission came from: sent by every public form, all optional. */
export const submissionContextSchema = z.object({
  pageUrl: contextLine(2000).optional().catch(undefined),
  referrer: contextLine(2000).optional().catch(undefined),
  utm: z.record(contextLine(40), contextLine(200)).optional().catch(undefined),
});

/**
 * A required text, trimmed, of at most `max` characters. With `oneLine`, a line break or control
 * character is refused with that message; without, the text may span lines and loses its invisible
 * control characters (PostgreSQL refuses a NUL either way).
 */
export const requiredText = (message: string, max: number, tooLong: string, oneLine?: string) =>
  z.preprocess(
    (v) => (oneLine ? textValue(v) : withoutControlCharacters(textValue(v))),
    z
      .string()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, message)
          .max(max, tooLong)
          .refine((v) => !oneLine || isOneLine(v), oneLine),
      ),
  );
