/**
 * Chat sessions: a new chat (its session, its lead in the inbox with the agency's notification, and
 * the greeting), reading a chat and its messages, adding messages, and the old widget's conversation
 * records (admin API). docs/decisions/014-chat-assistant.md says why it works this way.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { type ChatSession, chatMessages, chatSessions, leads } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { agencyInbox, type Config } from "~/env.server";
import { arrivalColumns, roundRobinAssignee } from "~/features/leads/arrival.server";
import { newReference, type SubmissionContext } from "~/features/leads/leads.server";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { notificationMail } from "~/features/mail/templates.server";
import { isUuid } from "~/lib/uuid";
import { type ChatRole, chatGreeting } from "./messages";
import type { ChatIntake, ChatLink, ChatMessageView, ChatSessionCreated } from "./schema";

export type ChatSessionsDeps = {
  db: Database;
  config: Config;
  /** The stored profile's current facts: a new chat's lead and mail are written with them. */
  site: () => SiteFacts;
  /** Wakes the mail sender after a commit that queued mail. */
  nudgeMail?: () => void;
};

/** Lead fields of a chat (the leads inbox lists it with the forms' leads). */
export const CHAT_LEAD = { leadType: "chat", submissionType: "Chat Conversation", source: "Website Chat" } as const;

/** A visitor who starts another chat within this many hours continues the same lead (no second notification). */
export const CHAT_LEAD_REUSE_HOURS = 24;

export const isSessionId = (id: string) => isUuid(id);

/**
 * A new chat's id: the only key to its transcript, so 128 bits from the system's CSPRNG, written in
 * UUID form to fit the uuid columns. Not a version-4 UUID: its fixed version and variant bits would
 * leave 122 random ones, under the 128 a session token needs (ASVS 5.0, V7.2.3).
 */
