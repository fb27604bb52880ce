/**
 * The trucking quote of /quote in a browser that runs no JavaScript: the form posts itself to the page's
 * action, the lead is stored, and the page answers in place (the success text, or the errors beside
 * their fields with the answers kept). Documents need scripts: the section says how to send them instead.
 */
import type { Page } from "@playwright/test";
import { defaultSite } from "../../app/content/site-profile";

const { agency } = defaultSite;

import { quoteSections } from "../../app/content/quote";
import { quoteFieldMessages } from "../../app/features/quote/field-messages";
import { quoteMessages } from "../../app/features/quote/messages";
import { axe, expect, test } from "./support";

test.use({ javaScriptEnabled: false });

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const allFields = quoteSections.flatMap((s) => s.fields);

const form = (page: Page) => page.getByRole("form", { name: "Commercial trucking quote form" });
const control = (page: Page, name: string) => form(page).locator(`#quote-${name}`);
const submit = (page: Page) => form(page).getByRole("button", { name: quoteMessages.submit });

/** A complete request; the address is unique to each run, so the stored lead is found by it. */
function answers(email: string): Record<string, string | string[]> {
  return {
    legalBusinessName: "Brazos Haulers Inc",
    businessStructure: "S Corp",
    fein: "74-7654321",
    businessStartDate: "2016-09-12",
    businessState: "Texas",
    desiredEffectiveDate: "2031-01-15",
    rangeOfOperation: "Intrastate",
    radiusOfOperation: "51–150",
    majorCities: "Waco, Temple, Killeen",
    annualMileage: "85,000",
    annualRevenue: "$320,000",
    estimatedPayroll: "$48,000",
    dotNumber: "2345678",
    allowedToOperate: "Yes",
    commonAuthority: "No",
    relatedBrokerAuthority: "No",
    filingsRequired: "State",
    insuranceOnFile: "Yes",
    garagingAddress: "14 Mill Rd, Temple, TX 76501",
    mailingAddress: "14 Mill Rd, Temple, TX 76501",
    dotAddress: "14 Mill Rd, Temple, TX 76501",
    totalPowerUnits: "2",
    totalDrivers: "2",
    vehicleOwnership: "Leased",
    transportationType: "Private Carrier",
    coverages: ["Auto Liability", "Physical Damage"],
    yearsCoverage: "7",
    cancelledOrNonrenewed: "No",
    contactName: "Rosa Delgado",
    contactDOB: "1975-06-30",
    email,
    phone: "(254) 555-0142",
    haulingDetails: "Gravel and sand in end dumps, within 100 miles of Temple.",
  };
}

async function fill(page: Page, values: Record<string, string | string[]>) {
  for (const [name, value] of Object.entries(values)) {
    const field = allFields.find((f) => f.name === name)!;
    const el = control(page, name);
    const label = (v: string) => (field.kind === "radio" && field.suffix ? `${v}${field.suffix}` : v);
    if (field.kind === "radio") await el.getByLabel(label(value as string), { exact: true }).check();
    else if (field.kind === "checkboxes") for (const v of value as string[]) await el.getByLabel(v, { exact: true }).check();
    else if (field.kind === "select") await el.selectOption(value as string);
    else await el.fill(value as string);
  }
}

/** The address bar carries none of the visitor's answers. */
function expectNoDetailsInAddress(page: Page, values: string[]) {
  const url = new URL(page.url());
  expect(url.pathname).toMatch(/^\/quote\/?$/);
  expect(url.search).toBe("");
  for (const value of values) expect(decodeURIComponent(page.url())).not.toContain(value);
}

