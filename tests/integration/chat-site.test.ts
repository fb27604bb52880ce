/**
 * The chat assistant with the agency's stored profile, on a real database: the offline engine's
 * answers about the phone, the hours, the licensed states and the call-back promise show what the
 * agency saved in Settings as soon as the process's site store has read it (told by NOTIFY, no
 * restart), and the call-back answer says when the call is due when asked out of office hours (the
 * chat's clock is set by the test).
 */
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { knowledge } from "#db/schema";
import { seed } from "#db/seed";
import type { AgencyProfile } from "../../app/content/site-facts";
import { defaultProfile, defaultSite } from "../../app/content/site-profile";
import { loadConfig } from "../../app/env.server";
import { chatFaqs } from "../../app/features/chat/faqs";
import { chatHandOff } from "../../app/features/chat/messages";
import { saveProfile } from "../../app/features/settings/site.server";
import { type ChatProcess, createChatService } from "../support/chat";
import { databaseEnv, databaseKinds } from "../support/databases";

/** A moment on the office's clock (Central Time), January 2026: the 6th is a Tuesday, the 9th a Friday. */
const central = (day: number, hour: number, minute = 0) => new TZDate(2026, 0, day, hour, minute, 0, 0, "America/Chicago");

const saved: AgencyProfile = {
  ...defaultProfile,
  phone: "(737) 555-0199",
  secondPhone: "",
  hours: { ...defaultProfile.hours, friday: { opens: "09:00", closes: "12:00" } },
  licensedStates: ["Ohio", "Oklahoma", "Texas"],
  contactMinutes: 45,
};
const savedHours = "Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM";

