/**
 * The blog's pure rules (spec 000 section 3): how a stored post becomes the post a reader sees, the
 * address a card links to, and the list filter. Browser-safe: no database, no Node APIs.
 */
import type { DisplayedPost } from "~/content/blog-posts";
import { htmlToText, readingTime } from "~/lib/html-text";
import { blogMessages } from "./messages";

/** A card of the list: no article body; dates formatted on the server (date-fns stays out of the browser). */
export type PostSummary = Omit<DisplayedPost, "content"> & { path: string; dateLabel: string; day: string };

/** A post page: the body without its leading h1, the long date, its address and its meta description. */
export type PostPage = DisplayedPost & {
  path: string;
  dateLabel: string;
  day: string;
  metaDescription: string;
  wordCount: number;
  draft: boolean;
  updated: string | null;
};

/** The fields of a stored post the mapping reads (a row of `blog_posts`). */
export type BlogRecord = {
  id: string;
  slug: string;
  title: string;
  content: string;
  category: string;
  imageUrl: string | null;
  createdAt: Date | string;
  authorEmail: string | null;
};

/** A post without an image of its own shows the agency's share card (a raster image, so it also works as og:image). */
export const DEFAULT_POST_IMAGE = "/og-image.png";
export const DESCRIPTION_LENGTH = 150;
export const META_DESCRIPTION_LENGTH = 155;
export const RSS_PATH = "/blog/rss.xml";

/** The first 150 characters of the text followed by an ellipsis (a text that short is shown whole). */
export function excerpt(html: string, length = DESCRIPTION_LENGTH): string {
  const text = htmlToText(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

/** The page's meta description: the first 155 characters of the text. */
export function metaDescription(html: string): string {
  return htmlToText(html).slice(0, META_DESCRIPTION_LENGTH).trimEnd();
}

/** The part of the author's email before the @, or "Admin". */
export function authorName(email: string | null | undefined): string {
  const local = email?.split("@")[0]?.trim();
  return local ? local : blogMessages.defaultAuthor;
}

export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** A stored post as displayed: its category is the single tag, the role is always "Insurance Expert". */
export function fromRecord(record: BlogRecord): DisplayedPost {
  return {
    id: record.id,
    slug: record.slug,
    title: record.title,
    description: excerpt(record.content),
    content: record.content,
    publishDate: toIso(record.createdAt),
    readingTime: readingTime(record.content),
    tags: record.category.trim() ? [record.category.trim()] : [],
    imageUrl: record.imageUrl?.trim() || DEFAULT_POST_IMAGE,
    author: { name: authorName(record.authorEmail), role: blogMessages.expertRole, avatar: null },
  };
}

/** Where a post lives: /blog/{slug} when the slug holds a hyphen, otherwise /blog/{id}. */
export function postPath(post: Pick<DisplayedPost, "id" | "slug">): string {
  return post.slug.includes("-") ? `/blog/${encodeURIComponent(post.slug)}` : `/blog/${encodeURIComponent(post.id)}`;
}

/** The body without a leading h1 (the page's own title is the h1). */
export function stripLeadingH1(html: string): string {
  return html.replace(/^\s*<h1\b[^>]*>[\s\S]*?<\/h1>\s*/i, "");
}

/** Newest first; equal dates keep a stable order by id. */
export function newestFirst<T extends { publishDate: string; id: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate) || a.id.localeCompare(b.id));
}

export type PostFilter = { query: string; tag: string | null };
type Filterable = { title: string; description: string; tags: string[]; author?: { name: string } };

/** Search text (title, description, tags, author; every word must match) combined with the selected tag. */
export function filterPosts<T extends Filterable>(posts: readonly T[], { query, tag }: PostFilter): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return posts.filter((post) => {
    if (tag && !post.tags.includes(tag)) return false;
    if (words.length === 0) return true;
    const haystack = [post.title, post.description, ...post.tags, post.author?.name ?? ""].join(" ").toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Every tag once, in the order the posts first use them. */
export function uniqueTags(posts: readonly { tags: string[] }[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))];
}

/** Clicking the active tag clears the filter; clicking another selects it. */
export function toggleTag(active: string | null, clicked: string): string | null {
  return active === clicked ? null : clicked;
}