test.describe("trucking quote without JavaScript (/quote)", () => {
  test("is sent by the browser and stored, and the page shows the success text; nothing lands in the address", async ({ page }) => {
    await page.goto("/quote");
    // Without scripts there are no file slots: the section says how to send documents instead.
    const documents = page.getByRole("region", { name: "Documents" });
    await expect(documents).toContainText("needs JavaScript");
    await expect(documents).toContainText(agency.email);
    await expect(documents.locator('input[type="file"]')).toHaveCount(0);

    const email = `rosa-${Date.now().toString(36)}@brazos-haulers.example`;
    const values = answers(email);
    await fill(page, values);
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/quote"));
    await submit(page).click();
    const request = await posted;
    expect(request.headers()["content-type"]).toContain("application/x-www-form-urlencoded");
    await page.waitForLoadState();

    const answer = page.getByTestId("quote-answer");
    await expect(answer).toContainText(quoteMessages.success);
    await expect(answer).toHaveAttribute("role", "status");
    const reference = (await answer.textContent())?.match(/L-[0-9A-Z]{6}/)?.[0];
    expect(reference).toBeTruthy();
    await expect(answer).toContainText(quoteMessages.reference(reference!));
    // The form is empty again, ready for another request.
    await expect(control(page, "legalBusinessName")).toHaveValue("");
    expectNoDetailsInAddress(page, [email, "Brazos Haulers", "2345678"]);

    // Stored as a trucking quote lead, with the answers under the spec's names.
    const signIn = await page.request.post("/api/auth/login", { data: ADMIN });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const list = await (await page.request.get("/api/leads?type=commercial_trucking_quote&limit=200")).json();
    const lead = (list.data as { _id: string; email: string; reference: string }[]).find((l) => l.email === email);
    expect(lead?.reference).toBe(reference);
    const detail = await (await page.request.get(`/api/leads/${lead!._id}`)).json();
    expect(detail.data).toMatchObject({
      leadType: "commercial_trucking_quote",
      submissionType: "Commercial Trucking Quote",
      source: "Website Quote Form",
      name: "Rosa Delgado",
      phone: "(254) 555-0142",
      businessState: "Texas",
      payload: {
        legalBusinessName: "Brazos Haulers Inc",
        dotNumber: "2345678",
        coverages: ["Auto Liability", "Physical Damage"],
        complianceServices: [],
        totalPowerUnits: 2,
        uploadedFiles: [],
        attachments: [],
      },
    });
    expect(detail.data.payload).not.toHaveProperty("website");
  });

  test("a refused request shows each error beside its field and keeps the answers, none of them in the address", async ({
    page,
    browser,
  }) => {
    await page.goto("/quote");
    const values = {
      legalBusinessName: "Brazos Haulers Inc",
      businessState: "Texas",
      rangeOfOperation: "Intrastate",
      coverages: ["Cargo Liability"],
      dotNumber: "DOT-42",
      email: "rosa@",
      notes: "Call after 3 pm.",
    };
    await fill(page, values);
    await submit(page).click();
    await page.waitForLoadState();

    const answer = page.getByTestId("quote-answer");
    await expect(answer).toHaveAttribute("role", "alert");
    await expect(answer).toContainText(quoteMessages.validationToast);
    await expect(page.getByTestId("error-quote-dotNumber")).toHaveText(quoteFieldMessages.dotNumber);
    await expect(page.getByTestId("error-quote-email")).toHaveText("Please enter a valid email address");
    await expect(page.getByTestId("error-quote-contactName")).toHaveText(quoteFieldMessages.required);
    await expect(control(page, "contactName")).toHaveAttribute("aria-invalid", "true");
    await expect(control(page, "contactName")).toHaveAttribute("aria-describedby", "quote-contactName-error");
    await expect(page.getByTestId("error-quote-notes")).toHaveCount(0);

    // Every answer is back in its field.
    await expect(control(page, "legalBusinessName")).toHaveValue("Brazos Haulers Inc");
    await expect(control(page, "businessState")).toHaveValue("Texas");
    await expect(control(page, "rangeOfOperation").getByLabel("Intrastate", { exact: true })).toBeChecked();
    await expect(control(page, "coverages").getByLabel("Cargo Liability", { exact: true })).toBeChecked();
    await expect(control(page, "coverages").getByLabel("Auto Liability", { exact: true })).not.toBeChecked();
    await expect(control(page, "dotNumber")).toHaveValue("DOT-42");
    await expect(control(page, "email")).toHaveValue("rosa@");
    await expect(control(page, "notes")).toHaveValue("Call after 3 pm.");
    expectNoDetailsInAddress(page, ["rosa@", "Brazos Haulers"]);

    // axe runs in the page: check the same HTML, without its scripts, in a page that may run axe.
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const context = await browser.newContext({ javaScriptEnabled: true });
    try {
      const copy = await context.newPage();
      await copy.setContent(html);
      const results = await axe(copy).analyze();
      expect(results.violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
