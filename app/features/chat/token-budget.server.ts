/**
 * The provider tokens a chat may spend: per chat (CHAT_SESSION_TOKEN_BUDGET) and per day for the whole
 * site (CHAT_DAILY_TOKEN_BUDGET). The day's count is kept in the database, so every process counts it.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type ChatSession, chatSessions, chatTokenDays } from "#db/schema";
import type { Config } from "~/env.server";

export class TokenBudget {
  /** `timeZone`: the office's time zone now (the agency's stored profile); the day's budget starts again at its midnight. */
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly timeZone: () => string,
  ) {}

  /** The calendar day in the agency's time zone, "YYYY-MM-DD". */
  private agencyDay(date = new Date()): string {
    return new Intl.DateTimeFormat("en-CA", { timeZone: this.timeZone() }).format(date);
  }

  /** Whether the chat and the day still have tokens to spend on the provider. */
  async left(session: Pick<ChatSession, "tokensUsed">): Promise<boolean> {
    const { CHAT_SESSION_TOKEN_BUDGET: perSession, CHAT_DAILY_TOKEN_BUDGET: perDay } = this.config;
    if (perSession > 0 && session.tokensUsed >= perSession) return false;
    return !(perDay > 0 && (await this.today()) >= perDay);
  }

  /**
   * Counts provider tokens against the chat's and the day's budgets. The day's count is the site's,
   * kept in the database and added to in one statement, so processes spending at once all count.
   */
  async spend(sessionId: string, tokens: number) {
    if (tokens <= 0) return;
    await this.db
      .update(chatSessions)
      .set({ tokensUsed: sql`${chatSessions.tokensUsed} + ${tokens}` })
      .where(eq(chatSessions.id, sessionId));
    await this.db
      .insert(chatTokenDays)
      .values({ day: this.agencyDay(), tokens })
      .onConflictDoUpdate({ target: chatTokenDays.day, set: { tokens: sql`${chatTokenDays.tokens} + excluded.tokens` } });
  }

  /** Tokens used today (the agency's day) by all chats of every process. */
  async today(): Promise<number> {
    const [row] = await this.db.select({ tokens: chatTokenDays.tokens }).from(chatTokenDays).where(eq(chatTokenDays.day, this.agencyDay()));
    return row?.tokens ?? 0;
  }
}
