/**
 * The post editor keeps a draft in the browser (docs/decisions/054-post-drafts-in-the-browser.md): a
 * save after the session ended asks to sign in and comes back to the editor, which offers the text
 * back; a save that went through forgets the draft, one the server could not take keeps it; Discard
 * removes it. Each test writes its own posts, so the tests run side by side with the other specs.
 */
import type { Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { blogAdminMessages } from "../../app/features/blog/admin-messages";
import { actionRequest, expect, expectNoAxeViolations, test, toast } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const draftText = blogAdminMessages.draft;
const run = Date.now().toString(36);

type StoredDraft = { account: string; post: string; keptAt: string; fields: Record<string, string> };
type Post = { _id: string; title: string; content: string; category: string; status: string };

/** Signs in through POST /api/auth/login; page.request shares the page's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status()).toBe(200);
}

/** The post drafts this browser holds. */
const storedDrafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("agency.postDraft:"))
      .map((key) => JSON.parse(localStorage.getItem(key) ?? "null") as StoredDraft),
  );

async function postByTitle(page: Page, title: string): Promise<Post | undefined> {
  const posts = (await (await page.request.get("/api/blogs")).json()) as Post[];
  return posts.find((p) => p.title === title);
}

const editorOf = (page: Page) => page.getByRole("textbox", { name: "Content" });
/** The offer of a kept draft: "You have unsaved changes from <time>." */
const notice = (page: Page) => page.getByRole("status").filter({ hasText: draftText.offered("").replace(/ \.$/, "") });

// The editor's address as written, and with a trailing slash (its form is then posted to /admin/posts/new/_.data).
for (const [address, back] of [
  ["/admin/posts/new", "%2Fadmin%2Fposts%2Fnew"],
  ["/admin/posts/new/", "%2Fadmin%2Fposts%2Fnew%2F"],
] as const) {
  test(`a save after the session ended asks to sign in, comes back to ${address}, and the text is restored and saved`, async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    // Two sign-ins, an accessibility scan and two saves: about 20 s on a 2-core machine.
    test.slow();
    const title = `Drafts Survive Sign-In ${run} at ${address}`;
    await signIn(page);
    await page.goto(address);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Commercial Trucking");
    await editorOf(page).click();
    await page.keyboard.type("Written for half an hour, then saved.");

    // Kept a few seconds after the last change, without any save.
    await expect.poll(async () => (await storedDrafts(page)).map((d) => [d.post, d.fields.title])).toEqual([["new", title]]);

    // The session ends on the server (idle too long, or signed out elsewhere); the browser still holds its cookie.
    const elsewhere = await playwright.request.newContext({ baseURL, storageState: { cookies: await context.cookies(), origins: [] } });
    expect((await elsewhere.post("/api/auth/logout", { data: {} })).status()).toBe(200);
    await elsewhere.dispose();

    await page.keyboard.type(" One more line.");
    await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${back}$`));
    // Kept at once when sent: the last words typed too.
    const [kept] = await storedDrafts(page);
    expect(kept?.fields.content).toContain("One more line.");

    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: adminMessages.login.submit }).click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));

    // The editor offers the draft: announced, with two real buttons.
    await expect(notice(page)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("");
    await expectNoAxeViolations(page, { afterToasts: true });

    // Restore, from the keyboard.
    await page.getByRole("button", { name: draftText.restore, exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: draftText.restored })).toBeVisible();
    await expect(page.getByRole("button", { name: draftText.restore, exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Title")).toBeFocused();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByRole("combobox", { name: "Category", exact: true })).toHaveValue("Commercial Trucking");
    await expect(editorOf(page)).toContainText("Written for half an hour, then saved. One more line.");

    await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, blogAdminMessages.create.success)).toBeVisible();
    const saved = await postByTitle(page, title);
    expect(saved?.content).toContain("Written for half an hour, then saved. One more line.");
    expect(saved?.category).toBe("Commercial Trucking");
    // Saved: nothing is offered again.
    expect(await storedDrafts(page)).toEqual([]);
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("button", { name: draftText.restore, exact: true })).toHaveCount(0);

    expect((await page.request.delete(`/api/blogs/${saved?._id}`)).status()).toBe(200);
  });
}

test("Discard removes the draft; a draft older than 30 days is dropped when the editor opens", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts/new");
  await page.getByLabel("Title").fill(`Thrown Away ${run}`);
  await expect.poll(async () => (await storedDrafts(page)).length).toBe(1);

  await page.reload();
  await expect(notice(page)).toBeVisible();
  await page.getByRole("button", { name: draftText.discard, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: draftText.discarded })).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveValue("");
  expect(await storedDrafts(page)).toEqual([]);
  await page.reload();
  await expect(page.getByRole("button", { name: draftText.discard, exact: true })).toHaveCount(0);

  // A draft kept 31 days ago is not offered, and is gone once the editor has opened.
  await page.getByLabel("Title").fill(`Long Forgotten ${run}`);
  await expect.poll(async () => (await storedDrafts(page)).length).toBe(1);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((k) => k.startsWith("agency.postDraft:"))) {
      const draft = JSON.parse(localStorage.getItem(key) ?? "{}");
      localStorage.setItem(key, JSON.stringify({ ...draft, keptAt: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() }));
    }
  });
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue("");
  await expect(page.getByRole("button", { name: draftText.restore, exact: true })).toHaveCount(0);
  expect(await storedDrafts(page)).toEqual([]);
});

test("editing a post: a save the server could not take keeps the draft, a save that went through forgets it", async ({ page }) => {
  await signIn(page);
  const title = `Kept Through a Failure ${run}`;
  const created = await page.request.post("/api/blogs", {
    data: { title, content: "<p>As first saved.</p>", category: "HOA", imageUrl: "", status: "draft" },
  });
  expect(created.status()).toBe(201);
  const { data: post } = (await created.json()) as { data: Post };
  const path = `/admin/posts/${post._id}/edit`;

  // Opening the editor of a saved post keeps nothing until something changes.
  await page.goto(path);
  await expect(editorOf(page)).toContainText("As first saved.");
  expect(await storedDrafts(page)).toEqual([]);

  await page.getByLabel("Title").fill(`${title}, revised`);
  // The save fails on the server (the page's data still loads).
  await page.route(actionRequest(path), (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
      : route.continue(),
  );
  await page.getByRole("button", { name: blogAdminMessages.edit.submit }).click();
  await expect(toast(page, blogAdminMessages.edit.failure)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect((await storedDrafts(page)).map((d) => [d.post, d.fields.title])).toEqual([[post._id, `${title}, revised`]]);

  // Offered again on this post's editor, and only there.
  await page.unrouteAll();
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await page.getByRole("button", { name: draftText.restore, exact: true }).click();
  await expect(page.getByLabel("Title")).toHaveValue(`${title}, revised`);
  await expect(editorOf(page)).toContainText("As first saved.");

  await page.getByRole("button", { name: blogAdminMessages.edit.submit }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toast(page, blogAdminMessages.edit.success)).toBeVisible();
  expect(await storedDrafts(page)).toEqual([]);
  expect((await postByTitle(page, `${title}, revised`))?._id).toBe(post._id);

  expect((await page.request.delete(`/api/blogs/${post._id}`)).status()).toBe(200);
});
