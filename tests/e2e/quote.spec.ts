import { closeSync, ftruncateSync, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import { defaultSite } from "../../app/content/site-profile";

const { promises } = defaultSite;

import { quoteSections } from "../../app/content/quote";
import { trucking, usStates } from "../../app/content/quote-options";
import { quoteFieldMessages } from "../../app/features/quote/field-messages";
import { quoteMessages } from "../../app/features/quote/messages";
import { uploadMessages } from "../../app/features/uploads/messages";
import { fieldMessages } from "../../app/lib/field-rules";
import { axe, expect, holdRequests, test, toast, waitForHydration } from "./support";

const DRAFT_KEY = "agency.truckingQuoteDraft";
const allFields = quoteSections.flatMap((s) => s.fields);
const required = allFields.filter((f) => !f.optional);

/** Tiny but real files: the server decides by their first bytes. */
const pdf = {
  name: "cdl-luis-ortega.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
};
const png = {
  name: "loss-runs-2024.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
};

/** A complete request, as a visitor would type it. */
const answers: Record<string, string | string[]> = {
  legalBusinessName: "Ortega Freight LLC",
  dbaName: "Ortega Express",
  businessStructure: "LLC",
  fein: "74-1234567",
  businessStartDate: "2019-04-01",
  businessState: "Texas",
  desiredEffectiveDate: "2030-07-01",
  rangeOfOperation: "Interstate",
  radiusOfOperation: "151–300",
  majorCities: "Austin, San Antonio, Houston",
  annualMileage: "120,000",
  annualRevenue: "$450,000",
  estimatedPayroll: "0",
  dotNumber: "3456789",
  mcNumber: "MC-123456",
  allowedToOperate: "Yes",
  commonAuthority: "Yes",
  relatedBrokerAuthority: "No",
  filingsRequired: "Federal",
  insuranceOnFile: "Yes",
  garagingAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  mailingAddress: "PO Box 12, Georgetown, TX 78627",
  dotAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  totalPowerUnits: "3",
  totalDrivers: "4",
  vehicleOwnership: "Owned",
  transportationType: "For-Hire (General Freight)",
  coverages: ["Auto Liability", "Cargo Liability"],
  complianceServices: ["DOT Audits"],
  yearsCoverage: "5",
  cancelledOrNonrenewed: "No",
  currentCarrier: "Progressive",
  contactName: "Luis Ortega",
  contactDOB: "1980-02-29",
  email: "luis@ortega-freight.example",
  phone: "(512) 555-0123",
  referredBy: "Maria at the truck stop",
  haulingDetails: "Dry van general freight; no hazmat.",
  notes: "One driver is 24.",
};

const form = (page: Page) => page.getByRole("form", { name: "Commercial trucking quote form" });
const control = (page: Page, name: string) => form(page).locator(`#quote-${name}`);
const slotInput = (page: Page, slot: string) => page.locator(`#quote-upload-${slot}`);
const slotError = (page: Page, slot: string) => page.getByTestId(`error-quote-upload-${slot}`);
const submitButton = (page: Page) => form(page).getByRole("button", { name: quoteMessages.submit });
/** The form's post to the page's action, as the router sends it once the page runs its scripts. */
const QUOTE_ACTION = /\/quote\/?_?\.data(\?|$)/;
const isQuotePost = (r: Request) => r.method() === "POST" && QUOTE_ACTION.test(new URL(r.url()).pathname + new URL(r.url()).search);

async function open(page: Page) {
  await page.goto("/quote");
  await waitForHydration(page, 'form[aria-label="Commercial trucking quote form"]');
}

/** A radio's visible label: radius options read "151–300 miles". */
const optionLabel = (name: string, value: string) => {
  const field = allFields.find((f) => f.name === name)!;
  return field.kind === "radio" && field.suffix ? `${value}${field.suffix}` : value;
};

async function fill(page: Page, values: Record<string, string | string[]> = answers) {
  for (const [name, value] of Object.entries(values)) {
    const field = allFields.find((f) => f.name === name)!;
    const el = control(page, name);
    if (field.kind === "radio") await el.getByLabel(optionLabel(name, value as string), { exact: true }).check();
    else if (field.kind === "checkboxes") for (const v of value as string[]) await el.getByLabel(v, { exact: true }).check();
    else if (field.kind === "select") await el.selectOption(value as string);
    else await el.fill(value as string);
  }
}

async function expectValues(page: Page, values: Record<string, string | string[]>) {
  for (const [name, value] of Object.entries(values)) {
    const field = allFields.find((f) => f.name === name)!;
    const el = control(page, name);
    if (field.kind === "radio") await expect(el.getByLabel(optionLabel(name, value as string), { exact: true })).toBeChecked();
    else if (field.kind === "checkboxes") for (const v of value as string[]) await expect(el.getByLabel(v, { exact: true })).toBeChecked();
    else await expect(el).toHaveValue(value as string);
  }
}

/** Adds files to a slot and waits until the server has stored each one; returns their upload ids. */
async function upload(page: Page, slot: string, files: (typeof pdf)[]): Promise<string[]> {
  const responses = Promise.all(
    files.map(() => page.waitForResponse((r) => r.url().endsWith("/api/uploads") && r.request().method() === "POST")),
  );
  await slotInput(page, slot).setInputFiles(files);
  const answered = await responses;
  for (const file of files) await expect(page.getByRole("listitem").filter({ hasText: file.name })).toContainText("Uploaded");
  const ids: string[] = [];
  for (const r of answered) {
    expect(r.status()).toBe(201);
    const body = (await r.json()) as { id: string; slot: string; name: string };
    expect(body.slot).toBe(slot);
    ids.push(body.id);
  }
  return ids;
}

test.describe("trucking quote form (/quote)", () => {
  test("has the page, its sections, every option list and the progress indicator", async ({ page }) => {
    await open(page);
    await expect(page).toHaveTitle(/Commercial Trucking Insurance Quote \|/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commercial Trucking Insurance Quote");
    await expect(page.getByRole("main")).toContainText(`within ${promises.contactMinutes} minutes`);
    await expect(page.getByRole("main").getByRole("link", { name: /Call/ }).first()).toHaveAttribute("href", /^tel:/);
    for (const title of [...quoteSections.map((s) => s.title), "Documents"])
      await expect(form(page).getByRole("heading", { level: 2, name: title })).toBeVisible();

    await expect(control(page, "businessState").locator("option")).toHaveText(["Select state", ...usStates]);
    await expect(control(page, "businessStructure").locator("option")).toHaveText([
      "Select business structure",
      ...trucking.businessStructure,
    ]);
    const radios = (name: string) =>
      page.getByRole("radiogroup", { name: allFields.find((f) => f.name === name)!.label }).getByRole("radio");
    await expect(radios("radiusOfOperation")).toHaveCount(trucking.radiusOfOperation.length);
    for (const r of trucking.radiusOfOperation)
      await expect(control(page, "radiusOfOperation").getByLabel(`${r} miles`, { exact: true })).toHaveAttribute("value", r);
    for (const name of ["rangeOfOperation", "filingsRequired", "vehicleOwnership", "transportationType"] as const) {
      await expect(control(page, name).locator("label")).toHaveText([...trucking[name]]);
    }
    for (const name of ["allowedToOperate", "commonAuthority", "relatedBrokerAuthority", "insuranceOnFile", "cancelledOrNonrenewed"]) {
      await expect(radios(name)).toHaveCount(2);
      await expect(control(page, name).locator("label")).toHaveText(["Yes", "No"]);
    }
    await expect(page.getByRole("group", { name: "Coverages to quote" }).getByRole("checkbox")).toHaveCount(trucking.coverages.length);
    await expect(control(page, "coverages").locator("label")).toHaveText([...trucking.coverages]);
    await expect(control(page, "complianceServices").locator("label")).toHaveText([...trucking.complianceServices]);
    for (const { slot } of trucking.uploadSlots)
      await expect(slotInput(page, slot)).toHaveAttribute("accept", ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png");

    const progress = page.getByRole("progressbar", { name: /required answers/ });
    await expect(progress).toHaveAttribute("max", String(required.length));
    await expect(progress).toHaveAccessibleName(`0 of ${required.length} required answers (0%)`);
    await control(page, "legalBusinessName").fill("Ortega Freight LLC");
    await control(page, "coverages").getByLabel("Physical Damage").check();
    await expect(progress).toHaveAttribute("value", "2");
    // Coverage and compliance options toggle on and off.
    await control(page, "coverages").getByLabel("Physical Damage").uncheck();
    await control(page, "complianceServices").getByLabel("Driver Training").check();
    await control(page, "complianceServices").getByLabel("Driver Training").uncheck();
    await expect(control(page, "complianceServices").getByLabel("Driver Training")).not.toBeChecked();
    await expect(progress).toHaveAttribute("value", "1");
  });

  test("shows every required message, the coverage, email and phone messages and the toast; editing clears an error", async ({ page }) => {
    await open(page);
    await submitButton(page).click();
    await expect(toast(page, quoteMessages.validationToast)).toBeVisible();
    const requiredErrors = form(page).getByText(quoteFieldMessages.required, { exact: true });
    await expect(requiredErrors).toHaveCount(required.length - 1);
    await expect(control(page, "coverages")).toContainText("Please select at least one coverage option");
    await expect(control(page, "legalBusinessName")).toBeFocused();
    await expect(control(page, "legalBusinessName")).toHaveAttribute("aria-invalid", "true");
    await expect(control(page, "legalBusinessName")).toHaveAttribute("aria-describedby", "quote-legalBusinessName-error");
    await expect(control(page, "rangeOfOperation")).toHaveAttribute("aria-describedby", "quote-rangeOfOperation-error");
    for (const name of ["dbaName", "mcNumber", "currentCarrier", "referredBy", "notes"])
      await expect(page.getByTestId(`error-quote-${name}`)).toHaveCount(0);
    await expect(page.getByTestId("error-quote-complianceServices")).toHaveCount(0);

    await control(page, "email").fill("luis@");
    await control(page, "phone").fill("555-01");
    await control(page, "legalBusinessName").fill("Ortega Freight LLC");
    await expect(page.getByTestId("error-quote-legalBusinessName")).toHaveCount(0);
    await expect(requiredErrors).toHaveCount(required.length - 4);
    await control(page, "coverages").getByLabel("Auto Liability").check();
    await expect(page.getByTestId("error-quote-coverages")).toHaveCount(0);
    await control(page, "rangeOfOperation").getByLabel("Intrastate").check();
    await expect(page.getByTestId("error-quote-rangeOfOperation")).toHaveCount(0);

    await submitButton(page).click();
    await expect(page.getByTestId("error-quote-email")).toHaveText(fieldMessages.email);
    await expect(page.getByTestId("error-quote-phone")).toHaveText(fieldMessages.phone);
    await expect(page.getByTestId("error-quote-email")).toHaveText("Please enter a valid email address");
    await expect(page.getByTestId("error-quote-phone")).toHaveText("Please enter a valid phone number");
    await control(page, "fein").fill("12-34");
    await submitButton(page).click();
    await expect(page.getByTestId("error-quote-fein")).toHaveText(quoteFieldMessages.fein);

    const results = await axe(page).include("form").analyze();
    expect(results.violations).toEqual([]);
  });

  test("submits everything with the uploaded documents, shows the busy label, then clears the form", async ({ page }) => {
    await open(page);
    await fill(page);
    const cdlIds = await upload(page, "cdl", [pdf]);
    const lossRunIds = await upload(page, "lossRuns", [png]);
    await expect(page.getByRole("progressbar", { name: `Upload progress: ${pdf.name}` })).toHaveAttribute("value", "100");
    await expect(page.getByRole("progressbar", { name: /required answers/ })).toHaveAccessibleName(
      `${required.length} of ${required.length} required answers (100%)`,
    );

    const release = await holdRequests(page, QUOTE_ACTION);
    const request = page.waitForRequest(isQuotePost);
    const response = page.waitForResponse((r) => isQuotePost(r.request()));
    await submitButton(page).click();
    await expect(form(page).getByRole("button", { name: quoteMessages.submitting })).toBeDisabled();
    await expect(form(page).getByRole("button", { name: "Submitting Your Quote..." })).toBeVisible();
    await expect(control(page, "legalBusinessName")).toBeDisabled();
    await expect(control(page, "coverages").getByLabel("Auto Liability")).toBeDisabled();
    await expect(slotInput(page, "cdl")).toBeDisabled();
    release();

    // The form as the browser sends it: every trucking field under the spec's name, the documents by id.
    const body = new URLSearchParams((await request).postData() ?? "");
    expect(Object.fromEntries(body)).toMatchObject({
      "attachments[0].slot": "cdl",
      "attachments[0].id": cdlIds[0],
      "attachments[1].slot": "lossRuns",
      "attachments[1].id": lossRunIds[0],
      legalBusinessName: "Ortega Freight LLC",
      fein: "74-1234567",
      radiusOfOperation: "151–300",
      totalPowerUnits: "3",
      contactDOB: "1980-02-29",
      website: "",
      pageUrl: expect.stringContaining("/quote"),
    });
    expect(body.getAll("coverages")).toEqual(["Auto Liability", "Cargo Liability"]);
    expect(body.getAll("complianceServices")).toEqual(["DOT Audits"]);
    for (const field of allFields) expect(body.has(field.name), field.name).toBe(true);
    expect(body.has("attachments[2].id")).toBe(false);

    expect((await response).status()).toBe(200);
    await expect(toast(page, quoteMessages.success)).toBeVisible();
    await expect(toast(page, "Quote request submitted successfully! We will contact you within minutes.")).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
    await expect(control(page, "legalBusinessName")).toHaveValue("");
    await expect(control(page, "businessState")).toHaveValue("");
    await expect(control(page, "coverages").getByLabel("Auto Liability")).not.toBeChecked();
    await expect(control(page, "rangeOfOperation").getByLabel("Interstate")).not.toBeChecked();
    await expect(page.getByRole("listitem").filter({ hasText: pdf.name })).toHaveCount(0);
    await expect(page.getByRole("progressbar", { name: /required answers/ })).toHaveAttribute("value", "0");
    await expect(page.getByRole("status").filter({ hasText: "Your reference is" })).toBeVisible();
    await expect(page.getByTestId("draft-note")).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
    await page.reload();
    await waitForHydration(page, 'form[aria-label="Commercial trucking quote form"]');
    await expect(control(page, "legalBusinessName")).toHaveValue("");
  });

  test("documents: files are checked in the browser and by the server, removed, and waited for", async ({ page }) => {
    await open(page);
    const uploadRequests: Request[] = [];
    page.on("request", (r) => r.url().endsWith("/api/uploads") && uploadRequests.push(r));

    // The browser refuses a type outside the list without sending it.
    await slotInput(page, "cdl").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a licence") });
    await expect(slotError(page, "cdl")).toHaveText(uploadMessages.unsupportedType);
    await expect(slotInput(page, "cdl")).toHaveAttribute("aria-describedby", /quote-upload-cdl-error/);

    // ... and a file over 1 GB (a sparse file: no disk space used, nothing read).
    const dir = mkdtempSync(path.join(tmpdir(), "quote-e2e-"));
    const big = path.join(dir, "fleet-registrations.pdf");
    const fd = openSync(big, "w");
    ftruncateSync(fd, 1024 ** 3 + 1);
    closeSync(fd);
    await slotInput(page, "vehicleRegistration").setInputFiles(big);
    await expect(slotError(page, "vehicleRegistration")).toHaveText("File size must be less than 1GB");
    expect(uploadRequests).toHaveLength(0);

    // A text file named .pdf passes the browser's check; the server reads its bytes and refuses it (415).
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/uploads"));
    await slotInput(page, "lossRuns").setInputFiles({
      name: "loss-runs.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("Just some text, not a PDF at all."),
    });
    expect((await refused).status()).toBe(415);
    await expect(slotError(page, "lossRuns")).toHaveText(uploadMessages.unsupportedType);
    await expect(page.getByRole("listitem").filter({ hasText: "loss-runs.pdf" })).toHaveCount(0);

    // A good file clears the slot's message; each file can be removed.
    await upload(page, "cdl", [pdf, { ...png, name: "cdl-back.png" }]);
    await expect(slotError(page, "cdl")).toBeEmpty();
    await page.getByRole("button", { name: `Remove ${pdf.name}` }).click();
    await expect(page.getByRole("listitem").filter({ hasText: pdf.name })).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "cdl-back.png" })).toBeVisible();

    // Submitting while a file is still on its way: wait for it. Removing it aborts the upload.
    await fill(page);
    await page.route("**/api/uploads", () => undefined);
    await slotInput(page, "vehicleRegistration").setInputFiles({ ...pdf, name: "cab-card.pdf" });
    await expect(page.getByRole("listitem").filter({ hasText: "cab-card.pdf" })).toContainText(/\d+%/);
    await expect(page.getByRole("progressbar", { name: "Upload progress: cab-card.pdf" })).toBeVisible();
    let leadSent = false;
    page.on("request", (r) => {
      if (isQuotePost(r)) leadSent = true;
    });
    await submitButton(page).click();
    await expect(slotError(page, "vehicleRegistration")).toHaveText(quoteMessages.uploadsPending);
    await expect(toast(page, quoteMessages.uploadsPending)).toBeVisible();
    await page.getByRole("button", { name: "Remove cab-card.pdf" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: "cab-card.pdf" })).toHaveCount(0);
    await expect(slotError(page, "vehicleRegistration")).toBeEmpty();
    expect(leadSent).toBe(false);
  });

  test("shows the failure toast on a server error and keeps the answers", async ({ page }) => {
    await open(page);
    await fill(page);
    await page.route(QUOTE_ACTION, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ success: false, message: "Internal error" }) }),
    );
    await submitButton(page).click();
    await expect(toast(page, quoteMessages.failure)).toBeVisible();
    await expect(toast(page, "Failed to submit quote request. Please try again later.")).toBeVisible();
    await expect(control(page, "legalBusinessName")).toHaveValue("Ortega Freight LLC");
    await expect(submitButton(page)).toBeEnabled();
  });

  test("shows the server's field errors inline: its own check of a field, and a document it cannot link", async ({ page }) => {
    await open(page);
    await fill(page);
    // The server checks again what the browser checked: a USDOT number altered on its way is refused beside its field.
    await page.route(QUOTE_ACTION, (route) => {
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("dotNumber", "DOT123");
      return route.continue({ postData: body.toString() });
    });
    await submitButton(page).click();
    await expect(toast(page, quoteMessages.validationToast)).toBeVisible();
    await expect(page.getByTestId("error-quote-dotNumber")).toHaveText(quoteFieldMessages.dotNumber);
    await expect(control(page, "legalBusinessName")).toHaveValue("Ortega Freight LLC");
    await page.unroute(QUOTE_ACTION);

    // A document the server does not hold (expired, say): nothing is stored, the documents section says why.
    await page.route(QUOTE_ACTION, (route) => {
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("attachments[0].slot", "cdl");
      body.set("attachments[0].id", "5f0c8a52-3b7e-4d0e-9a59-1c2b3d4e5f60");
      return route.continue({ postData: body.toString() });
    });
    await submitButton(page).click();
    // Refused for a field like any other: the validation toast, not the failure text (kept for a server that fails).
    await expect(toast(page, quoteMessages.validationToast)).toBeVisible();
    await expect(page.getByTestId("error-quote-documents")).toHaveText(uploadMessages.attachmentExpired);
    await expect(toast(page, quoteMessages.failure)).toHaveCount(0);
    await expect(control(page, "legalBusinessName")).toHaveValue("Ortega Freight LLC");
  });

  test("when the browser's check cannot load, the server's answer shows the errors, focuses the first and keeps the answers", async ({
    page,
  }) => {
    await page.route(/\/assets\/(form-validate|trucking-quote-schema)-[^/]*\.js$/, (route) => route.abort());
    await open(page);
    await control(page, "legalBusinessName").fill("Ortega Freight LLC");
    await control(page, "email").fill("luis@");
    const answered = page.waitForResponse((r) => isQuotePost(r.request()));
    await submitButton(page).click();
    expect((await answered).status()).toBe(400);
    await expect(toast(page, quoteMessages.validationToast)).toBeVisible();
    await expect(page.getByTestId("error-quote-email")).toHaveText("Please enter a valid email address");
    await expect(page.getByTestId("error-quote-businessStructure")).toHaveText(quoteFieldMessages.required);
    await expect(page.getByTestId("error-quote-legalBusinessName")).toHaveCount(0);
    await expect(control(page, "businessStructure")).toBeFocused();
    await expect(control(page, "legalBusinessName")).toHaveValue("Ortega Freight LLC");
    await expect(submitButton(page)).toBeEnabled();
  });

  test("keeps a draft in the browser and restores it after a reload", async ({ page }) => {
    await open(page);
    const partial = {
      legalBusinessName: "Ortega Freight LLC",
      businessState: "Wyoming",
      fein: "741234567",
      radiusOfOperation: "500+",
      coverages: ["Physical Damage", "Workers' Compensation"],
      complianceServices: ["CSA Scores Review"],
      notes: "Call after 3 pm.",
    };
    await fill(page, partial);
    await control(page, "contactDOB").fill("1980-02-29");
    const [id] = await upload(page, "vehicleRegistration", [pdf]);
    await expect(page.getByTestId("draft-note")).toContainText("Draft saved on this device");
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").files?.[0]?.id, DRAFT_KEY)).toBe(id);

    await page.reload();
    await waitForHydration(page, 'form[aria-label="Commercial trucking quote form"]');
    await expectValues(page, partial);
    await expect(control(page, "coverages").getByLabel("Auto Liability")).not.toBeChecked();
    await expect(page.getByRole("listitem").filter({ hasText: pdf.name })).toContainText("Uploaded");
    await expect(page.getByRole("progressbar", { name: /required answers/ })).toHaveAttribute("value", "5");
    await expect(page.getByTestId("draft-note")).toBeVisible();
    const stored = await page.evaluate((key) => localStorage.getItem(key) ?? "", DRAFT_KEY);
    expect(stored).not.toContain("%PDF");
    // A date of birth is not kept in the browser.
    expect(stored).not.toContain("1980-02-29");
    await expect(control(page, "contactDOB")).toHaveValue("");

    // Clearing the form deletes the draft.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Clear form and draft" }).click();
    await expect(control(page, "legalBusinessName")).toHaveValue("");
    await expect(page.getByRole("listitem").filter({ hasText: pdf.name })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
  });

  test("has no axe violations", async ({ page }) => {
    await open(page);
    await upload(page, "cdl", [pdf]);
    const results = await axe(page).analyze();
    expect(results.violations).toEqual([]);
  });

  test("is keyboard operable: radio groups and checkboxes take keys", async ({ page }) => {
    await open(page);
    const first = control(page, "rangeOfOperation").getByLabel("Intrastate");
    await first.focus();
    await page.keyboard.press("Space");
    await expect(first).toBeChecked();
    await page.keyboard.press("ArrowRight");
    await expect(control(page, "rangeOfOperation").getByLabel("Interstate")).toBeChecked();
    const coverage: Locator = control(page, "coverages").getByLabel("Auto Liability");
    await coverage.focus();
    await page.keyboard.press("Space");
    await expect(coverage).toBeChecked();
    await page.keyboard.press("Space");
    await expect(coverage).not.toBeChecked();
  });
});
