/**
 * Public pages rendered once per content version (server/render-cache.ts): a post, /blog and
 * /careers answered from memory after their first request, with a CSP of script hashes; changes
 * made here or by another process on the database drop them at once; an admin's requests and
 * query strings other than one tag are rendered per request; a build made with other public
 * settings has its prerendered pages rendered once each.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { updatePost } from "../../app/features/blog/posts.server";
import { createJob, deleteJob, followJobChanges, type JobChange, updateJob } from "../../app/features/jobs/jobs.server";
import { contentPaths } from "../../app/prerender";
import { buildDir, buildHasOtherSettings } from "../../server/main";
import { RENDER_CACHE_HEADER } from "../../server/render-cache";
import { loadStaticManifest } from "../../server/static";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const post = {
  title: "Render Cache Hail Guide",
  content: "<p>First version of the hail guide.</p>",
  category: "Commercial Trucking",
  imageUrl: null,
  status: "published" as "published" | "draft",
};
const job = {
  title: "Cached Careers Coordinator",
  description: "Coordinate renewals for a book of trucking accounts.",
  type: "Full-time" as const,
  workType: "Hybrid" as const,
  location: "Liberty Hill, TX",
};

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && body.length > 0)
    .map(([, , body]) => body);
}

/** Every inline script of the page is allowed by a hash in its CSP, and no nonce is left anywhere. */
function expectHashCsp(res: Response, html: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  const scriptSrc = (/script-src ([^;]+)/.exec(csp)?.[1] ?? "").split(" ");
  const scripts = inlineScripts(html);
  expect(scripts.length).toBeGreaterThan(1);
  for (const body of scripts) expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  expect(csp).not.toMatch(/nonce|unsafe-inline' 'unsafe-eval/);
  expect(html).not.toMatch(/\bnonce=/);
  expect(res.headers.has("x-csp-script-sources")).toBe(false);
}

