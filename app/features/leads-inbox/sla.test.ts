/** The promise-kept figures' rules: which leads count, kept or not, the median and the rounding. */
import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { officeOf } from "~/features/leads/promise-clock";
import { median, percent, round1, type SlaLead, slaPeriod } from "./sla";

describe("median, percent, round1", () => {
  it("takes the middle value, or the mean of the two middle ones; null for none", () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([30, 10, 20])).toBe(20);
    expect(median([45, 10, 25, 20])).toBe(22.5);
  });
  it("gives a percentage with one decimal, null of nothing", () => {
    expect(percent(0, 0)).toBeNull();
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(5, 8)).toBe(62.5);
    expect(percent(4, 4)).toBe(100);
  });
  it("rounds halves away from zero", () => {
    expect(round1(62.25)).toBe(62.3);
    expect(round1(0.05)).toBe(0.1);
    expect(round1(12.34)).toBe(12.3);
    expect(round1(0)).toBe(0);
  });
});

describe("slaPeriod", () => {
  // Tuesday 17 March 2026, Central Time (UTC-5 then).
  const at = (hhmm: string, day = 17) => new Date(`2026-03-${day}T${hhmm}:00-05:00`);
  const now = at("16:00");
  const lead = (over: Partial<SlaLead>): SlaLead => ({
    receivedAt: at("10:00"),
    firstResponseAt: null,
    dueAt: at("10:30"),
    status: "contacted",
    assigneeId: null,
    assigneeName: null,
    ...over,
  });
  const office = officeOf(defaultSite);
  const settings = { slaMinutes: 30, hours: "business" as const, office };

  it("counts answered leads and new ones past due; leaves out new ones not yet due and ones moved on unanswered", () => {
    const period = slaPeriod(
      [
        lead({ firstResponseAt: at("10:10"), assigneeId: "a", assigneeName: "Avery" }),
        lead({ firstResponseAt: at("10:45"), assigneeId: "a", assigneeName: "Avery" }),
        lead({ status: "new" }),
        lead({ status: "new", receivedAt: at("15:50"), dueAt: at("16:20") }),
        lead({ status: "won" }),
      ],
      now,
      settings,
    );
    expect(period).toEqual({
      leads: 3,
      withinSlaPercent: 33.3,
      medianFirstResponseMinutes: 27.5,
      byAssignee: [
        { assigneeId: "a", name: "Avery", leads: 2, withinSlaPercent: 50, medianFirstResponseMinutes: 27.5 },
        { assigneeId: null, name: "Unassigned", leads: 1, withinSlaPercent: 0, medianFirstResponseMinutes: null },
      ],
    });
  });

  it("answered exactly at the due time keeps the promise", () => {
    expect(slaPeriod([lead({ firstResponseAt: at("10:30") })], now, settings).withinSlaPercent).toBe(100);
  });

  it("a lead older than the clock is due the promised minutes of the clock after it arrived", () => {
    // Friday 4:50 PM, answered Monday 9:10 AM: 20 office minutes, due Monday 9:20 AM on office hours.
    const weekend = lead({ receivedAt: at("16:50", 13), firstResponseAt: at("09:10", 16), dueAt: null });
    expect(slaPeriod([weekend], now, settings)).toMatchObject({ leads: 1, withinSlaPercent: 100, medianFirstResponseMinutes: 20 });
    expect(slaPeriod([weekend], now, { slaMinutes: 30, hours: "always", office })).toMatchObject({
      leads: 1,
      withinSlaPercent: 0,
      medianFirstResponseMinutes: 3860,
    });
  });

  it("counts response times on the stored office's hours: a closed Monday moves the due time and adds no minutes", () => {
    const weekend = lead({ receivedAt: at("16:50", 13), firstResponseAt: at("09:10", 17), dueAt: null });
    const mondayClosed = officeOf(siteFacts({ ...defaultProfile, closedDays: ["2026-03-16"] }));
    // Friday 4:50 PM, answered Tuesday 9:10 AM: Monday is closed, so 20 office minutes and within the promise.
    expect(slaPeriod([weekend], now, { ...settings, office: mondayClosed })).toMatchObject({
      leads: 1,
      withinSlaPercent: 100,
      medianFirstResponseMinutes: 20,
    });
    // With Monday open the same answer took a whole office day more and missed the promise.
    expect(slaPeriod([weekend], now, settings)).toMatchObject({ leads: 1, withinSlaPercent: 0, medianFirstResponseMinutes: 500 });
  });

  it("has no figures without leads", () => {
    expect(slaPeriod([], now, settings)).toEqual({ leads: 0, withinSlaPercent: null, medianFirstResponseMinutes: null, byAssignee: [] });
  });

  it("lists named assignees by name and Unassigned last", () => {
    const names = slaPeriod(
      [
        lead({ firstResponseAt: at("10:05") }),
        lead({ firstResponseAt: at("10:05"), assigneeId: "z", assigneeName: "Zoe" }),
        lead({ firstResponseAt: at("10:05"), assigneeId: "b", assigneeName: "bo@agency.example" }),
      ],
      now,
      settings,
    ).byAssignee.map((r) => r.name);
    expect(names).toEqual(["bo@agency.example", "Zoe", "Unassigned"]);
  });
});
