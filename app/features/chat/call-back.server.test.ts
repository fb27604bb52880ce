import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { callBackAnswer, callBackDelay, isCallBackQuestion } from "./call-back.server";

/** A moment on the office's clock (Central Time), January 2026: the 9th is a Friday, the 12th a Monday. */
const central = (day: number, hour: number, minute = 0) => new TZDate(2026, 0, day, hour, minute, 0, 0, "America/Chicago");

const PROMISE = "A licensed agent calls you back within 30 minutes during office hours (Monday - Friday, 9:00 AM - 5:00 PM Central Time).";

describe("the call-back question", () => {
  it.each([
    "How fast will someone contact me?",
    "when will you call me back",
    "How long until someone calls?",
    "response time?",
    "What's your response time",
    "how soon will an agent reach out to me",
    "When will I hear back?",
    "how long does it take to get a call back",
    "how quickly do you guys respond",
    "when is someone going to call me",
    "How long is the wait for a callback?",
    "when will they get back to me",
  ])("is recognised: %s", (question) => {
    expect(isCallBackQuestion(question)).toBe(true);
  });

  it.each([
    "How quickly can I get a quote?",
    "how fast will I get a quote",
    "When can I call you?",
    "what time do you open",
    "when are you closed",
    "what's your phone number",
    "can someone call me back quickly",
    "how soon should I call my carrier after an accident",
    "how long does a claim take to be paid once someone contacts the adjuster",
    "how fast can I reach you",
    `when will you call me back ${"and more ".repeat(30)}`,
  ])("is not taken for another: %s", (question) => {
    expect(isCallBackQuestion(question)).toBe(false);
  });
});

describe("the call-back answer", () => {
  it("states the promise while the office is open and the promise fits before closing", () => {
    expect(callBackAnswer(defaultSite, central(6, 10), "business")).toBe(PROMISE);
    expect(callBackAnswer(defaultSite, central(9, 16, 30), "business")).toBe(PROMISE);
    expect(callBackDelay(defaultSite, central(6, 9), "business")).toBeNull();
  });

  it("out of office hours, adds when the call is due", () => {
    expect(callBackAnswer(defaultSite, central(9, 18), "business")).toBe(`${PROMISE} We're closed now; expect our call by 9:30 AM Monday.`);
    expect(callBackAnswer(defaultSite, central(10, 11), "business")).toBe(
      `${PROMISE} We're closed now; expect our call by 9:30 AM Monday.`,
    );
    expect(callBackAnswer(defaultSite, central(11, 23, 59), "business")).toBe(
      `${PROMISE} We're closed now; expect our call by 9:30 AM Monday.`,
    );
    expect(callBackAnswer(defaultSite, central(6, 7, 15), "business")).toBe(
      `${PROMISE} We're closed now; expect our call by 9:30 AM today.`,
    );
    expect(callBackAnswer(defaultSite, central(6, 17), "business")).toBe(
      `${PROMISE} We're closed now; expect our call by 9:30 AM Wednesday.`,
    );
  });

  it("says so when the office closes before the promise runs out", () => {
    expect(callBackAnswer(defaultSite, central(9, 16, 50), "business")).toBe(
      `${PROMISE} We close before then; expect our call by 9:20 AM Monday.`,
    );
  });

  it("keeps to the wall clock when leads are due round the clock", () => {
    expect(callBackAnswer(defaultSite, central(10, 11), "always")).toBe(PROMISE);
  });

  it("states the saved promise and hours", () => {
    const site = siteFacts({
      ...defaultProfile,
      contactMinutes: 45,
      hours: { ...defaultProfile.hours, friday: { opens: "09:00", closes: "12:00" } },
    });
    expect(callBackAnswer(site, central(6, 10), "business")).toBe(
      "A licensed agent calls you back within 45 minutes during office hours (Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM Central Time).",
    );
    expect(callBackAnswer(site, central(9, 18), "business")).toMatch(/ We're closed now; expect our call by 9:45 AM Monday\.$/);
  });
});
