/**
 * The AI provider: any server speaking the OpenAI-compatible API (OpenAI, Ollama, vLLM), set by
 * AI_BASE_URL and AI_API_KEY. Keys stay on the server. Without a provider, callers use their
 * offline fallbacks (the chat's local engine) or answer 503 (AI blog drafts).
 */
import OpenAI from "openai";
import type { Config } from "~/env.server";

export type AiSettings = {
  client: OpenAI;
  chatModel: string;
  summaryModel: string;
  embeddingModel: string;
};

const clients = new WeakMap<Config, AiSettings | null>();

/** The configured provider, or null when AI_BASE_URL is not set. One client per configuration. */
export function aiProvider(config: Config): AiSettings | null {
  const known = clients.get(config);
  if (known !== undefined) return known;
  const settings = config.AI_BASE_URL
    ? {
        client: new OpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "not-needed", timeout: 30_000, maxRetries: 1 }),
        chatModel: config.AI_CHAT_MODEL,
        summaryModel: config.AI_SUMMARY_MODEL,
        embeddingModel: config.AI_EMBEDDING_MODEL,
      }
    : null;
  clients.set(config, settings);
  return settings;
}

/** What to tell an admin when an AI feature needs a provider and none is set. */
export const AI_NOT_CONFIGURED =
  "AI drafting needs an AI provider. Set AI_BASE_URL (and AI_API_KEY if your provider needs one), then restart the site.";
