/**
 * AI drafts (POST /api/blogs/generate): the configured OpenAI-compatible provider writes a complete
 * article on the admin's prompt and category; it is sanitised like any post and saved as a draft by
 * the admin who asked. Nothing is ever published by the model: a person reviews it first.
 */
import type { Database } from "#db/client";
import type { SiteFacts } from "~/content/site-facts";
import { AI_NOT_CONFIGURED, type AiSettings } from "~/features/ai/client.server";
import { blogAdminMessages, blogFieldMessages } from "./admin-messages";
import { createPost, resolveCategory } from "./posts.server";
import { type BlogPostRecord, type GenerateInput, MAX_TITLE_LENGTH } from "./schema";

/** How long the provider may take to write an article (longer than a chat answer). */
export const GENERATE_TIMEOUT_MS = 120_000;
const MAX_TOKENS = 3000;

export type GenerateResult =
  | { ok: true; post: BlogPostRecord }
  | { ok: false; status: 400; errors: Record<string, string> }
  | { ok: false; status: 502 | 503 | 504; message: string };

/** The instructions the model writes under, naming the agency as the stored profile describes it. */
export function systemPrompt(site: SiteFacts, category: string): string {
  const { agency } = site;
  return [
    `You write articles for the blog of ${agency.name}, an independent commercial insurance agency in ${agency.address.city}, ${agency.address.region}, licensed in ${site.licensedStateCount} states.`,
    `Readers are owners and managers of small and mid-size businesses: contractors, trucking operators, property owners and investors, homeowners associations. Write a complete, accurate and practical article for the blog's "${category}" category.`,
    "Be factually careful: do not invent statistics, laws, court cases, prices, premiums or insurance company names. When something depends on the state, the policy wording or the insurer, say so. Never promise that a loss is covered; suggest reviewing the policy with a licensed agent.",
    "Use plain American English, short paragraphs, useful subheadings, and a short closing paragraph inviting the reader to contact the agency for a review or a quote.",
    'Answer with one JSON object and nothing else: {"title": "<the article title, under 90 characters>", "html": "<the article body>"}.',
    "The body is HTML using only <h2>, <h3>, <p>, <ul>, <ol>, <li>, <strong>, <em> and <a href>. Do not repeat the title as a heading, and do not use Markdown or code fences.",
  ].join("\n\n");
}

export function userPrompt(input: GenerateInput): string {
  return `Category: ${input.category}\n\nWrite the article about: ${input.prompt}`;
}

// ---- reading the model's answer ----

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A title as plain text: no tags, no Markdown marks, no "Title:" label, no wrapping quotes. */
function cleanTitle(raw: string): string {
  let title = decodeEntities(raw.replace(/<[^>]*>/g, " "))
    .replace(/^\s*#+\s*/, "")
    .replace(/^\s*(title|headline)\s*:\s*/i, "")
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, "")
    .trim();
  if (title.length > MAX_TITLE_LENGTH) {
    const cut = title.slice(0, MAX_TITLE_LENGTH - 1);
    title = `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 60)).trim()}…`;
  }
  return title;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function inlineMarkdown(line: string): string {
  return escapeHtml(line)
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_, a: string | undefined, b: string | undefined) => `<strong>${a ?? b}</strong>`)
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** Plain text or light Markdown (headings, lists, paragraphs, bold, italic, links) as HTML. */
export function markdownToHtml(text: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: "ul" | "ol"; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map(inlineMarkdown).join(" ")}</p>`);
    paragraph = [];
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inlineMarkdown(i)}</li>`).join("")}</${list.tag}>`);
    list = null;
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      out.push(
        `<${heading[1].length >= 3 ? "h3" : "h2"}>${inlineMarkdown(heading[2].replace(/\s+#+$/, ""))}</${heading[1].length >= 3 ? "h3" : "h2"}>`,
      );
      continue;
    }
    const bullet = /^[-*+•]\s+(.*)$/.exec(line);
    const item = bullet ?? /^\d+[.)]\s+(.*)$/.exec(line);
    if (item) {
      const tag = bullet ? "ul" : "ol";
      if (paragraph.length || (list && list.tag !== tag)) flush();
      list ??= { tag, items: [] };
      list.items.push(item[1]);
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return out.join("\n");
}

const HTML_BLOCK = /<(p|h[1-6]|ul|ol|li|br|strong|em|b|i|a)\b[^>]*>/i;