async function eventually<T>(attempt: () => Promise<T | null>, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databaseKinds)("public pages from the render cache on %s", (kind) => {
  let server: Server;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cache = () => server.renderCache!;
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
    return { res, status: res.status, state: res.headers.get(RENDER_CACHE_HEADER), body: await res.text() };
  };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /**
   * Publishes a post and waits until this process has heard its change announced (on PostgreSQL the
   * notification arrives a moment after the answer): a page stored before that would be dropped by it.
   */
  const createPost = async (values: Partial<typeof post> = {}) => {
    const res = await heardChange(() => call("POST", "/api/blogs", { ...post, ...values }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { _id: string; slug: string } }).data;
  };
  /** Makes a write and waits until this process has heard its change announced (see createPost). */
  const heardChange = async (write: () => Promise<Response>) => {
    const heard = cache().stats.drops.change;
    const res = await write();
    expect(res.ok).toBe(true);
    await vi.waitFor(() => expect(cache().stats.drops.change).toBeGreaterThan(heard), { timeout: 5000, interval: 10 });
    return res;
  };

  it("renders a post once, then answers from memory: same bytes, brotli, ETag, 304 and a hash CSP", async () => {
    const { slug } = await createPost({ title: "Hail Guide Cached Once" });
    const renders = cache().stats.renders;
    const first = await page(`/blog/${slug}`, { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.state).toBe("miss");
    expect(first.body).toContain("First version of the hail guide.");
    const second = await page(`/blog/${slug}`, { "accept-encoding": "br" });
    expect(second.state).toBe("hit");
    expect(second.res.headers.get("content-encoding")).toBe("br");
    expect(second.body).toBe(first.body);
    expect(second.res.headers.get("etag")).toBe(first.res.headers.get("etag"));
    expect(cache().stats.renders).toBe(renders + 1);
    expectHashCsp(first.res, first.body);
    expectHashCsp(second.res, second.body);
    // The stored page is the site's, not the address the request came through.
    expect(second.body).not.toContain(new URL(server.url).host);
    const again = await page(`/blog/${slug}`, { "if-none-match": second.res.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(cache().size.bytes).toBeLessThanOrEqual(cache().maxBytes);
  });

  it("stores the sitemap, robots.txt and the feed under their own paths alone: no other spelling adds an entry", async () => {
    const { slug } = await createPost({ title: "Hail Guide Kept Through A Flood" });
    const own = ["/sitemap.xml", "/robots.txt", "/blog/rss.xml", `/blog/${slug}`];
    const answers = new Map<string, string>();
    for (const path of own) {
      const first = await page(path);
      expect(first.status, path).toBe(200);
      answers.set(path, first.body);
      expect((await page(path)).state, path).toBe("hit");
    }
    const entries = cache().size.entries;
    const drops = { ...cache().stats.drops };
    // React Router answers each of these with the same route as the path it spells.
    const spellings: [string, string][] = [
      ["/%73itemap.xml", "/sitemap.xml"],
      ["/sitemap.xml/", "/sitemap.xml"],
      ["/Robots.TXT", "/robots.txt"],
      ["/robots.txt/", "/robots.txt"],
      ["/%72obots.txt", "/robots.txt"],
      ["/BLOG/RSS.XML", "/blog/rss.xml"],
      ["/blog/%72ss.xml", "/blog/rss.xml"],
      ["/Blog/rss.xml", "/blog/rss.xml"],
    ];
    for (let mask = 1; mask < 128; mask++) {
      const spelt = (word: string) => [...word].map((ch, i) => (mask & (1 << i) ? ch.toUpperCase() : ch)).join("");
      spellings.push([`/${spelt("sitemap")}.xml`, "/sitemap.xml"]);
      if (mask < 64) spellings.push([`/${spelt("robots")}.txt`, "/robots.txt"]);
    }
    for (const [spelling, path] of spellings) {
      const res = await page(spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.body, spelling).toBe(answers.get(path));
      expect(res.state, spelling).toBeNull();
    }
    expect(cache().stats.drops).toEqual(drops);
    expect(cache().size.entries).toBe(entries);
    for (const path of own) expect((await page(path)).state, path).toBe("hit");
  });

  it("renders the not-found page once for every address no route has: 404, the same document, a hash CSP", async () => {
    cache().invalidate("site");
    const renders = cache().stats.renders;
    const first = await page("/no-such-page-here");
    expect(first.status).toBe(404);
    expect(first.state).toBe("miss");
    expect(first.body).toContain("Page not found");
    for (const path of ["/wp-admin/setup-config.php", "/insurance/hoa/extra?utm_source=x", "/no-such-page-here"]) {
      const again = await page(path, { "accept-encoding": "br, gzip" });
      expect(again.status, path).toBe(404);
      expect(again.state, path).toBe("hit");
      expect(again.body, path).toBe(first.body);
      expect(again.res.headers.get("etag"), path).toBeNull();
      expectHashCsp(again.res, again.body);
    }
    expect(cache().stats.renders).toBe(renders + 1);
    // A missing post is its own route's 404, rendered per request.
    const post = await page("/blog/no-such-post-anywhere");
    expect(post.status).toBe(404);
    expect(post.state).toBeNull();
  });

  it("shows an edit on the very next request: the write drops the pages in its own process", async () => {
    const created = await createPost({ title: "Hail Guide Edited" });
    await page(`/blog/${created.slug}`);
    expect((await page(`/blog/${created.slug}`)).state).toBe("hit");
    const writes = cache().stats.drops.write;
    const res = await heardChange(() =>
      call("PUT", `/api/blogs/${created._id}`, {
        ...post,
        title: "Hail Guide Edited",
        content: "<p>Second version, with roof photos.</p>",
      }),
    );
    expect(res.status).toBe(200);
    expect(cache().stats.drops.write).toBe(writes + 1);
    const next = await page(`/blog/${created.slug}`);
    expect(next.state).toBe("miss");
    expect(next.body).toContain("Second version, with roof photos.");
    expect(next.body).not.toContain("First version");
  });

  it("answers 404 for a deleted post on the next request", async () => {
    const created = await createPost({ title: "Hail Guide Deleted" });
    await page(`/blog/${created.slug}`);
    expect((await page(`/blog/${created.slug}`)).state).toBe("hit");
    expect((await heardChange(() => call("DELETE", `/api/blogs/${created._id}`))).status).toBe(200);
    const next = await page(`/blog/${created.slug}`);
    expect(next.status).toBe(404);
    expect(next.state).toBeNull();
  });

  it("lists a new post on /blog and in a search, and shows a job's edit on /careers, at once", async () => {
    await page("/blog");
    expect((await page("/blog")).state).toBe("hit");
    // A search (rendered per request) reads the list kept for this content version.
    expect((await page("/blog?q=flood")).body).not.toContain("Brand New Flood Primer");
    await createPost({ title: "Brand New Flood Primer" });
    const blog = await page("/blog");
    expect(blog.state).toBe("miss");
    expect(blog.body).toContain("Brand New Flood Primer");
    expect((await page("/blog?q=flood")).body).toContain("Brand New Flood Primer");

    const created = await heardChange(() => call("POST", "/api/jobs", job));
    expect(created.status).toBe(201);
    const { _id } = ((await created.json()) as { data: { _id: string } }).data;
    expect((await page("/careers")).body).toContain(job.title);
    expect((await page("/careers")).state).toBe("hit");
    expect((await heardChange(() => call("PUT", `/api/jobs/${_id}`, { ...job, title: "Cached Careers Lead" }))).status).toBe(200);
    const careers = await page("/careers");
    expect(careers.body).toContain("Cached Careers Lead");
    expect(careers.body).not.toContain(job.title);
    expect((await heardChange(() => call("DELETE", `/api/jobs/${_id}`))).status).toBe(200);
    expect((await page("/careers")).body).not.toContain("Cached Careers Lead");
  });

  it("drops the pages within seconds when another process changes a post or a job", async () => {
    // Another process: a second handle on the same PostgreSQL database. PGlite has one process: its
    // own handle, still without the HTTP request, so only the notification can tell the cache.
    const other: DatabaseHandle =
      kind === "postgres" ? await openDatabase({ url: server.services.config.DATABASE_URL! }) : server.services.database;
    try {
      const created = await createPost({ title: "Hail Guide Changed Elsewhere" });
      const path = `/blog/${created.slug}`;
      await page(path);
      expect((await page(path)).state).toBe("hit");
      const writes = cache().stats.drops.write;
      const result = await updatePost(other.db, created._id, {
        ...post,
        title: "Hail Guide Changed Elsewhere",
        content: "<p>Third version.</p>",
      });
      expect(result.ok).toBe(true);
      const changed = await eventually(async () => {
        const p = await page(path);
        return p.body.includes("Third version.") ? p : null;
      });
      expect(changed.state).toBe("miss");
      expect(cache().stats.drops.write).toBe(writes);

      await page("/careers");
      expect((await page("/careers")).state).toBe("hit");
      const opening = await createJob(other.db, { ...job, title: "Opening From Elsewhere" });
      await eventually(async () => ((await page("/careers")).body.includes("Opening From Elsewhere") ? true : null));
      await updateJob(other.db, opening._id, { ...job, title: "Opening Renamed Elsewhere" });
      await eventually(async () => ((await page("/careers")).body.includes("Opening Renamed Elsewhere") ? true : null));
    } finally {
      if (other !== server.services.database) await other.close();
    }
  });

  it("announces every committed job write on job_changes, and nothing for a write that changed nothing", async () => {
    const heard: JobChange[] = [];
    const stop = await followJobChanges(server.services.database, (change) => {
      heard.push(change);
    });
    try {
      const created = await createJob(server.services.db, { ...job, title: "Announced Opening" });
      await updateJob(server.services.db, created._id, { ...job, title: "Announced Opening, Renamed" });
      expect(await updateJob(server.services.db, "00000000-0000-4000-8000-000000000000", job)).toBeNull();
      expect(await deleteJob(server.services.db, created._id)).toBe(true);
      expect(await deleteJob(server.services.db, created._id)).toBe(false);
      await eventually(async () => (heard.length >= 3 ? true : null));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([
        { type: "created", id: created._id },
        { type: "updated", id: created._id },
        { type: "deleted", id: created._id },
      ]);
    } finally {
      await stop();
    }
  });

  it("neither answers nor stores an admin's request, and never stores a draft", async () => {
    const created = await createPost({ title: "Hail Guide Seen By An Admin" });
    const path = `/blog/${created.slug}`;
    const admin = await page(path, { cookie: `theme=dark; ${cookie}` });
    expect(admin.status).toBe(200);
    expect(admin.state).toBeNull();
    // The admin's render was not kept: the first anonymous request renders.
    expect((await page(path)).state).toBe("miss");
    expect((await page(path)).state).toBe("hit");
    expect((await page(path, { cookie })).state).toBeNull();
    // Cookies that change nothing (analytics) still get the stored page.
    expect((await page(path, { cookie: "_ga=GA1.1.123" })).state).toBe("hit");

    const draft = await createPost({ title: "Hail Guide Draft", status: "draft" });
    const shown = await page(`/blog/${draft._id}`, { cookie });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("Hail Guide Draft");
    for (let i = 0; i < 2; i++) {
      const hidden = await page(`/blog/${draft._id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.state).toBeNull();
      expect(hidden.body).not.toContain("First version");
    }
  });

  it("answers a search with the stored /blog and its list rendered for the search: the document a whole render makes", async () => {
    await createPost({ title: "Hail Deductibles For Roofers" });
    const parts = cache().stats.parts;
    for (const query of [
      "q=hail",
      "q=roofers+hail",
      "q=zzz",
      "q=%3Cimg+src%3Dx%3E",
      "q=trucking&tag=Commercial%20Trucking",
      "tag=Cyber&tag=Contractors",
    ]) {
      const part = await page(`/blog?${query}`, { "accept-encoding": "gzip" });
      expect(part.state, query).toBe("part");
      expect(part.res.headers.get("content-encoding"), query).toBe("gzip");
      expectHashCsp(part.res, part.body);
      // An unknown parameter makes the page render whole: the same document, its nonce aside.
      const whole = await page(`/blog?${query}&page=1`);
      expect(whole.state, query).toBeNull();
      expect(part.body, query).toBe(whole.body.replace(/ nonce="[^"]+"/g, ""));
    }
    expect((await page("/blog?q=hail")).body).toContain("Hail Deductibles For Roofers");
    expect(cache().stats.parts).toBe(parts + 7);
  });

  it("keeps /blog?tag= pages apart, answers visit tags from the page without them, and renders searches and other query strings per request", async () => {
    const tagged = "/blog?tag=Commercial%20Trucking";
    expect((await page(tagged)).state).toBe("miss");
    expect((await page(tagged)).state).toBe("hit");
    const created = await createPost({ title: "Hail Guide With A Query" });
    for (const path of [
      "/blog?q=hail&page=2",
      `/blog/${created.slug}?utm_source=newsletter&ref=x`,
      "/careers?ref=x",
      "/careers?utm_source=indeed",
    ]) {
      for (let i = 0; i < 2; i++) expect((await page(path)).state, path).toBeNull();
    }
    // Visit tags alone: the page stored without them, the same document.
    const plain = await page(`/blog/${created.slug}`);
    const fromAd = await page(`/blog/${created.slug}?utm_source=newsletter&utm_medium=email&gclid=EAIa`);
    expect(fromAd.state).toBe("hit");
    expect(fromAd.body).toBe(plain.body);
    expect((await page(`/blog/${created.slug}?utm_source=newsletter&tag=x`)).state).toBeNull();
    // The canonical address only: /blog/{id} shows the post too, and is rendered per request.
    for (let i = 0; i < 2; i++) expect((await page(`/blog/${created._id}`)).state).toBeNull();
  });
});

describe.each(databaseKinds)("a build made with other public settings, on %s", (kind) => {
  const SITE = "https://render-cache.example.com";
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind, { SITE_URL: SITE, RENDER_CACHE_MAX_MB: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("renders the home page once with the server's settings, then serves it from the cache with a hash CSP", async () => {
    const cache = server.renderCache!;
    const renders = cache.stats.renders;
    const first = await fetch(`${server.url}/`);
    const firstHtml = await first.text();
    expect(first.headers.get(RENDER_CACHE_HEADER)).toBe("miss");
    expect(firstHtml).toContain(`<link rel="canonical" href="${SITE}/">`);
    const second = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    const html = await second.text();
    expect(second.headers.get(RENDER_CACHE_HEADER)).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(html).toBe(firstHtml);
    expect(cache.stats.renders).toBe(renders + 1);
    expectHashCsp(second, html);
  });

  it("caches every prerendered page on its first request, within the byte budget, and keeps them through content changes", async () => {
    const cache = server.renderCache!;
    for (const path of contentPaths) {
      const first = await fetch(`${server.url}${path}`);
      await first.arrayBuffer();
      expect(first.status, path).toBe(200);
      const second = await fetch(`${server.url}${path}`);
      expect(second.headers.get(RENDER_CACHE_HEADER), path).toBe("hit");
      expectHashCsp(second, await second.text());
      expect(cache.size.bytes).toBeLessThanOrEqual(1024 * 1024);
    }
    // A megabyte does not hold them all: the least recently used were dropped.
    expect(cache.size.entries).toBeLessThan(contentPaths.length);
    const last = contentPaths.at(-1)!;
    cache.invalidate("change");
    expect((await fetch(`${server.url}${last}`)).headers.get(RENDER_CACHE_HEADER)).toBe("hit");
  }, 120_000);
});

describe("npm start", () => {
  it("tells when the environment asks for other public settings than the build baked in (it rebuilds then)", () => {
    const manifest = loadStaticManifest(buildDir);
    expect(manifest, "npm run build first").not.toBeNull();
    const baked = manifest!.publicConfig as { siteUrl: string; gaMeasurementId: string | null; whatsappNumber: string };
    const env = {
      NODE_ENV: "test",
      SITE_URL: `${baked.siteUrl}/`,
      GA_MEASUREMENT_ID: baked.gaMeasurementId ?? "",
      WHATSAPP_NUMBER: `+${baked.whatsappNumber}`,
    };
    expect(buildHasOtherSettings(env)).toBe(false);
    expect(buildHasOtherSettings({ ...env, SITE_URL: "https://elsewhere.example.com" })).toBe(true);
    expect(buildHasOtherSettings({ ...env, GA_MEASUREMENT_ID: baked.gaMeasurementId ? "" : "G-OTHER12345" })).toBe(true);
    expect(buildHasOtherSettings({ ...env, WHATSAPP_NUMBER: "15125550199" })).toBe(baked.whatsappNumber !== "15125550199");
    // An invalid environment is left to the server, which names the bad variable.
    expect(buildHasOtherSettings({ ...env, SITE_URL: "not a url" })).toBe(false);
  });
});
