/**
 * /admin/chatbot-management on the server: one conversation per visitor, the most recently active
 * first, read by the same function as GET /api/chatbot-conversations, once the session is checked;
 * `?view={id}` names the conversation whose transcript is open (so it opens without scripts too).
 * The screen only reads: it has no action.
 */
import type { AppLoadContext } from "react-router";
import { listChatbotConversations } from "~/features/admin/back-office.server";
import { requireAdminSession } from "~/features/admin/guard.server";
import type { ChatbotConversation } from "~/features/admin/types";

export type ChatbotLoaderData = { data: ChatbotConversation[]; viewing: string | null };

export async function chatbotLoader(request: Request, context: AppLoadContext): Promise<ChatbotLoaderData> {
  await requireAdminSession(request, context);
  const data = await listChatbotConversations(context.db);
  const asked = new URL(request.url).searchParams.get("view");
  return { data, viewing: data.some((c) => c._id === asked) ? asked : null };
}
