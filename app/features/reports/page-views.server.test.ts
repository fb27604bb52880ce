import { describe, expect, it } from "vitest";
import { countedPath, PageViews } from "./page-views.server";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A database that records what is written, and fails when told to. */
function fakeDb() {
  const written: { day: string; path: string; views: number }[][] = [];
  let failing = false;
  const db = {
    insert: () => ({
      values: (rows: { day: string; path: string; views: number }[]) => ({
        onConflictDoUpdate: async () => {
          if (failing) throw new Error("connection lost");
          written.push(rows);
        },
      }),
    }),
  };
  return { db: db as never, written, fail: (on: boolean) => (failing = on) };
}

describe("countedPath", () => {
  it("counts the public pages only", () => {
    for (const path of ["/", "/about", "/blog/commercial-trucking-insurance-fmcsa-minimums", "/hoa-insurance", "/insurance/contractors"])
      expect(countedPath(path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/leads",
      "/Admin/leads",
      "/api/leads",
      "/assets/x.js",
      "/media/a-640.webp",
      "/sitemap.xml",
      "/robots.txt",
      "/blog/rss.xml",
      "/about.data",
      "x",
      `/${"a".repeat(300)}`,
    ])
      expect(countedPath(path), path).toBe(false);
  });
});

describe("PageViews", () => {
  it("adds a view per page and day where the agency is, leaves bots out, and writes the sums", async () => {
    const { db, written } = fakeDb();
    // 04:30 UTC on March 12 is the evening of March 11 in Texas.
    let now = Date.parse("2026-03-12T04:30:00Z");
    const views = new PageViews({ db, timeZone: () => "America/Chicago", now: () => now });
    views.count("/", CHROME);
    views.count("/", CHROME);
    views.count("/", GOOGLEBOT);
    views.count("/", null);
    views.count("/admin/leads", CHROME);
    views.count("/about", CHROME);
    now = Date.parse("2026-03-12T06:01:00Z");
    views.count("/", CHROME);
    await views.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual([
      { day: "2026-03-11", path: "/", views: 2 },
      { day: "2026-03-11", path: "/about", views: 1 },
      { day: "2026-03-12", path: "/", views: 1 },
    ]);
    // Nothing new: nothing written.
    await views.flush();
    expect(written).toHaveLength(1);
  });

  it("keeps the counts a failed write could not store, for the next write", async () => {
    const { db, written, fail } = fakeDb();
    const errors: unknown[] = [];
    const views = new PageViews({
      db,
      timeZone: () => "UTC",
      now: () => Date.parse("2026-06-01T12:00:00Z"),
      onError: (e) => errors.push(e),
    });
    views.count("/", CHROME);
    fail(true);
    await views.flush();
    expect(errors).toHaveLength(1);
    views.count("/", CHROME);
    fail(false);
    await views.flush();
    expect(written).toEqual([[{ day: "2026-06-01", path: "/", views: 2 }]]);
  });
});
