import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { inviteMessages, usersMessages } from "../../app/features/admin-users/messages";
import { authMessages } from "../../app/features/auth/schema";
import { plainText } from "../support/smtp";
import { axe, expect, test } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
/** Without SMTP_URL the e2e server writes each mail as an .eml file here (playwright.config.ts: DATA_DIR=data/e2e). */
const MAIL_DIR = path.resolve("data/e2e/mail");

/** A field's label exactly, with or without the required marker ("Password *" but not "Password again *"). */
const exactLabel = (label: string) => new RegExp(`^${label}( \\*)?$`);

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The newest invitation mail to `to`, decoded (the body is quoted-printable), once it has been written. */
async function invitationTo(to: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((n) => n.includes("-admin_invite-"));
        const files = await Promise.all(
          names.map(async (n) => ({ file: path.join(MAIL_DIR, n), at: (await stat(path.join(MAIL_DIR, n))).mtimeMs })),
        );
        for (const { file } of files.sort((a, b) => b.at - a.at)) {
          const raw = await readFile(file, "utf8");
          if (new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(raw)) {
            found = plainText(raw);
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `an invitation mail to ${to}` },
    )
    .toBe(true);
  return found;
}

test("an admin invites Dana, Dana sets a password from the mailed link and signs in, then is deactivated", async ({ page, browser }) => {
  const dana = { name: "Dana Ruiz", email: `dana.ruiz.${Date.now()}@agency.example`, password: "saffron glacier tandem orbit" };

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.users }).click();
  await expect(page.getByRole("heading", { level: 1, name: usersMessages.title })).toBeVisible();
  await expect(page.getByRole("table", { name: usersMessages.list.caption })).toContainText(ADMIN.email);

  // A mistake first: the error sits beside its field and what was typed stays.
  await page.getByLabel(usersMessages.invite.name).fill(dana.name);
  await page.getByLabel(usersMessages.invite.email).fill("dana at agency");
  await page.getByRole("button", { name: usersMessages.invite.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: usersMessages.errors.invalid })).toBeVisible();
  await expect(page.getByTestId("error-invite-email")).toHaveText(usersMessages.errors.emailInvalid);
  await expect(page.getByLabel(usersMessages.invite.name)).toHaveValue(dana.name);

  await page.getByLabel(usersMessages.invite.email).fill(dana.email);
  await page.getByRole("button", { name: usersMessages.invite.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: usersMessages.results.invited(dana.email) })).toBeVisible();
  await expect(page.getByRole("table", { name: usersMessages.invite.pendingCaption })).toContainText(dana.email);
  await expect(page.getByLabel(usersMessages.invite.name)).toHaveValue("");

  const users = await axe(page).analyze();
  expect(users.violations).toEqual([]);

  const mail = await invitationTo(dana.email);
  expect(mail).toContain(`Hi ${dana.name},`);
  const link = /https?:\/\/\S+(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link).toBeDefined();

  // Dana, in a browser of her own.
  const context = await browser.newContext();
  try {
    const danaPage = await context.newPage();
    await danaPage.goto(link!);
    await expect(danaPage.getByRole("heading", { level: 1, name: inviteMessages.title })).toBeVisible();
    await expect(danaPage.getByText(inviteMessages.intro(dana.name))).toBeVisible();
    await expect(danaPage.getByLabel(exactLabel(inviteMessages.account))).toHaveValue(dana.email);
    const invitePage = await axe(danaPage).analyze();
    expect(invitePage.violations).toEqual([]);

    await danaPage.getByLabel(exactLabel(inviteMessages.password)).fill(dana.password);
    await danaPage.getByLabel(exactLabel(inviteMessages.confirmPassword)).fill(`${dana.password} typo`);
    await danaPage.getByRole("button", { name: inviteMessages.submit }).click();
    await expect(danaPage.getByTestId("error-invite-confirm-password")).toHaveText(inviteMessages.errors.mismatch);

    await danaPage.getByLabel(exactLabel(inviteMessages.password)).fill(dana.password);
    await danaPage.getByLabel(exactLabel(inviteMessages.confirmPassword)).fill(dana.password);
    await danaPage.getByRole("button", { name: inviteMessages.submit }).click();
    await expect(danaPage.getByRole("status").filter({ hasText: inviteMessages.ready })).toBeVisible();
    await danaPage.getByRole("link", { name: inviteMessages.signIn }).click();
    await expect(danaPage).toHaveURL(/\/admin\/login$/);
    await signIn(danaPage, dana.email, dana.password);

    // The link works once.
    await danaPage.goto(link!);
    await expect(danaPage.getByRole("heading", { level: 1, name: inviteMessages.invalidTitle })).toBeVisible();
    await expect(danaPage.getByRole("alert")).toContainText(inviteMessages.used);
    await expect(danaPage.getByRole("alert")).toContainText(inviteMessages.whatToDo);
    const usedPage = await axe(danaPage).analyze();
    expect(usedPage.violations).toEqual([]);

    // The first admin sees Dana signed in now, and deactivates her.
    await page.reload();
    const row = page.getByTestId(`user-${dana.email}`);
    await expect(row).toContainText(dana.name);
    await expect(row).toContainText(usersMessages.list.active);
    // Signed in now: the mark with its hint, wherever the column sits in the row.
    await expect(row.getByTitle(usersMessages.list.onDutyHint)).toHaveText(usersMessages.list.onDuty);
    await row.getByRole("button", { name: usersMessages.list.deactivate(dana.name) }).click();
    await expect(page.getByRole("status").filter({ hasText: usersMessages.results.deactivated(dana.name) })).toBeVisible();
    await expect(row).toContainText(usersMessages.list.deactivated);
    await expect(row.getByRole("button", { name: usersMessages.list.reactivate(dana.name) })).toBeVisible();

    // Dana's session ended at once, and her password no longer signs in.
    await danaPage.goto("/admin/users");
    await expect(danaPage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fusers$/);
    await danaPage.getByLabel("Email").fill(dana.email);
    await danaPage.getByLabel("Password").fill(dana.password);
    await danaPage.getByRole("button", { name: adminMessages.login.submit }).click();
    await expect(danaPage.getByRole("alert").filter({ hasText: authMessages.invalidCredentials })).toBeVisible();
  } finally {
    await context.close();
  }
});
