/**
 * Blog posts and categories (spec 001 sections 3, 5, 7; spec 000 section 3): public reads that hide
 * drafts, admin-only writes, sanitised content, slugs, the spec's field names, and AI drafts against
 * a local server speaking the OpenAI-compatible API.
 */
import { createServer, type Server as HttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "#db/schema";
import { fallbackBlogCategories, seedBlogCategories } from "../../app/content/admin-options";
import { AI_NOT_CONFIGURED } from "../../app/features/ai/client.server";
import { blogAdminMessages, blogFieldMessages } from "../../app/features/blog/admin-messages";
import { type BlogChange, followBlogChanges } from "../../app/features/blog/posts.server";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Post = {
  _id: string;
  title: string;
  slug: string;
  content: string;
  category: string;
  imageUrl: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  author: { email: string | null };
};

const api = blogAdminMessages.api;
const POST_KEYS = ["_id", "author", "category", "content", "createdAt", "imageUrl", "slug", "status", "title", "updatedAt"];
const MISSING = "00000000-0000-4000-8000-000000000000";

const post = {
  title: "Motor Truck Cargo Coverage Explained",
  content: "<h2>What it covers</h2><p>Cargo coverage pays for <strong>freight</strong> you haul.</p>",
  category: "Commercial Trucking",
  imageUrl: "https://images.example/truck.jpg",
  status: "published",
};

/** A local stand-in for the AI provider: OpenAI-compatible /v1/chat/completions, answers set per test. */
async function startFakeProvider() {
  const requests: { path: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];
  let reply: (body: Record<string, unknown>) => { status: number; json: unknown } = () => ({
    status: 500,
    json: { error: { message: "no reply set" } },
  });
  const server: HttpServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const { status, json } = reply(body);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(content: string) {
      reply = (body) => ({
        status: 200,
        json: {
          id: "chatcmpl-test",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        },
      });
    },
    failWith(status: number) {
      reply = () => ({ status, json: { error: { message: "model overloaded", type: "server_error" } } });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds)("blog posts and categories on %s", (kind) => {
  let server: Server;
  let cookie: string;
  const changes: BlogChange[] = [];
  let unsubscribe: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    unsubscribe = await followBlogChanges(server.services.database, (change) => {
      changes.push(change);
    });
  });
  afterAll(async () => {
    await unsubscribe?.();
    await server?.close();
  });

  const call = (
    method: string,
    path: string,
    body?: unknown,
    { auth = true, headers = {} }: { auth?: boolean; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(auth ? { cookie } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  const create = async (values: Partial<typeof post> = {}): Promise<Post> => {
    const res = await call("POST", "/api/blogs", { ...post, ...values });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return (await res.json()).data as Post;
  };

  it("answers 401 without a session and 403 from another site's page on every write, and changes nothing", async () => {
    const existing = await create();
    const categories = (await (await call("GET", "/api/categories", undefined, { auth: false })).json()) as { _id: string }[];
    const writes: [string, string, unknown?][] = [
      ["POST", "/api/blogs", post],
      ["PUT", `/api/blogs/${existing._id}`, { ...post, title: "Hijacked" }],
      ["DELETE", `/api/blogs/${existing._id}`],
      ["POST", "/api/blogs/generate", { prompt: "x", category: "HOA" }],
      ["POST", "/api/categories", { name: "Hijacked" }],
      ["PUT", `/api/categories/${categories[0]._id}`, { name: "Hijacked" }],
      ["DELETE", `/api/categories/${categories[0]._id}`],
    ];
    for (const [method, path, body] of writes) {
      for (const headers of [{}, { cookie: "admin_session=forged-token" }] as Record<string, string>[]) {
        const res = await call(method, path, body, { auth: false, headers });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await res.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
      const foreign = await call(method, path, body, { headers: { origin: "https://evil.example" } });
      expect(foreign.status, `${method} ${path} from another origin`).toBe(403);
    }
    const unchanged = (await (await call("GET", `/api/blogs/${existing._id}`, undefined, { auth: false })).json()) as Post;
    expect(unchanged.title).toBe(post.title);
    const after = (await (await call("GET", "/api/categories", undefined, { auth: false })).json()) as { name: string }[];
    expect(after.map((c) => c.name)).not.toContain("Hijacked");
    expect(after).toHaveLength(categories.length);
  });

  it("POST /api/blogs creates a post and answers it with the spec's field names", async () => {
    const before = changes.length;
    const res = await call("POST", "/api/blogs", { ...post, title: `  ${post.title}  ` });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: api.created });
    const data = body.data as Post;
    expect(Object.keys(data).sort()).toEqual(POST_KEYS);
    expect(data).toMatchObject({
      title: post.title,
      content: post.content,
      category: post.category,
      imageUrl: post.imageUrl,
      status: "published",
      author: { email: TEST_ADMIN.email },
    });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.slug).toMatch(/^motor-truck-cargo-coverage-explained(-\d+)?$/);
    expect(new Date(data.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await server.services.db.select().from(blogPosts).where(eq(blogPosts.id, data._id));
    expect(row).toMatchObject({ authorEmail: TEST_ADMIN.email, slug: data.slug });
    // The re-indexing hook heard about it, after the commit.
    await expect.poll(() => changes.slice(before).map((c) => `${c.type}:${c.id}`)).toContain(`created:${data._id}`);
  });

  it("validates: title, content, category and status required, imageUrl optional but a URL, category must exist (400 per field, nothing stored)", async () => {
    const count = async () => (await server.services.db.select().from(blogPosts)).length;
    const before = await count();
    const empty = await call("POST", "/api/blogs", {});
    expect(empty.status).toBe(400);
    const body = await empty.json();
    expect(body).toMatchObject({ success: false, message: api.invalid });
    expect(body.errors).toEqual({
      title: blogFieldMessages.title,
      content: blogFieldMessages.content,
      category: blogFieldMessages.category,
      status: blogFieldMessages.status,
    });

    const cases: [string, unknown, string][] = [
      ["title", "   ", blogFieldMessages.title],
      ["title", "x".repeat(201), blogFieldMessages.titleTooLong],
      ["content", "<p></p>", blogFieldMessages.content],
      ["content", "<p>   &nbsp; </p><br>", blogFieldMessages.content],
      // Nothing left once sanitised.
      ["content", "<script>alert(1)</script>", blogFieldMessages.content],
      ["category", "", blogFieldMessages.category],
      ["category", "Underwater Basket Weaving", blogFieldMessages.unknownCategory],
      ["status", "archived", blogFieldMessages.status],
      ["status", "Published", blogFieldMessages.status],
      ["imageUrl", "not a url", blogFieldMessages.imageUrl],
      ["imageUrl", "javascript:alert(1)", blogFieldMessages.imageUrl],
      ["imageUrl", "ftp://files.example/x.png", blogFieldMessages.imageUrl],
    ];
    for (const [field, value, message] of cases) {
      const res = await call("POST", "/api/blogs", { ...post, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect((await res.json()).errors, `${field}=${JSON.stringify(value)}`).toEqual({ [field]: message });
    }
    expect(await count()).toBe(before);

    // imageUrl is optional; a category matches whatever its case, and is stored as spelled in the list;
    // the fallback list of the form is accepted too.
    const noImage = await create({ imageUrl: "", category: "commercial TRUCKING", status: "draft" });
    expect(noImage).toMatchObject({ imageUrl: null, category: "Commercial Trucking", status: "draft" });
    const fallback = await create({ category: fallbackBlogCategories[0] });
    expect(fallback.category).toBe(fallbackBlogCategories[0]);

    const form = await fetch(`${server.url}/api/blogs`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: "title=x",
    });
    expect(form.status).toBe(415);
  });

  it("sanitises content on POST and on PUT: no script survives, the editor's markup does", async () => {
    const dirty =
      `<h1 onclick="alert(1)">Title</h1><p style="color:red">Safe <strong>bold</strong> <a href="javascript:alert(1)">bad link</a> <a href="https://www.fmcsa.dot.gov">good link</a></p>` +
      `<script>alert(document.cookie)</script><img src=x onerror=alert(1)><img src="https://cdn.example/a.png" alt="A"><iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg>`;
    const created = await create({ content: dirty });
    const clean = `<h1>Title</h1><p>Safe <strong>bold</strong> bad link <a href="https://www.fmcsa.dot.gov" rel="noopener noreferrer">good link</a></p><img src="https://cdn.example/a.png" alt="A" />`;
    expect(created.content).toBe(clean);
    const [row] = await server.services.db.select().from(blogPosts).where(eq(blogPosts.id, created._id));
    expect(row.content).toBe(clean);

    const res = await call("PUT", `/api/blogs/${created._id}`, {
      ...post,
      content: `<p>Updated</p><script>alert(2)</script><a href="  JaVaScRiPt:alert(3)">x</a><object data="x"></object>`,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.content).toBe("<p>Updated</p>x");
    const [after] = await server.services.db.select().from(blogPosts).where(eq(blogPosts.id, created._id));
    expect(after.content).toBe("<p>Updated</p>x");
  });

  it("makes slugs from titles: lower case, hyphens, accents stripped, unique with -2, -3", async () => {
    const a = await create({ title: "Café Owners' Guide: Liability & Property!" });
    expect(a.slug).toBe("cafe-owners-guide-liability-and-property");
    const b = await create({ title: "Café owners guide — Liability and Property" });
    expect(b.slug).toBe("cafe-owners-guide-liability-and-property-2");
    const c = await create({ title: "CAFE OWNERS GUIDE LIABILITY AND PROPERTY" });
    expect(c.slug).toBe("cafe-owners-guide-liability-and-property-3");
    const symbols = await create({ title: "???" });
    expect(symbols.slug).toMatch(/^post(-\d+)?$/);
    const long = await create({
      title:
        "Why every general contractor in Texas should read their additional insured endorsements before signing the next subcontract agreement",
    });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).not.toMatch(/-$/);

    // Found by slug as well as by id.
    expect(((await (await call("GET", `/api/blogs/${a.slug}`, undefined, { auth: false })).json()) as Post)._id).toBe(a._id);

    // A draft's slug follows its title; a published post keeps its address.
    const draft = await create({ title: "Draft Working Title", status: "draft" });
    const renamed = (
      await (
        await call("PUT", `/api/blogs/${draft._id}`, { ...post, title: "Café owners guide: liability and property", status: "draft" })
      ).json()
    ).data as Post;
    expect(renamed.slug).toBe("cafe-owners-guide-liability-and-property-4");
    const same = (
      await (
        await call("PUT", `/api/blogs/${draft._id}`, {
          ...post,
          title: "Café owners guide: liability and property",
          status: "draft",
          content: "<p>Edited</p>",
        })
      ).json()
    ).data as Post;
    expect(same.slug).toBe(renamed.slug);
    const published = (await (await call("PUT", `/api/blogs/${a._id}`, { ...post, title: "A Brand New Title" })).json()).data as Post;
    expect(published.slug).toBe(a.slug);
  });

  it("GET /api/blogs: published posts newest first for the public, every post for an admin; drafts are 404 to the public", async () => {
    const older = await create({ title: "Older Published Post" });
    const draft = await create({ title: "Secret Draft", status: "draft" });
    const newer = await create({ title: "Newer Published Post" });

    const res = await call("GET", "/api/blogs", undefined, { auth: false });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const list = (await res.json()) as Post[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.every((p) => p.status === "published")).toBe(true);
    const ids = list.map((p) => p._id);
    expect(ids).not.toContain(draft._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    for (const item of list) expect(Object.keys(item).sort()).toEqual(POST_KEYS);
    const times = list.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const all = (await (await call("GET", "/api/blogs")).json()) as Post[];
    expect(all.map((p) => p._id)).toContain(draft._id);
    expect(all.slice(0, 3).map((p) => p._id)).toEqual([newer._id, draft._id, older._id]);

    expect(await (await call("GET", `/api/blogs/${older._id}`, undefined, { auth: false })).json()).toEqual(older);
    for (const path of [`/api/blogs/${draft._id}`, `/api/blogs/${draft.slug}`]) {
      const hidden = await call("GET", path, undefined, { auth: false });
      expect(hidden.status, path).toBe(404);
      expect(await hidden.json()).toEqual({ success: false, message: "Blog post not found" });
    }
    expect(((await (await call("GET", `/api/blogs/${draft._id}`)).json()) as Post).title).toBe("Secret Draft");
    for (const id of [MISSING, "no-such-post", "1' or '1'='1"]) {
      const missing = await call("GET", `/api/blogs/${encodeURIComponent(id)}`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({ success: false, message: "Blog post not found" });
    }
  });

  it("GET /api/blogs/{key}: a key no post can have (NUL, line breaks, an encoded lone surrogate) is 404 JSON, never 500", async () => {
    const published = await create({ title: "Reachable By Its Slug" });
    for (const key of [`${published.slug}%00`, "%00", "abc%00def", `${published._id}%00`, "a%0D%0Ab", "%ED%A0%80", "%E2%80%AE"]) {
      for (const auth of [false, true]) {
        const res = await call("GET", `/api/blogs/${key}`, undefined, { auth });
        expect(res.status, key).toBe(404);
        expect(await res.json()).toEqual({ success: false, message: "Blog post not found" });
      }
    }
    // A slug in another case still finds its post.
    const shouted = await call("GET", `/api/blogs/${published.slug.toUpperCase()}`, undefined, { auth: false });
    expect(((await shouted.json()) as Post)._id).toBe(published._id);
  });

  it("answers a field sent as a 10,000-deep array or an object without a usable toString with 400 naming it, never 500", async () => {
    const count = async () => (await server.services.db.select().from(blogPosts)).length;
    const before = await count();
    const raw = (path: string, json: string) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: json });
    for (const value of [`${"[".repeat(10_000)}${"]".repeat(10_000)}`, '{"toString":1,"valueOf":{}}']) {
      const res = await raw("/api/blogs", `{"title":${value},"content":"<p>Text.</p>","category":${value},"status":${value}}`);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual({
        title: blogFieldMessages.title,
        category: blogFieldMessages.category,
        status: blogFieldMessages.status,
      });
      const category = await raw("/api/categories", `{"name":${value}}`);
      expect(category.status).toBe(400);
      expect((await category.json()).errors).toEqual({ name: blogFieldMessages.categoryName });
    }
    expect(await count()).toBe(before);
  });

  it("refuses a NUL, line break or other control character in a one-line field (400 naming it) and drops them from the content, never 500", async () => {
    const count = async () => (await server.services.db.select().from(blogPosts)).length;
    const before = await count();
    const cases: [string, string, string][] = [
      ["title", "Fleet\u0000Safety", blogFieldMessages.titleInvalid],
      ["title", "Fleet\nSafety", blogFieldMessages.titleInvalid],
      ["category", "Commercial Trucking\u0000", blogFieldMessages.unknownCategory],
      ["imageUrl", "https://images.example/truck\u0000.jpg", blogFieldMessages.imageUrl],
    ];
    for (const [field, value, message] of cases) {
      const res = await call("POST", "/api/blogs", { ...post, [field]: value });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect((await res.json()).errors, `${field}=${JSON.stringify(value)}`).toEqual({ [field]: message });
    }
    const category = await call("POST", "/api/categories", { name: "Cyber\u0000Liability" });
    expect(category.status).toBe(400);
    expect((await category.json()).errors).toEqual({ name: blogFieldMessages.categoryNameInvalid });
    const generate = await call("POST", "/api/blogs/generate", { prompt: "Write about cargo", category: "Commercial Trucking\u0000" });
    expect(generate.status).toBe(400);
    expect(await count()).toBe(before);

    const stored = await create({ title: "Control Characters In Content", content: "<p>Cargo\u0000 coverage\u0007 pays.</p>" });
    expect(stored.content).toBe("<p>Cargo coverage pays.</p>");
  });

  it("PUT replaces the fields (404 for an unknown post, 400 with field errors); DELETE answers { message }", async () => {
    const created = await create();
    const res = await call("PUT", `/api/blogs/${created._id}`, {
      title: "Updated",
      content: "<p>New body</p>",
      category: "HOA",
      imageUrl: null,
      status: "draft",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: api.updated,
      data: {
        _id: created._id,
        title: "Updated",
        content: "<p>New body</p>",
        category: "HOA",
        imageUrl: null,
        status: "draft",
        createdAt: created.createdAt,
        author: { email: TEST_ADMIN.email },
      },
    });
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const invalid = await call("PUT", `/api/blogs/${created._id}`, { ...post, status: "" });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toEqual({ status: blogFieldMessages.status });
    for (const id of [MISSING, "nope"]) {
      const missing = await call("PUT", `/api/blogs/${id}`, post);
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe("Blog post not found");
    }

    const before = changes.length;
    const del = await call("DELETE", `/api/blogs/${created._id}`);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true, message: "Post deleted successfully" });
    expect((await call("GET", `/api/blogs/${created._id}`)).status).toBe(404);
    const again = await call("DELETE", `/api/blogs/${created._id}`);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("Blog post not found");
    await expect.poll(() => changes.slice(before).map((c) => `${c.type}:${c.id}`)).toContain(`deleted:${created._id}`);
  });

  it("categories: seeded, listed by name, created, renamed (posts follow), deleted; empty and duplicate names refused", async () => {
    const listRes = await call("GET", "/api/categories", undefined, { auth: false });
    expect(listRes.status).toBe(200);
    const list = (await listRes.json()) as { _id: string; name: string; createdAt: string }[];
    for (const name of seedBlogCategories) expect(list.map((c) => c.name)).toContain(name);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(["_id", "createdAt", "name"]);
    const names = list.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);

    const created = await call("POST", "/api/categories", { name: "  Workers Compensation  " });
    expect(created.status).toBe(201);
    const createdBody = await created.json();
    expect(createdBody).toMatchObject({ success: true, message: "Category created successfully", data: { name: "Workers Compensation" } });
    const id = createdBody.data._id as string;

    for (const name of ["", "   ", null]) {
      const res = await call("POST", "/api/categories", { name });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        message: "Category name is required",
        errors: { name: "Category name is required" },
      });
    }
    const duplicate = await call("POST", "/api/categories", { name: "workers COMPENSATION" });
    expect(duplicate.status).toBe(409);
    const dupBody = await duplicate.json();
    expect(dupBody).toMatchObject({ success: false, message: 'A category named "Workers Compensation" already exists.' });

    // A post filed under it moves with a rename.
    const filed = await create({ category: "Workers Compensation" });
    const before = changes.length;
    const renamed = await call("PUT", `/api/categories/${id}`, { name: "Workers' Comp" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      success: true,
      message: "Category updated successfully",
      data: { _id: id, name: "Workers' Comp" },
    });
    expect(((await (await call("GET", `/api/blogs/${filed._id}`)).json()) as Post).category).toBe("Workers' Comp");
    await expect.poll(() => changes.slice(before).map((c) => `${c.type}:${c.id}`)).toContain(`updated:${filed._id}`);
    // Its own name in another case is fine; another category's name is not.
    expect((await call("PUT", `/api/categories/${id}`, { name: "workers' comp" })).status).toBe(200);
    const clash = await call("PUT", `/api/categories/${id}`, { name: "hoa" });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('A category named "HOA" already exists.');
    expect((await call("PUT", `/api/categories/${id}`, { name: " " })).status).toBe(400);
    expect((await call("PUT", `/api/categories/${MISSING}`, { name: "Nowhere" })).status).toBe(404);

    const deleted = await call("DELETE", `/api/categories/${id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true, message: "Category deleted successfully" });
    expect((await call("DELETE", `/api/categories/${id}`)).status).toBe(404);
    // The post keeps its label, and can still be saved with it; a new post cannot use it.
    const kept = (await (await call("GET", `/api/blogs/${filed._id}`)).json()) as Post;
    expect(kept.category).toBe("workers' comp");
    expect((await call("PUT", `/api/blogs/${filed._id}`, { ...post, category: kept.category })).status).toBe(200);
    const orphan = await call("POST", "/api/blogs", { ...post, category: "workers' comp" });
    expect(orphan.status).toBe(400);
  });

  it("POST /api/blogs/generate: prompt checked first, then category; 503 naming AI_BASE_URL without a provider", async () => {
    const none = await call("POST", "/api/blogs/generate", {});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      success: false,
      message: "Please enter a prompt",
      errors: { prompt: "Please enter a prompt", category: "Please enter a category" },
    });
    const noCategory = await call("POST", "/api/blogs/generate", { prompt: "Cargo coverage", category: " " });
    expect(noCategory.status).toBe(400);
    expect((await noCategory.json()).message).toBe("Please enter a category");

    const res = await call("POST", "/api/blogs/generate", { prompt: "Cargo coverage for new carriers", category: "Commercial Trucking" });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ success: false, message: AI_NOT_CONFIGURED });
    expect(body.message).toContain("AI_BASE_URL");
  });
});

describe.each(databaseKinds)("AI blog drafts through an OpenAI-compatible provider on %s", (kind) => {
  let server: Server;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let cookie: string;

  beforeAll(async () => {
    provider = await startFakeProvider();
    server = await startTestServer(kind, { AI_BASE_URL: provider.url, AI_API_KEY: "test-key-123", AI_CHAT_MODEL: "article-writer-test" });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close().catch(() => {});
  });

  const generate = (body: unknown) =>
    fetch(`${server.url}/api/blogs/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });

  it("asks the configured model for an article and saves it as a sanitised draft by the admin", async () => {
    provider.answerWith(
      "```json\n" +
        JSON.stringify({
          title: "Cargo Coverage for New Carriers",
          html: `<h2>Why it matters</h2><p>Shippers expect <strong>cargo</strong> coverage.</p><script>alert("xss")</script><p onclick="steal()">Call us <a href="javascript:alert(1)">today</a>.</p><img src=x onerror=alert(1)>`,
        }) +
        "\n```",
    );
    const sent = provider.requests.length;
    const res = await generate({ prompt: "Motor truck cargo coverage for a new carrier", category: "commercial trucking" });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, message: "Blog post generated successfully!" });
    const draft = body.data as Post;
    expect(draft).toMatchObject({
      title: "Cargo Coverage for New Carriers",
      slug: "cargo-coverage-for-new-carriers",
      category: "Commercial Trucking",
      status: "draft",
      imageUrl: null,
      author: { email: TEST_ADMIN.email },
    });
    expect(draft.content).toBe("<h2>Why it matters</h2><p>Shippers expect <strong>cargo</strong> coverage.</p><p>Call us today.</p>");
    const [row] = await server.services.db.select().from(blogPosts).where(eq(blogPosts.id, draft._id));
    expect(row).toMatchObject({ status: "draft", content: draft.content, authorEmail: TEST_ADMIN.email });

    // What the provider was asked (the chat assistant may also be indexing the site through it: embeddings).
    const completions = provider.requests.slice(sent).filter((r) => r.path === "/v1/chat/completions");
    expect(completions).toHaveLength(1);
    const request = completions[0];
    expect(request.headers.authorization).toBe("Bearer test-key-123");
    expect(request.body.model).toBe("article-writer-test");
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[0].content).toMatch(/commercial insurance agency/i);
    expect(messages[0].content).toContain('"Commercial Trucking"');
    expect(messages[0].content).toMatch(/accurate/i);
    expect(messages[1].content).toContain("Motor truck cargo coverage for a new carrier");

    // Never published by itself.
    const publicList = (await (await fetch(`${server.url}/api/blogs`)).json()) as Post[];
    expect(publicList.map((p) => p._id)).not.toContain(draft._id);
  });

  it("the blog list's action (intent=generate, as the Generate dialog posts it) saves the same draft", async () => {
    provider.answerWith(
      JSON.stringify({ title: "Umbrella Limits for Landlords", html: "<p>An umbrella adds limits over your liability policies.</p>" }),
    );
    const res = await fetch(`${server.url}/admin/blog`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
      body: new URLSearchParams({
        intent: "generate",
        category: "Investment Property",
        prompt: "Umbrella policies for landlords",
      }).toString(),
    });
    expect(res.status).toBe(201);
    const [row] = await server.services.db.select().from(blogPosts).where(eq(blogPosts.title, "Umbrella Limits for Landlords"));
    expect(row).toMatchObject({ status: "draft", category: "Investment Property", authorEmail: TEST_ADMIN.email });
    expect(row.content).toBe("<p>An umbrella adds limits over your liability policies.</p>");

    // The prompt is checked first, then the category, as by the API: one message, nothing saved.
    const refused = await fetch(`${server.url}/admin/blog`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
      body: new URLSearchParams({ intent: "generate", category: "", prompt: "" }).toString(),
    });
    expect(refused.status).toBe(400);
  });

  it("reads a title line with a Markdown or HTML body too", async () => {
    provider.answerWith(
      "# HOA Board Liability Basics\n\nDirectors can be sued personally.\n\n## What D&O covers\n\n- Defense costs\n- Settlements\n\nTalk to us about **your** board.",
    );
    const res = await generate({ prompt: "D&O for HOA boards", category: "HOA" });
    expect(res.status).toBe(201);
    const draft = (await res.json()).data as Post;
    expect(draft.title).toBe("HOA Board Liability Basics");
    expect(draft.content).toBe(
      "<p>Directors can be sued personally.</p>\n<h2>What D&amp;O covers</h2>\n<ul><li>Defense costs</li><li>Settlements</li></ul>\n<p>Talk to us about <strong>your</strong> board.</p>",
    );

    provider.answerWith("<h1>Umbrella Policies for Landlords</h1><p>Extra limits above your liability policy.</p>");
    const html = (await (await generate({ prompt: "Umbrella policies", category: "Investment Property" })).json()).data as Post;
    expect(html.title).toBe("Umbrella Policies for Landlords");
    expect(html.content).toBe("<p>Extra limits above your liability policy.</p>");
  });

  it("an unknown category is refused before the provider is asked", async () => {
    const sent = provider.requests.length;
    const res = await generate({ prompt: "Anything", category: "Astrology" });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({ category: blogFieldMessages.unknownCategory });
    expect(provider.requests.slice(sent).filter((r) => r.path === "/v1/chat/completions")).toHaveLength(0);
  });

  it("a provider error or an empty answer is a 502 with a clear message, and nothing is saved", async () => {
    const count = async () => (await server.services.db.select().from(blogPosts)).length;
    const before = await count();
    provider.failWith(500);
    const failed = await generate({ prompt: "Builders risk", category: "Contractors" });
    expect(failed.status).toBe(502);
    const body = await failed.json();
    expect(body.success).toBe(false);
    expect(body.message).toContain("AI_BASE_URL");
    expect(body.message).toContain("HTTP 500");

    provider.answerWith("   ");
    const empty = await generate({ prompt: "Builders risk", category: "Contractors" });
    expect(empty.status).toBe(502);
    expect((await empty.json()).message).toBe(blogAdminMessages.api.aiEmpty);
    expect(await count()).toBe(before);
  });

  it("a provider that is down is a 502 naming the setting to check", async () => {
    await provider.close();
    const res = await generate({ prompt: "Cyber liability for small offices", category: "Cyber Security" });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).toMatchObject({ success: false });
    expect(body.message).toContain("could not be reached");
    expect(body.message).toContain("AI_BASE_URL");
  });
});
