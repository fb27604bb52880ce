/**
 * The AI provider: any server speaking the OpenAI-compatible API (OpenAI, Ollama, vLLM), set by
 * AI_BASE_URL and AI_API_KEY. Keys stay on the server. Without a provider, callers use their
 * offline fallbacks (the chat's local engine) or answer 503 (AI blog drafts).
 *
 * Created once at start by server/main.ts and handed out as the `ai` service (server/context.ts):
 * the chat assistant and the blog's AI drafts take it from there.
 */
import type OpenAI from "openai";
import type { Config } from "~/env.server";

export type AiSettings = {
  client: OpenAI;
  chatModel: string;
  summaryModel: string;
  embeddingModel: string;
};

/**
 * The configured provider's client and models, or null when AI_BASE_URL is not set. The client's
 * library (about 150 modules) loads only then, so a site without a provider starts without it.
 */
export async function createAiProvider(config: Config): Promise<AiSettings | null> {
  if (!config.AI_BASE_URL) return null;
  const { default: OpenAI } = await import("openai");
  return {
    client: new OpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "not-needed", timeout: 30_000, maxRetries: 1 }),
    chatModel: config.AI_CHAT_MODEL,
    summaryModel: config.AI_SUMMARY_MODEL,
    embeddingModel: config.AI_EMBEDDING_MODEL,
  };
}

/** What to tell an admin when an AI feature needs a provider and none is set. */
export const AI_NOT_CONFIGURED =
  "AI drafting needs an AI provider. Set AI_BASE_URL (and AI_API_KEY if your provider needs one), then restart the site.";
