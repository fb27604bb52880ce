import type { Page } from "@playwright/test";
import { contactInsuranceTypes } from "../../app/content/options";
import { productPagesFor } from "../../app/content/products";
import { defaultSite } from "../../app/content/site-profile";
import { smsConsent as smsConsentOf } from "../../app/content/sms-consent";
import { landingForms } from "../../app/features/leads/landing-forms";

const productPages = productPagesFor(defaultSite);

import { landingMessages } from "../../app/features/leads/landing-schemas";
import { formMessages } from "../../app/features/leads/messages";
import { fieldMessages } from "../../app/lib/field-rules";
import { actionRequest, expect, failNext, holdRequests, pageErrors, test, toast } from "./support";

/** The SMS consent wording of the first-run profile, which the test server starts with. */
const smsConsent = smsConsentOf(defaultSite);

const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });

async function fillContact(page: Page, overrides: Partial<Record<"name" | "email" | "phone" | "message", string>> = {}) {
  const f = contactForm(page);
  await f.getByLabel("Full Name").fill(overrides.name ?? "Dana Whitfield");
  await f.getByLabel("Email Address").fill(overrides.email ?? "dana@whitfield-roofing.example");
  await f.getByLabel("Phone Number").fill(overrides.phone ?? "(512) 555-0199");
  await f.locator("#contact-insurance-type").selectOption("Contractors Insurance");
  await f.getByLabel(/^Message/).fill(overrides.message ?? "Twelve-person roofing crew; we need GL with a waiver of subrogation.");
  await f.getByRole("checkbox").check();
}

test.describe("contact form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/contact");
  });

  const form = contactForm;
  const fill = fillContact;

  test("shows every validation message and the toast, and editing a field clears its error", async ({ page }) => {
    const f = form(page);
    await f.getByLabel("Full Name").fill(" A ");
    await f.getByLabel("Email Address").fill("dana@");
    await f.getByLabel("Phone Number").fill("555-01");
    await f.getByLabel(/^Message/).fill("short");
    await f.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    await expect(f.getByText(fieldMessages.name)).toBeVisible();
    await expect(f.getByText(fieldMessages.email)).toBeVisible();
    await expect(f.getByText(fieldMessages.phone)).toBeVisible();
    await expect(f.getByText(fieldMessages.message)).toBeVisible();
    await expect(f.getByText(fieldMessages.insuranceType)).toBeVisible();
    await expect(f.getByText(fieldMessages.smsConsent)).toBeVisible();
    await expect(f.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");

    await f.getByLabel("Full Name").fill("Dana Whitfield");
    await expect(f.getByText(fieldMessages.name)).toHaveCount(0);
    await expect(f.getByText(fieldMessages.email)).toBeVisible();

    await f.getByLabel(/^Message/).fill("<script>alert(1)</script> hello there");
    await f.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(f.getByText(fieldMessages.message)).toBeVisible();
  });

  test("editing a field clears its error while it is still wrong, and leaving the field checks it again", async ({ page }) => {
    const f = form(page);
    const email = f.getByLabel("Email Address");
    await fill(page, { email: "dana@" });
    await f.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    await expect(f.getByText(fieldMessages.email)).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    // "dana@w" is no address yet: the error goes all the same, as soon as the field is edited.
    await email.press("End");
    await email.pressSequentially("w");
    await expect(email).toHaveValue("dana@w");
    await expect(f.getByText(fieldMessages.email)).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();

    // Leaving the field checks it again.
    await email.press("Tab");
    await expect(f.getByText(fieldMessages.email)).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    await email.fill("dana@whitfield-roofing.example");
    await expect(f.getByText(fieldMessages.email)).toHaveCount(0);
    await email.press("Tab");
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(f.getByText(fieldMessages.email)).toHaveCount(0);
  });

  test("Other reveals its own required field", async ({ page }) => {
    const f = form(page);
    await expect(f.locator("#contact-insurance-type").locator("option")).toHaveText(["Select insurance type", ...contactInsuranceTypes]);
    // Always in the page, shown by the stylesheet only once "Other" is chosen.
    await expect(f.locator("#contact-other-insurance")).toBeHidden();
    await fill(page);
    await f.locator("#contact-insurance-type").selectOption("Other");
    await expect(f.locator("#contact-other-insurance")).toBeVisible();
    await f.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(f.getByText(fieldMessages.otherInsurance)).toBeVisible();
    await f.locator("#contact-insurance-type").selectOption("General Liability");
    await expect(f.locator("#contact-other-insurance")).toBeHidden();
  });

  test("submits: disabled while sending, success toast, then cleared", async ({ page }) => {
    await fill(page);
    const release = await holdRequests(page, actionRequest("/contact"));
    const f = form(page);
    await f.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(f.getByRole("button", { name: formMessages.contact.submitting })).toBeDisabled();
    await expect(f.getByLabel("Full Name")).toBeDisabled();
    await expect(f.getByLabel(/^Message/)).toBeDisabled();
    release();
    await expect(toast(page, formMessages.contact.success)).toBeVisible();
    await expect(f.getByRole("button", { name: formMessages.contact.submit })).toBeEnabled();
    await expect(f.getByLabel("Full Name")).toHaveValue("");
    await expect(f.getByLabel(/^Message/)).toHaveValue("");
    await expect(f.getByRole("checkbox")).not.toBeChecked();
  });

  for (const kind of ["status", "success-false", "network"] as const) {
    test(`shows the failure toast when the answer is ${kind} and keeps the values`, async ({ page }) => {
      await fill(page);
      await failNext(page, actionRequest("/contact"), kind);
      await form(page).getByRole("button", { name: formMessages.contact.submit }).click();
      await expect(toast(page, formMessages.contact.failure)).toBeVisible();
      await expect(form(page).getByLabel("Full Name")).toHaveValue("Dana Whitfield");
    });
  }
});

