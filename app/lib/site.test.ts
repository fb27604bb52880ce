import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { siteFromMatches } from "./site";
import { effectiveSettings, requestSite } from "./site.server";

const env = { siteUrl: "https://agency.example.com", gaMeasurementId: "G-ENVIRONMENT", whatsappNumber: "15125550142" };

describe("the stored profile where pages read it", () => {
  it("a meta function finds the facts the root loader handed down", () => {
    const facts = siteFacts({ ...defaultProfile, name: "Bluebonnet Risk Partners" });
    const matches = [
      { id: "root", data: { site: facts } },
      { id: "routes/home", data: undefined },
    ];
    expect(siteFromMatches(matches).agency.name).toBe("Bluebonnet Risk Partners");
    expect(siteFromMatches([{ id: "root", loaderData: { site: facts } }])).toBe(facts);
    expect(() => siteFromMatches([undefined, { id: "routes/home" }])).toThrow(/root loader/);
  });

  it("a loader takes its request's facts; the build, without a context, the defaults", () => {
    const facts = siteFacts({ ...defaultProfile, phone: "(737) 555-0199" });
    expect(requestSite({ site: { facts } })).toBe(facts);
    expect(requestSite(undefined)).toBe(defaultSite);
    expect(requestSite({})).toBe(defaultSite);
  });

  it("analytics and WhatsApp: the profile's when set, else the environment's", () => {
    expect(effectiveSettings(env, defaultSite)).toEqual(env);
    const set = siteFacts({ ...defaultProfile, gaMeasurementId: "G-SETTINGS1", whatsapp: "(737) 555-0123" });
    expect(effectiveSettings(env, set)).toEqual({ ...env, gaMeasurementId: "G-SETTINGS1", whatsappNumber: "17375550123" });
    const international = siteFacts({ ...defaultProfile, whatsapp: "+44 20 7946 0958" });
    expect(effectiveSettings(env, international).whatsappNumber).toBe("442079460958");
    expect(effectiveSettings({ ...env, gaMeasurementId: null }, defaultSite).gaMeasurementId).toBeNull();
  });
});
