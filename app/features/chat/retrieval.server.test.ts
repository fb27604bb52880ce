/**
 * The offline ranking on passages built to compete: each case holds the passage that answers a
 * visitor's question and one that shares its words or its subject, and the right one must come first.
 */
import { describe, expect, it } from "vitest";
import { embeddingText } from "./knowledge.server";
import { embedLocal, LexicalIndex } from "./local-engine.server";
import { retrieveLocal } from "./retrieval.server";
import type { KnowledgeItem } from "./site-knowledge.server";

const page = { path: "/", title: "Home" };

function indexOf(items: Omit<KnowledgeItem, "page">[]) {
  const full = items.map((i) => ({ ...i, page }));
  const vectors = new Map(full.map((i) => [i.source, embedLocal(embeddingText(i)).map((x) => Math.fround(x))]));
  return { lexical: new LexicalIndex(full), allItems: () => full, vectorsOf: () => vectors };
}

const best = (items: Omit<KnowledgeItem, "page">[], question: string) =>
  retrieveLocal(indexOf(items), question, { threshold: 0, count: 1 }).best?.source;

describe("the offline ranking on competing passages", () => {
  it("takes a warehouse to commercial property, not to an investment property's storage", () => {
    const items: Omit<KnowledgeItem, "page">[] = [
      {
        source: "property",
        kind: "topic",
        title: "Warehouses",
        context: "Commercial Property Insurance",
        content: "Distribution and storage buildings with stock values that rise and fall. We look at sprinklers and roof condition.",
      },
      {
        source: "investment",
        kind: "topic",
        title: "Sheds and outbuildings at rental homes",
        context: "Investment Property Insurance",
        content: "Detached garages, sheds and storage on a rental property are insured under other structures coverage.",
      },
    ];
    expect(best(items, "Do you insure warehouses?")).toBe("property");
    expect(best(items, "Is my self-storage facility covered?")).toBe("property");
    expect(best(items, "Can you insure a storage building I lease to a business?")).toBe("property");
  });

  it("takes a food truck to general liability for restaurants, not to trucking", () => {
    const items: Omit<KnowledgeItem, "page">[] = [
      {
        source: "restaurants",
        kind: "topic",
        title: "Restaurants",
        context: "General Liability Insurance",
        content: "Guest injuries and foodborne illness claims, plus liquor liability if you serve alcohol.",
      },
      {
        source: "cargo",
        kind: "topic",
        title: "Motor Truck Cargo",
        context: "Commercial Trucking Insurance",
        content: "Pays for the freight your trucks haul when it is damaged or stolen in transit.",
      },
    ];
    expect(best(items, "Can you insure my food truck?")).toBe("restaurants");
    expect(best(items, "Do you cover 18-wheelers hauling freight?")).toBe("cargo");
  });

  it("takes a claim after hours to the 24/7 claims line, not to the office hours", () => {
    const items: Omit<KnowledgeItem, "page">[] = [
      { source: "hours", kind: "fact", title: "Office hours", content: "Our office is open Monday to Friday, 9 AM to 5 PM Central Time." },
      { source: "claims", kind: "faq", title: "Do you offer 24/7 support?", content: "Yes, claims and emergencies can be reported 24/7." },
    ];
    expect(best(items, "Do you handle claims after hours?")).toBe("claims");
    expect(best(items, "What are your office hours?")).toBe("hours");
  });

  it("prefers a passage that says what something is for a 'what is' question", () => {
    const items: Omit<KnowledgeItem, "page">[] = [
      {
        source: "certificates",
        kind: "faq",
        title: "Can you issue certificates with additional insured and waiver of subrogation wording?",
        content: "Yes. We confirm the right endorsements are on your policy before the certificate goes out.",
      },
      {
        source: "definition",
        kind: "faq",
        title: "What do additional insured and waiver of subrogation mean?",
        content: "A waiver of subrogation stops your insurer from recovering a claim it paid from the party you waived.",
      },
    ];
    expect(best(items, "What is a waiver of subrogation?")).toBe("definition");
  });

  it("answers a fact from the agency's own words before a client's review that mentions it", () => {
    const items: Omit<KnowledgeItem, "page">[] = [
      {
        source: "review",
        kind: "review",
        title: "Client reviews and testimonials: Ray, owner at Ray's Hauling",
        content: '"They answered my claim call at two in the morning, 24/7 like they promised."',
      },
      { source: "fact", kind: "fact", title: "Claims support", content: "Claims and emergencies can be reported 24/7 by phone." },
    ];
    expect(best(items, "Can I report a claim 24/7?")).toBe("fact");
    expect(best(items, "What do your clients say about you?")).toBe("review");
  });
});
