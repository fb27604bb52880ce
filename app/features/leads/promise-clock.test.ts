import { describe, expect, it } from "vitest";
import { addClockMinutes, callBackWhen, clockMinutesBetween, officeOpen, promiseTimes } from "./promise-clock";

/** An instant given as Central wall time with its UTC offset, e.g. central("2026-11-27T18:00", -6). */
const central = (local: string, offsetHours: number) => {
  const sign = offsetHours < 0 ? "-" : "+";
  return new Date(`${local}:00${sign}${String(Math.abs(offsetHours)).padStart(2, "0")}:00`);
};
/** Central Standard Time (winter) and Central Daylight Time (summer). */
const cst = (local: string) => central(local, -6);
const cdt = (local: string) => central(local, -5);

const business = (start: Date, minutes: number) => addClockMinutes(start, minutes, "business");

describe("addClockMinutes in office hours (Monday to Friday, 9 to 5 Central)", () => {
  it("a lead at 6 PM Friday with 30 minutes is due 9:30 AM Monday", () => {
    // 2026-11-27 is a Friday.
    expect(business(cst("2026-11-27T18:00"), 30)).toEqual(cst("2026-11-30T09:30"));
  });

  it("a lead at 4:50 PM Friday takes its last 10 minutes on Friday and 20 on Monday: due 9:20 AM Monday", () => {
    expect(business(cst("2026-11-27T16:50"), 30)).toEqual(cst("2026-11-30T09:20"));
  });

  it("over a week's boundary: Sunday night is due 9:30 AM Monday", () => {
    expect(business(cst("2026-11-29T23:45"), 30)).toEqual(cst("2026-11-30T09:30"));
    expect(business(cst("2026-11-28T12:00"), 30)).toEqual(cst("2026-11-30T09:30"));
  });

  it("a lead at 8 AM on a weekday is due 9:30 AM the same day", () => {
    expect(business(cst("2026-11-24T08:00"), 30)).toEqual(cst("2026-11-24T09:30"));
  });

  it("during office hours the promise is the wall clock's", () => {
    expect(business(cst("2026-11-24T10:15"), 30)).toEqual(cst("2026-11-24T10:45"));
    expect(business(cst("2026-11-24T16:30"), 30)).toEqual(cst("2026-11-24T17:00"));
  });

  it("exactly at 5 PM the office is closed: due 9:30 AM the next weekday", () => {
    expect(officeOpen(cst("2026-11-24T17:00"))).toBe(false);
    expect(officeOpen(cst("2026-11-24T16:59"))).toBe(true);
    expect(officeOpen(cst("2026-11-24T09:00"))).toBe(true);
    expect(business(cst("2026-11-24T17:00"), 30)).toEqual(cst("2026-11-25T09:30"));
    expect(business(cst("2026-11-27T17:00"), 30)).toEqual(cst("2026-11-30T09:30"));
  });

  it("across the spring change (Sunday 2026-03-08): Friday evening is due 9:30 AM Monday daylight time", () => {
    expect(business(cst("2026-03-06T18:00"), 30)).toEqual(cdt("2026-03-09T09:30"));
    // A Saturday night lead, the clocks going forward in between.
    expect(business(cst("2026-03-07T23:30"), 30)).toEqual(cdt("2026-03-09T09:30"));
    // 4:50 PM Friday standard time: 10 minutes Friday, 20 Monday daylight time.
    expect(business(cst("2026-03-06T16:50"), 30)).toEqual(cdt("2026-03-09T09:20"));
  });

  it("across the autumn change (Sunday 2026-11-01): Friday evening is due 9:30 AM Monday standard time", () => {
    expect(business(cdt("2026-10-30T18:00"), 30)).toEqual(cst("2026-11-02T09:30"));
    // During the repeated hour, 1:30 AM happens twice; either way the lead is due Monday 9:30.
    expect(business(new Date("2026-11-01T06:30:00Z"), 30)).toEqual(cst("2026-11-02T09:30"));
    expect(business(new Date("2026-11-01T07:30:00Z"), 30)).toEqual(cst("2026-11-02T09:30"));
  });

  it("a promise longer than a day counts only office hours: 8 hours from Friday 1 PM is Monday 1 PM", () => {
    expect(business(cst("2026-11-27T13:00"), 8 * 60)).toEqual(cst("2026-11-30T13:00"));
  });

  it("round the clock ('always'), minutes are the wall clock's, fractions too", () => {
    const start = cst("2026-11-27T18:00");
    expect(addClockMinutes(start, 30, "always")).toEqual(cst("2026-11-27T18:30"));
    expect(addClockMinutes(start, 0.02, "always").getTime() - start.getTime()).toBe(1200);
    expect(promiseTimes(start, { slaMinutes: 30, escalateAfterMinutes: 20, hours: "always" })).toEqual({
      escalateAt: cst("2026-11-27T18:20"),
      dueAt: cst("2026-11-27T18:30"),
    });
  });

  it("promiseTimes escalates before the promise, both in office hours", () => {
    expect(promiseTimes(cst("2026-11-27T16:50"), { slaMinutes: 30, escalateAfterMinutes: 20, hours: "business" })).toEqual({
      escalateAt: cst("2026-11-30T09:10"),
      dueAt: cst("2026-11-30T09:20"),
    });
  });
});

