/**
 * Least privilege in the browser, on a server of this spec's own that asks for the password before
 * every dangerous action (ADMIN_STEP_UP_MINUTES=0, so even a fresh sign-in is asked):
 * - a Staff member, invited by the owner and set up from the mailed link, sees no Users, Settings,
 *   Privacy or Audit in the menu, and those screens answer "Not allowed" (403) when opened directly;
 * - the owner deactivating that member is asked for the password (a wrong one is refused beside the
 *   field), and the second owner is mailed a security notice naming the deactivation;
 * - "Sign out everywhere else" on the Account screen ends the account's session in another browser.
 * The tests run in order and build on each other's accounts: one server, one invitation per person.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { inviteMessages, usersMessages } from "../../app/features/admin-users/messages";
import { sessionsMessages } from "../../app/features/auth/sessions-messages";
import { securityNoticeMessages } from "../../app/features/mail/security-notice.server";
import { type Role, roleMessages } from "../../app/lib/roles";
import { stepUpMessages } from "../../app/lib/step-up";
import { plainText } from "../support/smtp";
import { type OwnServer, startOwnServer } from "./own-server";
import { axe, expect, test, toast, untilHydrated } from "./support";

test.describe.configure({ mode: "serial" });

type Account = { name: string; email: string; password: string };
/** The first owner, made at the server's start from ADMIN_EMAIL and ADMIN_PASSWORD. */
const OWNER = { email: "first-owner@agency.example", password: "walnut beacon tundra meridian" };
const STAFF: Account = { name: "Sam Okafor", email: "sam.okafor@agency.example", password: "pebble orchid lantern voyage" };
const SECOND_OWNER: Account = { name: "Rosa Lindqvist", email: "rosa.lindqvist@agency.example", password: "cobalt meadow ferry tinsel" };

/** A field's label exactly, with or without the required marker ("Password *" but not "Password again *"). */
const exactLabel = (label: string) => new RegExp(`^${label}( \\*)?$`);

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_STEP_UP_MINUTES: "0",
    LOG_LEVEL: "warn",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (p: string) => `${server.url}${p}`;

