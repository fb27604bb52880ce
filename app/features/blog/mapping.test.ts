/**
 * The blog's rules (spec 000 section 3, 9): a stored record as displayed, a card's address, the list
 * filter, the dates, and the built-in articles (honest reading times, allowed markup, dates).
 */
import { describe, expect, it } from "vitest";
import { builtInPostsFor } from "~/content/blog-posts";
import { defaultSite } from "~/content/site-profile";

const builtInPosts = builtInPostsFor(defaultSite);

import { htmlToText, readingTime, wordCount } from "~/lib/html-text";
import { teamMembers } from "../../../tests/support/content";
import { calendarDay, formatCardDate, formatPostDate, isoDay } from "./format";
import {
  authorName,
  type BlogRecord,
  DEFAULT_POST_IMAGE,
  excerpt,
  filterPosts,
  fromRecord,
  metaDescription,
  newestFirst,
  postPath,
  stripLeadingH1,
  toggleTag,
  uniqueTags,
} from "./mapping";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

const record = (values: Partial<BlogRecord> = {}): BlogRecord => ({
  id: "6f1c2a9e-3b7d-4c55-9e2a-1d0f8b7c6a54",
  slug: "hail-season-checklist",
  title: "Hail season checklist",
  content: `<h1>Hail season checklist</h1><p>${words(450)}</p>`,
  category: "Commercial Property",
  imageUrl: "https://cdn.example.com/hail.jpg",
  createdAt: new Date("2025-05-02T15:30:00Z"),
  authorEmail: "jenna.brooks@agency.example",
  ...values,
});

describe("a stored record as displayed", () => {
  it("makes the category the single tag", () => {
    expect(fromRecord(record()).tags).toEqual(["Commercial Property"]);
    expect(fromRecord(record({ category: "  Cyber  " })).tags).toEqual(["Cyber"]);
  });

  it("describes the post with the first 150 characters of its text and an ellipsis", () => {
    const text = "Roofs in Central Texas take a beating every spring. ".repeat(10);
    const post = fromRecord(record({ content: `<p>${text}</p>` }));
    expect(post.description).toBe(`${text.slice(0, 150).trimEnd()}...`);
    expect(post.description.length).toBeLessThanOrEqual(153);
    expect(post.description).not.toMatch(/[<>]/);
  });

  it("shows a text of 150 characters or fewer whole", () => {
    expect(excerpt("<p>Short &amp; sweet.</p>")).toBe("Short & sweet.");
    const exactly150 = "x".repeat(150);
    expect(excerpt(exactly150)).toBe(exactly150);
    expect(excerpt("y".repeat(151))).toBe(`${"y".repeat(150)}...`);
  });

  it("reads at 200 words a minute, rounded up", () => {
    expect(readingTime(words(1))).toBe(1);
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(`<p>${words(399)}</p><ul><li>${words(2)}</li></ul>`)).toBe(3);
    expect(fromRecord(record()).readingTime).toBe(3); // 3 title words + 450
    expect(readingTime("")).toBe(1);
  });

  it("names the author by the part of the email before the @, else Admin", () => {
    expect(authorName("jenna.brooks@agency.example")).toBe("jenna.brooks");
    expect(authorName(null)).toBe("Admin");
    expect(authorName(undefined)).toBe("Admin");
    expect(authorName("")).toBe("Admin");
    expect(authorName("@agency.example")).toBe("Admin");
    expect(fromRecord(record({ authorEmail: null })).author).toEqual({ name: "Admin", role: "Insurance Expert", avatar: null });
    expect(fromRecord(record()).author).toEqual({ name: "jenna.brooks", role: "Insurance Expert", avatar: null });
  });

  it("uses the default image when the post has none", () => {
    expect(fromRecord(record({ imageUrl: null })).imageUrl).toBe(DEFAULT_POST_IMAGE);
    expect(fromRecord(record({ imageUrl: "   " })).imageUrl).toBe(DEFAULT_POST_IMAGE);
    expect(fromRecord(record()).imageUrl).toBe("https://cdn.example.com/hail.jpg");
  });

  it("keeps id, slug, title, content and the creation time", () => {
    const post = fromRecord(record());
    expect(post).toMatchObject({
      id: record().id,
      slug: "hail-season-checklist",
      title: "Hail season checklist",
      publishDate: "2025-05-02T15:30:00.000Z",
    });
    expect(post.content).toBe(record().content);
  });

  it("gives the meta description as the first 155 characters of the text", () => {
    const text = "Business income coverage pays the income you lose while you rebuild. ".repeat(5);
    expect(metaDescription(`<h2>Why</h2><p>${text}</p>`)).toBe(`Why ${text}`.slice(0, 155).trimEnd());
    expect(metaDescription(`<p>${text}</p>`)).toHaveLength(155);
  });
});

