/**
 * The chat assistant on the server: sessions (each one a lead in the inbox), messages, replies from
 * the offline engine or the AI provider, the running summary, token budgets, and the knowledge index
 * kept in step with the blog. docs/decisions/014-chat-assistant.md says why it works this way.
 *
 * One `ChatAssistant` per server process (per database handle), created at start-up by server/main.ts
 * and found by the API routes with `chatAssistant(services)`. Several processes may share one
 * database: what must hold for the site as a whole lives in it (the day's token count, the knowledge
 * rows), blog changes reach every process through NOTIFY, and each keeps only its own in-memory index.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { type ChatSession, chatMessages, chatSessions, chatTokenDays, leads } from "#db/schema";
import { agency } from "~/content/agency";
import type { Config } from "~/env.server";
import { type AiSettings, aiProvider } from "~/features/ai/client.server";
import { type BlogChange, followBlogChanges } from "~/features/blog/posts.server";
import { arrivalColumns, roundRobinAssignee } from "~/features/leads/arrival.server";
import { newReference, type SubmissionContext } from "~/features/leads/leads.server";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { notificationMail } from "~/features/mail/templates.server";
import { isUuid } from "~/lib/uuid";
import { type Embedder, IndexCancelled, KnowledgeIndex, lineOfInsuranceType, type ModelEmbedder } from "./knowledge.server";
import { extractAnswer, LOCAL_MODEL, offlineSummary, smallTalk, stateLicensingAnswer } from "./local-engine.server";
import { type ChatRole, chatBudgetHandOff, chatGreeting, chatHandOff, chatLimits, chatTexts } from "./messages";
import {
  answerWithProvider,
  defaultProviderThreshold,
  embedTexts,
  HISTORY_MESSAGES,
  type HistoryMessage,
  summariseWithProvider,
} from "./provider-engine.server";
import { type Match, matchContent, retrieveLocal, type SearchMode } from "./retrieval.server";
import type { ChatIntake, ChatMessageView, ChatSessionCreated } from "./schema";

type Log = (level: "debug" | "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

export type ChatDeps = {
  /** The database, whether pgvector is installed, and how to hear other processes and take turns with them (db/client.ts). */
  database: Pick<DatabaseHandle, "db" | "hasVector" | "listen" | "withLock">;
  config: Config;
  log?: Log;
  /** Wakes the mail sender after a commit that queued mail. */
  nudgeMail?: () => void;
};

/** Lead fields of a chat (the leads inbox lists it with the forms' leads). */
export const CHAT_LEAD = { leadType: "chat", submissionType: "Chat Conversation", source: "Website Chat" } as const;

/** A visitor who starts another chat within this many hours continues the same lead (no second notification). */
export const CHAT_LEAD_REUSE_HOURS = 24;

/** Which engine produced a reply (logged; tests read it). */
export type Engine = "local" | "provider" | "fallback" | "budget" | "smalltalk";

export type Reply = { content: string; engine: Engine; sources: string[] };

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

const view = (m: { role: string; content: string; createdAt: Date }): ChatMessageView => ({
  role: (m.role === "user" ? "user" : "assistant") as ChatRole,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
});

/**
 * An error as a log line may carry it. A failed query's parameters are left out: they hold a chat's
 * id, which is the key to its transcript and never logged, and the visitor's own words. Its SQL, the
 * database's code and message, and the stack stay. Other errors pass unchanged.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failed = error as Error & { query?: unknown; params?: unknown };
  if (typeof failed.query !== "string" || !("params" in failed)) return error;
  const message = `Failed query: ${failed.query}`;
  // The stack begins with the message, parameters included: keep only the frames after it.
  const stack = failed.stack ?? "";
  const at = stack.indexOf(failed.message);
  const frames = at >= 0 ? stack.slice(at + failed.message.length) : "";
  const cause = failed.cause as { name?: string; message?: string; code?: string; constraint?: string; table?: string } | undefined;
  return {
    type: failed.constructor.name,
    message,
    stack: `${failed.name}: ${message}${frames}`,
    ...(cause && {
      cause: { type: cause.name, message: cause.message, code: cause.code, constraint: cause.constraint, table: cause.table },
    }),
  };
}

/** The calendar day in the agency's time zone: the daily budget starts again at local midnight. */
const agencyDay = (date = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: agency.hours.timezone }).format(date);

