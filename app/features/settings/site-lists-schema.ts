/**
 * The rules of a team member, a testimonial and an FAQ entry: one schema each for the back office's
 * forms (through Conform, in the browser and again in the action) and for /api/admin/team. Every text
 * is bounded before a pattern reads it; a `{word}` that is not a placeholder is refused, so a typo
 * never reaches a page. Browser-safe.
 */
import { z } from "zod";
import { e164Phone } from "~/content/site-profile";
import { TESTIMONIAL_PLACEMENTS } from "~/content/testimonials";
import { canonicalEmail, isSingleLine } from "~/lib/field-rules";
import { textValue, withoutControlCharacters } from "~/lib/text-value";
import { unknownPlaceholders } from "./site-lists";
import { PHOTO_MAX_BYTES, siteListMessages } from "./site-lists-messages";

const tm = siteListMessages.team.fields;
const ts = siteListMessages.testimonials.fields;
const fq = siteListMessages.faqs.fields;
const unknown = siteListMessages.placeholders.unknown;

const trimmed = (value: unknown) => textValue(value).trim();

/** One line of text from `min` to `max` characters. */
const line = (min: number, max: number, message: string) =>
  z.preprocess(
    trimmed,
    z.string().refine((v) => v.length >= min && v.length <= max && isSingleLine(v), message),
  );

/** Text that may span lines and hold placeholders: trimmed, line breaks as LF, control characters dropped. */
const prose = (min: number, max: number, message: string, oneLine = false) =>
  z.preprocess(
    (v) => withoutControlCharacters(textValue(v)).replace(/\r\n?/g, "\n").trim(),
    z.string().superRefine((v, ctx) => {
      if (v.length < min || v.length > max || (oneLine && !isSingleLine(v))) {
        ctx.addIssue({ code: "custom", message });
        return;
      }
      const typos = unknownPlaceholders(v);
      if (typos.length > 0) ctx.addIssue({ code: "custom", message: unknown(typos.slice(0, 3)) });
    }),
  );

const LINKEDIN_HOST = /^([a-z0-9-]+\.)?linkedin\.com$/;

/** An https:// address on linkedin.com, or "". */
export function isLinkedInUrl(value: string): boolean {
  if (value.length > 300 || !/^https:\/\/[^\s<>"]+$/.test(value) || !URL.canParse(value)) return false;
  return LINKEDIN_HOST.test(new URL(value).hostname);
}

export const teamMemberSchema = z.object({
  name: line(2, 100, tm.name),
  role: line(2, 150, tm.role),
  bio: prose(10, 2000, tm.bio),
  email: z
    .preprocess(
      trimmed,
      z.string().refine((v) => v === "" || canonicalEmail(v) !== null, tm.email),
    )
    .transform((v) => (v === "" ? "" : (canonicalEmail(v) ?? v))),
  phone: z.preprocess(
    trimmed,
    z.string().refine((v) => v === "" || (v.length <= 30 && e164Phone(v) !== null), tm.phone),
  ),
  linkedin: z.preprocess(
    trimmed,
    z.string().refine((v) => v === "" || isLinkedInUrl(v), tm.linkedin),
  ),
});
export type TeamMemberInput = z.infer<typeof teamMemberSchema>;
/** The fields of a team member the API reads and writes (the photo is the screen's). */
export const TEAM_FIELDS = ["name", "role", "bio", "email", "phone", "linkedin"] as const satisfies readonly (keyof TeamMemberInput)[];

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/**
 * A file chosen in the browser: none, or one of the photo types of at most 5 MB as the browser sees it
 * (the server checks the bytes themselves, and is sent no File here).
 */
const chosenPhoto = (value: unknown) =>
  typeof File === "undefined" ||
  !(value instanceof File) ||
  value.size === 0 ||
  (value.size <= PHOTO_MAX_BYTES && PHOTO_TYPES.includes(value.type));

/** The team member form: the texts, whether the current photo goes, and a new photo (a file). */
export const teamMemberFormSchema = teamMemberSchema.extend({
  removePhoto: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  photo: z.unknown().refine(chosenPhoto, tm.photo).optional(),
});

export const testimonialSchema = z.object({
  name: line(2, 100, ts.name),
  role: line(0, 100, ts.role),
  business: line(0, 150, ts.business),
  place: line(0, 100, ts.place),
  quote: prose(10, 1500, ts.quote),
  rating: z.preprocess(
    (v) => (typeof v === "string" && /^\d$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: ts.rating }).int(ts.rating).min(1, ts.rating).max(5, ts.rating),
  ),
  placement: z.preprocess(trimmed, z.enum(TESTIMONIAL_PLACEMENTS, { error: ts.placement })),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;

export const faqSchema = z.object({
  question: prose(5, 300, fq.question, true),
  answer: prose(10, 3000, fq.answer),
});
export type FaqInput = z.infer<typeof faqSchema>;

/** A list screen's row actions: move one up or down, delete one. */
export const moveSchema = z.object({
  intent: z.literal("move"),
  id: z.preprocess(trimmed, z.string().max(64)),
  direction: z.enum(["up", "down"], { error: siteListMessages.unknownIntent }),
});
export const deleteSchema = z.object({ intent: z.literal("delete"), id: z.preprocess(trimmed, z.string().max(64)) });