describe("clockMinutesBetween", () => {
  it("over a weekend counts only office minutes: Friday 4:30 PM to Monday 9:30 AM is 60", () => {
    expect(clockMinutesBetween(cst("2026-11-27T16:30"), cst("2026-11-30T09:30"), "business")).toBe(60);
  });

  it("is zero for a span wholly outside office hours, and when `to` is not later", () => {
    expect(clockMinutesBetween(cst("2026-11-27T18:00"), cst("2026-11-30T08:00"), "business")).toBe(0);
    expect(clockMinutesBetween(cst("2026-11-30T10:00"), cst("2026-11-30T09:00"), "business")).toBe(0);
  });

  it("undoes addClockMinutes", () => {
    const start = cst("2026-11-27T16:50");
    expect(clockMinutesBetween(start, business(start, 30), "business")).toBe(30);
    const spring = cst("2026-03-06T16:50");
    expect(clockMinutesBetween(spring, business(spring, 30), "business")).toBe(30);
  });

  it("round the clock counts every minute", () => {
    expect(clockMinutesBetween(cst("2026-11-27T16:30"), cst("2026-11-30T09:30"), "always")).toBe(3 * 24 * 60 - 7 * 60);
  });
});

describe("callBackWhen", () => {
  const when = (received: Date) => callBackWhen(received, business(received, 30), 30);

  it("is null when the promise holds on the wall clock", () => {
    expect(when(cst("2026-11-24T10:00"))).toBeNull();
    const start = cst("2026-11-27T18:00");
    expect(callBackWhen(start, addClockMinutes(start, 30, "always"), 30)).toBeNull();
  });

  it("says today before the office opens", () => {
    expect(when(cst("2026-11-24T08:00"))).toBe("today at 9:30 AM");
    expect(when(cst("2026-11-24T00:30"))).toBe("today at 9:30 AM");
  });

  it("says tomorrow after closing on a weekday", () => {
    expect(when(cst("2026-11-24T18:00"))).toBe("tomorrow at 9:30 AM");
    expect(when(cst("2026-11-24T16:50"))).toBe("tomorrow at 9:20 AM");
  });

  it("names the weekday over a weekend", () => {
    expect(when(cst("2026-11-27T18:00"))).toBe("Monday at 9:30 AM");
    expect(when(cst("2026-11-27T16:50"))).toBe("Monday at 9:20 AM");
    // Sunday evening: Monday is tomorrow.
    expect(when(cst("2026-11-29T20:00"))).toBe("tomorrow at 9:30 AM");
  });

  it("holds across the clock changes", () => {
    expect(when(cst("2026-03-06T18:00"))).toBe("Monday at 9:30 AM");
    expect(when(cst("2026-03-08T01:30"))).toBe("tomorrow at 9:30 AM");
    expect(when(cdt("2026-10-30T18:00"))).toBe("Monday at 9:30 AM");
  });
});
