import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { addClockMinutes, callBackWhen, clockMinutesBetween, type Office, officeOf, officeOpen, promiseTimes } from "./promise-clock";

/** The first-run office: Monday to Friday, 9 to 5, America/Chicago, no closed days. */
const office = officeOf(defaultSite);

/** An instant given as Central wall time with its UTC offset, e.g. central("2026-11-27T18:00", -6). */
const central = (local: string, offsetHours: number) => {
  const sign = offsetHours < 0 ? "-" : "+";
  return new Date(`${local}:00${sign}${String(Math.abs(offsetHours)).padStart(2, "0")}:00`);
};
/** Central Standard Time (winter) and Central Daylight Time (summer). */
const cst = (local: string) => central(local, -6);
const cdt = (local: string) => central(local, -5);

const business = (start: Date, minutes: number, at: Office = office) => addClockMinutes(start, minutes, "business", at);

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
    expect(officeOpen(cst("2026-11-24T17:00"), office)).toBe(false);
    expect(officeOpen(cst("2026-11-24T16:59"), office)).toBe(true);
    expect(officeOpen(cst("2026-11-24T09:00"), office)).toBe(true);
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
    expect(addClockMinutes(start, 30, "always", office)).toEqual(cst("2026-11-27T18:30"));
    expect(addClockMinutes(start, 0.02, "always", office).getTime() - start.getTime()).toBe(1200);
    expect(promiseTimes(start, { slaMinutes: 30, escalateAfterMinutes: 20, hours: "always", office })).toEqual({
      escalateAt: cst("2026-11-27T18:20"),
      dueAt: cst("2026-11-27T18:30"),
    });
  });

  it("promiseTimes escalates before the promise, both in office hours", () => {
    expect(promiseTimes(cst("2026-11-27T16:50"), { slaMinutes: 30, escalateAfterMinutes: 20, hours: "business", office })).toEqual({
      escalateAt: cst("2026-11-30T09:10"),
      dueAt: cst("2026-11-30T09:20"),
    });
  });
});

describe("clockMinutesBetween", () => {
  it("over a weekend counts only office minutes: Friday 4:30 PM to Monday 9:30 AM is 60", () => {
    expect(clockMinutesBetween(cst("2026-11-27T16:30"), cst("2026-11-30T09:30"), "business", office)).toBe(60);
  });

  it("is zero for a span wholly outside office hours, and when `to` is not later", () => {
    expect(clockMinutesBetween(cst("2026-11-27T18:00"), cst("2026-11-30T08:00"), "business", office)).toBe(0);
    expect(clockMinutesBetween(cst("2026-11-30T10:00"), cst("2026-11-30T09:00"), "business", office)).toBe(0);
  });

  it("undoes addClockMinutes", () => {
    const start = cst("2026-11-27T16:50");
    expect(clockMinutesBetween(start, business(start, 30), "business", office)).toBe(30);
    const spring = cst("2026-03-06T16:50");
    expect(clockMinutesBetween(spring, business(spring, 30), "business", office)).toBe(30);
  });

  it("round the clock counts every minute", () => {
    expect(clockMinutesBetween(cst("2026-11-27T16:30"), cst("2026-11-30T09:30"), "always", office)).toBe(3 * 24 * 60 - 7 * 60);
  });
});

