/**
 * The back office's read models over the shared tables: contact-form submissions (leads of type
 * contact_form) and chat transcripts (chat sessions grouped by the visitor's email), in the field
 * names of the spec's API (spec 001 section 3).
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { chatMessages, chatSessions, leads } from "#db/schema";
import type { ChatbotConversation, ContactSubmission, ConversationMessage } from "./types";

/** The newest contact-form submissions first. */
export async function listContactSubmissions(db: Database, limit = 500): Promise<ContactSubmission[]> {
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      service: leads.service,
      message: leads.message,
      receivedAt: leads.receivedAt,
    })
    .from(leads)
    .where(eq(leads.leadType, "contact_form"))
    .orderBy(desc(leads.receivedAt))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    fullName: r.name,
    email: r.email,
    phoneNumber: r.phone,
    insuranceType: r.service ?? "",
    message: r.message ?? "",
    createdAt: r.receivedAt.toISOString(),
  }));
}

/**
 * One conversation per visitor email (a returning visitor continues the same transcript), the most
 * recently active first, with the name and phone they gave last.
 */
export async function listChatbotConversations(db: Database, limit = 200): Promise<ChatbotConversation[]> {
  const sessions = await db
    .select()
    .from(chatSessions)
    .orderBy(desc(chatSessions.updatedAt))
    .limit(limit * 5);
  const byEmail = new Map<string, { first: (typeof sessions)[number]; ids: string[] }>();
  for (const s of sessions) {
    const key = s.email.toLowerCase();
    const entry = byEmail.get(key);
    if (entry) entry.ids.push(s.id);
    else if (byEmail.size < limit) byEmail.set(key, { first: s, ids: [s.id] });
  }
  const ids = [...byEmail.values()].flatMap((e) => e.ids);
  const messages = ids.length
    ? await db
        .select()
        .from(chatMessages)
        .where(inArray(chatMessages.sessionId, ids))
        .orderBy(chatMessages.createdAt, sql`${chatMessages.id}`)
    : [];
  const bySession = new Map<string, ConversationMessage[]>();
  for (const m of messages) {
    const list = bySession.get(m.sessionId) ?? [];
    list.push({ _id: m.id, role: m.role, content: m.content, createdAt: m.createdAt.toISOString() });
    bySession.set(m.sessionId, list);
  }
  return [...byEmail.values()].map(({ first, ids: sessionIds }) => {
    const conversation = sessionIds.flatMap((id) => bySession.get(id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return {
      _id: first.id,
      name: first.name,
      email: first.email,
      phone: first.phone,
      updatedAt: first.updatedAt.toISOString(),
      conversation,
    };
  });
}
