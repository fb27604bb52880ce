/**
 * "Back up now" on the dashboard in the browser: the button says it is working while the backup is made,
 * the toast gives the archive's size, the panel shows the last backup's time and size, and axe finds
 * nothing on the panel. (The e2e server runs on an embedded database on disk: its backups go to
 * data/e2e/backups, made by build/backup-snapshot.js.)
 */
import type { Page } from "@playwright/test";
import { backupMessages } from "../../app/features/backup/messages";
import { axe, expect, holdRequests, test, toast } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

test("Back up now makes a backup: a working label, a toast with its size, and the panel's last backup", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/dashboard");
  const panel = page.getByTestId("backups");
  await expect(panel.getByRole("heading", { name: backupMessages.title })).toBeVisible();
  await expect(
    await axe(page)
      .include('[data-testid="backups"]')
      .analyze()
      .then((r) => r.violations),
  ).toEqual([]);

  const release = await holdRequests(page, /\/admin\/backups/);
  await panel.getByRole("button", { name: backupMessages.button }).click();
  await expect(panel.getByRole("button", { name: backupMessages.busy })).toBeDisabled();
  release();
  await expect(toast(page, "Backup saved (")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(panel.getByTestId("backup-size")).toHaveText(/^\d+(\.\d)? (KB|MB)$/);
  await expect(panel.getByTestId("backup-last").locator("time")).toBeVisible();
  await expect(panel.getByRole("button", { name: backupMessages.button })).toBeEnabled();
});