export function newSessionId(): string {
  const hex = randomBytes(16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A stored message as the widget shows it. */
export const messageView = (m: { role: string; content: string; createdAt: Date; link?: ChatLink | null }): ChatMessageView => ({
  role: (m.role === "user" ? "user" : "assistant") as ChatRole,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  ...(m.link && m.role !== "user" ? { link: { path: m.link.path, title: m.link.title } } : {}),
});

// ---- the conversation record the old widget's API and the back office use ----

export type ConversationRecord = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  updatedAt: string;
  conversation: { _id: string; role: string; content: string; createdAt: string }[];
};

/** A stored message of a chat, oldest first. */
export type StoredMessage = { role: string; content: string; createdAt: Date; link?: ChatLink | null };

export class ChatSessions {
  private readonly db: Database;
  private readonly config: Config;
  private readonly site: () => SiteFacts;
  private readonly nudgeMail: () => void;

  constructor({ db, config, site, nudgeMail }: ChatSessionsDeps) {
    this.db = db;
    this.config = config;
    this.site = site;
    this.nudgeMail = nudgeMail ?? (() => {});
  }

  /**
   * A new chat: the session, its lead (or the lead of the same email in the last
   * CHAT_LEAD_REUSE_HOURS) with the agency's notification, and the greeting, in one transaction.
   * Always a new conversation: an earlier chat's messages are shown only to the browser holding
   * that chat's id (`history`), never because someone typed the same email and phone.
   */
  async createSession(intake: ChatIntake, context: SubmissionContext): Promise<ChatSessionCreated & { leadId: string; reference: string }> {
    const greeting = chatGreeting(intake.name, intake.insuranceType);
    const sessionId = newSessionId();
    let queuedMail = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.db.transaction(async (tx) => {
          const now = new Date();
          const site = this.site();
          const [recent] = await tx
            .select({ id: leads.id, reference: leads.reference })
            .from(leads)
            .where(
              and(
                eq(leads.leadType, CHAT_LEAD.leadType),
                sql`lower(${leads.email}) = ${intake.email.toLowerCase()}`,
                gt(leads.receivedAt, new Date(now.getTime() - CHAT_LEAD_REUSE_HOURS * 3_600_000)),
              ),
            )
            .orderBy(desc(leads.receivedAt))
            .limit(1);
          let lead = recent;
          if (!lead) {
            const reference = newReference();
            const [row] = await tx
              .insert(leads)
              .values({
                ...CHAT_LEAD,
                reference,
                name: intake.name,
                email: intake.email,
                phone: intake.phone,
                service: intake.insuranceType,
                payload: {
                  name: intake.name,
                  email: intake.email,
                  phone: intake.phone,
                  insuranceType: intake.insuranceType,
                  chatSessionId: sessionId,
                },
                receivedAt: now,
                ip: context.ip ?? null,
                userAgent: context.userAgent ?? null,
                referrer: context.referrer ?? null,
                pageUrl: context.pageUrl ?? null,
                utm: context.utm && Object.keys(context.utm).length ? context.utm : null,
                ...arrivalColumns(this.config, site, now),
              })
              .returning({ id: leads.id, reference: leads.reference });
            lead = row;
            const assigneeId = await roundRobinAssignee(tx, row.id);
            if (assigneeId) await tx.update(leads).set({ assigneeId }).where(eq(leads.id, row.id));
            await enqueueMail(
              tx,
              notificationMail(site, {
                to: agencyInbox(this.config, site),
                replyTo: intake.email,
                subject: `Chat Conversation: ${intake.insuranceType}`,
                heading: `${intake.name} started a chat on the website`,
                reference,
                receivedAt: now,
                fields: [
                  ["Name", intake.name],
                  ["Email", intake.email],
                  ["Phone", intake.phone],
                  ["Insurance Type", intake.insuranceType],
                  ["Source", CHAT_LEAD.source],
                  ["Page", context.pageUrl ?? ""],
                ],
                notes: ["The conversation is in the back office under Chatbot Management."],
              }),
              { leadId: row.id, domain: mailDomain(this.config) },
            );
            queuedMail = true;
          }
          await tx.insert(chatSessions).values({
            id: sessionId,
            name: intake.name,
            email: intake.email,
            phone: intake.phone,
            insuranceType: intake.insuranceType,
            leadId: lead.id,
            ip: context.ip ?? null,
            userAgent: context.userAgent ?? null,
            createdAt: now,
            updatedAt: now,
          });
          await tx.insert(chatMessages).values({ sessionId, role: "assistant", content: greeting, createdAt: now });
          return { leadId: lead.id, reference: lead.reference };
        });
        if (queuedMail) this.nudgeMail();
        return { id: sessionId, messages: [], greeting, ...result };
      } catch (error) {
        queuedMail = false;
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  async session(id: string): Promise<ChatSession | null> {
    if (!isSessionId(id)) return null;
    const [row] = await this.db.select().from(chatSessions).where(eq(chatSessions.id, id.toLowerCase()));
    return row ?? null;
  }

  /** The messages of a chat, oldest first. */
  messages(sessionId: string): Promise<StoredMessage[]> {
    return this.db
      .select({ role: chatMessages.role, content: chatMessages.content, createdAt: chatMessages.createdAt, link: chatMessages.link })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  }

  /** Stores a message of a chat; `touch` also marks the chat as updated then. */
  async addMessage(
    sessionId: string,
    message: { role: "user" | "assistant"; content: string; createdAt: Date; link?: ChatLink | null },
    touch = false,
  ) {
    await this.db.insert(chatMessages).values({ sessionId, ...message });
    if (touch) await this.db.update(chatSessions).set({ updatedAt: message.createdAt }).where(eq(chatSessions.id, sessionId));
  }

  /**
   * The conversation of one chat, for the browser that holds its id; null for an unknown session.
   * Other chats of the same visitor stay out: the id is the only key, to this transcript alone.
   */
  async history(id: string): Promise<ChatMessageView[] | null> {
    const session = await this.session(id);
    if (!session) return null;
    return (await this.messages(session.id)).map(messageView);
  }

  // ---- the old widget's conversation API (admin) ----

  /** The conversation of an email (all its chats), as GET /api/chatbot-conversations lists it; null when there is none. */
  async conversation(email: string): Promise<ConversationRecord | null> {
    const sessions = await this.db
      .select()
      .from(chatSessions)
      .where(sql`lower(${chatSessions.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(chatSessions.updatedAt));
    const latest = sessions[0];
    if (!latest) return null;
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.sessionId,
          sessions.map((s) => s.id),
        ),
      )
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
    return {
      _id: latest.id,
      name: latest.name,
      email: latest.email,
      phone: latest.phone,
      updatedAt: latest.updatedAt.toISOString(),
      conversation: rows.map((m) => ({ _id: m.id, role: m.role, content: m.content, createdAt: m.createdAt.toISOString() })),
    };
  }

  /** POST /api/chatbot-conversations: the email's conversation, created (empty, no lead) when there is none. */
  async createOrGetConversation(input: {
    name: string;
    email: string;
    phone: string;
  }): Promise<{ record: ConversationRecord; created: boolean }> {
    const existing = await this.conversation(input.email);
    if (existing) return { record: existing, created: false };
    await this.db
      .insert(chatSessions)
      .values({ id: newSessionId(), name: input.name, email: input.email, phone: input.phone, insuranceType: "" });
    const record = await this.conversation(input.email);
    if (!record) throw new Error("The conversation just created could not be read back");
    return { record, created: true };
  }

  /** POST /api/chatbot-conversations/:email/message: appends to the email's latest chat; null when there is none. */
  async appendToConversation(email: string, role: "user" | "ai", content: string): Promise<ConversationRecord | null> {
    const [latest] = await this.db
      .select({ id: chatSessions.id })
      .from(chatSessions)
      .where(sql`lower(${chatSessions.email}) = ${email.toLowerCase()}`)
      .orderBy(desc(chatSessions.updatedAt))
      .limit(1);
    if (!latest) return null;
    const now = new Date();
    await this.addMessage(latest.id, { role: role === "ai" ? "assistant" : "user", content, createdAt: now }, true);
    return this.conversation(email);
  }
}
