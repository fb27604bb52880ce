import type { Page } from "@playwright/test";
import { landingPagesFor } from "../../app/content/landing-pages.copy";
import { coveredTypes } from "../../app/content/options";
import { withPhone as withPhoneOf } from "../../app/content/site-facts";
import { defaultSite } from "../../app/content/site-profile";
import { widgetTexts } from "../../app/features/chat/widget/texts";
import { landingForms } from "../../app/features/leads/landing-forms";
import { landingMessages } from "../../app/features/leads/landing-schemas";
import { formMessages } from "../../app/features/leads/messages";
import { actionRequest, expect, expectNoAxeViolations, failNext, holdRequests, test, toast, waitForHydration } from "./support";

/** The test server starts with the first-run profile: its pages state these facts. */
const { agency, licensedStateCount } = defaultSite;
const landingPages = landingPagesFor(defaultSite);
const withPhone = (message: string) => withPhoneOf(defaultSite, message);

const text = formMessages.landingQuote;
const modal = (page: Page) => page.getByRole("dialog", { name: text.title });

/** The answers a visitor would pick for each page's own fields: the first option of each list. */
async function fillModal(page: Page, slug: keyof typeof landingForms) {
  const dialog = modal(page);
  await dialog.locator("#landing-name").fill("Marisol Ortega");
  await dialog.locator("#landing-phone").fill("(512) 555-0123");
  await dialog.locator("#landing-email").fill("marisol@ortega-holdings.example");
  for (const field of landingForms[slug].fields) {
    const control = dialog.locator(`#landing-${field.name}`);
    if (field.options.length === 0) await control.fill("3141592");
    else if (field.required) await control.selectOption(field.options[0]);
  }
}

async function openFromHero(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page, "main button[aria-haspopup=dialog]");
  await page.getByRole("button", { name: text.openHero }).click();
  await expect(modal(page)).toBeVisible();
}

test.describe("landing pages", () => {
  for (const page of landingPages) {
    const path = `/${page.slug}-insurance`;
    test(`${path}: content, calls to action and the availability note`, async ({ page: p }) => {
      await p.goto(path);
      await expect(p).toHaveTitle(`${page.pageTitle} | ${agency.name}`);
      await expect(p.getByRole("heading", { level: 1 })).toHaveText(page.headline);
      await expect(p.getByText(page.badge, { exact: true })).toBeVisible();
      await expect(p.getByRole("button", { name: text.openHero })).toBeVisible();
      await expect(p.getByRole("button", { name: text.openBanner })).toBeVisible();
      await expect(p.getByRole("button", { name: "Live Chat" })).toBeVisible();
      await expect(p.getByTestId("availability")).toHaveText("Available Monday-Friday, 9 AM - 5 PM CT");
      expect(await p.locator(`main a[href="tel:${agency.phone.primary.e164}"]`).count()).toBeGreaterThanOrEqual(3);
      const body = await p.locator("main").textContent();
      expect(body).toContain(`${licensedStateCount} states`);
      expect(body).not.toMatch(/\b15 states\b/);
      if (page.layout === "property") {
        const key = page.slug === "commercial-property" ? "commercialProperty" : page.slug === "hoa" ? "hoa" : "investmentProperty";
        await expect(p.locator("#covered-types h3")).toHaveText([...coveredTypes[key]]);
      } else {
        await expect(p.locator("#coverage-types h3")).toHaveCount(6);
      }
      await expect(p.locator("#why-choose h3")).toHaveCount(6);
    });
  }
});

