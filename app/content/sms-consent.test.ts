import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "./site-profile";
import { fnv1a, inlineToPlainText, smsConsent } from "./sms-consent";

describe("SMS consent wording", () => {
  it("fingerprints a text with FNV-1a (32-bit), as 8 hex digits", () => {
    expect(fnv1a("")).toBe("811c9dc5");
    expect(fnv1a("a")).toBe("e40c292c");
    expect(fnv1a("foobar")).toBe("bf9cf968");
  });

  it("names the agency, and its version is the date and the fingerprint of the plain text", () => {
    const consent = smsConsent(defaultSite);
    expect(consent.plainText).toBe(inlineToPlainText(consent.checkboxLabel));
    expect(consent.plainText).toMatch(/^By checking this box, I agree to receive text messages from Hill Country Commercial Insurance at /);
    expect(consent.version).toBe(`sms-consent-2025-03-24-${fnv1a(consent.plainText)}`);
    expect(smsConsent(defaultSite)).toBe(consent);
  });

  it("a renamed agency shows its own name under another version; other settings keep the version", () => {
    const renamed = smsConsent(siteFacts({ ...defaultProfile, name: "Bluebonnet Risk Partners" }));
    expect(renamed.plainText).toContain("text messages from Bluebonnet Risk Partners at the mobile number");
    expect(renamed.pageIntro).toContain("how Bluebonnet Risk Partners uses text messages");
    expect(renamed.version).not.toBe(smsConsent(defaultSite).version);
    const newPhone = smsConsent(siteFacts({ ...defaultProfile, phone: "(737) 555-0199" }));
    expect(newPhone.version).toBe(smsConsent(defaultSite).version);
  });
});
