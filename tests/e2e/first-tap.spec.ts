/**
 * The first tap on a slow phone: Chromium slowed to a mid-range phone (4x CPU, Lighthouse's slow 4G)
 * acts as soon as the document is parsed, before the scripts have hydrated the page, and each control
 * answers that tap; once the page hydrates, what the tap did stays done.
 */

import { formMessages } from "../../app/features/leads/messages";
import { homeFaqs } from "../support/content";
import { expect, holdRequests, hydrated, slowPhone, test, untilHydrated } from "./support";

/**
 * The page's scripts wait until the tap is made, so every run taps before hydration however fast the
 * machine is; `release` lets them load.
 */
let release: () => void = () => undefined;
test.describe("the first tap, before the page has hydrated", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test.setTimeout(90_000);

  test.beforeEach(async ({ page }) => {
    await slowPhone(page);
    release = await holdRequests(page, /\/assets\/.*\.js$/);
  });

  test("the FAQ opens the tapped answer", async ({ page }) => {
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const faq = page.getByTestId("faq");
    const question = faq.locator("summary").nth(2);
    await question.scrollIntoViewIfNeeded();
    expect(await hydrated(page)).toBe(false);
    await question.tap();
    await expect(faq.locator("details").nth(2)).toHaveAttribute("open", "");
    await expect(faq.getByText(homeFaqs[2].answer)).toBeVisible();
    release();

    await untilHydrated(page);
    await expect(faq.getByText(homeFaqs[2].answer)).toBeVisible();
    // Still one open at a time after hydration.
    await faq.locator("summary").nth(4).tap();
    await expect(faq.getByText(homeFaqs[4].answer)).toBeVisible();
    await expect(faq.getByText(homeFaqs[2].answer)).toBeHidden();
  });

  test("the mobile menu opens on the first tap and stays usable once hydrated", async ({ page }) => {
    await page.goto("/hoa-insurance", { waitUntil: "domcontentloaded" });
    const menu = page.getByRole("dialog", { name: "Site menu" });
    expect(await hydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Testimonials" })).toBeVisible();
    release();

    await untilHydrated(page);
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu", exact: true }).first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
  test("a landing page's quote modal opens on the first tap, and works as a modal once hydrated", async ({ page }) => {
    await page.goto("/hoa-insurance", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog", { name: formMessages.landingQuote.title });
    const open = page.getByRole("button", { name: formMessages.landingQuote.openHero });
    expect(await hydrated(page)).toBe(false);
    await open.tap();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("#landing-name")).toBeVisible();
    release();

    await untilHydrated(page);
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await dialog.locator("#landing-name").fill("Marisol Ortega");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await open.tap();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("#landing-name")).toBeFocused();
  });

  test('choosing "Other" on the contact form shows its field before hydration, and it stays', async ({ page }) => {
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Contact form" });
    const other = form.locator("#contact-other-insurance");
    expect(await hydrated(page)).toBe(false);
    await expect(other).toBeHidden();
    await form.locator("#contact-insurance-type").selectOption("Other");
    await expect(other).toBeVisible();
    await other.fill("Food truck");
    release();

    await untilHydrated(page);
    await expect(other).toBeVisible();
    await expect(other).toHaveValue("Food truck");
    await form.locator("#contact-insurance-type").selectOption("General Liability");
    await expect(other).toBeHidden();
  });
});
