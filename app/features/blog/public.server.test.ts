import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/client";
import type { BlogPost } from "#db/schema";
import { defaultSite } from "~/content/site-profile";
import { blogList } from "./public.server";

const site = defaultSite;

const row = (title: string): BlogPost =>
  ({
    id: "3f0c1f1e-8a51-4c1b-9e56-6a4bd1f0c0a1",
    title,
    slug: title.toLowerCase().replaceAll(" ", "-"),
    content: "<p>Wind and hail deductibles are written in percent of the building's value in most of Texas.</p>",
    category: "Commercial Property",
    imageUrl: null,
    status: "published",
    authorEmail: null,
    createdAt: new Date("2026-05-01T15:00:00Z"),
    updatedAt: new Date("2026-05-01T15:00:00Z"),
  }) as BlogPost;

/** A database whose published-posts query answers `answer()`, counting the reads. */
function database(answer: () => Promise<BlogPost[]>) {
  let reads = 0;
  const chain = {
    from: () => chain,
    where: () => chain,
    orderBy: () => {
      reads++;
      return answer();
    },
  };
  return { db: { select: () => chain } as unknown as Database, reads: () => reads };
}

afterEach(() => vi.restoreAllMocks());

describe("the blog list", () => {
  it("is read once per content version and profile, and again at the next", async () => {
    let title = "Hail Deductibles Explained";
    const { db, reads } = database(async () => [row(title)]);
    const first = await blogList(db, site, undefined, 1);
    expect(first.at(-1)?.title).toBe("Hail Deductibles Explained");
    expect(await blogList(db, site, undefined, 1)).toBe(first);
    expect(reads()).toBe(1);
    title = "Hail Deductibles Revised";
    expect((await blogList(db, site, undefined, 2)).at(-1)?.title).toBe("Hail Deductibles Revised");
    expect(reads()).toBe(2);
    // Another profile (a saved setting) reads it again; so does every request without a version.
    await blogList(db, { ...site }, undefined, 2);
    expect(reads()).toBe(3);
    await blogList(db, site, undefined, null);
    await blogList(db, site, undefined, null);
    expect(reads()).toBe(5);
  });

  it("is read again after a minute at the same version", async () => {
    const now = vi.spyOn(performance, "now").mockReturnValue(1_000);
    const { db, reads } = database(async () => [row("Builders Risk Basics")]);
    await blogList(db, site, undefined, 7);
    now.mockReturnValue(50_000);
    await blogList(db, site, undefined, 7);
    expect(reads()).toBe(1);
    now.mockReturnValue(62_000);
    await blogList(db, site, undefined, 7);
    expect(reads()).toBe(2);
  });

  it("keeps no failed read: the built-in posts are listed, the error reported, and the next request reads again", async () => {
    let fail = true;
    const { db, reads } = database(async () => {
      if (fail) throw new Error("database unavailable");
      return [row("Cargo Coverage Limits")];
    });
    const errors: unknown[] = [];
    const list = await blogList(db, site, (error) => errors.push(error), 3);
    expect(errors).toHaveLength(1);
    expect(list.map((post) => post.title)).not.toContain("Cargo Coverage Limits");
    expect(list.length).toBeGreaterThan(0);
    fail = false;
    await Promise.resolve();
    expect((await blogList(db, site, undefined, 3)).at(-1)?.title).toBe("Cargo Coverage Limits");
    expect(reads()).toBe(2);
  });
});
