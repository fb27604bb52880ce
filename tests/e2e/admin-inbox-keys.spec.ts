/**
 * The inbox from the keyboard and in bulk: j and k move between leads, x ticks one, a assigns it to me, ?
 * lists the keys, Enter opens the lead; ticking every lead of the page and setting a status changes them
 * all; axe finds nothing with the bar and the list of keys open.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody } from "../support/lead-fixtures";
import { expect, expectNoAxeViolations, test, toast, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

test("j, k, x, a, ? and Enter work the inbox; ticking the page and setting a status changes every lead", async ({ page }) => {
  await signIn(page);
  const tag = `keys${Math.random().toString(36).slice(2, 8)}`;
  for (const n of [1, 2]) {
    const res = await page.request.post("/api/contacts", {
      data: contactBody({ fullName: `Keyboard ${tag} ${n}`, email: `${tag}-${n}@example.com` }),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/admin/leads?q=${tag}`);
  await waitForHydration(page, "#filter-q");
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(2);
  const link = (i: number) => rows.nth(i).locator("[data-lead-link]");

  await page.locator("body").press("j");
  await expect(link(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(link(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(link(0)).toBeFocused();

  await page.keyboard.press("x");
  await expect(rows.nth(0).getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("bulk-count")).toHaveText(text.bulk.selected(1));
  await page.keyboard.press("x");
  await expect(rows.nth(0).getByRole("checkbox")).not.toBeChecked();

  await page.keyboard.press("a");
  await expect(toast(page, "Lead assigned to")).toBeVisible();
  await expect(rows.nth(0).getByTestId("lead-assignee")).not.toHaveText(text.assignment.unassigned);

  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: text.shortcuts.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("shortcuts")).toContainText("Assign the lead to me");
  await expectNoAxeViolations(page, { afterToasts: true });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The bar: every lead of the page ticked, one status for all.
  await page.getByLabel(text.bulk.selectPage).check();
  await expect(page.getByTestId("bulk-count")).toHaveText(text.bulk.selected(2));
  await page.getByLabel(text.bulk.status).selectOption("quoted");
  await page.getByRole("button", { name: text.bulk.apply }).click();
  await expect(page.getByText(text.bulk.done(2))).toBeVisible();
  for (const i of [0, 1]) await expect(rows.nth(i).getByRole("combobox")).toHaveValue("quoted");
  await expect(page.getByTestId("bulk-count")).toHaveText(text.bulk.selected(0));

  // Enter on the focused lead opens it.
  await link(1).focus();
  const reference = (await link(1).textContent()) ?? "";
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
});
