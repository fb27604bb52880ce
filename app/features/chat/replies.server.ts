/**
 * Replies: answering a visitor's message through the offline engine, or through the AI provider
 * grounded on the retrieved knowledge (within the token budgets, falling back to the offline engine
 * when the provider fails), and the running summary of a chat that the provider reads.
 * docs/decisions/014-chat-assistant.md says why it works this way.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type ChatSession, chatMessages, chatSessions } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import type { AiSettings } from "~/features/ai/client.server";
import { CALL_BACK_SOURCE, callBackAnswer, callBackDelay, isCallBackQuestion } from "./call-back.server";

import type { KnowledgeSync } from "./knowledge-sync.server";
import { extractAnswer, isOtherLanguage, lineWeDoNotWrite, offlineSummary, smallTalk, stateLicensingAnswer } from "./local-engine.server";
import { type ChatLog, loggableError } from "./log.server";
import { chatBudgetHandOff, chatHandOff, chatLimits, chatNotOurLine, chatOtherLanguage, chatTexts, officeHoursShort } from "./messages";
import {
  answerWithProvider,
  defaultProviderThreshold,
  embedTexts,
  HISTORY_MESSAGES,
  type HistoryMessage,
  summariseWithProvider,
} from "./provider-engine.server";
import { type Match, matchContent, retrieveLocal } from "./retrieval.server";
import type { ChatMessageView } from "./schema";
import { type ChatSessions, messageView } from "./sessions.server";
import { lineOfInsuranceType, type PageLink, pages } from "./site-knowledge.server";
import type { TokenBudget } from "./token-budget.server";

/** Which engine produced a reply (logged; tests read it). */
export type Engine = "local" | "provider" | "fallback" | "budget" | "smalltalk";

/** `link`: the page the answer came from ("More on this: ..."), when it came from one. */
export type Reply = { content: string; engine: Engine; sources: string[]; link: PageLink | null };

export type ChatRepliesDeps = {
  db: Database;
  config: Config;
  /** The AI provider (the `ai` service), or null: the offline engine answers. */
  ai: AiSettings | null;
  log: ChatLog;
  sessions: ChatSessions;
  knowledge: KnowledgeSync;
  budget: TokenBudget;
  /** The agency's facts now (the stored profile): each reply reads them when it is made. */
  site: () => SiteFacts;
  /** The time now: when a call-back asked for now is due. */
  now: () => Date;
};

export class ChatReplies {
  private readonly db: Database;
  private readonly config: Config;
  private readonly ai: AiSettings | null;
  private readonly log: ChatLog;
  private readonly sessions: ChatSessions;
  private readonly knowledge: KnowledgeSync;
  private readonly budget: TokenBudget;
  private readonly site: () => SiteFacts;
  private readonly now: () => Date;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly summaries = new Map<string, Promise<void>>();
  private stopped = false;

  constructor({ db, config, ai, log, sessions, knowledge, budget, site, now }: ChatRepliesDeps) {
    this.db = db;
    this.config = config;
    this.ai = ai;
    this.log = log;
    this.sessions = sessions;
    this.knowledge = knowledge;
    this.budget = budget;
    this.site = site;
    this.now = now;
  }

