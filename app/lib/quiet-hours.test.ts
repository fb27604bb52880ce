import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { KNOWN_AREA_CODES, zoneOfPhone } from "./area-codes";
import { quietUntil } from "./quiet-hours";

const quiet = { start: "21:00", end: "08:00" };
const at = (zone: string, day: number, h: number, m = 0) => new Date(new TZDate(2026, 2, day, h, m, 0, 0, zone).getTime());

describe("quiet hours", () => {
  it("lets a text go between 8 AM and 9 PM where the recipient is", () => {
    expect(quietUntil(at("America/Chicago", 17, 8), "America/Chicago", quiet)).toBeNull();
    expect(quietUntil(at("America/Chicago", 17, 20, 59), "America/Chicago", quiet)).toBeNull();
  });

  it("holds a text from 9 PM until 8 AM, across midnight and across a DST change", () => {
    expect(quietUntil(at("America/Chicago", 17, 21), "America/Chicago", quiet)?.toISOString()).toBe(
      at("America/Chicago", 18, 8).toISOString(),
    );
    expect(quietUntil(at("America/Chicago", 18, 2, 30), "America/Chicago", quiet)?.toISOString()).toBe(
      at("America/Chicago", 18, 8).toISOString(),
    );
    // 2026-03-08 is the spring-forward day in the US: 8 AM that day is 13:00 UTC, not 14:00.
    expect(quietUntil(at("America/New_York", 7, 23), "America/New_York", quiet)?.toISOString()).toBe("2026-03-08T12:00:00.000Z");
  });

  it("reads the recipient's zone, not the agency's: 9:30 PM in New York is 6:30 PM in Los Angeles", () => {
    const now = at("America/New_York", 17, 21, 30);
    expect(quietUntil(now, "America/New_York", quiet)).not.toBeNull();
    expect(quietUntil(now, "America/Los_Angeles", quiet)).toBeNull();
  });

  it("reads a window within one day, and none when start and end are equal", () => {
    const lunch = { start: "12:00", end: "13:00" };
    expect(quietUntil(at("America/Chicago", 17, 12, 30), "America/Chicago", lunch)?.toISOString()).toBe(
      at("America/Chicago", 17, 13).toISOString(),
    );
    expect(quietUntil(at("America/Chicago", 17, 13), "America/Chicago", lunch)).toBeNull();
    expect(quietUntil(at("America/Chicago", 17, 23), "America/Chicago", { start: "00:00", end: "00:00" })).toBeNull();
  });
});

describe("the area code's time zone", () => {
  it("knows the US codes by zone and falls back to the agency's for unknown ones and other countries", () => {
    expect(KNOWN_AREA_CODES).toBeGreaterThan(300);
    expect(zoneOfPhone("+12125550100", "America/Chicago")).toBe("America/New_York");
    expect(zoneOfPhone("+15125550100", "America/New_York")).toBe("America/Chicago");
    expect(zoneOfPhone("+13035550100", "America/Chicago")).toBe("America/Denver");
    expect(zoneOfPhone("+16025550100", "America/Chicago")).toBe("America/Phoenix");
    expect(zoneOfPhone("+14155550100", "America/Chicago")).toBe("America/Los_Angeles");
    expect(zoneOfPhone("+19075550100", "America/Chicago")).toBe("America/Anchorage");
    expect(zoneOfPhone("+18085550100", "America/Chicago")).toBe("Pacific/Honolulu");
    // 800 is toll-free, not a place; +44 is not NANP.
    expect(zoneOfPhone("+18005550100", "America/Chicago")).toBe("America/Chicago");
    expect(zoneOfPhone("+442071838750", "America/Denver")).toBe("America/Denver");
  });
});
