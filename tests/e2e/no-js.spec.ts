/**
 * The public forms with JavaScript turned off: the browser posts each form to its page, the page's
 * action stores it, and the page answers in place (the success text, or the field errors with the
 * values kept), with nothing of the visitor's in the address. The landing pages' quote modal opens
 * through the browser's own dialog commands, which need no script.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type APIRequestContext, type Page, request } from "@playwright/test";
import { defaultSite } from "../../app/content/site-profile";
import { smsConsent as smsConsentOf } from "../../app/content/sms-consent";
import { landingMessages } from "../../app/features/leads/landing-schemas";
import { formMessages } from "../../app/features/leads/messages";
import { fieldMessages } from "../../app/lib/field-rules";
import { expect, test } from "./support";

/** The SMS consent wording of the first-run profile, which the test server starts with. */
const smsConsent = smsConsentOf(defaultSite);

test.use({ javaScriptEnabled: false });

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
/** Without SMTP_URL the e2e server writes each mail as an .eml file here (playwright.config.ts: DATA_DIR=data/e2e). */
const MAIL_DIR = path.resolve("data/e2e/mail");

const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@no-js.example`;

/** The address shows nothing the visitor typed. */
function expectCleanAddress(page: Page, ...typed: string[]) {
  const url = new URL(page.url());
  expect(url.search).toBe("");
  for (const value of typed) expect(decodeURIComponent(page.url())).not.toContain(value);
}

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL });
  expect((await admin.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
});
test.afterAll(async () => {
  await admin?.dispose();
});

test("the contact form is sent, stored and answered in the page", async ({ page }) => {
  const email = unique("contact");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill("Nora Script-Free");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("(512) 555-0101");
  await form.locator("#contact-insurance-type").selectOption("Other");
  // Shown by the stylesheet alone.
  await expect(form.locator("#contact-other-insurance")).toBeVisible();
  await form.locator("#contact-other-insurance").fill("Food truck");
  await form.getByLabel(/^Message/).fill("A food truck that also caters weddings on weekends.");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: formMessages.contact.submit }).click();

  await expect(page.getByRole("status").filter({ hasText: formMessages.contact.success })).toBeVisible();
  expectCleanAddress(page, email, "Nora");
  await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("Full Name")).toHaveValue("");

  const contacts = (await (await admin.get("/api/contacts")).json()) as {
    data: { email: string; fullName: string; insuranceType: string }[];
  };
  expect(contacts.data.find((c) => c.email === email)).toMatchObject({ fullName: "Nora Script-Free", insuranceType: "Food truck" });
});

test("a refused contact form shows each error beside its field and keeps the values", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill("Nora Script-Free");
  await form.getByLabel("Email Address").fill("nora@");
  await form.locator("#contact-insurance-type").selectOption("Other");
  await form.getByLabel(/^Message/).fill("Too short");
  await form.getByRole("button", { name: formMessages.contact.submit }).click();

  const refused = page.getByRole("form", { name: "Contact form" });
  // Refused for its fields: the spec's validation text, not the form's failure text.
  await expect(refused.getByRole("alert").filter({ hasText: formMessages.validationToast })).toBeVisible();
  await expect(refused.getByText(formMessages.contact.failure)).toHaveCount(0);
  for (const message of [
    fieldMessages.email,
    fieldMessages.phone,
    fieldMessages.otherInsurance,
    fieldMessages.message,
    fieldMessages.smsConsent,
  ]) {
    await expect(refused.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(refused.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
  await expect(refused.getByLabel("Full Name")).toHaveValue("Nora Script-Free");
  await expect(refused.getByLabel("Email Address")).toHaveValue("nora@");
  await expect(refused.locator("#contact-insurance-type")).toHaveValue("Other");
  await expect(refused.getByLabel(/^Message/)).toHaveValue("Too short");
  expectCleanAddress(page, "nora@", "Nora");
});

test("a landing page's quote opens without scripts, is sent, stored and answered", async ({ page }) => {
  const email = unique("hoa");
  await page.goto("/hoa-insurance");
  await page.getByRole("button", { name: formMessages.landingQuote.openHero }).click();
  const dialog = page.getByRole("dialog", { name: formMessages.landingQuote.title });
  await expect(dialog).toBeVisible();
  // First a refusal: the modal is shown again with the errors and the values.
  await dialog.locator("#landing-name").fill("Marisol Ortega");
  await dialog.locator("#landing-phone").fill("(512) 555-0123");
  await dialog.locator("#landing-email").fill(email);
  await dialog.getByRole("button", { name: formMessages.landingQuote.submit }).click();
  const again = page.getByRole("dialog", { name: formMessages.landingQuote.title });
  await expect(again).toBeVisible();
  await expect(again.getByText(landingMessages.hoaType, { exact: true })).toBeVisible();
  await expect(again.getByText(landingMessages.coverageType, { exact: true })).toBeVisible();
  await expect(again.locator("#landing-email")).toHaveValue(email);
  expectCleanAddress(page, email);

  await again.locator("#landing-hoaType").selectOption("Townhome");
  await again.locator("#landing-coverageNeeded").selectOption("D&O Liability");
  await again.getByRole("button", { name: formMessages.landingQuote.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: formMessages.landingQuote.success })).toBeVisible();
  await expect(page.getByRole("dialog", { name: formMessages.landingQuote.title })).toBeHidden();
  expectCleanAddress(page, email, "Marisol");

  const leads = (await (await admin.get("/api/leads?type=hoa_quote_landing&limit=100")).json()) as {
    data: { email: string; name: string }[];
  };
  expect(leads.data.find((l) => l.email === email)).toMatchObject({ name: "Marisol Ortega" });
});

test("the SMS consent form is sent, its consent kept and answered in the page", async ({ page }) => {
  const email = unique("sms");
  await page.goto("/sms-consent");
  const form = page.getByRole("form", { name: "SMS consent form" });
  await form.getByLabel("Full Name").fill("Kim Tran");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Mobile Phone Number").fill("512-555-0188");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: formMessages.smsConsent.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: formMessages.smsConsent.success })).toBeVisible();
  expectCleanAddress(page, email, "Kim");

  // The consent record and its mails are written in one transaction: the agency's copy names the wording's version.
  await expect
    .poll(
      async () => {
        for (const name of await readdir(MAIL_DIR).catch(() => [] as string[])) {
          const raw = await readFile(path.join(MAIL_DIR, name), "utf8");
          if (raw.includes("SMS Consent Form Submission") && raw.includes(email)) return raw.includes(smsConsent.version);
        }
        return false;
      },
      { timeout: 20_000, message: "the agency's mail about the consent" },
    )
    .toBe(true);
});