test("a visitor from an ad gets the page as built: it hydrates without a mismatch and the form sends the campaign", async ({ page }) => {
  const errors = pageErrors(page);
  const answer = await page.goto("/contact?utm_source=google&utm_medium=cpc&utm_campaign=roofers&gclid=EAIaIQobChMI");
  // The build's own page (its scripts allowed by their hashes), not one rendered for this address.
  expect(answer?.headers()["content-security-policy"]).not.toContain("'nonce-");
  const f = contactForm(page);
  expect(await f.getAttribute("action")).not.toMatch(/utm_|gclid/);
  await fillContact(page);
  const sent = page.waitForRequest(actionRequest("/contact"));
  await f.getByRole("button", { name: formMessages.contact.submit }).click();
  const fields = new URLSearchParams((await sent).postData() ?? "");
  expect(fields.get("utm_source")).toBe("google");
  expect(fields.get("utm_campaign")).toBe("roofers");
  expect(fields.get("pageUrl")).toContain("gclid=EAIaIQobChMI");
  await expect(toast(page, formMessages.contact.success)).toBeVisible();
  expect(errors).toEqual([]);
});

test("a form sent before the page has hydrated is posted by the browser to the page, and answered there", async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/entry\.client-[\w-]+\.js$/);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  const f = page.getByRole("form", { name: "Contact form" });
  await f.getByLabel("Full Name").fill("Dana Whitfield");
  await f.getByLabel("Email Address").fill("dana@whitfield-roofing.example");
  await f.getByLabel("Phone Number").fill("(512) 555-0199");
  await f.locator("#contact-insurance-type").selectOption("Contractors Insurance");
  await f.getByLabel(/^Message/).fill("Twelve-person roofing crew; we need GL with a waiver of subrogation.");
  await f.getByRole("checkbox").check();
  await f.getByRole("button", { name: formMessages.contact.submit }).click();
  // The browser posts the form itself to the page's action: the answer is shown in place, nothing in the address.
  await expect(page.getByRole("status").filter({ hasText: formMessages.contact.success })).toBeVisible();
  expect(posts.map((p) => p.replace(/\/$/, ""))).toEqual(["/contact"]);
  expect(new URL(page.url()).search).toBe("");
  await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("Full Name")).toHaveValue("");
  release();
});

