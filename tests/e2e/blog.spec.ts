/**
 * The public blog in the browser (spec 000 sections 2, 4, 7 and 8): search, tag toggling, their
 * combination, the empty state, card links (by slug, or by id when the slug has no hyphen), the
 * post page, share popups, the not-found page, the loading spinner, and accessibility.
 * Serial: the last tests add posts through the admin API and would change the others' lists.
 */
import type { Page } from "@playwright/test";
import { builtInPostsFor } from "../../app/content/blog-posts";
import { defaultSite } from "../../app/content/site-profile";

const builtInPosts = builtInPostsFor(defaultSite);

import { blogMessages as m } from "../../app/features/blog/messages";
import { expect, expectNoAxeViolations, holdRequests, pageErrors, test, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

const post = (slug: string) => builtInPosts.find((p) => p.slug === slug)!;
const trends = post("2025-contractors-insurance-trends");
const cyber = post("cyber-security-insurance-for-small-businesses");
const guide = post("contractors-guide-to-insurance");
const property = post("commercial-property-insurance-explained");
const risk = post("risk-management-for-small-businesses");
const trucking = post("commercial-trucking-insurance-fmcsa-minimums");
const newestFirst = [trends, cyber, guide, property, trucking, risk];

const cards = (page: Page) => page.getByTestId("blog-card");
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const tagButton = (page: Page, tag: string) =>
  page.getByRole("group", { name: m.tagsLabel }).getByRole("button", { name: tag, exact: true });
const search = (page: Page) => page.getByRole("searchbox", { name: m.searchLabel });

async function expectTitles(page: Page, titles: string[]) {
  await expect(cards(page).getByRole("heading", { level: 2 })).toHaveText(titles);
}

async function openBlog(page: Page, path = "/blog") {
  await page.goto(path);
  await waitForHydration(page, "#blog-search");
}

test("the list: built-in posts newest first with card dates, reading times and links by slug", async ({ page }) => {
  await openBlog(page);
  await expect(page.getByRole("heading", { level: 1, name: m.listTitle })).toBeVisible();
  await expectTitles(
    page,
    newestFirst.map((p) => p.title),
  );
  const first = card(page, trends.title);
  await expect(first.getByRole("link", { name: trends.title })).toHaveAttribute("href", `/blog/${trends.slug}`);
  await expect(first.locator("time")).toHaveText("Mar 24, 2025");
  await expect(first).toContainText(`${trends.readingTime} min read`);
  await expect(first).toContainText(trends.author.name);
  await expect(card(page, risk.title).locator("time")).toHaveText("Mar 20, 2025");
  for (const p of builtInPosts) await expect(card(page, p.title).getByRole("link")).toHaveAttribute("href", `/blog/${p.slug}`);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", /\/blog\/rss\.xml$/);
  await expectNoAxeViolations(page);
});

test("search filters as you type, over titles, descriptions, tags and authors", async ({ page }) => {
  await openBlog(page);
  await search(page).fill("coinsurance");
  await expectTitles(page, [property.title]);
  await search(page).fill("maria castillo");
  await expectTitles(page, [trucking.title]);
  await search(page).fill("SMALL BUSINESS");
  await expectTitles(page, [cyber.title, risk.title]);
  // Enter does not leave the page or pick a tag.
  await search(page).press("Enter");
  await expect(page).toHaveURL(/\/blog$/);
  await expectTitles(page, [cyber.title, risk.title]);
  await search(page).fill("");
  await expect(cards(page)).toHaveCount(6);
});

test("a search's address opens with its list in place, hydrates without a mismatch, and filters as you type", async ({ page }) => {
  const errors = pageErrors(page);
  const answer = await page.goto("/blog?q=small+business");
  // The stored /blog with the list rendered for this search in place of its own.
  expect(answer?.headers()["x-render-cache"]).toBe("part");
  await waitForHydration(page, "#blog-search");
  await expect(search(page)).toHaveValue("small business");
  await expectTitles(page, [cyber.title, risk.title]);
  await search(page).fill("coinsurance");
  await expectTitles(page, [property.title]);
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

test("tags: clicking one selects it, clicking it again clears it, clicking another switches", async ({ page }) => {
  await openBlog(page);
  const contractors = tagButton(page, "Contractors");
  const texas = tagButton(page, "Texas");
  await expect(contractors).toHaveAttribute("aria-pressed", "false");

  await contractors.click();
  await expect(contractors).toHaveAttribute("aria-pressed", "true");
  await expectTitles(page, [trends.title, guide.title]);

  await contractors.click();
  await expect(contractors).toHaveAttribute("aria-pressed", "false");
  await expect(cards(page)).toHaveCount(6);

  await contractors.click();
  await texas.click();
  await expect(contractors).toHaveAttribute("aria-pressed", "false");
  await expect(texas).toHaveAttribute("aria-pressed", "true");
  await expectTitles(page, [property.title]);
  await expect(page.getByRole("group", { name: m.tagsLabel }).locator('[aria-pressed="true"]')).toHaveCount(1);
});

test("search and tag combine; nothing matching shows the empty state, which clears with the filter", async ({ page }) => {
  await openBlog(page);
  await tagButton(page, "Contractors").click();
  await search(page).fill("guide");
  await expectTitles(page, [guide.title]);

  await search(page).fill("ransomware");
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: m.noResults })).toBeVisible();
  await expect(page.getByText(m.noResultsHint, { exact: true })).toBeVisible();

  // The same search without the tag finds the cyber article.
  await tagButton(page, "Contractors").click();
  await expectTitles(page, [cyber.title]);
  await expect(page.getByText(m.noResults, { exact: true })).toHaveCount(0);

  await search(page).fill("no article mentions this zebra");
  await expect(page.getByText(m.noResults, { exact: true })).toBeVisible();
  await expect(page.getByText(m.noResultsHint, { exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list is in the HTML, and the form filters on the server", async ({ page }) => {
    await page.goto("/blog");
    await expectTitles(
      page,
      newestFirst.map((p) => p.title),
    );
    await tagButton(page, "Contractors").click();
    await expect(page).toHaveURL(/\/blog\?(q=&)?tag=Contractors$/);
    await expectTitles(page, [trends.title, guide.title]);
    await search(page).fill("guide");
    await page.getByRole("button", { name: m.searchButton }).click();
    await expectTitles(page, [guide.title]);
    await expect(tagButton(page, "Contractors")).toHaveAttribute("aria-pressed", "true");
    // Clicking the active tag clears it (the search stays).
    await tagButton(page, "Contractors").click();
    await expect(tagButton(page, "Contractors")).toHaveAttribute("aria-pressed", "false");
    await expectTitles(page, [guide.title]);
  });
});

test("a spinner shows while the list is fetched again in the browser", async ({ page }) => {
  await openBlog(page);
  const release = await holdRequests(page, "**/blog.data*");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page.getByTestId("blog-loading")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  release();
  await expect(page.getByTestId("blog-loading")).toHaveCount(0);
  await expect(cards(page)).toHaveCount(6);
});

test("a post page: back link, image, author and role, reading time, long date, tags, one h1, article body", async ({ page }) => {
  await openBlog(page);
  await card(page, property.title).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/blog/${property.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(property.title);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page).toHaveTitle(`${property.title} | Hill Country Commercial Insurance`);
  const author = page.getByTestId("post-author");
  await expect(author).toContainText(property.author.name);
  await expect(author).toContainText(property.author.role);
  await expect(page.getByTestId("post-reading-time")).toHaveText("12 min read");
  await expect(page.getByTestId("post-date")).toHaveText("March 21, 2025");
  await expect(page.getByTestId("post-tags").getByRole("listitem")).toHaveText(property.tags);
  await expect(page.locator(`img[src="${property.imageUrl}"]`)).toBeVisible();
  const body = page.getByTestId("article-body");
  await expect(body.getByRole("heading", { level: 2, name: "Coinsurance: the clause that penalizes underinsurance" })).toBeVisible();
  await expect(body).toContainText("The insurer pays $145,000.");
  await expectNoAxeViolations(page);

  // A tag leads to the list filtered by it.
  await page.getByTestId("post-tags").getByRole("link", { name: "Texas" }).click();
  await expect(page).toHaveURL(/\/blog\?tag=Texas$/);
  await expect(tagButton(page, "Texas")).toHaveAttribute("aria-pressed", "true");
  await expectTitles(page, [property.title]);

  await page.goBack();
  await page.getByRole("link", { name: m.backToBlog }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards(page)).toHaveCount(6);
});

test("share buttons open a 600x400 popup to Facebook, Twitter and LinkedIn with the page's address and title", async ({
  page,
  context,
}) => {
  // The networks themselves are not contacted: their pages are stood in for.
  await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>share</title><p>share</p>" }),
  );
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __opens: unknown[][] }).__opens = calls;
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args);
      return open(...args);
    };
  });
  await page.goto(`/blog/${cyber.slug}`);
  await waitForHydration(page, 'a[aria-label="Share on Facebook"]');
  const pageUrl = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(pageUrl).toMatch(new RegExp(`/blog/${cyber.slug}$`));
  const u = encodeURIComponent(pageUrl!);
  const expected = {
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    Twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(cyber.title)}`,
    LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
  for (const [network, address] of Object.entries(expected)) {
    const link = page.getByRole("link", { name: `Share on ${network}` });
    await expect(link).toHaveAttribute("href", address);
    const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(address);
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
    await popup.close();
  }
  // The page itself stayed put, and every popup was asked for 600x400.
  await expect(page).toHaveURL(new RegExp(`/blog/${cyber.slug}$`));
  const opens = await page.evaluate(() => (window as unknown as { __opens: unknown[][] }).__opens);
  expect(opens).toEqual(Object.values(expected).map((address) => [address, "share", "width=600,height=400"]));
});

test("a missing post: 404, 'Post not found' and a 'Return to Blog' link", async ({ page }) => {
  for (const path of ["/blog/no-such-article", "/blog/00000000-0000-4000-8000-000000000000"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.notFound);
    await expect(page).toHaveTitle(/^Blog post not found \|/);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: m.returnToBlog }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards(page)).toHaveCount(6);
});

test.describe("posts from the back office", () => {
  type Saved = { _id: string; slug: string; title: string };
  const created: string[] = [];

  async function signIn(page: Page) {
    const res = await page.request.post("/api/auth/login", { data: ADMIN });
    expect(res.status()).toBe(200);
  }
  async function createPost(page: Page, values: { title: string; content: string; status: "published" | "draft" }): Promise<Saved> {
    const res = await page.request.post("/api/blogs", { data: { category: "Security", imageUrl: null, ...values } });
    expect(res.status(), await res.text()).toBe(201);
    const saved = (await res.json()).data as Saved;
    created.push(saved._id);
    return saved;
  }

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    await signIn(page);
    for (const id of created) await page.request.delete(`/api/blogs/${id}`);
    await page.close();
  });

  test("published posts follow the built-in ones; a slug without a hyphen links by id; the leading h1 is not repeated; drafts stay hidden", async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const oneWord = await createPost(page, {
      title: "Cybersecurity",
      content: "<p>Multi-factor authentication is now a condition of most cyber policies.</p>",
      status: "published",
    });
    expect(oneWord.slug).not.toContain("-");
    const storm = await createPost(page, {
      title: "Winter Storm Checklist for Property Owners",
      content:
        "<h1>Winter Storm Checklist for Property Owners</h1><p>Insulate exposed pipes and know where the water shut-off valve is.</p><h2>After the freeze</h2><p>Check the sprinkler system.</p>",
      status: "published",
    });
    expect(storm.slug).toContain("-");
    const draft = await createPost(page, {
      title: "Draft Notes on Fleet Telematics",
      content: "<p>Not ready for readers yet.</p>",
      status: "draft",
    });

    await openBlog(page);
    // Built-in posts first (newest first), then the stored ones (newest first); never the draft.
    await expectTitles(page, [...newestFirst.map((p) => p.title), storm.title, oneWord.title]);
    await expect(card(page, oneWord.title).getByRole("link")).toHaveAttribute("href", `/blog/${oneWord._id}`);
    await expect(card(page, storm.title).getByRole("link")).toHaveAttribute("href", `/blog/${storm.slug}`);
    await expect(card(page, storm.title)).toContainText(m.minRead(1));
    await expect(card(page, oneWord.title)).toContainText("Multi-factor authentication is now a condition of most cyber policies.");
    await expect(tagButton(page, "Security")).toBeVisible();
    await tagButton(page, "Security").click();
    await expectTitles(page, [storm.title, oneWord.title]);

    await card(page, oneWord.title).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/blog/${oneWord._id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(oneWord.title);
    await expect(page.getByTestId("post-author")).toContainText("admin");
    await expect(page.getByTestId("post-author")).toContainText(m.expertRole);

    await page.goto(`/blog/${storm.slug}`);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(storm.title);
    await expect(page.getByTestId("article-body").getByRole("heading", { level: 2, name: "After the freeze" })).toBeVisible();
    await expect(page.getByTestId("post-tags")).toHaveText("Security");
    await expect(page.getByTestId("post-date")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.locator('img[src="/og-image.png"]')).toBeVisible();

    // The signed-in admin sees the draft, marked as one; a visitor gets "Post not found".
    const adminView = await page.goto(`/blog/${draft._id}`);
    expect(adminView?.status()).toBe(200);
    expect(adminView?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(draft.title);
    await expect(page.getByTestId("draft-notice")).toHaveText(m.draftNotice);

    const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
    const res = await visitor.goto(`/blog/${draft._id}`);
    expect(res?.status()).toBe(404);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(m.notFound);
    await expect(visitor.getByText("Not ready for readers yet.")).toHaveCount(0);
    await visitor.close();
  });
});
