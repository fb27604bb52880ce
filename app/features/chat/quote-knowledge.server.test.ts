import { describe, expect, it } from "vitest";
import { defaultSite } from "~/content/site-profile";
import { DEFAULT_UPLOAD_MAX_BYTES } from "~/content/uploads";
import { limitInWords } from "~/lib/file-sizes";
import { contentKnowledge, quoteKnowledge } from "./site-knowledge.server";

describe("what the assistant knows of the quote's documents", () => {
  it("states the largest document the server takes, as the form does", () => {
    const items = quoteKnowledge(defaultSite, limitInWords(5 * 1024 ** 2));
    const documents = items.find((i) => i.source === "quote:documents");
    expect(documents?.content).toContain("up to 5 MB each");
    expect(items.map((i) => i.content).join(" ")).not.toContain("1 GB");
    expect(
      quoteKnowledge(defaultSite, limitInWords(DEFAULT_UPLOAD_MAX_BYTES)).find((i) => i.source === "quote:checklist")?.content,
    ).toContain("up to 1 GB each");
  });

  it("is not in the content computed once per agency, which cannot know the server's limit", () => {
    expect(contentKnowledge(defaultSite).some((i) => i.source.startsWith("quote:"))).toBe(false);
  });
});
