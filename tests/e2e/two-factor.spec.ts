/**
 * Two-factor sign-in in the browser: an admin turns it on from /admin/account/two-factor (computing
 * the code from the key the page shows, as an authenticator app would), keeps the recovery codes,
 * signs out, and signs in again with the password and then a code. The spec has an admin of its own
 * (tests/e2e/accounts.ts), so the other specs' admin keeps signing in with a password.
 */
import { Secret, TOTP } from "otpauth";
import { adminMessages } from "../../app/features/admin/messages";
import { authMessages } from "../../app/features/auth/schema";
import { twoFactorMessages as text } from "../../app/features/auth/two-factor-messages";
import { hoaLandingBody } from "../support/lead-fixtures";
import { TWO_FACTOR_ADMIN } from "./accounts";
import { axeViolations, expect, test, toast } from "./support";

/** What an authenticator app shows for the key, `stepsAhead` time steps (30 s) from now. */
function appCode(key: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

test("an admin turns on two-factor sign-in, then signs in with a code from the app", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(TWO_FACTOR_ADMIN.email);
  await page.getByLabel("Password").fill(TWO_FACTOR_ADMIN.password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The password alone completed this sign-in.
  await expect(toast(page, authMessages.success)).toBeVisible();

  // Enrolment: the QR code and the key to type; the code computed from the key shown.
  await page.goto("/admin/account/two-factor");
  await expect(page.getByRole("heading", { level: 1, name: text.account.title })).toBeVisible();
  await expect(page.getByText(text.account.off)).toBeVisible();
  await expect(page.getByRole("img", { name: text.enrol.qrLabel })).toBeVisible();
  const violations = await axeViolations(page);
  const key = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(key.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]{32}$/);

  const wrong = appCode(key) === "000000" ? "111111" : "000000";
  await page.getByRole("textbox", { name: text.code.label }).fill(wrong);
  await page.getByRole("button", { name: text.enrol.submit }).click();
  await expect(page.getByRole("alert").first()).toContainText(text.invalidCode);

  await page.getByRole("textbox", { name: text.code.label }).fill(appCode(key));
  await page.getByRole("button", { name: text.enrol.submit }).click();
  await expect(page.getByRole("heading", { name: text.recovery.title })).toBeVisible();
  const codes = page.getByRole("list", { name: text.recovery.listLabel }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2}$/);
  const recoveryCode = (await codes.first().textContent())?.trim() ?? "";

  // Back to the settings: on, with ten codes left.
  await page.getByRole("link", { name: text.recovery.back }).click();
  await expect(page.getByText(text.account.remaining(10))).toBeVisible();

  // Sign out, and in again: the password leads to the code step.
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: adminMessages.menu.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Email").fill(TWO_FACTOR_ADMIN.email);
  await page.getByLabel("Password").fill(TWO_FACTOR_ADMIN.password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
  await expect(page.getByRole("heading", { level: 1, name: text.code.title })).toBeVisible();
  // Not signed in yet: the password step says nothing of success.
  await expect(toast(page, authMessages.success)).toHaveCount(0);
  violations.push(...(await axeViolations(page)));
  expect(violations).toEqual([]);

  // The enrolment spent the current code; the app's next one is accepted (one step of drift is allowed).
  await page.getByRole("textbox", { name: text.code.label }).fill(appCode(key, 1));
  await page.getByRole("button", { name: text.code.submit }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The code was the last step: it says "Login successful!" (spec 001 section 8).
  await expect(toast(page, authMessages.success)).toBeVisible();

  // An escalation mail's link to a lead, opened signed out: sign in, the code step, and on to that lead.
  const lead = await page.request.post("/api/submit-lead", { data: hoaLandingBody({ name: "Escalated Link-Follower" }) });
  expect(lead.status(), await lead.text()).toBe(201);
  const reference = (await lead.json()).reference as string;
  const found = await (await page.request.get(`/api/leads?q=${encodeURIComponent(reference)}`)).json();
  const leadPath = `/admin/leads/${found.data[0]._id}`;
  await page.getByRole("button", { name: adminMessages.menu.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto(leadPath);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Email").fill(TWO_FACTOR_ADMIN.email);
  await page.getByLabel("Password").fill(TWO_FACTOR_ADMIN.password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\/login\/code/);
  await page.getByRole("textbox", { name: text.code.label }).fill(recoveryCode);
  await page.getByRole("button", { name: text.code.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
});
