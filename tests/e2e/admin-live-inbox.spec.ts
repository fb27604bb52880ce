/**
 * The inbox keeps itself current: a lead sent while the list is open appears without a reload, the
 * tab's title counts the new leads, and a desktop notification announces it (never the leads already
 * there). Then the dashboard's "is the promise kept?" figures, and axe on the dashboard.
 * Other specs add and move leads at the same time: counts are checked against the server, not fixed.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody } from "../support/lead-fixtures";
import { axe, expect, test } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

const titleCount = (title: string) => Number(/^\((\d+)\) /.exec(title)?.[1] ?? 0);

/**
 * A stand-in for the browser's Notification that records what each page load showed. Permission starts
 * as "default" and, once granted, stays granted across reloads (as the browser's would).
 */
function fakeNotifications() {
  const shown: { title: string; body?: string }[] = [];
  class FakeNotification {
    static get permission(): NotificationPermission {
      return sessionStorage.getItem("fake-notification-permission") === "granted" ? "granted" : "default";
    }
    static async requestPermission(): Promise<NotificationPermission> {
      sessionStorage.setItem("fake-notification-permission", "granted");
      return "granted";
    }
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
  }
  Object.assign(window, { Notification: FakeNotification, __notifications: shown });
}

test("a lead sent while the list is open appears without a reload, counted in the tab's title and announced", async ({ page }) => {
  await signIn(page);
  await page.addInitScript(fakeNotifications);
  const name = `Live ${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name.replace(" ", "-").toLowerCase()}@example.com`;

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: text.columns.assignee })).toBeVisible();
  // A lead of another spec may be waiting, or none.
  await expect(page).toHaveTitle(/^(\(\d+\) )?Leads \| /);

  const button = page.getByRole("button", { name: text.live.enableNotifications });
  await expect(button).toBeVisible();
  await button.click();
  await expect(button).toHaveCount(0);

  let navigations = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigations++;
  });
  const res = await page.request.post("/api/contacts", { data: contactBody({ fullName: name, email }) });
  expect(res.status(), await res.text()).toBe(201);

  const row = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId("lead-assignee")).toHaveText(text.assignment.unassigned);
  await expect(row.getByTestId("waiting-clock")).toHaveText("0 min");
  expect(navigations).toBe(0);

  // The title counts the new leads as the server does (ours among them).
  await expect
    .poll(
      async () => {
        const pulse = (await (await page.request.get("/api/leads/pulse")).json()).data as { waiting: number };
        return titleCount(await page.title()) === pulse.waiting && pulse.waiting >= 1;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect(page).toHaveTitle(/^\(\d+\) Leads \| /);

  const notifications = () =>
    page.evaluate(() => (window as unknown as { __notifications: { title: string; body?: string }[] }).__notifications);
  const reference = /L-[A-Z0-9]{6}/.exec((await row.textContent()) ?? "")?.[0] ?? "";
  expect(reference).toMatch(/^L-[A-Z0-9]{6}$/);
  await expect.poll(async () => (await notifications()).filter((n) => n.title === text.live.notificationTitle(reference))).toHaveLength(1);
  const mine = (await notifications()).find((n) => n.title === text.live.notificationTitle(reference))!;
  // The reference and the line of insurance only: a notification can show on a lock screen.
  expect(mine.body).toBe("Contractors Insurance");
  expect(JSON.stringify(await notifications())).not.toContain(name);

  // A fresh load announces nothing: only arrivals while the page is open.
  await page.reload();
  await expect(page.getByTestId("lead-row").filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("button", { name: text.live.enableNotifications })).toHaveCount(0);
  await page.waitForTimeout(1_000);
  expect(await notifications()).toEqual([]);
});

test("when the session ends while the list is open, the next pulse sends the browser to sign in", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  // Signed out elsewhere: the session is gone from the server and the browser's cookie.
  expect((await page.request.post("/api/auth/logout")).ok()).toBe(true);
  // A tab coming back into view asks at once, rather than at the next 10-second beat. Leads other
  // tests store may have started a reload of the list just before, which finds the session gone
  // first (and a pulse in flight makes this one wait for the next beat): either sends the browser on.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fleads$/, { timeout: 15_000 });
});

test("the dashboard shows the promise kept over 7 and 30 days, by assignee; axe finds nothing", async ({ page }) => {
  await signIn(page);
  const email = `promise-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post("/api/contacts", { data: contactBody({ email }) });
  expect(res.status()).toBe(201);
  // Answered at once: it counts, within the promise.
  const list = await (await page.request.get("/api/leads?type=contact_form&limit=200")).json();
  const lead = (list.data as { _id: string; email: string }[]).find((l) => l.email === email)!;
  const answered = await page.request.patch(`/api/leads/${lead._id}`, { data: { status: "contacted" } });
  expect(answered.ok()).toBe(true);

  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("figure-New leads today")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("figure-Leads waiting")).toHaveText(/^\d+$/);
  const promise = page.getByRole("region", { name: text.promise.title });
  await expect(promise.getByRole("heading", { name: text.promise.periods.last7Days })).toBeVisible();
  await expect(promise.getByRole("heading", { name: text.promise.periods.last30Days })).toBeVisible();
  for (const days of [7, 30]) {
    await expect(page.getByTestId(`promise-${days}-within`)).toHaveText(/^\d{1,3}(\.\d)?%$/);
    await expect(page.getByTestId(`promise-${days}-median`)).toHaveText(/^\d+(\.\d)? min$/);
    await expect(page.getByTestId(`promise-${days}-leads`)).toHaveText(/^[1-9]\d*$/);
  }
  const table = page.getByRole("table", { name: text.promise.byAssignee });
  await expect(table).toBeVisible();
  await expect(table.getByRole("rowheader", { name: text.assignment.unassigned })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: text.promise.assignee })).toBeVisible();

  expect((await axe(page).analyze()).violations).toEqual([]);
});
