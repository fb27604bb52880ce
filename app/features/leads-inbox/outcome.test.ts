import { describe, expect, it } from "vitest";
import { addMonths } from "~/lib/calendar-day";
import { outcomeFormSchema, outcomeMessages, outcomeValueText } from "./outcome";
import { checkOutcome } from "./outcome.server";

const empty = {
  quotedPremium: null,
  premium: null,
  carrier: null,
  lineOfBusiness: null,
  effectiveDate: null,
  termMonths: null,
  expirationDate: null,
  lostReason: null,
  lostReasonOther: null,
  competitor: null,
  xDate: null,
};
const form = (fields: Record<string, string>) => outcomeFormSchema.safeParse({ intent: "outcome", ...fields });

describe("a lead's outcome", () => {
  it("adds whole months to a day, keeping the day where the month has it", () => {
    expect(addMonths("2027-01-15", 12)).toBe("2028-01-15");
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-08-31", 6)).toBe("2028-02-29");
    expect(addMonths("2027-11-30", 3)).toBe("2028-02-29");
    expect(addMonths("2027-12-01", 1)).toBe("2028-01-01");
  });

  it("reads the form's amounts as people type them, and refuses what is not one", () => {
    const ok = form({ status: "quoted", quotedPremium: "$12,500.50" });
    expect(ok.success && ok.data.outcome).toEqual({ quotedPremium: 12500.5 });
    expect(form({ status: "quoted", quotedPremium: "" }).data?.outcome).toEqual({ quotedPremium: null });
    for (const bad of ["-5", "0", "12.345", "twelve", "1e5"]) {
      const parsed = form({ status: "quoted", quotedPremium: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(outcomeMessages.errors.amount);
    }
    expect(form({ status: "quoted", quotedPremium: "100000001" }).error?.issues[0].message).toBe(outcomeMessages.errors.amountTooLarge);
  });

  it("keeps only the chosen status's fields from a form that posts every part", () => {
    const parsed = form({ status: "lost", carrier: "Travelers", premium: "500", lostReason: "coverage", xDate: "2030-05-01" });
    expect(parsed.data?.outcome).toEqual({
      quotedPremium: null,
      lostReason: "coverage",
      lostReasonOther: null,
      competitor: null,
      xDate: "2030-05-01",
    });
  });

  it("defaults a won policy's term to a year and derives its expiration", () => {
    const checked = checkOutcome(empty, "won", { carrier: "Travelers", premium: 900, effectiveDate: "2027-04-01" }, "2026-11-29");
    expect(checked).toMatchObject({ ok: true, next: { termMonths: 12, expirationDate: "2028-04-01" } });
  });

  it("takes an X-date of today but not of yesterday", () => {
    expect(checkOutcome(empty, "lost", { lostReason: "price", xDate: "2026-11-29" }, "2026-11-29").ok).toBe(true);
    expect(checkOutcome(empty, "lost", { lostReason: "price", xDate: "2026-11-28" }, "2026-11-29")).toEqual({
      ok: false,
      errors: { "outcome.xDate": outcomeMessages.errors.xDatePast },
    });
  });

  it("words each value for the timeline", () => {
    expect(outcomeValueText("premium", 18400.5)).toBe("$18,400.50");
    expect(outcomeValueText("xDate", "2027-03-01")).toBe("Mar 1, 2027");
    expect(outcomeValueText("lostReason", "another_agent")).toBe("Chose another agent");
    expect(outcomeValueText("termMonths", 6)).toBe("6 months");
    expect(outcomeValueText("carrier", null)).toBe("");
  });
});
