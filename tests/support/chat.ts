/** The chat assistant service as server/main.ts creates it, on a test's own database handle (not started). */
import type { DatabaseHandle } from "#db/client";
import { defaultSite } from "../../app/content/site-profile";
import type { Config } from "../../app/env.server";
import { createAiProvider } from "../../app/features/ai/client.server";
import { ChatAssistant } from "../../app/features/chat/chat.server";

export function createChatService(database: DatabaseHandle, config: Config): ChatAssistant {
  return new ChatAssistant({ database, config, site: () => defaultSite, ai: createAiProvider(config) });
}