// ---- the conversation record the old widget's API and the back office use ----

export type ConversationRecord = {
  _id: string;
  name: string;
  email: string;
  phone: string;
  updatedAt: string;
  conversation: { _id: string; role: string; content: string; createdAt: string }[];
};

const assistants = new WeakMap<Database, ChatAssistant>();

/** The assistant of a server (created on first use when start-up did not create it). */
export function chatAssistant(services: { config: Config; database: ChatDeps["database"] }): ChatAssistant {
  return assistants.get(services.database.db) ?? new ChatAssistant({ database: services.database, config: services.config });
}

export class ChatAssistant {
  readonly index: KnowledgeIndex;
  private readonly database: ChatDeps["database"];
  private readonly db: Database;
  private readonly config: Config;
  private readonly log: Log;
  private readonly ai: AiSettings | null;
  private readonly nudgeMail: () => void;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly summaries = new Map<string, Promise<void>>();
  private localReady: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private stopped = false;

  constructor({ database, config, log, nudgeMail }: ChatDeps) {
    this.database = database;
    this.db = database.db;
    this.config = config;
    this.log = log ?? (() => {});
    this.nudgeMail = nudgeMail ?? (() => {});
    this.ai = aiProvider(config);
    this.index = new KnowledgeIndex(database, (level, data, message) => this.log(level, data, message));
    assistants.set(this.db, this);
  }

  /** Whether the similarity search runs in the database (pgvector) or in the application. */
  get searchMode(): SearchMode {
    return this.index.vectorColumn ? "pgvector" : "application";
  }

  get providerModel(): string | undefined {
    return this.ai?.embeddingModel;
  }

  /**
   * Follows blog changes (from every process on the database), builds the offline index, and the
   * provider's in the background. Resolves once it listens and the offline index is built. Safe to
   * call more than once.
   */
  start(): Promise<void> {
    if (this.localReady) return this.localReady;
    // Listening starts before the posts are read: a change committed in between is heard, not lost.
    this.localReady = this.track(
      this.followBlog()
        .then(() => this.index.build())
        .then(
          () => this.log("info", { items: this.index.allItems().length, search: this.searchMode }, "chat knowledge indexed"),
          (error) => {
            if (error instanceof IndexCancelled) return;
            this.log("error", { err: error }, "chat knowledge could not be indexed; answers hand over to the agency until it is");
          },
        ),
    );
    const ai = this.ai;
    if (ai) {
      const model = ai.embeddingModel;
      void this.index.pruneModels([LOCAL_MODEL, model]).catch(() => {});
      void this.track(
        this.localReady
          .then(() => this.index.indexModel(model, this.providerEmbedder(ai)))
          .then(
            (result) => this.log("info", { model, ...result }, "chat knowledge embedded by the AI provider"),
            (error) => {
              if (!(error instanceof IndexCancelled))
                this.log(
                  "warn",
                  { err: error, model },
                  "the AI provider could not embed the chat knowledge; retrieval uses the offline engine",
                );
            },
          ),
      );
    } else {
      void this.index.pruneModels([LOCAL_MODEL]).catch(() => {});
    }
    return this.localReady;
  }

