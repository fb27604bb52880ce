/**
 * The chat assistant on the server, one per process: created once at start by server/main.ts and
 * handed out as the `chat` service (server/context.ts). docs/decisions/014-chat-assistant.md says why
 * it works this way. Its parts:
 * - `sessions` (sessions.server.ts): new chats with their leads, reading chats, the old widget's
 *   conversation records;
 * - `knowledge` (knowledge-sync.server.ts): the knowledge base, built at start and kept in step with
 *   the blog and the agency's stored profile across processes;
 * - `replies` (replies.server.ts): answering a message through the offline engine or the AI provider,
 *   within the token `budget` (token-budget.server.ts), and the running summary.
 *
 * Several processes may share one database: what must hold for the site as a whole lives in it (the
 * day's token count, the knowledge rows), blog and profile changes reach every process through NOTIFY,
 * and each keeps only its own in-memory index. Answers read the agency's facts (name, phones, hours,
 * licensed states, the call-back promise) from the site store when they are made.
 */
import type { DatabaseHandle } from "#db/client";
import type { Config } from "~/env.server";
import type { AiSettings } from "~/features/ai/client.server";
import type { SubmissionContext } from "~/features/leads/leads.server";
import { KnowledgeSync, type SiteSource } from "./knowledge-sync.server";
import type { ChatLog } from "./log.server";
import { ChatReplies } from "./replies.server";
import type { ChatIntake } from "./schema";
import { ChatSessions } from "./sessions.server";
import { TokenBudget } from "./token-budget.server";

export { loggableError } from "./log.server";
export { newSessionId } from "./sessions.server";

export type ChatDeps = {
  /** The database, whether pgvector is installed, and how to hear other processes and take turns with them (db/client.ts). */
  database: Pick<DatabaseHandle, "db" | "hasVector" | "listen" | "withLock">;
  config: Config;
  /** The AI provider (the `ai` service), or null: the offline engine answers. */
  ai: AiSettings | null;
  log?: ChatLog;
  /** Wakes the mail sender after a commit that queued mail. */
  nudgeMail?: () => void;
  /** The agency's stored profile: the `site` service (SiteStore), kept in step with every process. */
  site: SiteSource;
  /** The time now (tests set the clock): when a call-back asked for now is due. */
  now?: () => Date;
};

export class ChatAssistant {
  readonly sessions: ChatSessions;
  readonly knowledge: KnowledgeSync;
  readonly budget: TokenBudget;
  readonly replies: ChatReplies;

  constructor({ database, config, ai, log = () => {}, nudgeMail, site, now = () => new Date() }: ChatDeps) {
    const db = database.db;
    const facts = () => site.current().facts;
    this.sessions = new ChatSessions({ db, config, site: facts, nudgeMail });
    this.knowledge = new KnowledgeSync({ database, config, ai, site, log });
    this.budget = new TokenBudget(db, config, () => facts().agency.hours.timezone);
    this.replies = new ChatReplies({
      db,
      config,
      ai,
      log,
      sessions: this.sessions,
      knowledge: this.knowledge,
      budget: this.budget,
      site: facts,
      now,
    });
  }

  /** Builds the knowledge base and follows blog and profile changes (knowledge-sync.server.ts); safe to call more than once. */
  start(): Promise<void> {
    return this.knowledge.start();
  }

  /** Stops following the blog and the profile and starting summaries, then waits for the work in flight. */
  async stop(): Promise<void> {
    await Promise.all([this.knowledge.stop(), this.replies.stop()]);
  }

  /** Resolves when the background indexing and summaries started so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    await this.replies.settled();
    await this.knowledge.settled();
  }

  // ---- what the chat API (server/api/chat.ts) calls ----

  createSession(intake: ChatIntake, context: SubmissionContext) {
    return this.sessions.createSession(intake, context);
  }

  history(id: string) {
    return this.sessions.history(id);
  }

  send(id: string, content: string) {
    return this.replies.send(id, content);
  }

  createOrGetConversation(input: { name: string; email: string; phone: string }) {
    return this.sessions.createOrGetConversation(input);
  }

  appendToConversation(email: string, role: "user" | "ai", content: string) {
    return this.sessions.appendToConversation(email, role, content);
  }
}
