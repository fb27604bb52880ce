import { describe, expect, it } from "vitest";
import { addDays, agencyDay, dayLabel, daysBetween } from "./calendar-day";

describe("calendar days", () => {
  it("today is the agency's day in its time zone, not the server's", () => {
    // 03:00 UTC on July 1 is still June 30 in Chicago, and already July 1 in London.
    const instant = new Date("2031-07-01T03:00:00Z");
    expect(agencyDay("America/Chicago", instant)).toBe("2031-06-30");
    expect(agencyDay("Europe/London", instant)).toBe("2031-07-01");
  });

  it("adds and counts whole days across months, leap days and daylight saving changes", () => {
    expect(addDays("2031-06-30", 1)).toBe("2031-07-01");
    expect(addDays("2032-03-01", -1)).toBe("2032-02-29");
    expect(addDays("2031-03-01", 60)).toBe("2031-04-30");
    expect(daysBetween("2031-03-08", "2031-03-10")).toBe(2);
    expect(daysBetween("2031-05-01", "2031-06-30")).toBe(60);
    expect(daysBetween("2031-06-30", "2031-06-19")).toBe(-11);
  });

  it("writes a day the same for every reader", () => {
    expect(dayLabel("2031-06-30")).toBe("Jun 30, 2031");
    expect(dayLabel("2032-01-01")).toBe("Jan 1, 2032");
  });
});
