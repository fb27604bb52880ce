import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LandingPage } from "./landing-pages";
import { landingBySlug, landingPagesFor, landingSlugs } from "./landing-pages.copy";
import { coveredTypes, landing } from "./options";
import { defaultProfile, defaultSite, siteFacts } from "./site-profile";

const { agency, licensedStateCount, promises } = defaultSite;
const landingPages = landingPagesFor(defaultSite);

const order = ["trucking", "contractors", "general-liability", "commercial-property", "hoa", "investment-property"];

/** Every string in a value, however deeply nested. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

function page(slug: string): LandingPage {
  const found = landingBySlug(defaultSite, slug);
  if (!found) throw new Error(`no landing page ${slug}`);
  return found;
}

describe("landing pages", () => {
  it("has the six pages, with unique slugs, in page order", () => {
    expect(landingPages.map((p) => p.slug)).toEqual(order);
    expect(landingSlugs).toEqual(order);
    expect(new Set(landingSlugs).size).toBe(6);
  });

  it("finds a page by slug and nothing for an unknown or missing slug", () => {
    for (const slug of order) expect(landingBySlug(defaultSite, slug)?.slug).toBe(slug);
    expect(landingBySlug(defaultSite, "trucking-insurance")).toBeUndefined();
    expect(landingBySlug(defaultSite, undefined)).toBeUndefined();
  });

  it("uses the property layout for property, HOA and investment pages and the business layout for the others", () => {
    expect(landingPages.filter((p) => p.layout === "property").map((p) => p.slug)).toEqual([
      "commercial-property",
      "hoa",
      "investment-property",
    ]);
    expect(landingPages.filter((p) => p.layout === "business").map((p) => p.slug)).toEqual([
      "trucking",
      "contractors",
      "general-liability",
    ]);
  });

  it.each(landingPages.map((p) => [p.slug, p] as const))("%s has exactly the counts the layout demands", (_slug, p) => {
    expect(p.heroTiles).toHaveLength(4);
    expect(p.whyChoose.cards).toHaveLength(6);
    expect(p.faqs).toHaveLength(4);
    if (p.layout === "property") {
      expect(p.coveredTypes.items).toHaveLength(5);
    } else {
      expect(p.types.items).toHaveLength(6);
      expect(p.checklist.items).toHaveLength(6);
    }
  });

  it("lists the covered types exactly as the specification names them", () => {
    const expected = {
      "commercial-property": coveredTypes.commercialProperty,
      hoa: coveredTypes.hoa,
      "investment-property": coveredTypes.investmentProperty,
    };
    for (const [slug, titles] of Object.entries(expected)) {
      const p = page(slug);
      if (p.layout !== "property") throw new Error(`${slug} should use the property layout`);
      expect(p.coveredTypes.items.map((item) => item.title)).toEqual([...titles]);
    }
  });

  it("names the business types of the contractors and general liability quote forms", () => {
    const forms = { contractors: landing.contractors.businessType, "general-liability": landing.generalLiability.businessType };
    for (const [slug, options] of Object.entries(forms)) {
      const p = page(slug);
      if (p.layout !== "business") throw new Error(`${slug} should use the business layout`);
      const named = options.filter((option) => option !== "Other");
      expect(p.types.items).toHaveLength(named.length);
      for (const [i, item] of p.types.items.entries()) expect(item.title.startsWith(named[i])).toBe(true);
    }
  });

  it.each(landingPages.map((p) => [p.slug, p] as const))("%s has a meta description of 120-160 characters", (_slug, p) => {
    expect(p.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(p.metaDescription.length).toBeLessThanOrEqual(160);
  });

  it("gives every page its own title, headline and meta description", () => {
    for (const key of ["pageTitle", "headline", "metaDescription", "badge"] as const) {
      expect(new Set(landingPages.map((p) => p[key])).size).toBe(6);
    }
  });

  it.each(landingPages.map((p) => [p.slug, p] as const))("%s states the current licensed-state count", (_slug, p) => {
    const all = texts(p).join("\n");
    expect(all.toLowerCase()).toContain(`${licensedStateCount} states`);
    expect(all).not.toMatch(/\b15 states/i);
  });

  it.each(landingPages.map((p) => [p.slug, p] as const))("%s has no filler, stale or broken text", (_slug, p) => {
    for (const text of texts(p)) {
      expect(text.trim()).toBe(text);
      expect(text).not.toBe("");
      expect(text).not.toMatch(/lorem|ipsum|coming soon|\bTODO\b|undefined|\[object/i);
      expect(text).not.toMatch(/\bNaN\b/);
      expect(text).not.toContain("555");
      expect(text).not.toContain(agency.email);
      expect(text).not.toMatch(/ {2}/);
    }
  });

  it.each(landingPages.map((p) => [p.slug, p] as const))("%s asks questions and answers them in full sentences", (_slug, p) => {
    for (const faq of p.faqs) {
      expect(faq.question.endsWith("?")).toBe(true);
      expect(faq.answer.endsWith(".")).toBe(true);
      expect(faq.answer.length).toBeGreaterThan(150);
    }
    expect(new Set(p.faqs.map((faq) => faq.question)).size).toBe(4);
  });

  it("never writes the agency's details, licensed-state count, hours or promises as literals", () => {
    const source = readFileSync(new URL("./landing-pages.copy.ts", import.meta.url), "utf8");
    const literals = [
      agency.name,
      agency.shortName,
      agency.email,
      agency.phone.primary.display,
      agency.phone.secondary?.display ?? agency.phone.primary.display,
      agency.hours.availability,
      agency.hours.open,
      "9:00 AM - 5:00 PM",
      "9 AM",
      `${promises.contactMinutes} minutes`,
      `${promises.quoteMinutes} minutes`,
      `${promises.carriers} carriers`,
    ];
    for (const literal of literals) expect(source).not.toContain(literal);
    expect(source).not.toMatch(new RegExp(`\\b${licensedStateCount} states`, "i"));
  });

  it("builds the pages once per facts object, from the facts given", () => {
    expect(landingPagesFor(defaultSite)).toBe(landingPages);
    const changed = siteFacts({
      ...defaultProfile,
      name: "Bluebonnet Risk Partners",
      contactMinutes: 15,
      licensedStates: ["Oklahoma", "Texas"],
      hours: { ...defaultProfile.hours, friday: { opens: "09:00", closes: "12:00" } },
    });
    const pages = landingPagesFor(changed);
    expect(pages).not.toBe(landingPages);
    expect(pages.map((p) => p.slug)).toEqual(landingSlugs);
    const all = texts(pages).join("\n");
    expect(all).toContain("2 states");
    expect(all).not.toContain(`${licensedStateCount} states`);
    expect(all).toContain("within 15 minutes");
    expect(all).not.toContain(`within ${promises.contactMinutes} minutes`);
    // The office hours mid-sentence follow the stored week.
    expect(all).toContain("(Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM CT)");
    expect(landingBySlug(changed, "hoa")?.tagline).toContain("within 15 minutes");
  });

  it("states the default office hours as the pages always have", () => {
    const trucking = page("trucking");
    expect(trucking.faqs.map((f) => f.answer).join(" ")).toContain("(Monday - Friday, 9:00 AM - 5:00 PM CT)");
  });
});