function stripFences(raw: string): string {
  const fenced = /^```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/.exec(raw.trim());
  return fenced ? fenced[1] : raw.trim();
}

function fromJson(raw: string): { title: string; body: string } | null {
  const candidates = [raw];
  const start = raw.indexOf("{");
  const end = raw.lastIndexOf("}");
  if (start >= 0 && end > start) candidates.push(raw.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value = JSON.parse(candidate) as Record<string, unknown>;
      if (!value || typeof value !== "object") continue;
      const title = [value.title, value.headline].find((v) => typeof v === "string") as string | undefined;
      const body = [value.html, value.content, value.body, value.article].find((v) => typeof v === "string") as string | undefined;
      if (body !== undefined) return { title: title ?? "", body };
    } catch {
      // not JSON: read it as text below
    }
  }
  return null;
}

/**
 * The model's answer as a title and an HTML body. Asked for JSON `{ title, html }`, models also
 * answer with the JSON in a code fence, with prose around it, or with a title line and a Markdown
 * or HTML body: all of these are read.
 */
export function parseArticle(answer: string): { title: string; html: string } {
  const raw = stripFences(answer);
  let parsed = fromJson(raw);
  if (!parsed) {
    const leadingH1 = /^\s*<h1[^>]*>([\s\S]*?)<\/h1>\s*/i.exec(raw);
    if (leadingH1) parsed = { title: leadingH1[1], body: raw.slice(leadingH1[0].length) };
    else {
      const lines = raw.split(/\r?\n/);
      const first = lines.findIndex((l) => l.trim() !== "");
      parsed = first < 0 ? { title: "", body: "" } : { title: lines[first], body: lines.slice(first + 1).join("\n") };
    }
  }
  let title = cleanTitle(parsed.title);
  let body = stripFences(parsed.body).trim();
  let html = HTML_BLOCK.test(body) ? body : markdownToHtml(body);
  // A body opening with the title as a heading: the page shows the title already.
  const opening = /^\s*<h[12][^>]*>([\s\S]*?)<\/h[12]>\s*/i.exec(html);
  if (opening && (!title || cleanTitle(opening[1]).toLowerCase() === title.toLowerCase())) {
    title ||= cleanTitle(opening[1]);
    html = html.slice(opening[0].length);
  }
  body = html.trim();
  return { title, html: body };
}

// ---- the call ----

/** The provider's failure in words; its library is loaded already (the client threw it). */
async function failureDetail(error: unknown): Promise<{ status: 502 | 504; detail: string }> {
  const { APIConnectionTimeoutError, APIError } = await import("openai");
  if (error instanceof APIConnectionTimeoutError) return { status: 504, detail: `no answer within ${GENERATE_TIMEOUT_MS / 1000} seconds` };
  if (error instanceof APIError && error.status) return { status: 502, detail: `it answered HTTP ${error.status}` };
  return { status: 502, detail: "it could not be reached" };
}

/** Asks the provider (the `ai` service: null when none is set) for an article and saves it as a draft by `authorEmail`. */
export async function generateDraft(
  { db, ai, site }: { db: Database; ai: AiSettings | null; site: { facts: SiteFacts } },
  input: GenerateInput,
  authorEmail: string,
  log?: (error: unknown) => void,
): Promise<GenerateResult> {
  if (!ai) return { ok: false, status: 503, message: AI_NOT_CONFIGURED };
  // Checked before paying for an article the post could not be filed under.
  const category = await resolveCategory(db, input.category);
  if (!category) return { ok: false, status: 400, errors: { category: blogFieldMessages.unknownCategory } };

  let answer: string;
  try {
    const completion = await ai.client.chat.completions.create(
      {
        model: ai.chatModel,
        temperature: 0.7,
        max_tokens: MAX_TOKENS,
        messages: [
          { role: "system", content: systemPrompt(site.facts, category) },
          { role: "user", content: userPrompt({ ...input, category }) },
        ],
      },
      { timeout: GENERATE_TIMEOUT_MS },
    );
    answer = completion.choices?.[0]?.message?.content ?? "";
  } catch (error) {
    log?.(error);
    const { status, detail } = await failureDetail(error);
    return { ok: false, status, message: blogAdminMessages.api.aiUnavailable(detail) };
  }

  const article = parseArticle(answer);
  const title = article.title || cleanTitle(input.prompt);
  if (!article.html) return { ok: false, status: 502, message: blogAdminMessages.api.aiEmpty };
  const saved = await createPost(db, { title, content: article.html, category, imageUrl: null, status: "draft" }, authorEmail);
  if (!saved.ok) return { ok: false, status: 502, message: blogAdminMessages.api.aiEmpty };
  return { ok: true, post: saved.post };
}
