/**
 * The chat assistant's question set (tests/fixtures/chat-questions.ts) against the offline engine on a
 * seeded database, as a visitor's widget asks it: the share answered from a right page (at least 95%),
 * every answer's link, the lines the agency does not write refused politely, and questions in other
 * languages answered with the agent's contact.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { seed } from "#db/seed";
import { defaultSite } from "../../app/content/site-profile";
import { loadConfig } from "../../app/env.server";
import type { ChatAssistant } from "../../app/features/chat/chat.server";
import { chatHandOff, chatOtherLanguage } from "../../app/features/chat/messages";
import { seedSiteContent } from "../../app/features/settings/site.server";
import { notOurLineQuestions, otherLanguageQuestions, ownLineQuestionsNamingOtherLines, siteQuestions } from "../fixtures/chat-questions";
import { createChatService } from "../support/chat";

let handle: DatabaseHandle;
let chat: ChatAssistant;
let stop: () => Promise<void>;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: "memory://" });
  await runMigrations(handle);
  await seed(handle.db);
  await seedSiteContent(handle.db);
  ({ chat, stop } = await createChatService(handle, loadConfig({ NODE_ENV: "test" })));
  await chat.start();
});

afterAll(async () => {
  await stop();
  await handle.close();
});

describe("the question set", () => {
  it(`answers at least 95% of ${siteQuestions.length} visitor questions from the right page, with a link to it`, () => {
    const results = siteQuestions.map(({ question, pages }) => {
      const reply = chat.replies.localAnswer(question, "Other");
      return { question, pages, reply, answered: Boolean(reply.link && pages.includes(reply.link.path)) };
    });
    const answered = results.filter((r) => r.answered).length;
    console.log(
      `[chat question set] answered from the right page: ${answered}/${results.length} (${((100 * answered) / results.length).toFixed(1)}%)`,
    );
    for (const r of results.filter((x) => !x.answered)) {
      console.log(`  missed: "${r.question}" -> ${r.reply.link?.path ?? "(hand-off)"} ${r.reply.sources.join(",")}, wanted ${r.pages[0]}`);
    }
    expect(siteQuestions.length).toBeGreaterThanOrEqual(60);
    expect(answered / results.length).toBeGreaterThanOrEqual(0.95);
    for (const r of results.filter((x) => x.answered)) {
      expect(r.reply.link?.title, r.question).toMatch(/\w/);
      expect(r.reply.content, r.question).not.toBe(chatHandOff(defaultSite));
    }
  });

  it("says plainly which lines the agency does not write, and offers the agent, never a passage", () => {
    for (const question of notOurLineQuestions) {
      const reply = chat.replies.localAnswer(question, "Other");
      expect(reply.content, question).toMatch(/^We don't write [a-z]/);
      expect(reply.content, question).toContain(defaultSite.agency.phone.primary.display);
      expect(reply.link, question).toBeNull();
      expect(reply.sources, question).toEqual([]);
    }
    for (const question of ownLineQuestionsNamingOtherLines) {
      expect(chat.replies.localAnswer(question, "Other").content, question).not.toMatch(/^We don't write/);
    }
  });

  it("answers a question in another language with the agent's contact, not a passage", () => {
    for (const question of otherLanguageQuestions) {
      const reply = chat.replies.localAnswer(question, "Other");
      expect(reply.content, question).toBe(chatOtherLanguage(defaultSite));
      expect(reply.link, question).toBeNull();
    }
    // English with typos and trade slang stays English.
    for (const question of ["do yuo insure semis", "wat r ur hours", "need a COI asap for a GC"]) {
      expect(chat.replies.localAnswer(question, "Other").content, question).not.toBe(chatOtherLanguage(defaultSite));
    }
  });
});