describe("callBackWhen", () => {
  const when = (received: Date) => callBackWhen(received, business(received, 30), 30, office);

  it("is null when the promise holds on the wall clock", () => {
    expect(when(cst("2026-11-24T10:00"))).toBeNull();
    const start = cst("2026-11-27T18:00");
    expect(callBackWhen(start, addClockMinutes(start, 30, "always", office), 30, office)).toBeNull();
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

describe("the office from the stored profile", () => {
  /** Monday to Thursday 9 to 5, Friday 9 to noon, Saturday 10 to 2, Sunday closed; Thanksgiving and the day after closed. */
  const profile = {
    ...defaultProfile,
    hours: {
      ...defaultProfile.hours,
      friday: { opens: "09:00", closes: "12:00" },
      saturday: { opens: "10:00", closes: "14:00" },
    },
    closedDays: ["2026-11-26", "2026-11-27"],
  };
  const site = siteFacts(profile);
  const edited = officeOf(site);

  it("takes the time zone, the hours per weekday and the closed days from the facts, once per facts object", () => {
    expect(edited).toEqual({ timeZone: "America/Chicago", days: profile.hours, closedDays: ["2026-11-26", "2026-11-27"] });
    expect(officeOf(site)).toBe(edited);
    expect(office.days.saturday).toBeNull();
  });

  it("a closed day moves a lead's due time to the next open day", () => {
    // Wednesday 2026-11-25, 4:50 PM: 10 minutes on Wednesday; Thursday and Friday closed; Saturday opens at 10.
    expect(business(cst("2026-11-25T16:50"), 30, edited)).toEqual(cst("2026-11-28T10:20"));
    // A lead on the closed day itself waits for the next open day's opening.
    expect(business(cst("2026-11-26T11:00"), 30, edited)).toEqual(cst("2026-11-28T10:30"));
    expect(officeOpen(cst("2026-11-26T11:00"), edited)).toBe(false);
    // The same lead without closed days is due Thursday morning.
    expect(business(cst("2026-11-25T16:50"), 30, { ...edited, closedDays: [] })).toEqual(cst("2026-11-26T09:20"));
    // No minute of a closed day counts.
    expect(clockMinutesBetween(cst("2026-11-25T16:50"), cst("2026-11-28T10:20"), "business", edited)).toBe(30);
  });

  it("a closed day is the office's calendar day, not the server's", () => {
    // 2026-11-26 at 11 PM Chicago is already 2026-11-27 in UTC: still Thanksgiving at the office.
    const lateThanksgiving = new Date("2026-11-27T05:00:00Z");
    expect(business(lateThanksgiving, 30, { ...edited, closedDays: ["2026-11-26"] })).toEqual(cst("2026-11-27T09:30"));
  });

  it("per-day hours: Friday closing at noon stretches a late-morning lead to the next open day", () => {
    // 2026-12-04 is a Friday: 11:50 AM takes 10 minutes before noon and 20 on Saturday from 10.
    expect(business(cst("2026-12-04T11:50"), 30, edited)).toEqual(cst("2026-12-05T10:20"));
    expect(officeOpen(cst("2026-12-04T12:00"), edited)).toBe(false);
    expect(officeOpen(cst("2026-12-04T11:59"), edited)).toBe(true);
    // Saturday closes at 2 PM, Sunday is closed: Monday 9 AM.
    expect(business(cst("2026-12-05T13:50"), 30, edited)).toEqual(cst("2026-12-07T09:20"));
    // A whole open Saturday counts: 4 hours.
    expect(clockMinutesBetween(cst("2026-12-05T00:00"), cst("2026-12-06T00:00"), "business", edited)).toBe(240);
    expect(callBackWhen(cst("2026-12-04T11:50"), business(cst("2026-12-04T11:50"), 30, edited), 30, edited)).toBe("tomorrow at 10:20 AM");
  });

  it("counts and names the time where the office is", () => {
    const pacific = officeOf(siteFacts({ ...defaultProfile, timeZone: "America/Los_Angeles" }));
    // 6 PM Friday in Chicago is 4 PM in Los Angeles: an hour before closing there.
    expect(business(cst("2026-11-20T18:00"), 30, pacific)).toEqual(cst("2026-11-20T18:30"));
    // 7:45 PM Friday in Chicago is 5:45 PM in Los Angeles: after closing, due 9:30 AM Monday Pacific (11:30 AM Central).
    const due = business(cst("2026-11-20T19:45"), 30, pacific);
    expect(due).toEqual(cst("2026-11-23T11:30"));
    expect(callBackWhen(cst("2026-11-20T19:45"), due, 30, pacific)).toBe("Monday at 9:30 AM");
  });

  it("an office open on no day counts wall minutes after a year instead of looping", () => {
    const never = { ...office, days: { ...office.days, monday: null, tuesday: null, wednesday: null, thursday: null, friday: null } };
    const start = cst("2026-11-20T18:00");
    expect(business(start, 30, never).getTime()).toBeGreaterThan(start.getTime() + 365 * 86_400_000);
  });
});
