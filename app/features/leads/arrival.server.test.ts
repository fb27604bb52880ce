/** The promise in effect: the stored profile's minutes and office, the operator's override, the escalation never after the promise. */
import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { promiseSettings } from "./arrival.server";
import { officeOf } from "./promise-clock";

const config = { LEAD_SLA_MINUTES: undefined, LEAD_ESCALATE_AFTER_MINUTES: 20, LEAD_CLOCK_HOURS: "business" as const };

describe("promiseSettings", () => {
  it("is the stored profile's call-back minutes and office when LEAD_SLA_MINUTES is unset", () => {
    expect(promiseSettings(config, defaultSite)).toEqual({
      slaMinutes: 30,
      escalateAfterMinutes: 20,
      hours: "business",
      office: officeOf(defaultSite),
    });
    const site = siteFacts({ ...defaultProfile, contactMinutes: 60, timeZone: "America/Denver", closedDays: ["2026-12-25"] });
    expect(promiseSettings(config, site)).toMatchObject({
      slaMinutes: 60,
      escalateAfterMinutes: 20,
      office: { timeZone: "America/Denver", closedDays: ["2026-12-25"] },
    });
  });

  it("takes LEAD_SLA_MINUTES over the profile when the operator sets it", () => {
    const site = siteFacts({ ...defaultProfile, contactMinutes: 60 });
    expect(promiseSettings({ ...config, LEAD_SLA_MINUTES: 0.05, LEAD_ESCALATE_AFTER_MINUTES: 0.02 }, site)).toMatchObject({
      slaMinutes: 0.05,
      escalateAfterMinutes: 0.02,
    });
  });

  it("never escalates after the promise: a shorter promise cuts the escalation to it", () => {
    const quick = siteFacts({ ...defaultProfile, contactMinutes: 15 });
    expect(promiseSettings(config, quick)).toMatchObject({ slaMinutes: 15, escalateAfterMinutes: 15 });
    expect(promiseSettings({ ...config, LEAD_SLA_MINUTES: 5 }, defaultSite)).toMatchObject({ slaMinutes: 5, escalateAfterMinutes: 5 });
  });
});
