/**
 * Images in blog posts (docs/decisions/055-images-in-posts.md), in the browser: an image uploaded from
 * the editor's toolbar is described before it is inserted, a dropped file is uploaded too, a refused
 * file is told with the server's reason, the cover image is uploaded beside its address field, and the
 * saved post shows both on its public page as responsive images from /media/, scanned with axe.
 */
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { blogAdminMessages } from "../../app/features/blog/admin-messages";
import { expect, expectNoAxeViolations, test, toast } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const t = blogAdminMessages.editor;
const title = `Securing Coils on a Flatbed ${Date.now().toString(36)}`;

const photo = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 85 })
    .toBuffer();

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status()).toBe(200);
}

test("an image uploaded in the editor, described, saved with the post and shown on its page with srcset", async ({ page }) => {
  // Three uploads (each made into WebP and AVIF at several widths), a save and three accessibility scans.
  test.slow();
  await signIn(page);
  await page.goto("/admin/posts/new");
  const editor = page.getByRole("textbox", { name: "Content" });
  const toolbar = page.getByRole("toolbar", { name: t.toolbar });
  await expect(toolbar.getByRole("button", { name: t.upload, exact: true })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("combobox", { name: "Category", exact: true }).selectOption("Commercial Trucking");
  // Left a draft: a signed-in admin sees its page, and the public lists other specs read stay as they are.
  await page.getByRole("radio", { name: "Draft" }).check();
  await editor.click();
  await page.keyboard.type("Chains, not straps, for steel coils.");

  // A file that is not an image the site takes is refused with the server's reason.
  await page.getByTestId("editor-image-file").setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByTestId("editor-upload-error")).toHaveText(blogAdminMessages.images.svg);
  await page.getByRole("button", { name: t.cancel }).click();
  await expect(page.getByTestId("editor-upload-error")).toHaveCount(0);

  // The toolbar's Upload image: the file goes to the server, then the description is asked for.
  await page
    .getByTestId("editor-image-file")
    .setInputFiles({ name: "coils.jpg", mimeType: "image/jpeg", buffer: await photo(1200, 800, "#8a3b2b") });
  const alt = page.getByLabel(t.altLabel);
  await expect(alt).toBeFocused({ timeout: 20_000 });
  await page.getByRole("button", { name: t.insert }).click();
  await expect(alt).toHaveAccessibleDescription(t.altRequired);
  await expectNoAxeViolations(page);
  await alt.fill("Steel coils chained to a flatbed trailer");
  await alt.press("Enter");
  const inserted = editor.locator('img[alt="Steel coils chained to a flatbed trailer"]');
  await expect(inserted).toHaveAttribute("srcset", /^\/media\/[0-9a-f]{16}-320\.webp 320w, .*1200\.webp 1200w$/);
  await expect(inserted).toHaveAttribute("width", "1200");
  await expect(inserted).toHaveAttribute("height", "800");

  // A file dropped into the text is uploaded the same way; this one is marked as decoration.
  const dropped = (await photo(500, 300, "#2b5a8a")).toString("base64");
  await editor.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], "dropped.jpg", { type: "image/jpeg" }));
    const box = element.getBoundingClientRect();
    element.dispatchEvent(
      new DragEvent("drop", { dataTransfer: data, clientX: box.left + 10, clientY: box.bottom - 10, bubbles: true, cancelable: true }),
    );
  }, dropped);
  await expect(page.getByLabel(t.altLabel)).toBeFocused({ timeout: 20_000 });
  await page.getByLabel(t.decorative).check();
  await page.getByRole("button", { name: t.insert }).click();
  await expect(editor.locator('img[alt=""][srcset*="500.webp 500w"]')).toHaveCount(1);

  // The cover image, uploaded beside its address field.
  await page
    .getByTestId("cover-image-file")
    .setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await photo(2200, 1200, "#3b6b2b") });
  await expect(page.getByTestId("cover-image-status")).toHaveText(blogAdminMessages.form.imageUploaded, { timeout: 20_000 });
  await expect(page.getByLabel("Image URL")).toHaveValue(/^\/media\/[0-9a-f]{16}-1920\.webp$/);
  const coverUrl = await page.getByLabel("Image URL").inputValue();

  await page.getByRole("button", { name: blogAdminMessages.create.submit }).click();
  await expect(toast(page, blogAdminMessages.create.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const posts = (await (await page.request.get("/api/blogs")).json()) as { title: string; slug: string; imageUrl: string }[];
  const saved = posts.find((p) => p.title === title);
  expect(saved?.imageUrl).toBe(coverUrl);

  // The public page: the post's image with its srcset, loaded from /media/, and the cover in AVIF and WebP.
  await page.goto(`/blog/${saved?.slug}`);
  const body = page.getByTestId("article-body");
  const image = body.getByRole("img", { name: "Steel coils chained to a flatbed trailer" });
  await expect(image).toHaveAttribute("srcset", /\/media\/[0-9a-f]{16}-640\.webp 640w/);
  await expect(image).toHaveAttribute("sizes", "(min-width: 768px) 720px, 100vw");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(/^\/media\/[0-9a-f]{16}-\d+\.webp$/);
  const cover = page.locator("article picture").first();
  await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /-1920\.avif 1920w$/);
  await expect.poll(() => cover.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page);
});
