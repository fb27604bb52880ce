import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { systemPrompt } from "./provider-engine.server";

const visitor = { name: "Rosa", insuranceType: "Commercial Trucking" };

describe("the provider's system prompt", () => {
  it("names the agency's details from the facts it is given", () => {
    const site = siteFacts({
      ...defaultProfile,
      name: "Bluebonnet Risk Partners",
      phone: "(737) 555-0199",
      licensedStates: ["Ohio", "Texas"],
    });
    const prompt = systemPrompt({ site, visitor, summary: "", matches: [] });
    expect(prompt).toContain(
      "You are the website assistant of Bluebonnet Risk Partners, an independent commercial insurance agency in Liberty Hill, Texas, licensed in 2 states",
    );
    expect(prompt).toContain("a licensed agent at (737) 555-0199 (Monday - Friday, 9:00 AM - 5:00 PM CT)");
    expect(prompt).not.toContain("Hill Country");
  });

  it("tells the model when the office hours delay a call-back asked for now, and only then", () => {
    const delayed = "We're closed now; expect our call by 9:30 AM Monday.";
    expect(systemPrompt({ site: defaultSite, visitor, summary: "", matches: [], callBack: delayed })).toContain(
      `- When asked how soon someone calls back, say that the office hours delay it now: ${delayed}`,
    );
    expect(systemPrompt({ site: defaultSite, visitor, summary: "", matches: [], callBack: null })).not.toContain("calls back");
  });
});
