/**
 * The blog back office's screens on a real server and database (spec 001 sections 2, 5, 8): the HTML
 * of /admin/blog, the post screens and /admin/categories carries the records for a signed-in admin and
 * sends anyone else to sign in; the screens' forms work as a browser without scripts posts them
 * (URL-encoded), answering field errors in the page with the values kept, sanitising a post's HTML as
 * the API does, and refusing a post from another site; a failed read shows the spec's texts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, categories } from "#db/schema";
import { fallbackBlogCategories } from "../../app/content/admin-options";
import { blogAdminMessages, blogFieldMessages } from "../../app/features/blog/admin-messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { htmlText as html, screenRequests } from "../support/screens";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const list = blogAdminMessages.list;
const cats = blogAdminMessages.categories;
const MISSING = "00000000-0000-4000-8000-000000000000";

const validPost = {
  title: "Hired Auto Coverage for Contractors",
  category: "Contractors",
  status: "published",
  imageUrl: "",
  content: '<h2>Who needs it</h2><p onclick="steal()">Crews that rent <strong>trucks</strong>.</p><script>alert(1)</script>',
};

describe.each(databaseKinds)("blog back-office screens on %s", (kind) => {
  let server: Server;
  let cookie: string;

  const db = () => server.services.db;
  const { get, postForm } = screenRequests(() => ({ url: server.url, cookie }));
  const postRow = async (title: string) => (await db().select().from(blogPosts).where(eq(blogPosts.title, title)))[0];

  beforeAll(async () => {
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("sends anyone without a session to sign in, from every screen and every form", async () => {
    for (const path of ["/admin/blog", "/admin/posts/new", `/admin/posts/${MISSING}/edit`, "/admin/categories"]) {
      const page = await get(path, false);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      const posted = await postForm(path, { ...validPost, intent: "delete", id: MISSING, name: "Surety" }, {}, false);
      expect(posted.status, path).toBe(302);
      expect(posted.headers.get("location"), path).toBe("/admin/login");
    }
    expect(await db().select().from(blogPosts)).toHaveLength(0);
  });

  it("renders the empty list, then the posts with their status, for a signed-in admin", async () => {
    const empty = await get("/admin/blog");
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain(html(list.title));
    expect(emptyHtml).toContain(html(list.empty));

    for (const [title, status] of [
      ["Cargo Limits Shippers Ask For", "published"],
      ["Draft: Reefer Breakdown Cover", "draft"],
    ]) {
      const res = await fetch(`${server.url}/api/blogs`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ title, status, category: "Commercial Trucking", content: "<p>Body</p>", imageUrl: "" }),
      });
      expect(res.status).toBe(201);
    }
    const page = await (await get("/admin/blog")).text();
    expect(page).toContain("Cargo Limits Shippers Ask For");
    expect(page).toContain("Draft: Reefer Breakdown Cover");
    expect(page).toContain('data-status="published"');
    expect(page).toContain('data-status="draft"');
    expect(page).not.toContain(html(list.empty));
    // The AI form's categories come with the page.
    expect(page).toContain("Commercial Trucking");
  });

  it("creates a post from a plain form post: sanitised like the API, then the list with the success text once", async () => {
    const created = await postForm("/admin/posts/new", validPost);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/blog");
    const notice = created.headers.getSetCookie().find((c) => c.startsWith("admin_notice="));
    expect(notice).toBeTruthy();

    const row = await postRow(validPost.title);
    expect(row).toMatchObject({ status: "published", category: "Contractors", imageUrl: null });
    expect(row.content).toContain("<h2>Who needs it</h2>");
    expect(row.content).toContain("<strong>trucks</strong>");
    expect(row.content).not.toMatch(/script|onclick|steal/);

    // The list shows the success text once, and forgets it.
    const noticeCookie = notice!.split(";")[0];
    const after = await get("/admin/blog", true, noticeCookie);
    expect(await after.text()).toContain(html(blogAdminMessages.create.success));
    expect(after.headers.getSetCookie().some((c) => c.startsWith("admin_notice=;") && /Max-Age=0/i.test(c))).toBe(true);
    // A notice key the screens do not know shows nothing.
    expect(await (await get("/admin/blog", true, "admin_notice=%3Cb%3Ehi")).text()).not.toContain("<b>hi");
  });

  it("shows a change made from the screens on the very next public request, as an API write does", async () => {
    expect((await postForm("/admin/posts/new", { ...validPost, title: "Render Cache Check" })).status).toBe(303);
    const row = await postRow("Render Cache Check");
    const cache = server.renderCache!;
    await fetch(`${server.url}/blog/${row.slug}`);
    expect((await fetch(`${server.url}/blog/${row.slug}`)).headers.get("x-render-cache")).toBe("hit");
    const writes = cache.stats.drops.write;
    const saved = await postForm(`/admin/posts/${row.id}/edit`, {
      ...validPost,
      title: "Render Cache Check",
      content: "<p>Second version from the screen.</p>",
    });
    expect(saved.status).toBe(303);
    expect(cache.stats.drops.write).toBe(writes + 1);
    const next = await fetch(`${server.url}/blog/${row.slug}`);
    expect(next.headers.get("x-render-cache")).toBe("miss");
    expect(await next.text()).toContain("Second version from the screen.");
    // The refused and the cross-site posts change nothing, so they keep the pages.
    await postForm(`/admin/posts/${row.id}/edit`, { ...validPost, title: "" });
    expect(cache.stats.drops.write).toBe(writes + 1);
  });

  it("answers a refused post form in the page: each field's message, the values kept, nothing saved", async () => {
    const empty = await postForm("/admin/posts/new", { title: "  ", category: "", status: "", imageUrl: "not a url", content: "<p> </p>" });
    expect(empty.status).toBe(400);
    const page = await empty.text();
    expect(page).toContain(html(blogAdminMessages.create.failure));
    for (const message of [
      blogFieldMessages.title,
      blogFieldMessages.category,
      blogFieldMessages.status,
      blogFieldMessages.imageUrl,
      blogFieldMessages.content,
    ]) {
      expect(page).toContain(html(message));
    }
    expect(page).toContain('value="not a url"');
    expect(page).toContain('aria-invalid="true"');

    // Checks beyond the schema, as the API makes them: a category that does not exist, content that is only a script.
    const unknown = await postForm("/admin/posts/new", { ...validPost, title: "Kept Title", category: "Space Tourism" });
    expect(unknown.status).toBe(400);
    const unknownPage = await unknown.text();
    expect(unknownPage).toContain(html(blogFieldMessages.unknownCategory));
    expect(unknownPage).toContain('value="Kept Title"');
    const scriptOnly = await postForm("/admin/posts/new", { ...validPost, title: "Only a script", content: "<script>alert(1)</script>" });
    expect(scriptOnly.status).toBe(400);
    expect(await scriptOnly.text()).toContain(html(blogFieldMessages.content));
    expect(await postRow("Kept Title")).toBeUndefined();
    expect(await postRow("Only a script")).toBeUndefined();
  });

  it("edits a post: the form holds it, a plain post saves it; an unknown post is a 404", async () => {
    const row = await postRow(validPost.title);
    const form = await get(`/admin/posts/${row.id}/edit`);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain(`value="${html(validPost.title)}"`);
    expect(formHtml).toContain(html(blogAdminMessages.edit.title));
    // Without scripts the content is edited as HTML in a text area.
    expect(formHtml).toContain(html("<h2>Who needs it</h2>"));

    const saved = await postForm(`/admin/posts/${row.id}/edit`, {
      ...validPost,
      title: "Hired and Non-Owned Auto",
      status: "draft",
      content: '<p>Updated <a href="javascript:alert(1)">link</a></p>',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/blog");
    const [updated] = await db().select().from(blogPosts).where(eq(blogPosts.id, row.id));
    expect(updated).toMatchObject({ title: "Hired and Non-Owned Auto", status: "draft" });
    expect(updated.content).toContain("Updated");
    expect(updated.content).not.toContain("javascript");

    const missing = await get(`/admin/posts/${MISSING}/edit`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(html(blogAdminMessages.edit.loadFailure));
    expect((await get("/admin/posts/not-an-id/edit")).status).toBe(404);
    expect((await postForm(`/admin/posts/${MISSING}/edit`, validPost)).status).toBe(404);
  });

  it("deletes a post after the confirmation, and refuses a post from another site", async () => {
    const row = await postRow("Hired and Non-Owned Auto");
    const asking = await (await get(`/admin/blog?delete=${row.id}`)).text();
    expect(asking).toContain(html(list.deleteConfirm));
    expect(asking).toContain(html(list.deleteTitle));

    // Without an Origin header, the browser's Sec-Fetch-Site reaches the actions, which refuse it.
    for (const [path, fields] of [
      ["/admin/blog", { intent: "delete", id: row.id }],
      ["/admin/posts/new", { ...validPost, title: "From elsewhere" }],
      [`/admin/posts/${row.id}/edit`, { ...validPost, title: "From elsewhere" }],
      ["/admin/categories", { intent: "create", name: "From elsewhere" }],
    ] as const) {
      const crossSite = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", cookie },
        body: new URLSearchParams(fields).toString(),
      });
      expect(crossSite.status, path).toBe(403);
    }
    expect(await postRow("Hired and Non-Owned Auto")).toBeTruthy();
    expect(await postRow("From elsewhere")).toBeUndefined();
    expect(await db().select().from(categories).where(eq(categories.name, "From elsewhere"))).toHaveLength(0);

    // A body that is not a browser's form, or far too large, is refused unread.
    const json = await fetch(`${server.url}/admin/blog`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify({ intent: "delete", id: row.id }),
    });
    expect(json.status).toBe(415);
    expect((await postForm("/admin/categories", { intent: "create", name: "x".repeat(10_000) })).status).toBe(413);

    const deleted = await postForm("/admin/blog", { intent: "delete", id: row.id });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(html(blogAdminMessages.api.deleted));
    expect(await postRow("Hired and Non-Owned Auto")).toBeUndefined();
    const again = await postForm("/admin/blog", { intent: "delete", id: row.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(html(list.deleteFailure));
    expect((await postForm("/admin/blog", { intent: "publish", id: row.id })).status).toBe(400);
  });

  it("categories: the list, then create, refuse, rename and delete from plain form posts", async () => {
    const page = await get("/admin/categories");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Commercial Trucking");
    const adding = await (await get("/admin/categories?edit=new")).text();
    expect(adding).toContain(html(cats.addTitle));
    expect(adding).toContain('name="intent" value="create"');

    const empty = await postForm("/admin/categories", { intent: "create", name: "   " });
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain(html(blogFieldMessages.categoryName));
    expect(emptyPage).toContain(html(cats.addTitle));

    const taken = await postForm("/admin/categories", { intent: "create", name: "commercial trucking" });
    expect(taken.status).toBe(409);
    const takenPage = await taken.text();
    expect(takenPage).toContain(html(blogAdminMessages.api.categoryExists("Commercial Trucking")));
    expect(takenPage).toContain('value="commercial trucking"');

    const created = await postForm("/admin/categories", { intent: "create", name: "Surety Bonds" });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain(html(cats.created));
    const [row] = await db().select().from(categories).where(eq(categories.name, "Surety Bonds"));
    expect(row).toBeTruthy();

    const editing = await (await get(`/admin/categories?edit=${row.id}`)).text();
    expect(editing).toContain(html(cats.editTitle));
    expect(editing).toContain('value="Surety Bonds"');

    // A rename carries the posts filed under the category along, as PUT /api/categories/:id does.
    const filed = await fetch(`${server.url}/api/blogs`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ title: "Bid Bonds 101", status: "draft", category: "Surety Bonds", content: "<p>Bonds</p>", imageUrl: "" }),
    });
    expect(filed.status).toBe(201);
    const renamed = await postForm("/admin/categories", { intent: "rename", id: row.id, name: "Surety & Fidelity Bonds" });
    expect(renamed.status).toBe(200);
    expect(await renamed.text()).toContain(html(cats.updated));
    expect((await postRow("Bid Bonds 101")).category).toBe("Surety & Fidelity Bonds");
    expect((await postForm("/admin/categories", { intent: "rename", id: MISSING, name: "Nowhere" })).status).toBe(404);

    const asking = await (await get(`/admin/categories?delete=${row.id}`)).text();
    expect(asking).toContain(html(cats.deleteConfirm));
    const deleted = await postForm("/admin/categories", { intent: "delete", id: row.id });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(html(cats.deleted));
    expect(await db().select().from(categories).where(eq(categories.id, row.id))).toHaveLength(0);
    expect((await postForm("/admin/categories", { intent: "delete", id: row.id })).status).toBe(404);
    expect((await postForm("/admin/categories", { intent: "merge", name: "x" })).status).toBe(400);
  });

  it("shows the spec's texts when the records cannot be read, and the empty categories text", async () => {
    await db().execute(sql`alter table blog_posts rename to blog_posts_away`);
    await db().execute(sql`alter table categories rename to categories_away`);
    try {
      const posts = await get("/admin/blog");
      expect(posts.status).toBe(200);
      const postsHtml = await posts.text();
      expect(postsHtml).toContain(html(list.loadFailure));
      expect(postsHtml).toContain(html(list.retry));
      const form = await (await get("/admin/posts/new")).text();
      expect(form).toContain(html(blogAdminMessages.form.categoriesFallback));
      for (const name of fallbackBlogCategories) expect(form).toContain(`<option value="${html(name)}">`);
      expect(await (await get("/admin/categories")).text()).toContain(html(cats.loadFailure));
    } finally {
      await db().execute(sql`alter table blog_posts_away rename to blog_posts`);
      await db().execute(sql`alter table categories_away rename to categories`);
    }

    await db().delete(categories);
    expect(await (await get("/admin/categories")).text()).toContain(html(cats.empty));
    // With no categories, the post form offers the fallback list (spec 001 section 3), without the failure text.
    const form = await (await get("/admin/posts/new")).text();
    for (const name of fallbackBlogCategories) expect(form).toContain(`<option value="${html(name)}">`);
    expect(form).not.toContain(html(blogAdminMessages.form.categoriesFallback));
  });
});
