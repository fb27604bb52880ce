/**
 * The blog back office's forms: the post form, the category form and the AI form, one Zod schema
 * each, parsed in the browser and again by the API (which adds its own checks: the category must
 * exist, the content is sanitised). Also the records' shapes as the API answers them (spec 001
 * section 3, spec 000 section 3 field names). Browser-safe.
 */
import { z } from "zod";
import { blogStatuses } from "~/content/admin-options";
import { requiredText } from "~/lib/field-rules";
import { isOneLine, textValue as text, withoutControlCharacters } from "~/lib/text-value";
import { blogFieldMessages as m } from "./admin-messages";
import { parseMediaUrl } from "./media";

/** Longest accepted content, in characters of HTML (the JSON body limit applies first). */
export const MAX_CONTENT_LENGTH = 200_000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_CATEGORY_LENGTH = 60;
export const MAX_PROMPT_LENGTH = 2000;

/**
 * Whether HTML shows something: text other than white space, or an image. The editor's empty
 * document is `<p></p>`, which does not count.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b[^>]*\bsrc\s*=/i.test(html)) return true;
  const textOnly = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/\s+/g, "");
  return textOnly.length > 0;
}

/** An absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

// ---- addresses in a post's HTML (the editor checks them as the server's sanitiser does) ----

/** Control characters and white space a browser ignores inside a URL's scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters a browser skips in a scheme ("java\tscript:"), so they must be matched to be removed
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

/** A path on this site: one slash, not two, and not a slash followed by a backslash (//host to a browser). */
const SITE_PATH = /^\/(?![/\\])/;

/** The address when it is one a link may point to, otherwise null. */
export function safeLinkHref(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  const probe = value.replace(URL_NOISE, "").toLowerCase();
  if (/^(https?:\/\/[^/\\]|mailto:)/.test(probe)) return value;
  if (SITE_PATH.test(probe) && !probe.includes("\\")) return value;
  return null;
}

/** The address when it is one an image may load from, otherwise null. */
export function safeImageSrc(raw: string | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  const probe = value.replace(URL_NOISE, "").toLowerCase();
  if (/^https?:\/\/[^/\\]/.test(probe)) return value;
  if (SITE_PATH.test(probe) && !probe.includes("\\")) return value;
  return null;
}

export const postSchema = z.object({
  title: requiredText(m.title, MAX_TITLE_LENGTH, m.titleTooLong, m.titleInvalid),
  content: z.preprocess(
    (v) => withoutControlCharacters(text(v)),
    z
      .string()
      .max(MAX_CONTENT_LENGTH, m.contentTooLong)
      .refine((v) => hasVisibleContent(v), m.content),
  ),
  category: requiredText(m.category, 100, m.category, m.unknownCategory),
  /** Optional: empty means none (null). An http(s) address, or the address of an image uploaded for posts. */
  imageUrl: z.preprocess(
    (v) => {
      const s = text(v).trim();
      return s === "" ? null : s;
    },
    z
      .string()
      .max(2000, m.imageUrl)
      // An address elsewhere, or an image uploaded here (/media/..., the widest WebP: ./media.ts).
      .refine((v) => (isHttpUrl(v) || parseMediaUrl(v) !== null) && isOneLine(v), m.imageUrl)
      .nullable(),
  ),
  status: z.preprocess(text, z.enum(blogStatuses, { error: m.status })),
});

export type PostInput = z.infer<typeof postSchema>;
export type BlogStatus = (typeof blogStatuses)[number];

export const emptyPost: PostInput = { title: "", content: "", category: "", imageUrl: null, status: "draft" };

export const categorySchema = z.object({
  name: requiredText(m.categoryName, MAX_CATEGORY_LENGTH, m.categoryNameTooLong, m.categoryNameInvalid),
});

export type CategoryInput = z.infer<typeof categorySchema>;

/** POST /api/blogs/generate. The prompt is checked first, then the category (spec 001 section 5). */
export const generateSchema = z.object({
  prompt: requiredText(m.prompt, MAX_PROMPT_LENGTH, m.promptTooLong),
  category: requiredText(m.generateCategory, 100, m.generateCategory, m.unknownCategory),
});

export type GenerateInput = z.infer<typeof generateSchema>;

/** The first message of a failed parse, in the schema's field order. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return { field: String(issue?.path[0] ?? "form"), message: issue?.message ?? "" };
}

/**
 * A post as the API answers it. `_id`, `title`, `content`, `category`, `imageUrl`, `createdAt` and
 * `author.email` are the fields the public pages read (spec 000 section 3); `slug`, `status` and
 * `updatedAt` are the back office's.
 */
export type BlogPostRecord = {
  _id: string;
  title: string;
  slug: string;
  content: string;
  category: string;
  imageUrl: string | null;
  status: BlogStatus;
  createdAt: string;
  updatedAt: string;
  author: { email: string | null };
};

/** A category as GET /api/categories answers it. */
export type CategoryRecord = { _id: string; name: string; createdAt: string };
