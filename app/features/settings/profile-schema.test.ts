import { describe, expect, it } from "vitest";
import { defaultProfile } from "~/content/site-profile";
import { isCalendarDay, profileSchema, readStoredProfile } from "./profile-schema";

describe("the profile's rules", () => {
  it("accept the first-run defaults as they are", () => {
    expect(profileSchema().parse(defaultProfile)).toEqual(defaultProfile);
  });

  it("read the screen's text: a closed day per line, a closed weekday, times, numbers as text", () => {
    const parsed = profileSchema().parse({
      ...defaultProfile,
      foundedYear: "2011",
      contactMinutes: "45",
      closedDays: "2026-12-25\n2026-11-26\r\n\n2026-12-25",
      hours: { ...defaultProfile.hours, monday: { opens: "09:00", closes: "17:00", closed: "on" }, saturday: { opens: "", closes: "" } },
      email: "Quotes@Example.COM",
      gaMeasurementId: "g-abc123xyz9",
    });
    expect(parsed.closedDays).toEqual(["2026-11-26", "2026-12-25"]);
    expect(parsed.hours.monday).toBeNull();
    expect(parsed.hours.saturday).toBeNull();
    expect(parsed.foundedYear).toBe(2011);
    expect(parsed.contactMinutes).toBe(45);
    expect(parsed.email).toBe("Quotes@example.com");
    expect(parsed.gaMeasurementId).toBe("G-ABC123XYZ9");
  });

  it("know a calendar day", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("2027-13-01")).toBe(false);
    expect(isCalendarDay("27-01-01")).toBe(false);
  });

  it("bound every text before a pattern reads it", () => {
    const long = "9".repeat(100_000);
    const started = performance.now();
    const result = profileSchema().safeParse({
      ...defaultProfile,
      phone: long,
      zip: long,
      closedDays: long,
      gaMeasurementId: long,
      name: long,
    });
    expect(result.success).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("read back a stored profile field by field: a field that no longer passes, or is missing, takes its default", () => {
    const stored = { ...defaultProfile, phone: "not a phone", city: "Leander" } as Record<string, unknown>;
    delete stored.closedDays;
    const read = readStoredProfile(stored, defaultProfile);
    expect(read.phone).toBe(defaultProfile.phone);
    expect(read.city).toBe("Leander");
    expect(read.closedDays).toEqual([]);
    expect(readStoredProfile("garbage", defaultProfile)).toEqual(defaultProfile);
  });
});