  /** No summary starts from now on; resolves when those in flight are done. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.settled();
  }

  /** Resolves when the summaries started so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    void promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  /**
   * Stores the visitor's message, produces and stores the reply, and (from the summary threshold on)
   * refreshes the summary in the background. Null for an unknown session. Never fails because of the
   * AI provider: its failures fall back to the offline engine.
   */
  async send(id: string, content: string): Promise<{ reply: ChatMessageView; engine: Engine; sources: string[] } | null> {
    const session = await this.sessions.session(id);
    if (!session) return null;
    const before = await this.sessions.messages(session.id);
    const userAt = new Date(Math.max(Date.now(), (before.at(-1)?.createdAt.getTime() ?? 0) + 1));
    await this.sessions.addMessage(session.id, { role: "user", content, createdAt: userAt });

    const history: HistoryMessage[] = before.map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content }));
    const reply = await this.reply(session, content, history);
    const text = reply.content.trim() || chatTexts.errors.emptyReply;
    const replyAt = new Date(Math.max(Date.now(), userAt.getTime() + 1));
    const link = reply.content.trim() ? reply.link : null;
    await this.sessions.addMessage(session.id, { role: "assistant", content: text, createdAt: replyAt, link }, true);

    if (before.length + 2 >= chatLimits.summaryThreshold) this.scheduleSummary(session.id);
    // Never the session's id (the key to its transcript): the lead tells the back office which chat it was.
    this.log("info", { leadId: session.leadId, engine: reply.engine, sources: reply.sources }, "chat reply");
    return {
      reply: messageView({ role: "assistant", content: text, createdAt: replyAt, link }),
      engine: reply.engine,
      sources: reply.sources,
    };
  }

  private smallTalkReply(kind: NonNullable<ReturnType<typeof smallTalk>>, session: ChatSession): string {
    const site = this.site();
    if (kind === "human")
      return `Of course. A licensed agent can help you at ${site.agency.phone.primary.display} (${officeHoursShort(site)}), or send us a WhatsApp message with the button below.`;
    if (kind === "thanks")
      return `You're welcome, ${session.name}! Anything else about ${session.insuranceType === "Other" ? "your coverage" : session.insuranceType} I can help with?`;
    return `Hello ${session.name}! What would you like to know about ${session.insuranceType === "Other" ? "your coverage" : session.insuranceType}?`;
  }

  /**
   * The offline engine's answer: a direct fact (licensed states, the call-back promise and when the
   * call is due now), the best item's most relevant sentences with the page they are on, or an honest
   * hand-off (a line the agency does not write, a question in another language, nothing that answers).
   */
  localAnswer(question: string, insuranceType: string): Reply {
    const site = this.site();
    const local = (content: string, sources: string[], link: PageLink | null): Reply => ({ content, engine: "local", sources, link });
    const licensing = stateLicensingAnswer(question, site);
    if (licensing) return local(licensing, ["agency:licensed-states"], pages.about);
    if (isCallBackQuestion(question))
      return local(callBackAnswer(site, this.now(), this.config.LEAD_CLOCK_HOURS), [CALL_BACK_SOURCE], pages.contact);
    const notOurs = lineWeDoNotWrite(question);
    if (notOurs) return local(chatNotOurLine(site, notOurs), [], null);
    if (isOtherLanguage(question, (term) => this.knowledge.index.lexical.knows(term))) return local(chatOtherLanguage(site), [], null);
    const best = this.retrieveLocal(question, insuranceType).matches[0];
    if (!best) return local(chatHandOff(site), [], null);
    const text = extractAnswer(question, best, this.knowledge.index.lexical);
    const content = best.kind === "topic" || best.kind === "risk" || best.kind === "highlight" ? `${best.title}: ${text}` : text;
    return local(content, [best.source], best.page);
  }

  retrieveLocal(question: string, insuranceType?: string) {
    return retrieveLocal(this.knowledge.index, question, {
      threshold: this.config.CHAT_MATCH_THRESHOLD,
      count: this.config.CHAT_MATCH_COUNT,
      line: insuranceType ? lineOfInsuranceType(insuranceType) : undefined,
    });
  }

  private providerThreshold(): number {
    return this.config.CHAT_PROVIDER_MATCH_THRESHOLD ?? defaultProviderThreshold(this.ai?.embeddingModel ?? "");
  }

  /** The items the provider's answer is grounded on: by the provider's embeddings once indexed, else offline. */
  private async retrieveForProvider(ai: AiSettings, session: ChatSession, question: string): Promise<Match[]> {
    if (this.knowledge.index.isReady(ai.embeddingModel)) {
      try {
        const { vectors, tokens } = await embedTexts(ai, [question], this.config.CHAT_PROVIDER_TIMEOUT_MS);
        await this.budget.spend(session.id, tokens);
        return await matchContent(this.db, this.knowledge.index, {
          model: ai.embeddingModel,
          embedding: vectors[0],
          threshold: this.providerThreshold(),
          count: this.config.CHAT_MATCH_COUNT,
          mode: this.knowledge.searchMode,
        });
      } catch (error) {
        this.log(
          "warn",
          { err: loggableError(error), leadId: session.leadId },
          "the AI provider could not embed a question; retrieving offline",
        );
      }
    }
    return this.retrieveLocal(question, session.insuranceType).matches;
  }

  private async reply(session: ChatSession, question: string, history: HistoryMessage[]): Promise<Reply> {
    await this.knowledge.start();
    const small = smallTalk(question);
    if (small) return { content: this.smallTalkReply(small, session), engine: "smalltalk", sources: [], link: null };
    const ai = this.ai;
    if (!ai) return this.localAnswer(question, session.insuranceType);
    if (!(await this.budget.left(session))) {
      this.log(
        "warn",
        { leadId: session.leadId, sessionTokens: session.tokensUsed, dailyTokens: await this.budget.today() },
        "chat token budget used up: handing over to the agency",
      );
      return { content: chatBudgetHandOff(this.site()), engine: "budget", sources: [], link: null };
    }
    let matches: Match[] = [];
    try {
      matches = await this.retrieveForProvider(ai, session, question);
      const site = this.site();
      const result = await answerWithProvider(ai, {
        site,
        visitor: { name: session.name, insuranceType: session.insuranceType },
        callBack: callBackDelay(site, this.now(), this.config.LEAD_CLOCK_HOURS),
        summary: session.summary,
        matches,
        history: history.slice(-HISTORY_MESSAGES),
        question,
        timeoutMs: this.config.CHAT_PROVIDER_TIMEOUT_MS,
      });
      await this.budget.spend(session.id, result.tokens);
      // Spec 001 section 8: an empty answer becomes the apology.
      return {
        content: result.content || chatTexts.errors.emptyReply,
        engine: "provider",
        sources: matches.map((m) => m.source),
        link: result.content ? (matches[0]?.page ?? null) : null,
      };
    } catch (error) {
      this.log(
        "warn",
        { err: loggableError(error), leadId: session.leadId },
        "the AI provider failed to answer; the offline engine answers instead",
      );
      return { ...this.localAnswer(question, session.insuranceType), engine: "fallback" };
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
    const session = await this.sessions.session(sessionId);
    if (!session || this.stopped) return "";
    const messages = await this.sessions.messages(session.id);
    const visitor = { name: session.name, insuranceType: session.insuranceType };
    let summary = "";
    try {
      if (this.ai && (await this.budget.left(session))) {
        const result = await summariseWithProvider(this.ai, {
          site: this.site(),
          visitor,
          messages: messages.map((m) => ({ role: m.role === "user" ? "user" : "assistant", content: m.content })),
          timeoutMs: this.config.CHAT_PROVIDER_TIMEOUT_MS,
        });
        await this.budget.spend(session.id, result.tokens);
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
}
