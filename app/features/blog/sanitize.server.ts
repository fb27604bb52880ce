/**
 * The one gate every post's HTML passes on its way into the database (create, update, AI draft):
 * an allowlist matching the editor's toolbar, everything else removed. What comes out can be put
 * on a visitor's page as it is: no script, no event handler, no style, no foreign content.
 *
 * Kept: p, br, h1-h3, strong/b, em/i, u, s, ol, ul, li; a with an http, https or mailto address
 * (or a page of this site, "/..."), always with rel="noopener noreferrer"; img with an http or
 * https source or a site-relative one ("/..."), alt, title, width and height; and, for an image
 * uploaded for posts, a srcset whose every candidate is one of its /media/ files (./media.ts) with
 * `sizes`, loaded lazily (docs/decisions/055-images-in-posts.md). Some near-equivalents are mapped onto
 * the list (h4-h6 to h3, strike/del to s, ins to u) so an AI draft keeps its shape.
 */
import type { Attributes, IOptions } from "sanitize-html";
import { onFirstUse } from "~/lib/on-first-use.server";
import { MEDIA_NAME, MEDIA_PATH } from "./media";
import { safeImageSrc, safeLinkHref } from "./schema";

const sanitizeHtml = onFirstUse<typeof import("sanitize-html")>("sanitize-html");

export { safeImageSrc, safeLinkHref };

const ALLOWED_TAGS = ["p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "ol", "ul", "li", "a", "img"];

/**
 * Disallowed elements whose whole content goes with them (by default only the tag goes and its text
 * stays). Script and style bodies, form widgets, and foreign or embedded content are never prose.
 */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "xmp",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "title",
  "head",
  "plaintext",
  "button",
];

const rename = (tagName: string) => (_: string, attribs: Attributes) => ({ tagName, attribs });

const dimension = (v: string | undefined) => (v && /^\d{1,4}$/.test(v.trim()) ? v.trim() : undefined);

/** The hash of an uploaded post image's address (/media/<hash>-<width>.<format>), or null. */
function mediaHash(url: string): string | null {
  if (!url.startsWith(`${MEDIA_PATH}/`)) return null;
  return MEDIA_NAME.exec(url.slice(MEDIA_PATH.length + 1))?.[1] ?? null;
}

/**
 * A srcset kept only when its image is an uploaded one: every candidate "<address> <width>w" names a
 * /media/ file of the same image as `src`, at most 16 of them. Anything else is dropped whole.
 */
function mediaSrcset(srcset: string | undefined, hash: string): string | undefined {
  if (!srcset) return undefined;
  const candidates = srcset.split(",").map((c) => c.trim());
  if (candidates.length === 0 || candidates.length > 16) return undefined;
  const kept: string[] = [];
  for (const candidate of candidates) {
    const match = /^(\S+)\s+([1-9]\d{0,3})w$/.exec(candidate);
    if (!match || mediaHash(match[1]) !== hash) return undefined;
    kept.push(`${match[1]} ${match[2]}w`);
  }
  return kept.join(", ");
}

/** `sizes`: media conditions and lengths only ("(min-width: 768px) 720px, 100vw"). */
const SIZES = /^[a-z0-9\s().,:%-]{1,200}$/i;

const options: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading", "decoding"],
  },
  // No class, style or data attributes anywhere; no scheme but these.
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: [],
  allowedSchemesByTag: { a: ["http", "https", "mailto"], img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction", "srcset", "xlink:href"],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: {
    h4: rename("h3"),
    h5: rename("h3"),
    h6: rename("h3"),
    strike: rename("s"),
    del: rename("s"),
    ins: rename("u"),
    a: (_, attribs) => {
      const href = safeLinkHref(attribs.href);
      // A link to nowhere safe keeps its words and loses the link (exclusiveFilter below). Renaming
      // it to a disallowed tag instead would leave a stale close-tag rename in sanitize-html.
      if (!href) return { tagName: "a", attribs: {} };
      const out: Attributes = { href, rel: "noopener noreferrer" };
      if (attribs.target === "_blank") out.target = "_blank";
      return { tagName: "a", attribs: out };
    },
    img: (_, attribs) => {
      const src = safeImageSrc(attribs.src);
      if (!src) return { tagName: "img", attribs: {} };
      const out: Attributes = { src, alt: (attribs.alt ?? "").slice(0, 500) };
      if (attribs.title) out.title = attribs.title.slice(0, 500);
      const width = dimension(attribs.width);
      const height = dimension(attribs.height);
      if (width) out.width = width;
      if (height) out.height = height;
      const hash = mediaHash(src);
      const srcset = hash ? mediaSrcset(attribs.srcset, hash) : undefined;
      if (hash && srcset) {
        out.srcset = srcset;
        if (attribs.sizes && SIZES.test(attribs.sizes.trim())) out.sizes = attribs.sizes.trim();
      }
      if (hash) {
        // An uploaded image below the fold loads as the reader reaches it.
        out.loading = "lazy";
        out.decoding = "async";
      }
      return { tagName: "img", attribs: out };
    },
  },
  // Whatever lost its address above, or to sanitize-html's own scheme check: a link is unwrapped
  // (its text stays), an image removed.
  exclusiveFilter: (frame) => {
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    if (frame.tag === "img" && !frame.attribs.src) return true;
    return false;
  },
  // allowedEmptyAttributes keeps its default, ["alt"]: an empty alt marks a decorative image.
};

/** The HTML with everything outside the allowlist removed. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml()(html, options).trim();
}
