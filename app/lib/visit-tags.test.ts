import { describe, expect, it } from "vitest";
import { CLICK_IDS, isVisitTag, withoutVisitTags } from "./visit-tags";

describe("visit tags", () => {
  it("are the campaign's utm_* parameters, ad networks' click ids and analytics' own, as written", () => {
    for (const name of CLICK_IDS) expect(isVisitTag(name), name).toBe(true);
    for (const name of [
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
      "utm_id",
      "gclid",
      "fbclid",
      "msclkid",
      "_gl",
      "srsltid",
    ]) {
      expect(isVisitTag(name), name).toBe(true);
    }
    for (const name of ["q", "tag", "apply", "index", "utm_", "UTM_SOURCE", "utm%5Fsource", "gclid2", `utm_${"x".repeat(41)}`]) {
      expect(isVisitTag(name), name).toBe(false);
    }
  });

  it("are taken out of a target, the other parameters kept in their order and spelling", () => {
    expect(withoutVisitTags("/")).toBe("/");
    expect(withoutVisitTags("/?utm_source=google")).toBe("/");
    expect(withoutVisitTags("/contact?utm_source=google&utm_medium=cpc&gclid=EAIa")).toBe("/contact");
    expect(withoutVisitTags("/blog?utm_source=x&tag=Risk%20Management&fbclid=1")).toBe("/blog?tag=Risk%20Management");
    expect(withoutVisitTags("/?index&utm_source=x")).toBe("/?index");
    expect(withoutVisitTags("/contact?")).toBe("/contact");
    expect(withoutVisitTags("/contact?&&utm_id=1")).toBe("/contact");
    expect(withoutVisitTags("?utm_source=x")).toBe("");
    // Nothing to take out: the same string.
    const target = "/blog?q=trucking&tag=Texas";
    expect(withoutVisitTags(target)).toBe(target);
  });

  it("leave a query too long to look at as it is", () => {
    const long = `/?utm_source=${"x".repeat(3000)}`;
    expect(withoutVisitTags(long)).toBe(long);
  });
});
