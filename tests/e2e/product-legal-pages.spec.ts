import type { Page } from "@playwright/test";
import { legalDocuments } from "../../app/content/legal";
import { productPagesFor } from "../../app/content/products";
import { defaultSite } from "../../app/content/site-profile";
import { smsConsent as smsConsentOf } from "../../app/content/sms-consent";
import { expect, expectNoAxeViolations, test } from "./support";

/** The test server starts with the first-run profile: its pages state these facts. */
const { agency, licensedStates } = defaultSite;
const { privacyPolicy, termsAndConditions } = legalDocuments(defaultSite);
const productPages = productPagesFor(defaultSite);
const smsConsent = smsConsentOf(defaultSite);

const SITE = "http://localhost:3000";

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b)["@type"]);
}

async function expectSeo(page: Page, title: string, path: string) {
  await expect(page).toHaveTitle(`${title} | ${agency.name}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE}${path}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{80,}/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${title} | ${agency.name}`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(["InsuranceAgency", "BreadcrumbList"]));
}

test.describe("product pages", () => {
  for (const product of productPages) {
    test(`/insurance/${product.slug} renders its sections with the exact counts`, async ({ page }) => {
      await page.goto(`/insurance/${product.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.hero.title);
      await expect(page.locator("#coverage li")).toHaveCount(8);
      await expect(page.locator("#benefits li")).toHaveCount(8);
      await expect(page.locator("#risks li")).toHaveCount(8);
      await expect(page.locator("#faq summary")).toHaveCount(5);
      for (const item of product.coverage) await expect(page.locator("#coverage")).toContainText(item.title);
      await expect(page.locator("#faq summary").first()).toHaveText(product.faqs[0].question);

      const states = page.getByTestId("licensed-states").getByRole("listitem");
      await expect(states).toHaveCount(licensedStates.length);
      await expect(states.filter({ hasText: "Texas" })).toContainText("Resident License");
      await expect(page.locator("#licensed-states")).toContainText("Licensed in 17 states");

      await expect(page.getByRole("link", { name: "Call Us Now" })).toHaveAttribute("href", `tel:${agency.phone.primary.e164}`);
      await expect(page.locator("#quote-form")).toHaveAttribute("data-service-type", product.serviceType);
      await expectSeo(page, product.pageTitle, `/insurance/${product.slug}`);
      expect(await jsonLdTypes(page)).toContain("FAQPage");
    });
  }

  test("the trucking page states the federal minimum and the owner-operator cost", async ({ page }) => {
    await page.goto("/insurance/commercial-trucking");
    await expect(page.getByRole("main")).toContainText("$750,000");
    await expect(page.getByRole("main")).toContainText(/\$8,000.{1,12}\$15,000/);
    await expect(page.getByRole("main")).toContainText("30 minutes");
  });

  test("Get Instant Quote scrolls to the quote form and focuses it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/insurance/hoa");
    const form = page.locator("#quote-form");
    await page.getByRole("link", { name: "Get Instant Quote" }).last().click();
    await expect(form).toBeInViewport();
    await expect(form.getByLabel("Full Name")).toBeFocused();
  });

  test("an unknown product answers 404", async ({ page }) => {
    const res = await page.goto("/insurance/space-tourism");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test("contact page: call and email links, location, hours, legal links, quote banner, form", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.locator(`a[href="tel:${agency.phone.primary.e164}"]`).first()).toBeVisible();
  await expect(main.locator(`a[href="mailto:${agency.email}"]`).first()).toBeVisible();
  await expect(main).toContainText(`${agency.address.city}, ${agency.address.region}`);
  const hours = page.getByTestId("business-hours");
  await expect(hours).toContainText("Monday - Friday");
  await expect(hours).toContainText("9:00 AM - 5:00 PM");
  await expect(hours).toContainText("SaturdayBy appointment");
  await expect(hours).toContainText("SundayClosed");
  await expect(main.locator('a[href="/privacy-policy"]').first()).toBeVisible();
  await expect(main.locator('a[href="/terms-and-conditions"]').first()).toBeVisible();
  await expect(main.getByRole("link", { name: "Get Instant Quote" })).toHaveAttribute("href", "/quote");
  await expect(page.getByRole("form", { name: "Contact form" })).toBeVisible();
  await expectSeo(page, "Contact Us", "/contact");
});

for (const [doc, path, other] of [
  [privacyPolicy, "/privacy-policy", "/terms-and-conditions"],
  [termsAndConditions, "/terms-and-conditions", "/privacy-policy"],
] as const) {
  test(`${path}: every section, the date and a link to the other document`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
    await expect(page.getByRole("main")).toContainText(`Last updated: ${doc.lastUpdated}`);
    const headings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(headings).toHaveText(["Contents", ...doc.sections.map((s) => s.heading)]);
    await expect(page.getByRole("main").locator(`a[href="${other}"]`).last()).toBeVisible();
    await expectSeo(page, doc.title, path);
  });
}

test("terms cover Texas governing law and SMS STOP/HELP", async ({ page }) => {
  await page.goto("/terms-and-conditions");
  const main = page.getByRole("main");
  await expect(main).toContainText("Texas");
  await expect(main).toContainText(/governing law/i);
  await expect(main).toContainText("STOP");
  await expect(main).toContainText("HELP");
});

test("SMS consent page shows the consent wording and the form", async ({ page }) => {
  await page.goto("/sms-consent");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(smsConsent.pageTitle);
  const main = page.getByRole("main");
  await expect(main).toContainText("Msg & data rates may apply");
  await expect(main).toContainText("Reply STOP to opt out");
  await expect(main).toContainText("HELP for help");
  await expect(page.getByRole("form", { name: "SMS consent form" })).toBeVisible();
  await expectSeo(page, smsConsent.pageTitle, "/sms-consent");
});

test.describe("accessibility", () => {
  const paths = [
    "/contact",
    "/privacy-policy",
    "/terms-and-conditions",
    "/sms-consent",
    ...productPages.map((p) => `/insurance/${p.slug}`),
  ];
  // One test per page and width: each scan has a test's own time, and the two workers share the pages.
  for (const width of [1280, 390]) {
    for (const path of paths) {
      test(`axe finds no violations on ${path} at ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  }
});
