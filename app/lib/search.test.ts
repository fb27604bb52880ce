import { describe, expect, it } from "vitest";
import { containsPattern, hereWithSearch, parseSearch, SEARCH_MAX_LENGTH, searchAsked } from "./search";

describe("parseSearch", () => {
  it("reads nothing from an absent, blank or punctuation-only search", () => {
    for (const raw of [null, undefined, "", "   ", "%", "-- ..", "\t\n"]) expect(parseSearch(raw), String(raw)).toBeNull();
  });

  it("lower-cases, trims and splits into distinct words, at most six", () => {
    expect(parseSearch("  Priya   NATARAJAN ")).toEqual({ words: ["priya", "natarajan"], digits: null, text: "priya natarajan" });
    expect(parseSearch("a b c d e f g h")?.words).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(parseSearch("roof roof Roof")?.words).toEqual(["roof"]);
    // Full-width letters and digits read as their plain forms.
    expect(parseSearch("ＡＢＣ１２３")?.words).toEqual(["abc123"]);
  });

  it("reads a phone written any way as its digits, without a leading US country code", () => {
    for (const typed of ["(512) 555-0147", "512.555.0147", "512-555-0147", "+1 512 555 0147", "1 (512) 555-0147", "5125550147"]) {
      expect(parseSearch(typed)?.digits, typed).toBe("5125550147");
    }
    expect(parseSearch("555-0147")?.digits).toBe("5550147");
    expect(parseSearch("014")?.digits).toBe("014");
    // Too short, or not only phone characters: no digit search.
    expect(parseSearch("51")?.digits).toBeNull();
    expect(parseSearch("L-7K4M2P")?.digits).toBeNull();
    expect(parseSearch("suite 200")?.digits).toBeNull();
  });

  it("keeps at most the first 100 characters", () => {
    expect(parseSearch("x".repeat(500))?.text).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe("containsPattern", () => {
  it("matches the term anywhere, with LIKE's wildcards and escape taken literally", () => {
    expect(containsPattern("smith")).toBe("%smith%");
    expect(containsPattern("50%")).toBe("%50\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\x")).toBe("%c:\\\\x%");
  });
});

describe("searchAsked and hereWithSearch", () => {
  it("reads the address's search as typed and writes it back", () => {
    expect(searchAsked(new URL("http://x/admin/contacts?q=%20Dana%20%20Whitfield%20"))).toBe("Dana Whitfield");
    expect(searchAsked(new URL("http://x/admin/contacts"))).toBe("");
    expect(hereWithSearch("/admin/contacts", "")).toBe("/admin/contacts");
    expect(hereWithSearch("/admin/contacts", "a&b")).toBe("/admin/contacts?q=a%26b");
  });
});
