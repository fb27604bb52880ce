/**
 * The back office's Team, Testimonials and FAQ screens in the browser: a team member added with a photo
 * and seen on /team (axe clean), the card's preview following what is typed and chosen, a file that is
 * not an image refused beside the photo field with nothing saved, the order changed and a member
 * deleted, and an FAQ answer whose placeholders the home page fills in.
 *
 * These flows change what /team and the home page show, which other specs count: they run against a
 * server of their own (the production build on a fresh embedded database in a temporary folder).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { siteListMessages } from "../../app/features/settings/site-lists-messages";
import { postMessages } from "../../app/lib/post-messages";
import { expect, expectNoAxeViolations, test, toast, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "team-admin@agency.example", password: "correct horse battery staple" };
const text = siteListMessages.team;

let server: ChildProcess | undefined;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-team-"));
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_REQUIRE_2FA: "false",
      AUTH_SCRYPT_N: "1024",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = child;
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 140_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /"url":"http:\/\/localhost:(\d+)"/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${found[1]}`);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const res = await page.request.post(`${base}/api/auth/login`, { data: ADMIN, headers: { origin: base } });
  expect(res.status()).toBe(200);
}

/** A photograph: a gradient with a disc, as a JPEG. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><defs><linearGradient id="g"><stop offset="0" stop-color="#173f72"/><stop offset="1" stop-color="#e89b0c"/></linearGradient></defs><rect width="800" height="800" fill="url(#g)"/><circle cx="400" cy="330" r="170" fill="#f5d0b5"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test("add a team member with a photo and see it on /team (axe clean)", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/admin/team`);
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByTestId("team-row")).toHaveCount(3);
  await page.getByRole("link", { name: text.add }).click();
  await expect(page).toHaveURL(/\/admin\/team\/new$/);
  await waitForHydration(page, "form#team-member");

  const preview = page.getByTestId("preview");
  await page.getByLabel("Name").fill("Omar Haddad");
  await page.getByLabel("Role").fill("Trucking Account Manager");
  await page.getByLabel("Bio").fill("Omar has handled trucking filings at {agencyName} since 2019.");
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("(512) 555-0190");
  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/in/omar-haddad");
  // The preview is the card as /team shows it, with the placeholder filled from the settings.
  await expect(preview.getByRole("heading", { level: 3 })).toHaveText("Omar Haddad");
  await expect(preview).toContainText("Omar has handled trucking filings at Hill Country Commercial Insurance since 2019.");
  await expect(page.getByTestId("placeholders")).toContainText("{agencyName}");

  await page.getByLabel("Photo").setInputFiles({ name: "omar.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await expect(preview.locator("img")).toHaveAttribute("src", /^blob:/);
  await expectNoAxeViolations(page, { afterToasts: true });

  await page.getByRole("button", { name: text.create }).click();
  await expect(toast(page, text.created)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/team$/);
  const row = page.getByTestId("team-row").filter({ hasText: "Omar Haddad" });
  await expect(row.locator("picture img")).toHaveAttribute("src", /^\/site-images\/team-[0-9a-f]{16}-\d+\.webp$/);
  await expectNoAxeViolations(page, { afterToasts: true });

  await page.goto(`${base}/team`);
  const card = page.getByTestId("team-member").filter({ has: page.getByRole("heading", { name: "Omar Haddad" }) });
  await expect(card).toContainText("Trucking Account Manager");
  await expect(card).toContainText("Omar has handled trucking filings at Hill Country Commercial Insurance since 2019.");
  await expect(card.getByRole("link", { name: "Call Omar Haddad" })).toHaveAttribute("href", "tel:+15125550190");
  const picture = card.locator("picture");
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\/site-images\/team-[0-9a-f]{16}-320\.avif 320w/);
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect(img).toHaveAttribute("width", "800");
  await expect(img).toHaveAttribute("height", "800");
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
  // The other members keep their initials.
  await expect(page.getByTestId("team-member")).toHaveCount(4);
  await expect(page.getByTestId("team-member").first().getByText("DR", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, { afterToasts: true });
});

test("a file that is not an image is refused beside the photo field, and nothing is saved", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/admin/team/new`);
  await waitForHydration(page, "form#team-member");
  await page.getByLabel("Name").fill("Not Saved");
  await page.getByLabel("Role").fill("Account Manager");
  await page.getByLabel("Bio").fill("This member must not be saved.");
  await page.getByLabel("Photo").setInputFiles({ name: "scan.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7 not a photo") });
  await page.getByRole("button", { name: text.create }).click();
  await expect(toast(page, postMessages.invalid)).toBeVisible();
  await expect(page.getByTestId("error-team-photo")).toHaveText(text.fields.photo);
  await expect(page).toHaveURL(/\/admin\/team\/new$/);
  await expect(page.getByLabel("Name")).toHaveValue("Not Saved");

  await page.goto(`${base}/admin/team`);
  await expect(page.getByTestId("team-row")).toHaveCount(4);
  await expect(page.getByTestId("team-row").filter({ hasText: "Not Saved" })).toHaveCount(0);
});

test("moves a member up, and deletes one after confirming; /team follows", async ({ page }) => {
  await signIn(page);
  await page.goto(`${base}/admin/team`);
  await waitForHydration(page, 'button[aria-label^="Move up: Omar Haddad"]');
  const names = page.getByTestId("team-row").locator("td:nth-child(3)");
  await expect(names).toHaveText(["Daniel Reyes", "Maria Castillo", "Jenna Brooks", "Omar Haddad"]);
  await expect(page.getByRole("button", { name: "Move up: Daniel Reyes" })).toBeDisabled();
  await page.getByRole("button", { name: "Move up: Omar Haddad" }).click();
  await expect(toast(page, siteListMessages.moved("Omar Haddad", "up"))).toBeVisible();
  await expect(names).toHaveText(["Daniel Reyes", "Maria Castillo", "Omar Haddad", "Jenna Brooks"]);

  await page.getByRole("button", { name: `${text.delete} Maria Castillo` }).click();
  const dialog = page.getByRole("dialog", { name: text.deleteTitle });
  await expect(dialog).toContainText(text.deleteConfirm);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, text.deleteSuccess)).toBeVisible();
  await expect(names).toHaveText(["Daniel Reyes", "Omar Haddad", "Jenna Brooks"]);

  await page.goto(`${base}/team`);
  await expect(page.getByTestId("team-member").getByRole("heading", { level: 3 })).toHaveText([
    "Daniel Reyes",
    "Omar Haddad",
    "Jenna Brooks",
  ]);
});

test("an FAQ answer with placeholders: previewed, saved, and filled in on the home page", async ({ page }) => {
  const faqs = siteListMessages.faqs;
  await signIn(page);
  await page.goto(`${base}/admin/faqs`);
  await expect(page.getByTestId("faq-row")).toHaveCount(7);
  await page.getByRole("link", { name: `${faqs.edit} How quickly can I get a quote?` }).click();
  await waitForHydration(page, "form#faq");
  const answer = "Call {phone} during {officeHours} and a licensed agent quotes most accounts the same day.";
  await page.getByLabel("Answer").fill(answer);
  const filled = "Call (512) 555-0142 during Monday - Friday, 9:00 AM - 5:00 PM and a licensed agent quotes most accounts the same day.";
  const preview = page.getByTestId("preview");
  await preview.getByText("How quickly can I get a quote?").click();
  await expect(preview.getByText(filled)).toBeVisible();
  await expectNoAxeViolations(page, { afterToasts: true });
  await page.getByRole("button", { name: faqs.save }).click();
  await expect(toast(page, faqs.updated)).toBeVisible();

  await page.goto(`${base}/`);
  const faq = page.getByTestId("faq");
  await faq.locator("summary").first().click();
  await expect(faq.getByText(filled)).toBeVisible();
});

test("the testimonials screens: grouped by where they show, the preview following the placement (axe clean)", async ({ page }) => {
  const t = siteListMessages.testimonials;
  await signIn(page);
  await page.goto(`${base}/admin/testimonials`);
  for (const placement of ["featured", "testimonials", "home"] as const) {
    await expect(page.getByRole("region", { name: t.placements[placement], exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: t.placements.home, exact: true }).getByTestId("testimonial-row")).toHaveCount(3);
  await expectNoAxeViolations(page, { afterToasts: true });

  await page.getByRole("link", { name: t.add }).click();
  await waitForHydration(page, "form#testimonial");
  await page.getByLabel("Client's name").fill("Lena Ortiz");
  await page.getByLabel("Business").fill("Ortiz Concrete");
  await page.getByLabel("Quote").fill("Certificates out the same day, every time, for {claimsSupport} peace of mind.");
  const preview = page.getByTestId("preview");
  await expect(preview.getByTestId("preview-card")).toContainText("Certificates out the same day, every time, for 24/7 peace of mind.");
  await page.getByLabel("Shows on").selectOption("featured");
  await expect(preview.getByTestId("featured-testimonial")).toContainText("Lena Ortiz");
  await page.getByLabel(t.rating(4)).check();
  await expectNoAxeViolations(page, { afterToasts: true });
  await page.getByRole("button", { name: t.create }).click();
  await expect(toast(page, t.created)).toBeVisible();
  await expect(page.getByRole("region", { name: t.placements.featured, exact: true }).getByTestId("testimonial-row")).toHaveCount(2);
});
