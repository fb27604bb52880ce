import { adminMessages } from "../../app/features/admin/messages";
import { privacyMessages } from "../../app/features/privacy/messages";
import { axe, expect, test } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = privacyMessages;

test("/admin/privacy erases a person's records after the confirmation and lists what went", async ({ page }) => {
  const email = `privacy-e2e-${Date.now()}@erase.example`;
  const res = await page.request.post("/api/contacts", {
    data: {
      fullName: "Erin Erase",
      email,
      phoneNumber: "(512) 555-0162",
      insuranceType: "General Liability",
      message: "Please call me about coverage for my landscaping crew.",
      smsConsent: true,
    },
  });
  expect(res.status()).toBe(201);

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.privacy }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByText(text.periods.consent(5))).toBeVisible();

  await page.getByLabel(text.emailLabel).fill(email.toUpperCase());
  await page.getByRole("button", { name: text.submit }).click();
  await expect(page.getByText(text.errors.confirmRequired)).toBeVisible();

  await page.getByLabel(text.confirmLabel).check();
  await page.getByRole("button", { name: text.submit }).click();
  const result = page.getByRole("status").filter({ hasText: text.resultHeading });
  await expect(result).toContainText("1 contact message deleted");
  await expect(result).toContainText("2 emails deleted");
  await expect(result).toContainText("1 SMS consent record kept for the consent retention period");

  const scan = await axe(page).analyze();
  expect(scan.violations).toEqual([]);
});