describe("html to text", () => {
  it("drops tags, decodes entities and collapses whitespace", () => {
    expect(htmlToText("<p>Fire &amp; theft&nbsp;&#39;covered&#x27;</p>\n<ul><li>A</li><li>B</li></ul>")).toBe("Fire & theft 'covered' A B");
    expect(htmlToText("<script>alert(1)</script><p>ok</p>")).toBe("ok");
    expect(wordCount(htmlToText("<p>one  two</p><p>three</p>"))).toBe(3);
  });
});

describe("a card's address", () => {
  it("links by slug when the slug holds a hyphen, otherwise by id", () => {
    expect(postPath({ id: "abc", slug: "hail-season-checklist" })).toBe("/blog/hail-season-checklist");
    expect(postPath({ id: "6f1c2a9e-3b7d-4c55-9e2a-1d0f8b7c6a54", slug: "cybersecurity" })).toBe(
      "/blog/6f1c2a9e-3b7d-4c55-9e2a-1d0f8b7c6a54",
    );
    expect(postPath({ id: "7", slug: "" })).toBe("/blog/7");
  });
});

describe("the body", () => {
  it("loses a leading h1 only", () => {
    expect(stripLeadingH1('  <h1 class="x">Title <em>here</em></h1>\n<p>Body</p>')).toBe("<p>Body</p>");
    expect(stripLeadingH1("<p>Intro</p><h1>Later</h1>")).toBe("<p>Intro</p><h1>Later</h1>");
    expect(stripLeadingH1("<h2>Not an h1</h2>")).toBe("<h2>Not an h1</h2>");
  });
});

describe("the list filter", () => {
  const posts = [
    {
      id: "1",
      title: "Contractor trends",
      description: "Rates and audits",
      tags: ["Contractors", "Industry Trends"],
      author: { name: "Daniel Reyes" },
    },
    { id: "2", title: "Cyber insurance", description: "Ransomware and MFA", tags: ["Cyber Insurance"], author: { name: "Jenna Brooks" } },
    {
      id: "3",
      title: "Contractor's guide",
      description: "Bonds and certificates",
      tags: ["Contractors"],
      author: { name: "Daniel Reyes" },
    },
  ];

  it("searches title, description, tags and author, every word, ignoring case", () => {
    expect(filterPosts(posts, { query: "CONTRACTOR", tag: null }).map((p) => p.id)).toEqual(["1", "3"]);
    expect(filterPosts(posts, { query: "ransomware", tag: null }).map((p) => p.id)).toEqual(["2"]);
    expect(filterPosts(posts, { query: "jenna", tag: null }).map((p) => p.id)).toEqual(["2"]);
    expect(filterPosts(posts, { query: "contractor bonds", tag: null }).map((p) => p.id)).toEqual(["3"]);
    expect(filterPosts(posts, { query: "  ", tag: null })).toHaveLength(3);
  });

  it("combines the search with the selected tag", () => {
    expect(filterPosts(posts, { query: "", tag: "Contractors" }).map((p) => p.id)).toEqual(["1", "3"]);
    expect(filterPosts(posts, { query: "trends", tag: "Contractors" }).map((p) => p.id)).toEqual(["1"]);
    expect(filterPosts(posts, { query: "cyber", tag: "Contractors" })).toEqual([]);
  });

  it("clears the active tag when clicked again and selects another", () => {
    expect(toggleTag(null, "Contractors")).toBe("Contractors");
    expect(toggleTag("Contractors", "Contractors")).toBeNull();
    expect(toggleTag("Contractors", "Cyber Insurance")).toBe("Cyber Insurance");
  });

  it("lists each tag once in first-use order", () => {
    expect(uniqueTags(posts)).toEqual(["Contractors", "Industry Trends", "Cyber Insurance"]);
  });

  it("sorts newest first, equal dates by id", () => {
    const sorted = newestFirst([
      { id: "b", publishDate: "2025-03-21" },
      { id: "a", publishDate: "2025-03-21" },
      { id: "c", publishDate: "2025-03-24" },
      { id: "d", publishDate: "2025-05-01T10:00:00.000Z" },
    ]);
    expect(sorted.map((p) => p.id)).toEqual(["d", "c", "a", "b"]);
  });
});

