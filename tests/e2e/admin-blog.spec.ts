/**
 * The blog screens of the back office (spec 001 sections 2, 4, 5, 8): the post list, the post form
 * with its rich-text editor, AI drafts, and categories. Serial: the tests share the server's posts.
 * The server runs without an AI provider, so Generate by AI answers 503 (the provider path is
 * covered by tests/integration/blogs.test.ts against a local OpenAI-compatible server).
 */
import type { Page } from "@playwright/test";
import { blogAdminMessages, blogFieldMessages } from "../../app/features/blog/admin-messages";
import { expect, expectNoAxeViolations, test, toast, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const MISSING = "00000000-0000-4000-8000-000000000000";
const list = blogAdminMessages.list;
const cats = blogAdminMessages.categories;
const run = Date.now().toString(36);
const title = `Cargo Coverage Basics ${run}`;
const editedTitle = `Cargo Coverage Basics, Revised ${run}`;

type Post = { _id: string; title: string; content: string; status: string; category: string };

/** Signs in through POST /api/auth/login; page.request shares the page's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status()).toBe(200);
}

async function openBlog(page: Page) {
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { level: 1, name: list.title })).toBeVisible();
}

const row = (page: Page, name: string) => page.getByTestId("post-row").filter({ has: page.getByRole("cell", { name, exact: true }) });

async function postByTitle(page: Page, name: string): Promise<Post> {
  const posts = (await (await page.request.get("/api/blogs")).json()) as Post[];
  const found = posts.find((p) => p.title === name);
  expect(found, name).toBeTruthy();
  return found!;
}

test("signing in through /admin/login; the post and category lists come with the page", async ({ page }) => {
  // The lists' empty texts and failed reads are checked on a fresh database in tests/integration/admin-blog-screens.test.ts.
  await page.goto("/admin/login");
  await waitForHydration(page, "form");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await openBlog(page);
  for (const column of list.columns) await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  await expect(page.getByRole("link", { name: list.newPost })).toHaveAttribute("href", "/admin/posts/new");
  await expect(page.getByRole("button", { name: list.generate })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: cats.title })).toBeVisible();
  for (const column of cats.columns) await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
});

test("New Post: required fields, the editor's toolbar, 'Post created successfully!', then the list with a green Published badge", async ({
  page,
}) => {
  // The whole write-a-post flow, with two accessibility scans: about 30 s on a 2-core machine.
  test.slow();
  await signIn(page);
  await openBlog(page);
  await page.getByRole("link", { name: list.newPost }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: blogAdminMessages.create.title })).toBeVisible();
  await expect(page.getByRole("link", { name: blogAdminMessages.form.back })).toHaveAttribute("href", "/admin/blog");
  await expect(page.getByRole("link", { name: blogAdminMessages.form.cancel })).toHaveAttribute("href", "/admin/dashboard");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();

  // Everything required is checked before anything is sent.
  await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
  await expect(toast(page, blogAdminMessages.form.validationToast)).toBeVisible();
  await expect(page.getByTestId("error-post-title")).toHaveText(blogFieldMessages.title);
  await expect(page.getByTestId("error-post-category")).toHaveText(blogFieldMessages.category);
  await expect(page.getByTestId("error-post-content")).toHaveText(blogFieldMessages.content);
  await expect(page.getByLabel("Title")).toBeFocused();
  await page.getByLabel("Image URL").fill("not a url");

  await page.getByLabel("Title").fill(title);
  await expect(page.getByTestId("error-post-title")).toHaveCount(0);
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Commercial Trucking");
  await page.getByRole("radio", { name: "Published" }).check();

  // The toolbar: a heading, then bold, each button labelled with aria-pressed.
  const toolbar = page.getByRole("toolbar", { name: blogAdminMessages.editor.toolbar });
  for (const name of [
    blogAdminMessages.editor.heading(1),
    blogAdminMessages.editor.heading(2),
    blogAdminMessages.editor.heading(3),
    "Bold",
    "Italic",
    "Underline",
    "Strikethrough",
    "Numbered list",
    "Bulleted list",
    "Link",
    "Image",
    "Clear formatting",
  ]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await editor.click();
  await toolbar.getByRole("button", { name: "Heading 2" }).click();
  await expect(toolbar.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("Why cargo coverage matters");
  await page.keyboard.press("Enter");
  await expect(toolbar.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.type("Shippers ask for ");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("motor truck cargo");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" limits before they load.");
  await expect(page.getByTestId("error-post-content")).toHaveCount(0);

  // The toolbar is one Tab stop operated with the arrow keys.
  await toolbar.getByRole("button", { name: "Heading 1" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "Heading 2" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "Clear formatting" })).toBeFocused();
  await expect(toolbar.getByRole("button", { name: "Heading 1" })).toHaveAttribute("tabindex", "-1");

  // The bad image URL was kept back for last.
  await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
  await expect(page.getByTestId("error-post-image-url")).toHaveText(blogFieldMessages.imageUrl);
  await page.getByLabel("Image URL").fill("https://images.example/cargo.jpg");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
  await expect(toast(page, blogAdminMessages.create.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const created = row(page, title);
  await expect(created).toBeVisible();
  await expect(created.getByRole("cell", { name: "Commercial Trucking" })).toBeVisible();
  const badge = created.locator("[data-status]");
  await expect(badge).toHaveText("Published");
  await expect(badge).toHaveClass(/bg-green-100/);

  const saved = await postByTitle(page, title);
  expect(saved.status).toBe("published");
  expect(saved.content).toContain("<h2>Why cargo coverage matters</h2>");
  expect(saved.content).toContain("<strong>motor truck cargo</strong>");
  await expectNoAxeViolations(page);
});

test("the editor's Link and Image panels: the address field takes the focus, refuses an unsafe address, then applies", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts/new");
  const editor = page.getByRole("textbox", { name: "Content" });
  const toolbar = page.getByRole("toolbar", { name: blogAdminMessages.editor.toolbar });
  await editor.click();
  await page.keyboard.type("Read the filing guide");
  await page.keyboard.press("Shift+Home");

  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const linkAddress = page.getByLabel(blogAdminMessages.editor.linkUrl);
  await expect(linkAddress).toBeFocused();
  await expect(linkAddress).toHaveAccessibleDescription(blogAdminMessages.editor.linkHint);
  await linkAddress.fill("javascript:alert(1)");
  await page.getByRole("button", { name: blogAdminMessages.editor.apply }).click();
  await expect(linkAddress).toHaveAttribute("aria-invalid", "true");
  await expect(linkAddress).toHaveAccessibleDescription(blogAdminMessages.editor.badLink);
  // Editing the address clears its error.
  await linkAddress.fill("fmcsa.dot.gov/registration");
  await expect(linkAddress).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: blogAdminMessages.editor.apply }).click();
  await expect(editor.getByRole("link", { name: "Read the filing guide" })).toHaveAttribute("href", "https://fmcsa.dot.gov/registration");

  await editor.click();
  await page.keyboard.press("End");
  await toolbar.getByRole("button", { name: "Image", exact: true }).click();
  const imageAddress = page.getByLabel(blogAdminMessages.editor.imageUrl);
  await expect(imageAddress).toBeFocused();
  await imageAddress.fill("data:image/png;base64,AAAA");
  await page.getByRole("button", { name: blogAdminMessages.editor.insert }).click();
  await expect(imageAddress).toHaveAccessibleDescription(blogAdminMessages.editor.badImage);
  await imageAddress.fill("https://images.example/truck.jpg");
  await page.getByLabel(blogAdminMessages.editor.imageAlt).fill("A box truck at a loading dock");
  await page.getByRole("button", { name: blogAdminMessages.editor.insert }).click();
  await expect(editor.getByRole("img", { name: "A box truck at a loading dock" })).toHaveAttribute(
    "src",
    "https://images.example/truck.jpg",
  );
});

test("View opens /blog/{id} in a new tab; Edit updates the post ('Post updated successfully!') and the badge turns yellow for a draft", async ({
  page,
}) => {
  await signIn(page);
  const saved = await postByTitle(page, title);
  await openBlog(page);
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    row(page, title)
      .getByRole("link", { name: new RegExp(`^${list.view}`) })
      .click(),
  ]);
  await expect(popup).toHaveURL(new RegExp(`/blog/${saved._id}$`));
  await popup.close();

  await row(page, title)
    .getByRole("link", { name: new RegExp(`^${list.edit}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/posts/${saved._id}/edit$`));
  await expect(page.getByRole("heading", { level: 1, name: blogAdminMessages.edit.title })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("combobox", { name: "Category", exact: true })).toHaveValue("Commercial Trucking");
  await expect(page.getByRole("radio", { name: "Published" })).toBeChecked();
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor.locator("h2")).toHaveText("Why cargo coverage matters");
  await expectNoAxeViolations(page);

  await page.getByLabel("Title").fill(editedTitle);
  await page.getByRole("radio", { name: "Draft" }).check();
  await editor.locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Ask us for a review.");
  await page.getByRole("button", { name: blogAdminMessages.edit.submit }).click();
  await expect(toast(page, blogAdminMessages.edit.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const badge = row(page, editedTitle).locator("[data-status]");
  await expect(badge).toHaveText("Draft");
  await expect(badge).toHaveClass(/bg-yellow-100/);
  const updated = await postByTitle(page, editedTitle);
  expect(updated.content).toContain("Ask us for a review.");
  expect(updated.status).toBe("draft");
});

test("Delete asks first ('...cannot be undone.'); Cancel keeps the post, Delete removes it with the server's message", async ({ page }) => {
  await signIn(page);
  await openBlog(page);
  const target = row(page, editedTitle);
  await target.getByRole("button", { name: new RegExp(`^${list.delete}`) }).click();
  const dialog = page.getByRole("dialog", { name: list.deleteTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(list.deleteConfirm);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(target).toBeVisible();

  await target.getByRole("button", { name: new RegExp(`^${list.delete}`) }).click();
  await page.getByRole("dialog", { name: list.deleteTitle }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Post deleted successfully")).toBeVisible();
  await expect(target).toHaveCount(0);
});

test("Generate by AI: 'Please enter a prompt' first, then 'Please enter a category'; without a provider the 503 message shows in the dialog", async ({
  page,
}) => {
  await signIn(page);
  await openBlog(page);
  await page.getByRole("button", { name: list.generate }).click();
  const dialog = page.getByRole("dialog", { name: blogAdminMessages.generate.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Category")).toBeVisible();
  await expect(dialog.getByLabel("Prompt")).toBeVisible();
  await expectNoAxeViolations(page);

  const submit = dialog.getByRole("button", { name: blogAdminMessages.generate.submit, exact: true });
  await submit.click();
  await expect(toast(page, blogFieldMessages.prompt)).toBeVisible();
  await expect(dialog.getByTestId("error-generate-prompt")).toHaveText(blogFieldMessages.prompt);
  await expect(dialog.getByTestId("error-generate-category")).toHaveCount(0);
  await expect(dialog.getByLabel("Prompt")).toBeFocused();

  await dialog.getByLabel("Prompt").fill("What a new carrier should know about motor truck cargo coverage");
  await submit.click();
  await expect(toast(page, blogFieldMessages.generateCategory)).toBeVisible();
  await expect(dialog.getByTestId("error-generate-category")).toHaveText(blogFieldMessages.generateCategory);
  await expect(dialog.getByTestId("error-generate-prompt")).toHaveCount(0);

  await dialog.getByLabel("Category").selectOption("Commercial Trucking");
  await submit.click();
  const failure = dialog.getByTestId("generate-failure");
  await expect(failure).toContainText("AI_BASE_URL");
  await expect(failure).toHaveAttribute("role", "alert");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "AI_BASE_URL" }).first()).toBeVisible();
  await expect(dialog).toBeVisible();
});

test("an unknown post: the edit screen says 'Failed to load post' and goes to the dashboard", async ({ page }) => {
  // Failed reads of the list and of the categories are checked in tests/integration/admin-blog-screens.test.ts.
  await signIn(page);
  await page.goto(`/admin/posts/${MISSING}/edit`);
  await expect(toast(page, blogAdminMessages.edit.loadFailure)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("categories: add, refuse an empty or taken name, edit and delete, each with its toast", async ({ page }) => {
  await signIn(page);
  const name = `Surety Bonds ${run}`;
  const renamed = `Surety & Fidelity Bonds ${run}`;
  await page.goto("/admin/categories");
  await expect(page.getByRole("heading", { level: 1, name: cats.title })).toBeVisible();
  await expect(page.getByTestId("category-row").filter({ hasText: "Commercial Trucking" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: cats.add }).click();
  let dialog = page.getByRole("dialog", { name: cats.addTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(cats.name)).toBeFocused();
  await dialog.getByLabel(cats.name).fill("   ");
  await dialog.getByRole("button", { name: cats.save }).click();
  await expect(dialog.getByTestId("error-category-name")).toHaveText("Category name is required");
  await expectNoAxeViolations(page);

  await dialog.getByLabel(cats.name).fill("commercial trucking");
  await dialog.getByRole("button", { name: cats.save }).click();
  await expect(toast(page, cats.saveFailure)).toBeVisible();
  await expect(dialog.getByTestId("error-category-name")).toHaveText('A category named "Commercial Trucking" already exists.');

  await dialog.getByLabel(cats.name).fill(name);
  await dialog.getByRole("button", { name: cats.save }).click();
  await expect(toast(page, cats.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = page.getByTestId("category-row").filter({ has: page.getByRole("cell", { name, exact: true }) });
  await expect(added).toBeVisible();

  await added.getByRole("button", { name: new RegExp(`^${cats.edit}`) }).click();
  dialog = page.getByRole("dialog", { name: cats.editTitle });
  await expect(dialog.getByLabel(cats.name)).toHaveValue(name);
  await dialog.getByLabel(cats.name).fill(renamed);
  await dialog.getByRole("button", { name: cats.update }).click();
  await expect(toast(page, cats.updated)).toBeVisible();
  const edited = page.getByTestId("category-row").filter({ has: page.getByRole("cell", { name: renamed, exact: true }) });
  await expect(edited).toBeVisible();

  await edited.getByRole("button", { name: new RegExp(`^${cats.delete}`) }).click();
  const confirm = page.getByRole("dialog", { name: cats.deleteTitle });
  await expect(confirm).toContainText(cats.deleteConfirm);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, cats.deleted)).toBeVisible();
  await expect(edited).toHaveCount(0);
});

test("category failures: a delete that fails shows its toast", async ({ page }) => {
  // A failed read of the list is checked in tests/integration/admin-blog-screens.test.ts.
  await signIn(page);
  const name = `Gone Before Deleted ${run}`;
  const created = await page.request.post("/api/categories", { data: { name } });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { _id: string } };
  await page.goto("/admin/categories");
  const target = page.getByTestId("category-row").filter({ has: page.getByRole("cell", { name, exact: true }) });
  await target.getByRole("button", { name: new RegExp(`^${cats.delete}`) }).click();
  // Someone else deletes it while the confirmation is open.
  expect((await page.request.delete(`/api/categories/${data._id}`)).status()).toBe(200);
  await page.getByRole("dialog", { name: cats.deleteTitle }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, cats.deleteFailure)).toBeVisible();
  await expect(target).toHaveCount(0);
});

test("the page's own delete confirmation and category form (the way without scripts) pass axe", async ({ page }) => {
  await signIn(page);
  const created = await page.request.post("/api/blogs", {
    data: { title: `Asked About ${run}`, content: "<p>Body</p>", category: "HOA", imageUrl: "", status: "draft" },
  });
  const { data } = (await created.json()) as { data: Post };
  await page.goto(`/admin/blog?delete=${data._id}`);
  await expect(page.getByRole("region", { name: list.deleteTitle })).toContainText(list.deleteConfirm);
  await expectNoAxeViolations(page);
  expect((await page.request.delete(`/api/blogs/${data._id}`)).status()).toBe(200);
  await page.goto("/admin/categories?edit=new");
  await expect(page.getByRole("region", { name: cats.addTitle }).getByLabel(cats.name)).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a post is written, refused with its field errors, saved and deleted after the page's own confirmation", async ({ page }) => {
    await signIn(page);
    const plainTitle = `Written Without Scripts ${run}`;
    await page.goto("/admin/posts/new");
    await expect(page.getByRole("heading", { level: 1, name: blogAdminMessages.create.title })).toBeVisible();
    // Without scripts the content is HTML in a text area; the server sanitises it as the API does.
    const content = page.getByRole("textbox", { name: "Content" });
    await content.fill('<p>Plain <strong>HTML</strong> content.</p><script>alert("x")</script>');
    await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
    await expect(page.getByTestId("error-post-title")).toHaveText(blogFieldMessages.title);
    await expect(page.getByTestId("error-post-category")).toHaveText(blogFieldMessages.category);
    await expect(page.getByRole("alert").filter({ hasText: blogAdminMessages.create.failure })).toBeVisible();
    await expect(content).toHaveValue(/Plain <strong>HTML<\/strong> content\./);

    await page.getByLabel("Title").fill(plainTitle);
    await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Commercial Trucking");
    await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("status").filter({ hasText: blogAdminMessages.create.success })).toBeVisible();
    const created = row(page, plainTitle);
    await expect(created.locator("[data-status]")).toHaveText("Draft");
    const saved = await postByTitle(page, plainTitle);
    expect(saved.content).toBe("<p>Plain <strong>HTML</strong> content.</p>");

    await created.getByRole("button", { name: new RegExp(`^${list.delete}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/blog\\?delete=${saved._id}$`));
    const confirm = page.getByRole("region", { name: list.deleteTitle });
    await expect(confirm).toContainText(list.deleteConfirm);
    await confirm.getByRole("button", { name: list.delete }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post deleted successfully" })).toBeVisible();
    await expect(row(page, plainTitle)).toHaveCount(0);
  });

  test("a category is added and deleted from the page itself", async ({ page }) => {
    await signIn(page);
    const name = `No Script Category ${run}`;
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: cats.add }).click();
    const form = page.getByRole("region", { name: cats.addTitle });
    await form.getByLabel(cats.name).fill("commercial trucking");
    await form.getByRole("button", { name: cats.save }).click();
    await expect(page.getByTestId("error-category-name")).toHaveText('A category named "Commercial Trucking" already exists.');
    await page.getByLabel(cats.name).fill(name);
    await page.getByRole("button", { name: cats.save }).click();
    await expect(page.getByRole("status").filter({ hasText: cats.created })).toBeVisible();
    const added = page.getByTestId("category-row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    await expect(added).toBeVisible();

    await added.getByRole("button", { name: new RegExp(`^${cats.delete}`) }).click();
    const confirm = page.getByRole("region", { name: cats.deleteTitle });
    await expect(confirm).toContainText(cats.deleteConfirm);
    await confirm.getByRole("button", { name: cats.delete }).click();
    await expect(page.getByRole("status").filter({ hasText: cats.deleted })).toBeVisible();
    await expect(added).toHaveCount(0);
  });
});
