/**
 * The back office's search in the browser: a phone typed differently finds the lead as it is typed, the view
 * lives in the address (reload and Back keep it), `/` puts the cursor in the search, /admin/search finds the
 * lead from the side bar, and axe finds nothing on either screen.
 */
import type { Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody } from "../support/lead-fixtures";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A lead with a phone number no other test uses, written one way. */
async function leadWithPhone(page: Page, name: string, phone: string): Promise<string> {
  const res = await page.request.post("/api/contacts", {
    data: contactBody({ fullName: name, email: `${name.split(" ")[1].toLowerCase()}@search-e2e.example`, phoneNumber: phone }),
  });
  expect(res.status(), await res.text()).toBe(201);
  const found = await (await page.request.get(`/api/leads?q=${encodeURIComponent(name)}`)).json();
  expect(found.data).toHaveLength(1);
  return found.data[0].reference as string;
}

const rows = (page: Page) => page.getByTestId("lead-row");

test.describe("search", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a phone typed differently finds the lead as it is typed, and the view stays in the address", async ({ page }) => {
    const suffix = String(Math.floor(1000 + Math.random() * 8999));
    const reference = await leadWithPhone(page, `Searcher Q${suffix}`, `(830) 555-${suffix}`);
    await page.goto("/admin/leads");
    await waitForHydration(page, "#filter-q");

    // `/` puts the cursor in the inbox's own search box.
    await page.locator("body").press("/");
    const box = page.getByLabel(text.filters.search, { exact: true });
    await expect(box).toBeFocused();
    await box.pressSequentially(`830.555.${suffix}`, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`q=830\\.555\\.${suffix}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(reference);
    // The box kept what was typed and the cursor while the list followed.
    await expect(box).toHaveValue(`830.555.${suffix}`);
    await expect(box).toBeFocused();

    // A filter on top; a reload keeps the view.
    await page.getByLabel(text.filters.status, { exact: true }).selectOption("new");
    await expect(page).toHaveURL(/status=new/);
    await page.reload();
    await expect(page.getByLabel(text.filters.search, { exact: true })).toHaveValue(`830.555.${suffix}`);
    await expect(page.getByLabel(text.filters.status, { exact: true })).toHaveValue("new");
    await expect(rows(page)).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Clear filters: the whole list again, the box empty.
    await page.getByRole("link", { name: text.clearFilters }).click();
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(page.getByLabel(text.filters.search, { exact: true })).toHaveValue("");
    await expect(rows(page).first()).toBeVisible();
  });

  test("the side bar's search finds a lead on every list from any screen", async ({ page }) => {
    const suffix = String(Math.floor(1000 + Math.random() * 8999));
    const reference = await leadWithPhone(page, `Sidebar Z${suffix}`, `+1 (936) 555-${suffix}`);
    await page.goto("/admin/dashboard");
    await waitForHydration(page, "#admin-search");
    await page.locator("body").press("/");
    const box = page.getByRole("searchbox", { name: adminMessages.search.headerLabel });
    await expect(box).toBeFocused();
    await box.fill(`936 555 ${suffix}`);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/admin\/search\?q=/);
    const leads = page.getByTestId("search-leads");
    await expect(leads.getByRole("link", { name: reference })).toBeVisible();
    await expect(page.getByTestId("search-contacts")).toContainText(`Sidebar Z${suffix}`);
    await expectNoAxeViolations(page);
    await leads.getByRole("link", { name: reference }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);

    await page.goto(`/admin/search?q=${encodeURIComponent("no such caller zqx")}`);
    await expect(page.getByText(adminMessages.search.nothing("no such caller zqx"))).toBeVisible();
  });
});