describe.each(databaseKinds)("the chat with the agency's stored profile on %s", (kind) => {
  let handle: DatabaseHandle;
  let chatProcess: ChatProcess;
  let cleanup: () => Promise<void>;
  const clock = { now: central(6, 10) };
  beforeAll(async () => {
    const db = await databaseEnv(kind);
    cleanup = db.cleanup;
    handle = await openDatabase(db.env.DATABASE_URL ? { url: db.env.DATABASE_URL } : { dataDir: db.env.DATA_DIR });
    await runMigrations(handle);
    await seed(handle.db);
    chatProcess = await createChatService(handle, loadConfig({ NODE_ENV: "test" }), { now: () => clock.now });
    await chatProcess.chat.start();
  });
  afterAll(async () => {
    await chatProcess?.stop();
    await handle?.close();
    await cleanup?.();
  });

  const answer = (question: string, at = central(6, 10)) => {
    clock.now = at;
    return chatProcess.chat.replies.localAnswer(question, "Other");
  };

  /** Saves `profile` as the Settings screen does and waits until this chatProcess's chat has it indexed. */
  async function save(profile: AgencyProfile) {
    await saveProfile(handle.db, profile, null);
    await chatProcess.site.reload();
    await chatProcess.chat.settled();
  }

  it("answers how fast someone calls back with the promise, and out of office hours with when the call is due", async () => {
    const promise =
      "A licensed agent calls you back within 30 minutes during office hours (Monday - Friday, 9:00 AM - 5:00 PM Central Time).";
    for (const question of [
      "How fast will someone contact me?",
      "when will you call me back",
      "how long until someone calls",
      "response time",
    ]) {
      expect(await answer(question), question).toEqual({
        content: promise,
        engine: "local",
        sources: ["agency:quotes"],
        link: { path: "/contact", title: "Contact Us" },
      });
    }
    expect((await answer("How fast will someone contact me?", central(9, 18))).content).toBe(
      `${promise} We're closed now; expect our call by 9:30 AM Monday.`,
    );
    expect((await answer("when will you call me back", central(10, 12))).content).toBe(
      `${promise} We're closed now; expect our call by 9:30 AM Monday.`,
    );
    expect((await answer("how long until someone calls", central(9, 16, 45))).content).toBe(
      `${promise} We close before then; expect our call by 9:15 AM Monday.`,
    );
    // The quote question keeps its own answer.
    const quote = (await answer("How quickly can I get a quote?")).content;
    expect(quote).toMatch(/about 60 minutes/);
    expect(quote).not.toContain("calls you back");
  });

  it("answers about the phone, the hours, the states and the promise with the saved profile, then with the defaults again", async () => {
    expect((await answer("what's your phone number")).content).toContain("(512) 555-0142");
    await save(saved);
    try {
      const facts = chatProcess.site.current().facts;
      const phone = await answer("what's your phone number");
      expect(phone.sources).toEqual(["agency:contact"]);
      expect(phone.content).toMatch(/^You can call Hill Country Commercial Insurance at \(737\) 555-0199, or email quotes@example\.com\./);
      expect(phone.content).not.toContain("555-0142");
      const hours = await answer("what are your hours");
      expect(hours.sources).toEqual(["agency:hours"]);
      expect(hours.content).toContain(`Our office hours are ${savedHours} Central Time.`);
      expect((await answer("are you licensed in Utah?")).content).toBe(
        "We're not licensed in Utah. We write coverage in 3 states: Ohio, Oklahoma and Texas. A licensed agent at (737) 555-0199 can tell you what we can do for operations that reach other states.",
      );
      expect((await answer("How fast will someone contact me?")).content).toBe(
        `A licensed agent calls you back within 45 minutes during office hours (${savedHours} Central Time).`,
      );
      expect((await answer("when will you call me back", central(9, 18))).content).toMatch(
        / We're closed now; expect our call by 9:45 AM Monday\.$/,
      );
      expect((await answer("what's the best pizza in Austin")).content).toBe(chatHandOff(facts));
      expect(chatHandOff(facts)).toContain(`(737) 555-0199 (${savedHours} CT)`);
      // The widget's FAQ answers, which the knowledge base holds too.
      const quoteFaq = chatFaqs(facts)[1];
      expect(quoteFaq.answer).toContain("a licensed agent contacts you within 45 minutes");
      expect(chatProcess.chat.knowledge.index.item("faq:chat:1")?.content).toBe(quoteFaq.answer);
      // The knowledge rows hold the new text.
      const [row] = await handle.db.select({ content: knowledge.content }).from(knowledge).where(eq(knowledge.source, "agency:contact"));
      expect(row.content).toContain("(737) 555-0199");
      // A product page's text that states the promise and the states is re-read too, and answers with its page.
      expect(chatProcess.chat.knowledge.index.item("product:contractors:overview")?.content).toContain("call you back within 45 minutes");
      const [product] = await handle.db
        .select({ content: knowledge.content })
        .from(knowledge)
        .where(eq(knowledge.source, "product:contractors:overview"));
      expect(product.content).toContain("within 45 minutes");
      const outOfState = await answer("can you extend my contractor workers comp to out of state projects");
      expect(outOfState.content).toContain("licensed in 3 states");
      expect(outOfState.link).toEqual({ path: "/insurance/contractors", title: "Contractors Insurance" });
    } finally {
      await save(defaultProfile);
    }
    expect((await answer("what's your phone number")).content).toMatch(/at \(512\) 555-0142 or \(512\) 555-0187,/);
    expect((await answer("what's the best pizza in Austin")).content).toBe(chatHandOff(defaultSite));
  });

  it("hears a save by NOTIFY alone, within seconds", async () => {
    const before = chatProcess.chat.knowledge.index.allItems().length;
    await saveProfile(handle.db, saved, null);
    try {
      await expect.poll(async () => (await answer("what's your phone number")).content, { timeout: 10_000 }).toContain("(737) 555-0199");
      await chatProcess.chat.settled();
      // The content was replaced, not added to.
      expect(chatProcess.chat.knowledge.index.allItems()).toHaveLength(before);
    } finally {
      await save(defaultProfile);
    }
  });
});