  /** Stops following the blog, then waits for work in flight (indexing, summaries). */
  async stop(): Promise<void> {
    this.stopped = true;
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => {});
    this.index.cancel();
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await this.index.idle();
    assistants.delete(this.db);
  }

  /** Resolves when the background indexing and summaries started so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    await this.index.idle();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  private providerEmbedder(ai: AiSettings): Embedder {
    // Indexing may take longer than one chat call: a batch of 64 texts per request.
    return async (texts) => (await embedTexts(ai, texts, Math.max(this.config.CHAT_PROVIDER_TIMEOUT_MS, 30_000))).vectors;
  }

  /** The models besides the offline one that blog changes are embedded with (the provider's, once indexed). */
  private otherModels(): ModelEmbedder[] {
    const ai = this.ai;
    return ai ? [{ model: ai.embeddingModel, embed: this.providerEmbedder(ai) }] : [];
  }

  // ---- knowledge upkeep (blog changes from every process) ----

  /** Subscribes to blog changes; a failure is logged and the index then follows the blog only at start. */
  private async followBlog(): Promise<void> {
    try {
      const unlisten = await followBlogChanges(this.database, (change) => this.applyBlogChange(change), {
        onResync: () => void this.resyncBlog(),
        onError: (error) =>
          this.log("warn", { err: error }, "chat knowledge: the connection that hears blog changes was lost; reconnecting"),
        onListenerError: (error, change) => this.log("error", { err: error, change }, "a blog change listener failed"),
      });
      if (this.stopped) await unlisten();
      else this.unlisten = unlisten;
    } catch (error) {
      this.log("error", { err: error }, "chat knowledge cannot follow blog changes; posts are indexed at the next start");
    }
  }

  private async applyBlogChange({ type, id }: BlogChange): Promise<void> {
    if (this.stopped) return;
    try {
      if (type === "deleted") await this.removeBlogPost(id);
      else await this.reindexBlogPost(id);
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log(
        "error",
        { err: error, postId: id, change: type },
        "chat knowledge: a blog change could not be indexed; it is picked up at the next start",
      );
    }
  }

  /** Re-reads every post: blog changes may have been missed while the notification connection was down. */
  async resyncBlog(): Promise<void> {
    if (this.stopped) return;
    try {
      const items = await this.track(this.start().then(() => this.index.resyncBlog(this.otherModels())));
      this.log("info", { items }, "chat knowledge: blog posts re-read after the notification connection came back");
    } catch (error) {
      if (error instanceof IndexCancelled) return;
      this.log("error", { err: error }, "chat knowledge: blog posts could not be re-read; changes are picked up at the next start");
    }
  }

  /** Re-reads a blog post into the knowledge base (a draft or a deleted post leaves it). */
  reindexBlogPost(id: string): Promise<number> {
    return this.track(this.start().then(() => this.index.reindexBlogPost(id, this.otherModels())));
  }

  removeBlogPost(id: string): Promise<void> {
    return this.track(this.start().then(() => this.index.removeBlogPost(id)));
  }

  // ---- sessions ----

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
                ...arrivalColumns(this.config, now),
              })
              .returning({ id: leads.id, reference: leads.reference });
            lead = row;
            const assigneeId = await roundRobinAssignee(tx, row.id);
            if (assigneeId) await tx.update(leads).set({ assigneeId }).where(eq(leads.id, row.id));
            await enqueueMail(
              tx,
              notificationMail({
                to: this.config.AGENCY_INBOX,
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

  private async sessionMessages(sessionId: string) {
    return this.db
      .select({ role: chatMessages.role, content: chatMessages.content, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  }

  /**
   * The conversation of one chat, for the browser that holds its id; null for an unknown session.
   * Other chats of the same visitor stay out: the id is the only key, to this transcript alone.
   */
  async history(id: string): Promise<ChatMessageView[] | null> {
    const session = await this.session(id);
    if (!session) return null;
    return (await this.sessionMessages(session.id)).map(view);
  }

  /**
   * Stores the visitor's message, produces and stores the reply, and (from the summary threshold on)
   * refreshes the summary in the background. Null for an unknown session. Never fails because of the
   * AI provider: its failures fall back to the offline engine.
   */
  async send(id: string, content: string): Promise<{ reply: ChatMessageView; engine: Engine; sources: string[] } | null> {
    const session = await this.session(id);
    if (!session) return null;
    const before = await this.sessionMessages(session.id);
    const userAt = new Date(Math.max(Date.now(), (before.at(-1)?.createdAt.getTime() ?? 0) + 1));
    await this.db.insert(chatMessages).values({ sessionId: session.id, role: "user", content, createdAt: userAt });

    const history: HistoryMessage[] = before.map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content }));
    const reply = await this.reply(session, content, history);
    const text = reply.content.trim() || chatTexts.errors.emptyReply;
    const replyAt = new Date(Math.max(Date.now(), userAt.getTime() + 1));
    await this.db.insert(chatMessages).values({ sessionId: session.id, role: "assistant", content: text, createdAt: replyAt });
    await this.db.update(chatSessions).set({ updatedAt: replyAt }).where(eq(chatSessions.id, session.id));

    if (before.length + 2 >= chatLimits.summaryThreshold) this.scheduleSummary(session.id);
    // Never the session's id (the key to its transcript): the lead tells the back office which chat it was.
    this.log("info", { leadId: session.leadId, engine: reply.engine, sources: reply.sources }, "chat reply");
    return { reply: view({ role: "assistant", content: text, createdAt: replyAt }), engine: reply.engine, sources: reply.sources };
  }

  // ---- replies ----

  private async budgetLeft(session: Pick<ChatSession, "tokensUsed">): Promise<boolean> {
    const { CHAT_SESSION_TOKEN_BUDGET: perSession, CHAT_DAILY_TOKEN_BUDGET: perDay } = this.config;
    if (perSession > 0 && session.tokensUsed >= perSession) return false;
    return !(perDay > 0 && (await this.tokensToday()) >= perDay);
  }

  /**
   * Counts provider tokens against the chat's and the day's budgets. The day's count is the site's,
   * kept in the database and added to in one statement, so processes spending at once all count.
   */
  private async spend(sessionId: string, tokens: number) {
    if (tokens <= 0) return;
    await this.db
      .update(chatSessions)
      .set({ tokensUsed: sql`${chatSessions.tokensUsed} + ${tokens}` })
      .where(eq(chatSessions.id, sessionId));
    await this.db
      .insert(chatTokenDays)
      .values({ day: agencyDay(), tokens })
      .onConflictDoUpdate({ target: chatTokenDays.day, set: { tokens: sql`${chatTokenDays.tokens} + excluded.tokens` } });
  }

  /** Tokens used today (the agency's day) by all chats of every process. */
  async tokensToday(): Promise<number> {
    const [row] = await this.db.select({ tokens: chatTokenDays.tokens }).from(chatTokenDays).where(eq(chatTokenDays.day, agencyDay()));
    return row?.tokens ?? 0;
  }

  private smallTalkReply(kind: NonNullable<ReturnType<typeof smallTalk>>, session: ChatSession): string {
    const officeHours = `${agency.hours.weekdays.days}, ${agency.hours.weekdays.label} CT`;
    if (kind === "human")
      return `Of course. A licensed agent can help you at ${agency.phone.primary.display} (${officeHours}), or send us a WhatsApp message with the button below.`;
    if (kind === "thanks")
      return `You're welcome, ${session.name}! Anything else about ${session.insuranceType === "Other" ? "your coverage" : session.insuranceType} I can help with?`;
    return `Hello ${session.name}! What would you like to know about ${session.insuranceType === "Other" ? "your coverage" : session.insuranceType}?`;
  }

  /** The offline engine's answer: a direct fact, the best item's most relevant sentences, or an honest hand-off. */
  async localAnswer(question: string, insuranceType: string): Promise<Reply> {
    const licensing = stateLicensingAnswer(question);
    if (licensing) return { content: licensing, engine: "local", sources: ["agency:licensed-states"] };
    const found = await this.retrieveLocal(question, insuranceType);
    const best = found.matches[0];
    if (!best) return { content: chatHandOff(), engine: "local", sources: [] };
    const text = extractAnswer(question, best, this.index.lexical);
    const content = best.kind === "topic" || best.kind === "risk" ? `${best.title}: ${text}` : text;
    return { content, engine: "local", sources: [best.source] };
  }

  retrieveLocal(question: string, insuranceType?: string, mode: SearchMode = this.searchMode) {
    return retrieveLocal(this.db, this.index, question, {
      threshold: this.config.CHAT_MATCH_THRESHOLD,
      count: this.config.CHAT_MATCH_COUNT,
      line: insuranceType ? lineOfInsuranceType(insuranceType) : undefined,
      mode,
    });
  }

  private providerThreshold(): number {
    return this.config.CHAT_PROVIDER_MATCH_THRESHOLD ?? defaultProviderThreshold(this.ai?.embeddingModel ?? "");
  }

  /** The items the provider's answer is grounded on: by the provider's embeddings once indexed, else offline. */
  private async retrieveForProvider(ai: AiSettings, session: ChatSession, question: string): Promise<Match[]> {
    if (this.index.isReady(ai.embeddingModel)) {
      try {
        const { vectors, tokens } = await embedTexts(ai, [question], this.config.CHAT_PROVIDER_TIMEOUT_MS);
        await this.spend(session.id, tokens);
        return await matchContent(this.db, this.index, {
          model: ai.embeddingModel,
          embedding: vectors[0],
          threshold: this.providerThreshold(),
          count: this.config.CHAT_MATCH_COUNT,
          mode: this.searchMode,
        });
      } catch (error) {
        this.log(
          "warn",
          { err: loggableError(error), leadId: session.leadId },
          "the AI provider could not embed a question; retrieving offline",
        );
      }
    }
    return (await this.retrieveLocal(question, session.insuranceType)).matches;
  }

  private async reply(session: ChatSession, question: string, history: HistoryMessage[]): Promise<Reply> {
    await this.start();
    const small = smallTalk(question);
    if (small) return { content: this.smallTalkReply(small, session), engine: "smalltalk", sources: [] };
    const ai = this.ai;
    if (!ai) return this.localAnswer(question, session.insuranceType);
    if (!(await this.budgetLeft(session))) {
      this.log(
        "warn",
        { leadId: session.leadId, sessionTokens: session.tokensUsed, dailyTokens: await this.tokensToday() },
        "chat token budget used up: handing over to the agency",
      );
      return { content: chatBudgetHandOff(), engine: "budget", sources: [] };
    }
    let matches: Match[] = [];
    try {
      matches = await this.retrieveForProvider(ai, session, question);
      const result = await answerWithProvider(ai, {
        visitor: { name: session.name, insuranceType: session.insuranceType },
        summary: session.summary,
        matches,
        history: history.slice(-HISTORY_MESSAGES),
        question,
        timeoutMs: this.config.CHAT_PROVIDER_TIMEOUT_MS,
      });
      await this.spend(session.id, result.tokens);
      // Spec 001 section 8: an empty answer becomes the apology.
      return { content: result.content || chatTexts.errors.emptyReply, engine: "provider", sources: matches.map((m) => m.source) };
    } catch (error) {
      this.log(
        "warn",
        { err: loggableError(error), leadId: session.leadId },
        "the AI provider failed to answer; the offline engine answers instead",
      );
      return { ...(await this.localAnswer(question, session.insuranceType)), engine: "fallback" };
    }
  }

  // ---- summary ----

  /** Summaries of one chat run one after another, after the reply has been sent. */
  private scheduleSummary(sessionId: string) {
    const previous = this.summaries.get(sessionId) ?? Promise.resolve();
    const next = previous.then(async () => {
      await this.summarise(sessionId);
    });
    this.summaries.set(sessionId, next);
    this.track(next).finally(() => {
      if (this.summaries.get(sessionId) === next) this.summaries.delete(sessionId);
    });
  }

  /**
   * Refreshes the session's summary: the provider's (summary model) when configured and within
   * budget, else the offline one. A failure stores an empty summary (spec 001 section 8); the chat
   * goes on.
   */
  async summarise(sessionId: string): Promise<string> {
    const session = await this.session(sessionId);
    if (!session || this.stopped) return "";
    const messages = await this.sessionMessages(session.id);
    const visitor = { name: session.name, insuranceType: session.insuranceType };
    let summary = "";
    try {
      if (this.ai && (await this.budgetLeft(session))) {
        const result = await summariseWithProvider(this.ai, {
          visitor,
          messages: messages.map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content })),
          timeoutMs: this.config.CHAT_PROVIDER_TIMEOUT_MS,
        });
        await this.spend(session.id, result.tokens);
        summary = result.content;
      } else {
        summary = offlineSummary(
          visitor,
          messages.filter((m) => m.role === "user").map((m) => m.content),
        );
      }
    } catch (error) {
      this.log("warn", { err: loggableError(error), leadId: session.leadId }, "the chat summary failed; an empty summary is used");
      summary = "";
    }
    try {
      // Another process may be summarising the same chat after a later message (each message goes to
      // whichever process the load balancer picks): a summary is stored only while it covers every
      // message, so an older one never overwrites a newer one.
      await this.db
        .update(chatSessions)
        .set({ summary: summary.slice(0, 4000) })
        .where(
          and(
            eq(chatSessions.id, session.id),
            sql`(select count(*) from ${chatMessages} where ${chatMessages.sessionId} = ${session.id}) = ${messages.length}`,
          ),
        );
    } catch (error) {
      this.log("error", { err: loggableError(error), leadId: session.leadId }, "the chat summary could not be stored");
    }
    return summary;
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
    await this.db
      .insert(chatMessages)
      .values({ sessionId: latest.id, role: role === "ai" ? "assistant" : "user", content, createdAt: now });
    await this.db.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, latest.id));
    return this.conversation(email);
  }
}
