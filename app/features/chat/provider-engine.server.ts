/**
 * The chat's path through an OpenAI-compatible provider (AI_BASE_URL): embeddings for retrieval,
 * a short grounded answer, and the running summary. Every call has its own timeout and no retries
 * (the visitor is waiting; chat.server.ts falls back to the offline engine), and reports the tokens
 * it used for the budgets.
 */
import type { SiteFacts } from "~/content/site-facts";
import type { AiSettings } from "~/features/ai/client.server";
import { officeHoursShort } from "./messages";
import type { Match } from "./retrieval.server";

/** Spec 001 section 9: answers are about two lines, summaries a paragraph. */
export const ANSWER_SETTINGS = { temperature: 0.5, max_tokens: 100 } as const;
export const SUMMARY_SETTINGS = { temperature: 0.7, max_tokens: 250 } as const;

/** Recent messages sent with each question (the summary carries what came before). */
export const HISTORY_MESSAGES = 6;

/**
 * The cosine similarity above which a provider embedding counts as a match, when
 * CHAT_PROVIDER_MATCH_THRESHOLD is not set. ada-002's similarities crowd into 0.7-0.9 (the spec's 0.7
 * was set for it); the text-embedding-3 models spread lower, where 0.3 separates related from
 * unrelated; for other models 0.5 is a middle guess to be checked against their own scale.
 */
export function defaultProviderThreshold(model: string): number {
  if (/ada-002/i.test(model)) return 0.7;
  if (/text-embedding-3/i.test(model)) return 0.3;
  return 0.5;
}

export type ProviderResult = { content: string; tokens: number };

/** Tokens by the provider's count, or about four characters a token when it gives none. */
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

export async function embedTexts(ai: AiSettings, texts: string[], timeoutMs: number): Promise<{ vectors: number[][]; tokens: number }> {
  // Floats asked for explicitly: the SDK otherwise asks for base64 and decodes the answer as base64,
  // which garbles the plain arrays many OpenAI-compatible servers (Ollama, vLLM) send regardless.
  const res = await ai.client.embeddings.create(
    { model: ai.embeddingModel, input: texts, encoding_format: "float" },
    { timeout: timeoutMs, maxRetries: 0 },
  );
  const vectors = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
  if (vectors.length !== texts.length || vectors.some((v) => !Array.isArray(v) || v.length === 0)) {
    throw new Error(`the embeddings answer held ${vectors.length} vectors for ${texts.length} texts`);
  }
  return { vectors, tokens: res.usage?.total_tokens ?? estimateTokens(texts.join("").length) };
}

export type Visitor = { name: string; insuranceType: string };

/**
 * The rules (with the agency's current facts), the visitor, the memory of the conversation and the
 * retrieved items. `callBack`: when the office hours delay a call-back asked for now, the sentence
 * that says so ("We're closed now; expect our call by 9:30 AM Monday.").
 */
export function systemPrompt({
  site,
  visitor,
  summary,
  matches,
  callBack = null,
}: {
  site: SiteFacts;
  visitor: Visitor;
  summary: string;
  matches: Pick<Match, "title" | "content">[];
  callBack?: string | null;
}): string {
  const { agency } = site;
  const knowledge = matches.length
    ? matches.map((m, i) => `[${i + 1}] ${m.title}\n${m.content}`).join("\n\n")
    : "(nothing in the agency's content matches this question)";
  return [
    `You are the website assistant of ${agency.name}, an independent commercial insurance agency in ${agency.address.city}, ${agency.address.regionName}, licensed in ${site.licensedStateCount} states and working with ${site.promises.carriers} carriers.`,
    "Rules:",
    "- Talk only about the agency and commercial insurance: its coverage lines, quotes, certificates, claims and contact details. Politely decline anything else.",
    "- Answer from the agency information below. Never invent prices, premiums, limits, carriers or coverage decisions, and never say whether a specific loss or claim is covered; a licensed agent decides that.",
    `- When the information below does not answer the question, say so plainly and offer a call with a licensed agent at ${agency.phone.primary.display} (${officeHoursShort(site)}) or a WhatsApp message.`,
    ...(callBack ? [`- When asked how soon someone calls back, say that the office hours delay it now: ${callBack}`] : []),
    "- Reply in plain text, in at most two short sentences. Address the visitor by name only now and then.",
    "",
    `Visitor: ${visitor.name}, interested in ${visitor.insuranceType === "Other" ? "other insurance" : visitor.insuranceType}.`,
    `Conversation so far (summary): ${summary.trim() || "(none yet)"}`,
    "",
    "Agency information:",
    knowledge,
  ].join("\n");
}

export type HistoryMessage = { role: "user" | "assistant"; content: string };

/** A reply cut off by max_tokens ends at its last whole sentence, when it has one. */
export function tidyReply(text: string, finishReason: string | null | undefined): string {
  const trimmed = text.trim();
  if (finishReason !== "length") return trimmed;
  const end = Math.max(trimmed.lastIndexOf(". "), trimmed.lastIndexOf("? "), trimmed.lastIndexOf("! "));
  if (/[.!?]$/.test(trimmed)) return trimmed;
  return end > 20 ? trimmed.slice(0, end + 1) : trimmed;
}

export async function answerWithProvider(
  ai: AiSettings,
  input: {
    site: SiteFacts;
    visitor: Visitor;
    summary: string;
    matches: Match[];
    callBack?: string | null;
    history: HistoryMessage[];
    question: string;
    timeoutMs: number;
  },
): Promise<ProviderResult> {
  const system = systemPrompt(input);
  const history = input.history.slice(-HISTORY_MESSAGES).map((m) => ({ role: m.role, content: m.content.slice(0, 1000) }));
  const res = await ai.client.chat.completions.create(
    {
      model: ai.chatModel,
      ...ANSWER_SETTINGS,
      messages: [{ role: "system", content: system }, ...history, { role: "user", content: input.question }],
    },
    { timeout: input.timeoutMs, maxRetries: 0 },
  );
  const choice = res.choices?.[0];
  const content = tidyReply(choice?.message?.content ?? "", choice?.finish_reason);
  const chars = system.length + history.reduce((s, m) => s + m.content.length, 0) + input.question.length + content.length;
  return { content, tokens: res.usage?.total_tokens ?? estimateTokens(chars) };
}

export async function summariseWithProvider(
  ai: AiSettings,
  input: { site: SiteFacts; visitor: Visitor; messages: HistoryMessage[]; timeoutMs: number },
): Promise<ProviderResult> {
  const transcript = input.messages
    .slice(-20)
    .map((m) => `${m.role === "user" ? input.visitor.name : "Assistant"}: ${m.content.slice(0, 600)}`)
    .join("\n");
  const system = `Summarise this chat between a visitor and ${input.site.agency.name}'s website assistant in at most three sentences: who the visitor is and what they insure, what they asked, what was answered, and anything still open. Plain text, no lists.`;
  const res = await ai.client.chat.completions.create(
    {
      model: ai.summaryModel,
      ...SUMMARY_SETTINGS,
      messages: [
        { role: "system", content: system },
        { role: "user", content: `Visitor: ${input.visitor.name}, interested in ${input.visitor.insuranceType}.\n\n${transcript}` },
      ],
    },
    { timeout: input.timeoutMs, maxRetries: 0 },
  );
  const content = (res.choices?.[0]?.message?.content ?? "").trim();
  return { content, tokens: res.usage?.total_tokens ?? estimateTokens(system.length + transcript.length + content.length) };
}
