/** The chat API as the widget uses it (server/api/chat.ts). */
import type { ChatRole } from "../messages";
import type { ChatLink } from "../schema";
import type { VisitorInfo } from "./session-store";

export type ApiMessage = { role: ChatRole; content: string; createdAt?: string; link?: ChatLink };

/** An answer's page link, kept only when it names a page of this site ("/insurance/hoa", never "//host" or "https:"). */
function asLink(value: unknown): ChatLink | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { path, title } = value as Record<string, unknown>;
  if (typeof path !== "string" || typeof title !== "string" || !/^\/(?!\/)[^\s\\]*$/.test(path) || title.trim() === "") return undefined;
  return { path, title };
}

export class ChatApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

async function call(url: string, init?: { method: "POST"; body: unknown }): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init?.method ?? "GET",
      headers: init ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: init ? JSON.stringify(init.body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    throw new ChatApiError("Network error", 0);
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !data || typeof data !== "object") {
    const errors = data && typeof data.errors === "object" && data.errors !== null ? (data.errors as Record<string, string>) : undefined;
    throw new ChatApiError(typeof data?.message === "string" ? data.message : `HTTP ${res.status}`, res.status, errors);
  }
  return data;
}

function asMessages(value: unknown): ApiMessage[] {
  if (!Array.isArray(value)) throw new ChatApiError("Unexpected answer", 200);
  return value
    .filter(
      (m): m is ApiMessage =>
        typeof m === "object" && m !== null && (m.role === "user" || m.role === "assistant") && typeof m.content === "string",
    )
    .map((m) => {
      const link = m.role === "assistant" ? asLink(m.link) : undefined;
      return { role: m.role, content: m.content, createdAt: m.createdAt, ...(link ? { link } : {}) };
    });
}

/**
 * Starts a session: its id (the only key to its transcript, kept by session-store.ts), the greeting,
 * and any messages the server answers with it, oldest first (ours answers none: a new intake is a new
 * conversation).
 */
export async function startSession(info: VisitorInfo): Promise<{ id: string; messages: ApiMessage[]; greeting: string | null }> {
  const data = await call("/api/chat/sessions", { method: "POST", body: info });
  if (typeof data.id !== "string" || data.id === "") throw new ChatApiError("Unexpected answer", 200);
  return {
    id: data.id,
    messages: asMessages(data.messages ?? []),
    greeting: typeof data.greeting === "string" && data.greeting !== "" ? data.greeting : null,
  };
}

export async function fetchMessages(sessionId: string): Promise<ApiMessage[]> {
  const data = await call(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`);
  return asMessages(data.messages);
}

export async function sendMessage(sessionId: string, content: string): Promise<ApiMessage> {
  const data = await call(`/api/chat/sessions/${encodeURIComponent(sessionId)}/messages`, { method: "POST", body: { content } });
  const [reply] = asMessages([data.reply]);
  if (!reply) throw new ChatApiError("Unexpected answer", 200);
  return reply;
}
