/**
 * The chat assistant service as server/main.ts creates it, on a test's own database handle (not
 * started), with the process's site store: it follows profile changes from every process on the
 * database, as a server's does. `now` sets the chat's clock.
 */
import type { DatabaseHandle } from "#db/client";
import type { Config } from "../../app/env.server";
import { createAiProvider } from "../../app/features/ai/client.server";
import { ChatAssistant } from "../../app/features/chat/chat.server";
import { SiteStore } from "../../app/features/settings/site.server";

export type ChatProcess = { chat: ChatAssistant; site: SiteStore; stop: () => Promise<void> };

export async function createChatService(
  database: DatabaseHandle,
  config: Config,
  options: { now?: () => Date } = {},
): Promise<ChatProcess> {
  const site = await SiteStore.open(database.db);
  await site.follow(database);
  const chat = new ChatAssistant({ database, config, ai: await createAiProvider(config), site, now: options.now });
  return {
    chat,
    site,
    stop: async () => {
      await chat.stop();
      await site.stop();
    },
  };
}
