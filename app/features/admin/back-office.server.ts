/**
 * The back office's read models over the shared tables: contact-form submissions (leads of type
 * contact_form) and chat transcripts (chat sessions grouped by the visitor's email), in the field
 * names of the spec's API (spec 001 section 3).
 */
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { chatMessages, chatSessions, leads } from "#db/schema";
import { searchText } from "#db/search";
import { ADMIN_PAGE_SIZE, type Paged, pageWindow } from "~/lib/paging";
import type { SearchTerms } from "~/lib/search";
import { searchWhere } from "~/lib/search.server";
import type { ChatbotConversation, ContactSubmission, ConversationMessage } from "./types";

/** The contact-form submissions, newest first, a page at a time (`page` from 1; past the end, the last). */
export async function listContactSubmissions(
  db: Database,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
  search: SearchTerms | null = null,
): Promise<Paged<ContactSubmission>> {
  const isContact = and(
    eq(leads.leadType, "contact_form"),
    search ? searchWhere(searchText.leads, search, searchText.names.leads) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(leads).where(isContact);
  const total = Number(n);
  const at = pageWindow(total, page, pageSize);
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
    .where(isContact)
    .orderBy(desc(leads.receivedAt), desc(leads.id))
    .limit(at.pageSize)
    .offset(at.offset);
  const items = rows.map((r) => ({
    _id: r.id,
    fullName: r.name,
    email: r.email,
    phoneNumber: r.phone,
    insuranceType: r.service ?? "",
    message: r.message ?? "",
    createdAt: r.receivedAt.toISOString(),
  }));
  return { items, page: at.page, pageSize: at.pageSize, total, pageCount: at.pageCount };
}

/**
 * One conversation per visitor email (a returning visitor continues the same transcript), the most
 * recently active first, with the name and phone they gave last; a page of visitors at a time.
 */
export async function listChatbotConversations(
  db: Database,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
  search: SearchTerms | null = null,
): Promise<Paged<ChatbotConversation>> {
  const visitor = sql<string>`lower(${chatSessions.email})`;
  // A visitor is found by what they gave (name, email, phone) or by anything said in one of their chats.
  const found = search
    ? or(
        searchWhere(searchText.chatSessions, search, searchText.names.chatSessions),
        sql`exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${chatSessions.id} and ${searchWhere(searchText.chatMessages, search)})`,
      )
    : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${visitor})` })
    .from(chatSessions)
    .where(found);
  const total = Number(n);
  const at = pageWindow(total, page, pageSize);
  const visitors = await db
    .select({ key: visitor })
    .from(chatSessions)
    .where(found)
    .groupBy(visitor)
    .orderBy(desc(sql`max(${chatSessions.updatedAt})`), visitor)
    .limit(at.pageSize)
    .offset(at.offset);
  const keys = visitors.map((v) => v.key);
  const sessions = keys.length
    ? await db.select().from(chatSessions).where(inArray(visitor, keys)).orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    : [];
  // Each visitor's sessions, the most recent first (its name and phone are the ones shown).
  const byVisitor = new Map<string, (typeof sessions)[number][]>();
  for (const s of sessions) {
    const key = s.email.toLowerCase();
    byVisitor.set(key, [...(byVisitor.get(key) ?? []), s]);
  }
  const ids = sessions.map((s) => s.id);
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
  const items = keys.flatMap((key) => {
    const visits = byVisitor.get(key);
    if (!visits) return [];
    const [first] = visits;
    const conversation = visits.flatMap((v) => bySession.get(v.id) ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return [
      { _id: first.id, name: first.name, email: first.email, phone: first.phone, updatedAt: first.updatedAt.toISOString(), conversation },
    ];
  });
  return { items, page: at.page, pageSize: at.pageSize, total, pageCount: at.pageCount };
}
