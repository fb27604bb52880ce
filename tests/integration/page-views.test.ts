/**
 * Page views counted by the server (docs/decisions/059-page-views.md), on both databases: the prerendered
 * pages, a post from the render cache and one rendered per request each count once a view; a bot, the back
 * office, files, a not-found page and a HEAD do not; two processes add to the same rows.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViews } from "#db/schema";
import { builtInPostsFor } from "../../app/content/blog-posts";
import { defaultSite } from "../../app/content/site-profile";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
const post = builtInPostsFor(defaultSite)[0];

describe.each(databaseKinds)("page views on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const get = (path: string, userAgent = CHROME, method = "GET") =>
    fetch(`${server.url}${path}`, { method, headers: { "user-agent": userAgent } });
  const viewsOf = async (path: string) => {
    const rows = await server.services.db.select().from(pageViews).where(eq(pageViews.path, path));
    return rows.reduce((n, r) => n + r.views, 0);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts a view of each public page however it is answered, and nothing else", async () => {
    for (const path of ["/", "/", "/about", `/blog/${post.slug}`, `/blog/${post.slug}`, `/blog/${post.slug}?utm_source=x`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    for (const [path, userAgent, method] of [
      ["/", BINGBOT, "GET"],
      ["/", CHROME, "HEAD"],
      ["/admin/login", CHROME, "GET"],
      ["/sitemap.xml", CHROME, "GET"],
      ["/robots.txt", CHROME, "GET"],
      ["/no-such-page", CHROME, "GET"],
      ["/api/health", CHROME, "GET"],
    ] as const) {
      await (await get(path, userAgent, method)).arrayBuffer();
    }
    await server.services.pageViews.flush();
    expect(await viewsOf("/")).toBe(2);
    expect(await viewsOf("/about")).toBe(1);
    expect(await viewsOf(`/blog/${post.slug}`)).toBe(3);
    const all = await server.services.db.select().from(pageViews);
    expect(all.map((r) => r.path).sort()).toEqual(["/", "/about", `/blog/${post.slug}`]);
  });

  it("adds to the stored counts: a second write, as another process's, sums into the same row", async () => {
    const [row] = await server.services.db.select().from(pageViews).where(eq(pageViews.path, "/"));
    await (await get("/")).arrayBuffer();
    await server.services.pageViews.flush();
    const [after] = await server.services.db
      .select()
      .from(pageViews)
      .where(and(eq(pageViews.path, "/"), eq(pageViews.day, row.day)));
    expect(after.views).toBe(row.views + 1);
  });
});