describe("dates", () => {
  const zone = "America/Chicago";

  it("formats cards as MMM d, yyyy and posts as MMMM d, yyyy", () => {
    expect(formatCardDate("2025-03-20", zone)).toBe("Mar 20, 2025");
    expect(formatPostDate("2025-03-20", zone)).toBe("March 20, 2025");
    expect(formatCardDate("2025-09-05", zone)).toBe("Sep 5, 2025");
    expect(formatPostDate("2025-09-05", zone)).toBe("September 5, 2025");
  });

  it("keeps a calendar date on its day whatever the time zone", () => {
    // Read as UTC midnight, "2025-03-20" would be March 19 west of Greenwich.
    expect(calendarDay("2025-03-20", zone).getDate()).toBe(20);
    expect(isoDay("2025-03-20", "Pacific/Honolulu")).toBe("2025-03-20");
  });

  it("shows a stored post's instant on its day in the agency's time zone", () => {
    // 02:30 UTC on May 3 is still May 2 in Texas (UTC-5 in May).
    expect(formatCardDate("2025-05-03T02:30:00.000Z", zone)).toBe("May 2, 2025");
    expect(formatPostDate(new Date("2025-05-03T02:30:00.000Z"), zone)).toBe("May 2, 2025");
    expect(formatPostDate("2025-05-03T02:30:00.000Z", "UTC")).toBe("May 3, 2025");
    expect(isoDay("2025-12-31T23:59:00.000Z", "America/Chicago")).toBe("2025-12-31");
    // An office in New York: 04:30 UTC on May 3 is 00:30 there, already May 3.
    expect(formatCardDate("2025-05-03T04:30:00.000Z", "America/New_York")).toBe("May 3, 2025");
    expect(formatCardDate("2025-05-03T04:30:00.000Z", zone)).toBe("May 2, 2025");
  });

  it("refuses a value that is not a date", () => {
    expect(() => formatCardDate("soon", zone)).toThrow(RangeError);
  });
});

describe("the built-in articles", () => {
  const ALLOWED = new Set(["p", "h2", "h3", "strong", "em", "ul", "ol", "li", "a"]);

  it("are six, dated March 20 to 24, 2025, with hyphenated unique slugs and ids", () => {
    expect(builtInPosts).toHaveLength(6);
    const dates = builtInPosts.map((p) => p.publishDate);
    for (const d of dates) expect(d >= "2025-03-20" && d <= "2025-03-24").toBe(true);
    expect(dates).toContain("2025-03-20");
    expect(dates).toContain("2025-03-24");
    expect(new Set(builtInPosts.map((p) => p.slug)).size).toBe(6);
    expect(new Set(builtInPosts.map((p) => p.id)).size).toBe(6);
    for (const p of builtInPosts) expect(p.slug).toContain("-");
  });

  it("carry the spec's reading times, honest at 200 words a minute, and compute the sixth", () => {
    expect(builtInPosts.slice(0, 5).map((p) => p.readingTime)).toEqual([8, 8, 10, 12, 10]);
    for (const post of builtInPosts) {
      const minutes = wordCount(htmlToText(post.content)) / 200;
      expect(Math.abs(Math.ceil(minutes) - post.readingTime), post.slug).toBeLessThanOrEqual(1);
    }
    expect(builtInPosts[5].readingTime).toBe(readingTime(builtInPosts[5].content));
  });

  it("are full articles in the allowed markup, without an h1", () => {
    for (const post of builtInPosts) {
      expect(wordCount(htmlToText(post.content)), post.slug).toBeGreaterThan(1400);
      const tags = [...post.content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase());
      for (const tag of tags) expect(ALLOWED.has(tag), `${post.slug}: <${tag}>`).toBe(true);
      expect(post.content).not.toContain("${");
      expect(post.description.length).toBeGreaterThan(50);
    }
  });

  it("are written by the agency's own people, with their roles", () => {
    for (const post of builtInPosts) {
      const member = teamMembers.find((m) => m.name === post.author.name);
      expect(member, post.slug).toBeDefined();
      expect(post.author.role).toBe(member!.role);
    }
  });

  it("link only to pages that exist", () => {
    const slugs = new Set(builtInPosts.map((p) => p.slug));
    const known = [
      "/contact",
      "/quote",
      "/insurance/contractors",
      "/insurance/commercial-property",
      "/insurance/investment-property",
      "/insurance/commercial-trucking",
    ];
    for (const post of builtInPosts) {
      for (const [, href] of post.content.matchAll(/href="([^"]+)"/g)) {
        const ok = known.includes(href) || (href.startsWith("/blog/") && slugs.has(href.slice(6)));
        expect(ok, `${post.slug} links to ${href}`).toBe(true);
      }
    }
  });
});