/** Signs the page's browser in over the API: page.request shares the browser context's cookies. */
async function signIn(page: Page, account: { email: string; password: string }) {
  const res = await page.request.post(at("/api/auth/login"), { data: { email: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens a page in a browser of its own and waits until its scripts have run (the suite's `page` does that itself). */
async function open(page: Page, p: string) {
  const response = await page.goto(at(p));
  await untilHydrated(page);
  return response;
}

/** The back office's side menu: the navigation holding Sign Out. */
const menu = (page: Page) => page.getByRole("navigation").filter({ has: page.getByRole("button", { name: adminMessages.menu.signOut }) });

/**
 * The newest mail of `kind` to `to` whose text has `contains`, decoded (the body is quoted-printable),
 * once the outbox has written it (without SMTP the server writes each mail to DATA_DIR/mail).
 */
async function mailTo(kind: string, to: string, contains = ""): Promise<string> {
  const dir = path.join(server.dataDir, "mail");
  const toLine = new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi");
  let found = "";
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.includes(`-${kind}-`)).sort();
        for (const name of names.reverse()) {
          const raw = await readFile(path.join(dir, name), "utf8");
          const text = plainText(raw);
          if (toLine.test(raw) && text.includes(contains)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return found;
}

/**
 * The owner invites `person` with `role` from the Users screen: the invitation asks for the password
 * first, and goes once it is given.
 */
async function invite(page: Page, person: Account, role: Role) {
  await page.goto(at("/admin/users"));
  await page.getByLabel(usersMessages.invite.name).fill(person.name);
  await page.getByLabel(usersMessages.invite.email).fill(person.email);
  await page.getByRole("combobox", { name: usersMessages.invite.role, exact: true }).selectOption({ label: roleMessages.names[role] });
  await page.getByRole("button", { name: usersMessages.invite.submit }).click();
  await confirmPassword(page, OWNER.password);
  // Answered with a redirect and a toast: reloading the page cannot send the password or the invitation again.
  await expect(toast(page, usersMessages.results.invited(person.email))).toBeVisible();
  await expect(page.getByTestId("step-up")).toHaveCount(0);
}

/** The "Confirm it's you" prompt, answered with `password`. */
async function confirmPassword(page: Page, password: string) {
  const prompt = page.getByTestId("step-up");
  await expect(prompt.getByRole("heading", { name: stepUpMessages.heading })).toBeVisible();
  await prompt.getByLabel(stepUpMessages.label).fill(password);
  await prompt.getByRole("button", { name: stepUpMessages.submit }).click();
}

/** `person` opens the mailed invitation in a browser of their own and chooses a password; the browser stays open. */
async function accept(browser: Browser, person: Account): Promise<BrowserContext> {
  const mail = await mailTo("admin_invite", person.email);
  const link = /https?:\/\/\S+(\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(link, mail).toBeDefined();
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, link!);
  await expect(page.getByRole("heading", { level: 1, name: inviteMessages.title })).toBeVisible();
  await page.getByLabel(exactLabel(inviteMessages.password)).fill(person.password);
  await page.getByLabel(exactLabel(inviteMessages.confirmPassword)).fill(person.password);
  await page.getByRole("button", { name: inviteMessages.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: inviteMessages.ready })).toBeVisible();
  return context;
}

test("a Staff member invited by the owner sees no Users, Settings, Privacy or Audit, and those screens are Not allowed", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER);
  await invite(page, STAFF, "staff");
  await expect(page.getByTestId(`invite-${STAFF.email}`)).toContainText(roleMessages.names.staff);

  const staff = await accept(browser, STAFF);
  try {
    const staffPage = staff.pages()[0];
    await signIn(staffPage, STAFF);
    await open(staffPage, "/admin/dashboard");
    await expect(staffPage.getByTestId("admin-role")).toHaveText(roleMessages.names.staff);
    const nav = menu(staffPage);
    await expect(nav.getByRole("link", { name: adminMessages.menu.leads, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: adminMessages.menu.account, exact: true })).toBeVisible();
    for (const hidden of [adminMessages.menu.users, adminMessages.menu.settings, adminMessages.menu.privacy, adminMessages.menu.audit])
      await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

    // Typed into the address bar anyway: the back office's frame with "Not allowed", and a 403.
    for (const screen of ["/admin/users", "/admin/settings", "/admin/privacy"]) {
      const response = await open(staffPage, screen);
      expect(response?.status(), screen).toBe(403);
      await expect(staffPage.getByRole("heading", { level: 1, name: roleMessages.forbiddenTitle })).toBeVisible();
      await expect(staffPage.getByRole("alert")).toHaveText(roleMessages.forbidden);
      await expect(nav.getByRole("link", { name: adminMessages.menu.leads, exact: true })).toBeVisible();
    }
    expect((await axe(staffPage).analyze()).violations).toEqual([]);
  } finally {
    await staff.close();
  }
});

test("the owner is asked for the password to deactivate the Staff member, and the other owner is mailed about it", async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER);
  await invite(page, SECOND_OWNER, "owner");
  await (await accept(browser, SECOND_OWNER)).close();

  await page.goto(at("/admin/users"));
  const row = page.getByTestId(`user-${STAFF.email}`);
  await expect(row).toContainText(usersMessages.list.active);
  await row.getByRole("button", { name: usersMessages.list.deactivate(STAFF.name) }).click();

  // A wrong password: refused beside the field, and the account stays active.
  await confirmPassword(page, `${OWNER.password} typo`);
  await expect(page.getByTestId("error-step-up-secret")).toHaveText(stepUpMessages.wrong);
  await expect(row).toContainText(usersMessages.list.active);

  await page.getByTestId("step-up").getByLabel(stepUpMessages.label).fill(OWNER.password);
  await page.getByTestId("step-up").getByRole("button", { name: stepUpMessages.submit }).click();
  await expect(toast(page, usersMessages.results.deactivated(STAFF.name))).toBeVisible();
  await expect(row).toContainText(usersMessages.list.deactivated);
  await expect(page.getByTestId("step-up")).toHaveCount(0);

  const notice = await mailTo("security_notice", SECOND_OWNER.email, securityNoticeMessages.events.deactivated(OWNER.email, STAFF.email));
  expect(notice).toContain(`${securityNoticeMessages.who}: ${OWNER.email}`);
});

test("Sign out everywhere else ends the account's session in another browser", async ({ page, browser }) => {
  const st = sessionsMessages;
  await signIn(page, SECOND_OWNER);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, SECOND_OWNER);
    await open(otherPage, "/admin/dashboard");

    await page.goto(at("/admin/account"));
    const sessions = page.getByRole("table", { name: st.caption }).locator("tbody tr");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: st.thisSession })).toHaveCount(1);
    await page.getByRole("button", { name: st.signOutOthers }).click();
    await expect(page.getByRole("status").filter({ hasText: st.endedOthers(1) })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText(st.thisSession);

    // The other browser, still showing the dashboard, goes to another screen: its session is gone.
    await menu(otherPage).getByRole("link", { name: adminMessages.menu.leads, exact: true }).click();
    await expect(otherPage).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fleads$/);
    await expect(otherPage.getByRole("heading", { level: 1, name: adminMessages.login.title })).toBeVisible();
  } finally {
    await other.close();
  }
});
