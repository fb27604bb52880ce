/**
 * The leads inbox in the browser: a lead sent through a landing page's quote modal appears with its
 * clock, the clock turns amber and then "Overdue", a status change shows the toast and the first
 * response, the CSV export, the detail page with a trucking quote's PDF, the empty and error states,
 * and axe. Each test makes its own leads with unique names, so tests run in parallel on one database.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { formMessages } from "../../app/features/leads/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody, hoaLandingBody, pdfBytes, truckingQuoteBody } from "../support/lead-fixtures";
import { axe, expect, test, toast, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

/** Signs in over the API: page.request shares the browser context's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function submitLead(page: Page, body: Record<string, unknown>): Promise<string> {
  const res = await page.request.post("/api/submit-lead", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).reference as string;
}

const row = (page: Page, reference: string) => page.getByTestId("lead-row").filter({ hasText: reference });

test.describe("leads inbox", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a quote from a landing page's modal appears newest first with its clock; a status change shows the toast and the first response", async ({
    page,
  }) => {
    const name = unique("Marisol");
    await page.goto("/hoa-insurance");
    await waitForHydration(page, "main button[aria-haspopup=dialog]");
    await page.getByRole("button", { name: formMessages.landingQuote.openHero }).click();
    const dialog = page.getByRole("dialog", { name: formMessages.landingQuote.title });
    await dialog.locator("#landing-name").fill(name);
    await dialog.locator("#landing-phone").fill("(512) 555-0123");
    await dialog.locator("#landing-email").fill("marisol@ortega-holdings.example");
    await dialog.locator("#landing-hoaType").selectOption("Condominium");
    await dialog.locator("#landing-coverageNeeded").selectOption("D&O Liability");
    // The dialog's form posts to the landing page's own action.
    const response = page.waitForResponse((r) => r.request().method() === "POST" && /\/hoa-insurance/.test(r.url()));
    await dialog.getByRole("button", { name: formMessages.landingQuote.submit }).click();
    expect((await response).status()).toBe(200);
    await expect(dialog).toBeHidden();

    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
    const byName = page.getByTestId("lead-row").filter({ hasText: name });
    await expect(byName).toHaveCount(1);
    const reference = ((await byName.getByRole("cell").nth(2).textContent()) ?? "").match(/L-[\w-]+/)?.[0] ?? "";
    expect(reference).toMatch(/^L-/);
    const lead = row(page, reference);
    await expect(lead).toBeVisible();
    const cells = lead.getByRole("cell");
    await expect(cells.nth(2)).toContainText(reference);
    await expect(cells.nth(3)).toHaveText("HOA Landing Page");
    await expect(cells.nth(4)).toHaveText("HOA Landing Page");
    await expect(cells.nth(5)).toHaveText(name);
    await expect(lead.getByRole("link", { name: "(512) 555-0123" })).toHaveAttribute("href", "tel:5125550123");
    await expect(lead.getByRole("link", { name: reference })).toHaveAttribute("href", /^\/admin\/leads\/[0-9a-f-]{36}$/);
    const clock = lead.getByTestId("waiting-clock");
    await expect(clock).toHaveText("0 min");
    await expect(clock).toHaveAttribute("data-tone", "ok");
    await expect(page.getByRole("columnheader")).toHaveText(Object.values(text.columns));
    // Newest first (other tests' leads share the list: the order is checked, not the position).
    const received = await page
      .getByTestId("lead-row")
      .locator("time")
      .evaluateAll((els) => els.map((e) => e.getAttribute("datetime")!));
    expect(received.length).toBeGreaterThan(0);
    expect(received).toEqual([...received].sort().reverse());

    const status = lead.getByLabel(text.statusFor(reference));
    await expect(status).toHaveValue("new");
    await status.selectOption("contacted");
    await expect(toast(page, text.statusUpdated)).toBeVisible();
    await expect(lead.getByTestId("first-response")).toHaveText("Answered in 0 min");
    await expect(lead.getByTestId("waiting-clock")).toHaveCount(0);

    // Stored: still contacted after a reload, and gone from the "new" filter.
    await page.reload();
    await expect(row(page, reference).getByLabel(text.statusFor(reference))).toHaveValue("contacted");
    await page.getByLabel(text.filters.status, { exact: true }).selectOption("new");
    await expect(page).toHaveURL(/status=new/);
    await expect(page.getByText(/^Showing \d+–\d+ of \d+ leads?$|^No leads match these filters$/)).toBeVisible();
    await expect(row(page, reference)).toHaveCount(0);
  });

  test("the clock ticks: amber from 20 minutes, red with the word Overdue past 30", async ({ page }) => {
    const name = unique("Clock");
    const reference = await submitLead(page, hoaLandingBody({ name, email: "clock@example.com" }));
    await page.clock.install();
    await page.goto("/admin/leads?type=hoa_quote_landing&status=new");
    const clock = row(page, reference).getByTestId("waiting-clock");
    await expect(clock).toHaveText("0 min");
    await page.clock.fastForward("20:00");
    await expect(clock).toHaveText(/^20 min\s*Due soon$/);
    await expect(clock).toHaveAttribute("data-tone", "due-soon");
    await page.clock.fastForward("11:00");
    await expect(clock).toHaveText(/^31 min\s*Overdue$/);
    await expect(clock).toHaveAttribute("data-tone", "overdue");
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test("Export CSV downloads the filtered list with the lead in it", async ({ page }) => {
    const name = unique("Export");
    const reference = await submitLead(page, hoaLandingBody({ name, email: "export@example.com" }));
    await page.goto("/admin/leads");
    await expect(row(page, reference)).toBeVisible();
    await page.getByLabel(text.filters.type, { exact: true }).selectOption("hoa_quote_landing");
    await expect(page).toHaveURL(/type=hoa_quote_landing/);
    // A form posted to the screen (it asks for the password again unless the sign-in was recent, as
    // this one is), which sends the browser on to the file with the list's filters.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: text.exportCsv }).click();
    const file = await download;
    expect(file.url()).toMatch(/\/api\/leads\/export\.csv\?type=hoa_quote_landing$/);
    expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Received,Type,Source,Status,Name,Email,Phone,Service,Business State,Outside Licensed States,First Response,Minutes to First Response",
    );
    const mine = lines.find((l) => l.startsWith(`${reference},`));
    expect(mine).toContain(`,${name},export@example.com,`);
    expect(lines.slice(1).every((l) => l.split(",")[2] === "hoa_quote_landing")).toBe(true);
  });

  test("the detail page shows every submitted field, the follow-up data and downloads a trucking quote's PDF; axe finds nothing on it or the list", async ({
    page,
  }) => {
    const business = unique("Ortega Freight");
    const pdf = pdfBytes(3000);
    const uploaded = await page.request.post("/api/uploads", {
      multipart: { slot: "cdl", file: { name: "cdl-front.pdf", mimeType: "application/pdf", buffer: pdf } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const upload = await uploaded.json();
    const reference = await submitLead(
      page,
      truckingQuoteBody({
        legalBusinessName: business,
        uploadedFiles: ["cdl"],
        attachments: [{ slot: "cdl", id: upload.id }],
        utm: { utm_source: "google" },
      }),
    );

    await page.goto("/admin/leads?type=commercial_trucking_quote");
    await expect(row(page, reference)).toContainText("1 document");
    await row(page, reference).getByRole("link", { name: reference }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Lead ${reference}` })).toBeVisible();

    const submitted = page.getByTestId("submitted-fields");
    const value = (label: string) => submitted.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
    await expect(value("Legal Business Name")).toHaveText(business);
    await expect(value("Coverages")).toHaveText("Auto Liability, Cargo Liability");
    await expect(value("DOT Number")).toHaveText("3456789");
    await expect(value("Total Power Units")).toHaveText("3");
    await expect(value("Lead Type")).toHaveText("commercial_trucking_quote");

    await expect(page.getByTestId("contact-fields").getByRole("link", { name: "luis@ortega-freight.example" })).toHaveAttribute(
      "href",
      "mailto:luis@ortega-freight.example",
    );
    await expect(page.getByTestId("contact-fields").getByRole("link", { name: "(512) 555-0123" })).toHaveAttribute(
      "href",
      "tel:5125550123",
    );
    await expect(page.getByText(text.detail.noConsent)).toBeVisible();
    const followUp = page.getByTestId("follow-up-fields");
    await expect(followUp).toContainText("utm_source=google");
    await expect(followUp.locator("dt", { hasText: /^User agent$/ }).locator("+ dd")).not.toHaveText(text.detail.none);

    const link = page.getByTestId("documents").getByRole("link", { name: text.detail.download("cdl-front.pdf") });
    await expect(link).toHaveAttribute("download", "cdl-front.pdf");
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("cdl-front.pdf");
    expect((await readFile((await file.path())!)).equals(pdf)).toBe(true);

    expect((await axe(page).analyze()).violations).toEqual([]);

    await page.getByRole("link", { name: text.detail.back }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(row(page, reference)).toBeVisible();
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test("the detail page shows a contact message's consent record and changes its status", async ({ page }) => {
    const email = `${unique("consent").replace(" ", "-")}@example.com`;
    const res = await page.request.post("/api/contacts", { data: contactBody({ email }) });
    expect(res.status()).toBe(201);
    const list = await (await page.request.get("/api/leads?type=contact_form&limit=200")).json();
    const lead = (list.data as { _id: string; email: string; reference: string }[]).find((l) => l.email === email)!;
    await page.goto(`/admin/leads/${lead._id}`);
    const consent = page.getByTestId("consent-fields");
    await expect(consent.locator("dt", { hasText: text.detail.consented }).locator("+ dd")).toHaveText("Yes");
    await expect(consent.locator("dt", { hasText: text.detail.consentHash }).locator("+ dd")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(consent.locator("dt", { hasText: text.detail.consentText }).locator("+ dd")).not.toHaveText("");

    await expect(page.getByTestId("waiting-clock")).toHaveText("0 min");
    await page.getByLabel(text.detail.statusLabel).selectOption("contacted");
    await expect(toast(page, text.statusUpdated)).toBeVisible();
    await expect(page.getByTestId("first-response")).toHaveText("Answered in 0 min");
    await expect(
      page
        .getByTestId("follow-up-fields")
        .locator("dt", { hasText: /^First response$/ })
        .locator("+ dd"),
    ).not.toHaveText(text.detail.none);
  });

  test("a refused status change shows the failure toast and keeps the stored status", async ({ page }) => {
    const reference = await submitLead(page, hoaLandingBody({ name: unique("Refused"), email: "refused@example.com" }));
    await page.goto("/admin/leads?type=hoa_quote_landing&status=new");
    const status = row(page, reference).getByLabel(text.statusFor(reference));
    await expect(status).toHaveValue("new");
    // A status the server does not know, as a stale or altered page would send it.
    await status.evaluate((select: HTMLSelectElement) => {
      const won = [...select.options].find((o) => o.value === "won");
      if (won) won.value = "closed";
    });
    await status.selectOption("closed");
    await expect(toast(page, text.statusFailed)).toBeVisible();
    await expect(status).toHaveValue("new");
    await expect(status).toBeEnabled();
    await page.reload();
    await expect(row(page, reference).getByLabel(text.statusFor(reference))).toHaveValue("new");
  });

  test("empty state when no lead matches the filters (no leads at all: tests/integration/admin-loaders.test.ts)", async ({ page }) => {
    await page.goto("/admin/leads?type=chat");
    await expect(page.getByText(text.emptyFiltered, { exact: true })).toBeVisible();
    await expect(page.getByLabel(text.filters.type, { exact: true })).toHaveValue("chat");
    await page.getByRole("link", { name: text.clearFilters }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
  });

  test("a failed load shows the error with Try Again, and a toast; Try Again loads the list", async ({ page }) => {
    const reference = await submitLead(page, hoaLandingBody({ name: unique("Retry"), email: "retry@example.com" }));
    let fail = true;
    // The list's data as the browser asks for it when the menu opens the screen.
    await page.route(/\/admin\/leads\.data/, (route) =>
      fail ? route.fulfill({ status: 503, body: "Service unavailable" }) : route.continue(),
    );
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Leads" }).click();
    await expect(page.getByRole("alert").filter({ hasText: text.loadFailed })).toBeVisible();
    await expect(toast(page, text.loadFailed)).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(row(page, reference)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: text.loadFailed })).toHaveCount(0);
  });
});

test.describe("leads inbox without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a form in the address, and a status is saved with its button", async ({ page }) => {
    await signIn(page);
    const reference = await submitLead(page, hoaLandingBody({ name: unique("NoScript"), email: "noscript@example.com" }));
    await page.goto("/admin/leads");
    await page.getByLabel(text.filters.type, { exact: true }).selectOption("hoa_quote_landing");
    await page.getByRole("button", { name: text.filters.apply }).click();
    await expect(page).toHaveURL(/type=hoa_quote_landing/);
    const lead = row(page, reference);
    await lead.getByLabel(text.statusFor(reference)).selectOption("quoted");
    await lead.getByRole("button", { name: new RegExp(`^${text.detail.saveStatus}`) }).click();
    await expect(page.getByRole("status").filter({ hasText: text.statusUpdated })).toBeVisible();
    await expect(row(page, reference).getByLabel(text.statusFor(reference))).toHaveValue("quoted");
    await expect(page).toHaveURL(/type=hoa_quote_landing/);
  });
});