test.describe("side quote form on product pages", () => {
  const page0 = productPages.find((p) => p.slug === "commercial-trucking")!;
  const form = (page: Page) => page.getByRole("form", { name: `${page0.serviceType} quote form` });

  test("validates, submits with the page's service type and clears", async ({ page }) => {
    await page.goto(`/insurance/${page0.slug}`);
    const f = form(page);
    await f.getByRole("button", { name: formMessages.sideQuote.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    await expect(f.getByText(fieldMessages.quoteName)).toBeVisible();
    await expect(f.getByText(fieldMessages.email)).toBeVisible();
    await expect(f.getByText(fieldMessages.phone)).toBeVisible();
    await expect(f.getByText(fieldMessages.quoteMessage)).toBeVisible();

    await f.getByLabel("Full Name").fill("Luis Ortega");
    await f.getByLabel("Email Address").fill("luis@ortega-freight.example");
    await f.getByLabel("Phone Number").fill("512-555-0123");
    await f.getByLabel("What do you need covered?").fill("Two tractors and a flatbed, interstate, need a BMC-91X.");
    const release = await holdRequests(page, actionRequest(`/insurance/${page0.slug}`));
    const request = page.waitForRequest((r) => r.method() === "POST" && actionRequest(`/insurance/${page0.slug}`).test(r.url()));
    await f.getByRole("button", { name: formMessages.sideQuote.submit }).click();
    await expect(f.getByRole("button", { name: formMessages.sideQuote.submitting })).toBeDisabled();
    await expect(f.getByLabel("Email Address")).toBeDisabled();
    release();
    // The page's action adds its service type and the quote's type fields.
    expect(new URLSearchParams((await request).postData() ?? "").get("name")).toBe("Luis Ortega");
    await expect(toast(page, formMessages.sideQuote.success)).toBeVisible();
    await expect(f.getByLabel("Full Name")).toHaveValue("");
  });

  test("shows its failure toast", async ({ page }) => {
    await page.goto(`/insurance/${page0.slug}`);
    await failNext(page, actionRequest(`/insurance/${page0.slug}`), "status");
    const f = form(page);
    await f.getByLabel("Full Name").fill("Luis Ortega");
    await f.getByLabel("Email Address").fill("luis@ortega-freight.example");
    await f.getByLabel("Phone Number").fill("512-555-0123");
    await f.getByLabel("What do you need covered?").fill("Two tractors and a flatbed, interstate.");
    await f.getByRole("button", { name: formMessages.sideQuote.submit }).click();
    await expect(toast(page, formMessages.sideQuote.failure)).toBeVisible();
  });
});

test.describe("SMS consent form", () => {
  const form = (page: Page) => page.getByRole("form", { name: "SMS consent form" });

  test("requires consent, submits and clears", async ({ page }) => {
    await page.goto("/sms-consent");
    const f = form(page);
    await expect(f).toContainText("Msg & data rates may apply");
    await f.getByRole("button", { name: formMessages.smsConsent.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    for (const message of [fieldMessages.name, fieldMessages.email, fieldMessages.phone, fieldMessages.smsConsent]) {
      await expect(f.getByText(message)).toBeVisible();
    }
    await f.getByLabel("Full Name").fill("Kim Tran");
    await f.getByLabel("Email Address").fill("kim@tran-properties.example");
    await f.getByLabel("Mobile Phone Number").fill("512-555-0188");
    await f.getByRole("button", { name: formMessages.smsConsent.submit }).click();
    await expect(toast(page, formMessages.validationToast)).toBeVisible();
    await expect(f.getByText(fieldMessages.smsConsent)).toBeVisible();
    await f.getByRole("checkbox").check();
    await expect(f.getByText(fieldMessages.smsConsent)).toHaveCount(0);
    const release = await holdRequests(page, actionRequest("/sms-consent"));
    const request = page.waitForRequest((r) => r.method() === "POST" && actionRequest("/sms-consent").test(r.url()));
    await f.getByRole("button", { name: formMessages.smsConsent.submit }).click();
    await expect(f.getByRole("button", { name: formMessages.smsConsent.submitting })).toBeDisabled();
    await expect(f.getByLabel("Full Name")).toBeDisabled();
    release();
    const sent = new URLSearchParams((await request).postData() ?? "");
    expect(sent.get("smsConsent")).toBe("on");
    expect(sent.get("consentVersion")).toBe(smsConsent.version);
    expect(sent.get("pageUrl")).toContain("/sms-consent");
    await expect(toast(page, formMessages.smsConsent.success)).toBeVisible();
    await expect(f.getByLabel("Full Name")).toHaveValue("");
  });

  test("shows its failure toast on a network error", async ({ page }) => {
    await page.goto("/sms-consent");
    await failNext(page, actionRequest("/sms-consent"), "network");
    const f = form(page);
    await f.getByLabel("Full Name").fill("Kim Tran");
    await f.getByLabel("Email Address").fill("kim@tran-properties.example");
    await f.getByLabel("Mobile Phone Number").fill("512-555-0188");
    await f.getByRole("checkbox").check();
    await f.getByRole("button", { name: formMessages.smsConsent.submit }).click();
    await expect(toast(page, formMessages.smsConsent.failure)).toBeVisible();
  });
});

/**
 * A form the browser's check accepted but the server refused for its fields (here an email address
 * altered on its way, which the server checks again): the spec's validation toast, not the form's
 * failure text, the server's message beside the field, and the answers kept.
 */
test.describe("a public form the server refuses for its fields", () => {
  const trucking = productPages.find((p) => p.slug === "commercial-trucking")!;
  const forms = [
    {
      name: "contact form",
      path: "/contact",
      failure: formMessages.contact.failure,
      emailError: fieldMessages.email,
      async fill(page: Page) {
        const f = page.getByRole("form", { name: "Contact form" });
        await f.getByLabel("Full Name").fill("Dana Whitfield");
        await f.getByLabel("Email Address").fill("dana@whitfield-roofing.example");
        await f.getByLabel("Phone Number").fill("(512) 555-0199");
        await f.locator("#contact-insurance-type").selectOption("Contractors Insurance");
        await f.getByLabel(/^Message/).fill("Twelve-person roofing crew; we need GL with a waiver of subrogation.");
        await f.getByRole("checkbox").check();
        return f;
      },
      submit: formMessages.contact.submit,
    },
    {
      name: "SMS consent form",
      path: "/sms-consent",
      failure: formMessages.smsConsent.failure,
      emailError: fieldMessages.email,
      async fill(page: Page) {
        const f = page.getByRole("form", { name: "SMS consent form" });
        await f.getByLabel("Full Name").fill("Dana Whitfield");
        await f.getByLabel("Email Address").fill("dana@whitfield-roofing.example");
        await f.getByLabel("Mobile Phone Number").fill("512-555-0188");
        await f.getByRole("checkbox").check();
        return f;
      },
      submit: formMessages.smsConsent.submit,
    },
    {
      name: "side quote form",
      path: `/insurance/${trucking.slug}`,
      failure: formMessages.sideQuote.failure,
      emailError: fieldMessages.email,
      async fill(page: Page) {
        const f = page.getByRole("form", { name: `${trucking.serviceType} quote form` });
        await f.getByLabel("Full Name").fill("Dana Whitfield");
        await f.getByLabel("Email Address").fill("dana@whitfield-roofing.example");
        await f.getByLabel("Phone Number").fill("512-555-0123");
        await f.getByLabel("What do you need covered?").fill("Two tractors and a flatbed, interstate.");
        return f;
      },
      submit: formMessages.sideQuote.submit,
    },
    {
      name: "landing page's quote form",
      path: "/hoa-insurance",
      failure: formMessages.landingQuote.failure,
      emailError: landingMessages.email,
      async fill(page: Page) {
        await page.getByRole("button", { name: formMessages.landingQuote.openHero }).click();
        const f = page.getByRole("dialog", { name: formMessages.landingQuote.title });
        await f.locator("#landing-name").fill("Dana Whitfield");
        await f.locator("#landing-phone").fill("(512) 555-0123");
        await f.locator("#landing-email").fill("dana@whitfield-roofing.example");
        for (const field of landingForms.hoa.fields) {
          if (field.required) await f.locator(`#landing-${field.name}`).selectOption(field.options[0]);
        }
        return f;
      },
      submit: formMessages.landingQuote.submit,
    },
  ];

  for (const entry of forms) {
    test(`the ${entry.name}: the validation toast and the field's message`, async ({ page }) => {
      await page.goto(entry.path);
      const f = await entry.fill(page);
      await page.route(actionRequest(entry.path), (route) => {
        const body = new URLSearchParams(route.request().postData() ?? "");
        body.set("email", "dana@whitfield-roofing");
        return route.continue({ postData: body.toString() });
      });
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && actionRequest(entry.path).test(r.url()));
      await f.getByRole("button", { name: entry.submit }).click();
      expect((await answered).status()).toBe(400);
      await expect(toast(page, formMessages.validationToast)).toBeVisible();
      await expect(f.getByText(entry.emailError, { exact: true })).toBeVisible();
      await expect(toast(page, entry.failure)).toHaveCount(0);
      await expect(f.getByLabel(/^Full Name/)).toHaveValue("Dana Whitfield");
    });
  }
});