test.describe("quote modal", () => {
  test("opens from both buttons, closes with the button and Escape, and keeps focus inside", async ({ page }) => {
    await openFromHero(page, "/hoa-insurance");
    const dialog = modal(page);
    for (const line of text.reassurances) await expect(dialog.getByText(line)).toBeVisible();
    await expect(dialog.locator("#landing-name")).toBeFocused();

    // Tab from the last control wraps to the first (the close button), Shift+Tab wraps back.
    await dialog.getByRole("button", { name: text.submit }).focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: text.submit })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: text.openHero })).toBeFocused();

    await page.getByRole("button", { name: text.openBanner }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: text.openBanner })).toBeFocused();
  });

  test("opens and closes once hydrated in a browser that does not carry out Invoker Commands itself", async ({ page }) => {
    // Such a browser (Safari before 26.2, Firefox before 144) has no commandForElement: the page's code does the commands.
    await page.addInitScript(() => {
      delete (HTMLButtonElement.prototype as { commandForElement?: unknown }).commandForElement;
    });
    await page.goto("/hoa-insurance");
    const dialog = modal(page);
    await page.getByRole("button", { name: text.openHero }).click();
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await expect(dialog.locator("#landing-name")).toBeFocused();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: text.openHero })).toBeFocused();
  });

  test("lists each page's fields with the spec's options", async ({ page }) => {
    await openFromHero(page, "/investment-property-insurance");
    const dialog = modal(page);
    await expect(dialog.locator("#landing-propertyType option")).toHaveText([
      "Select property type",
      ...landingForms["investment-property"].fields[0].options,
    ]);
    await expect(dialog.locator("#landing-coverageNeeded option")).toHaveText([
      "Select coverage type",
      ...landingForms["investment-property"].fields[1].options,
    ]);
    await expect(dialog.locator("#landing-numberOfProperties option")).toHaveText([
      "Select number of properties",
      ...landingForms["investment-property"].fields[2].options,
    ]);
  });

  test("shows the spec's messages under the fields and the validation toast; editing clears a field's error", async ({ page }) => {
    await openFromHero(page, "/trucking-insurance");
    const dialog = modal(page);
    await dialog.locator("#landing-name").fill(" J ");
    await dialog.locator("#landing-email").fill("nope@");
    await dialog.locator("#landing-phone").fill("123");
    await dialog.getByRole("button", { name: text.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    for (const message of [
      landingMessages.name,
      landingMessages.email,
      landingMessages.phone,
      landingMessages.dotNumber,
      landingMessages.coverageType,
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog).toBeVisible();
    await dialog.locator("#landing-dotNumber").fill("1234567");
    await expect(dialog.getByText(landingMessages.dotNumber, { exact: true })).toHaveCount(0);
    await expect(dialog.getByText(landingMessages.coverageType, { exact: true })).toBeVisible();
  });

  for (const [slug, message] of [
    ["contractors", landingMessages.businessType],
    ["general-liability", landingMessages.coverageAmount],
    ["commercial-property", landingMessages.propertyType],
    ["hoa", landingMessages.hoaType],
    ["investment-property", landingMessages.propertyType],
  ] as const) {
    test(`${slug}: its own required-field message`, async ({ page }) => {
      await openFromHero(page, `/${slug}-insurance`);
      await modal(page).getByRole("button", { name: text.submit }).click();
      await expect(modal(page).getByText(message, { exact: true })).toBeVisible();
    });
  }

  for (const page of landingPages) {
    const slug = page.slug;
    test(`${slug}: a valid request is stored, the modal closes and clears`, async ({ page: p }) => {
      await openFromHero(p, `/${slug}-insurance`);
      await modal(p).getByRole("button", { name: text.submit }).click();
      await expect(modal(p).locator("[aria-invalid=true]").first()).toBeVisible();
      await fillModal(p, slug);
      // The modal's form posts to the page's own action (a data request once scripts run).
      const action = actionRequest(`/${slug}-insurance`);
      const release = await holdRequests(p, action);
      const request = p.waitForRequest((r) => r.method() === "POST" && action.test(r.url()));
      await modal(p).getByRole("button", { name: text.submit }).click();
      await expect(modal(p).getByRole("button", { name: text.submitting })).toBeDisabled();
      const sent = new URLSearchParams((await request).postData() ?? "");
      expect(sent.get("name")).toBe("Marisol Ortega");
      for (const field of landingForms[slug].fields.filter((f) => f.required)) expect(sent.get(field.name)).toBeTruthy();
      expect(sent.get("pageUrl")).toContain(`/${slug}-insurance`);
      const response = p.waitForResponse((r) => r.request().method() === "POST" && action.test(r.url()));
      release();
      expect((await response).status()).toBe(200);
      await expect(toast(p, text.success)).toBeVisible();
      await expect(modal(p)).toBeHidden();

      await p.getByRole("button", { name: text.openBanner }).click();
      await expect(modal(p).locator("#landing-name")).toHaveValue("");
      await expect(modal(p).locator("[aria-invalid=true]")).toHaveCount(0);
    });
  }

  const failures = ["status", "success-false", "network"] as const;
  for (const [i, landing] of landingPages.entries()) {
    const kind = failures[i % failures.length];
    test(`${landing.slug}: a failed submission (${kind}) keeps the modal open with the failure toast`, async ({ page }) => {
      await openFromHero(page, `/${landing.slug}-insurance`);
      await fillModal(page, landing.slug);
      await failNext(page, actionRequest(`/${landing.slug}-insurance`), kind);
      await modal(page).getByRole("button", { name: text.submit }).click();
      await expect(toast(page, text.failure)).toBeVisible();
      await expect(modal(page)).toBeVisible();
      await expect(modal(page).locator("#landing-name")).toHaveValue("Marisol Ortega");
      await expect(modal(page).getByRole("button", { name: text.submit })).toBeEnabled();
    });
  }

  test("Live Chat opens the chat widget through the layout's chat opener", async ({ page }) => {
    await page.goto("/general-liability-insurance");
    await waitForHydration(page, "main button[aria-haspopup=dialog]");
    await page.getByRole("button", { name: "Live Chat" }).click();
    await expect(page.getByRole("dialog", { name: widgetTexts.title })).toBeVisible();
    await expect(toast(page, withPhone(formMessages.liveChatUnavailable))).toHaveCount(0);
  });

  test("Need Help Now block on every page", async ({ page }) => {
    for (const landing of landingPages) {
      await page.goto(`/${landing.slug}-insurance`);
      await expect(page.getByRole("heading", { level: 2, name: text.helpHeading })).toBeVisible();
    }
  });
});

test.describe("landing accessibility", () => {
  // One scan per test: a scan takes several seconds on a busy machine.
  for (const landing of landingPages) {
    test(`axe finds no violations on /${landing.slug}-insurance`, async ({ page }) => {
      await page.goto(`/${landing.slug}-insurance`);
      await expectNoAxeViolations(page);
    });
  }

  test("axe finds no violations in the open modal showing its field errors", async ({ page }) => {
    await openFromHero(page, "/contractors-insurance");
    await modal(page).getByRole("button", { name: text.submit }).click();
    await expect(modal(page).locator("[aria-invalid=true]").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
