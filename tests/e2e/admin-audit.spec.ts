/**
 * The audit screen and the dashboard's undelivered-mail panel in the browser: an export shows up in
 * the audit trail in words, the filters are a GET form whose values land in the address, a bad date
 * typed into the address is answered with its message, the panel's empty state, and axe on both.
 */
import type { Page } from "@playwright/test";
import { auditMessages } from "../../app/features/audit/messages";
import { mailFailureMessages } from "../../app/features/mail/messages";
import { axe, expect, test } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe("audit screen", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("an export appears in words, and the filters go through the address", async ({ page }) => {
    const exported = await page.request.get("/api/leads/export.csv?status=new");
    expect(exported.status()).toBe(200);

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: auditMessages.title })).toBeVisible();
    const row = page.getByTestId("audit-row").filter({ hasText: auditMessages.actions.leads_exported }).first();
    await expect(row).toContainText(ADMIN.email);
    await expect(row).toContainText("Filters: Status new");

    const filters = page.getByRole("search", { name: auditMessages.filters.legend });
    await filters.getByLabel(auditMessages.filters.admin).selectOption({ label: ADMIN.email });
    await filters.getByLabel(auditMessages.filters.from, { exact: true }).fill("2026-01-01");
    await page.getByRole("button", { name: auditMessages.filters.apply }).click();
    await expect(page).toHaveURL(/[?&]admin=[0-9a-f-]{36}/);
    await expect(page).toHaveURL(/[?&]from=2026-01-01/);
    await expect(page.getByTestId("audit-row").first()).toContainText(ADMIN.email);

    const response = await page.goto("/admin/audit?from=2026-02-30");
    expect(response?.status()).toBe(400);
    await expect(page.getByText(auditMessages.filters.badFrom)).toBeVisible();
    await expect(
      page.getByRole("search", { name: auditMessages.filters.legend }).getByLabel(auditMessages.filters.from, { exact: true }),
    ).toHaveAttribute("aria-invalid", "true");

    await page.goto("/admin/audit");
    expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  });

  test("the dashboard says when no mail is waiting on a retry", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const panel = page.getByRole("region", { name: mailFailureMessages.title });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(mailFailureMessages.empty);
    await expect(page.getByRole("link", { name: auditMessages.title, exact: true })).toBeVisible();
    expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
  });
});
