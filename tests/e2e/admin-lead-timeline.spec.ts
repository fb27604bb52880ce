/**
 * A lead's owner, notes and timeline in the browser: an admin opens a lead sent through the contact
 * form, assigns it to themself, adds a note and changes its status, and sees each in the timeline
 * with who and when; the same forms without scripts; axe on the screen. Each test makes its own lead.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody } from "../support/lead-fixtures";
import { axe, expect, test, toast, toastsSettled, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

/** Signs in over the API: page.request shares the browser context's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A lead through the contact form, found in the inbox by its unique address. */
async function newLead(page: Page): Promise<{ id: string; name: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const name = `Timeline ${tag}`;
  const email = `timeline-${tag}@example.com`;
  const res = await page.request.post("/api/contacts", { data: contactBody({ fullName: name, email }) });
  expect(res.status(), await res.text()).toBe(201);
  const list = await (await page.request.get(`/api/leads?q=${encodeURIComponent(email)}`)).json();
  const lead = (list.data as { _id: string; email: string }[]).find((l) => l.email === email);
  expect(lead).toBeDefined();
  return { id: lead!._id, name };
}

const timeline = (page: Page) => page.getByTestId("timeline-entry");

test.describe("a lead's timeline", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("assign the lead to yourself, add a note and change the status: each shows in the timeline, newest first; axe finds nothing", async ({
    page,
  }) => {
    const lead = await newLead(page);
    await page.goto(`/admin/leads/${lead.id}`);
    await expect(page.getByTestId("contact-fields")).toContainText(lead.name);
    await waitForHydration(page, "#lead-assignee");
    await expect(timeline(page)).toHaveCount(1);
    await expect(timeline(page).first()).toHaveAttribute("data-kind", "received");
    await expect(page.getByTestId("waiting-clock")).toHaveText("0 min");
    await expect(page.getByTestId("due-by")).toHaveText(/^Due by .+/);

    const assignee = page.getByLabel(text.assignment.label);
    await expect(assignee).toHaveValue("");
    await assignee.selectOption({ label: ADMIN.email });
    await page.getByRole("button", { name: text.assignment.submit }).click();
    await expect(toast(page, text.assignment.assigned(ADMIN.email))).toBeVisible();
    await expect(timeline(page).first()).toContainText(text.timeline.assigned(ADMIN.email));
    await expect(timeline(page).first()).toContainText(text.timeline.by(ADMIN.email));
    await expect(timeline(page).first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);

    const note = page.getByLabel(text.notes.label, { exact: true });
    await note.fill("Called at 10:05, left a voicemail.\nTry again after lunch.");
    await page.getByRole("button", { name: text.notes.submit }).click();
    await expect(toast(page, text.notes.added)).toBeVisible();
    await expect(note).toHaveValue("");
    const added = timeline(page).first();
    await expect(added).toHaveAttribute("data-kind", "note");
    await expect(added).toContainText("Called at 10:05, left a voicemail.");
    await expect(added).toContainText("Try again after lunch.");
    await expect(added).toContainText(text.timeline.by(ADMIN.email));

    await page.getByLabel(text.detail.statusLabel).selectOption("contacted");
    await expect(toast(page, text.statusUpdated)).toBeVisible();
    await expect(page.getByTestId("first-response")).toHaveText("Answered in 0 min");
    await expect(timeline(page).first()).toContainText(text.timeline.statusChanged("New", "Contacted"));
    await expect(timeline(page)).toHaveCount(4);
    await expect(timeline(page).last()).toHaveAttribute("data-kind", "received");

    // Stored: the same after a reload.
    await page.reload();
    await expect(page.getByLabel(text.assignment.label)).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(timeline(page).nth(1)).toContainText("Try again after lunch.");

    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test("an empty note is refused with its reason next to the field", async ({ page }) => {
    const lead = await newLead(page);
    await page.goto(`/admin/leads/${lead.id}`);
    await waitForHydration(page, "#lead-note");
    await page.getByLabel(text.notes.label, { exact: true }).fill("   ");
    await page.getByRole("button", { name: text.notes.submit }).click();
    await expect(page.getByTestId("error-lead-note")).toHaveText(text.notes.empty);
    await expect(page.getByLabel(text.notes.label, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(timeline(page)).toHaveCount(1);
    await toastsSettled(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("the assignment, note and status forms work as plain forms", async ({ page }) => {
      const lead = await newLead(page);
      await page.goto(`/admin/leads/${lead.id}`);
      await page.getByLabel(text.assignment.label).selectOption({ label: ADMIN.email });
      await page.getByRole("button", { name: text.assignment.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: text.assignment.assigned(ADMIN.email) })).toBeVisible();
      await expect(timeline(page).first()).toContainText(text.timeline.assigned(ADMIN.email));

      await page.getByLabel(text.notes.label, { exact: true }).fill("Written without scripts.");
      await page.getByRole("button", { name: text.notes.submit }).click();
      await expect(page.getByRole("status").filter({ hasText: text.notes.added })).toBeVisible();
      await expect(timeline(page).first()).toContainText("Written without scripts.");

      await page.getByLabel(text.detail.statusLabel).selectOption("quoted");
      await page.getByRole("button", { name: text.detail.saveStatus }).click();
      await expect(page.getByRole("status").filter({ hasText: text.statusUpdated })).toBeVisible();
      await expect(timeline(page).first()).toContainText(text.timeline.statusChanged("New", "Quoted"));
    });
  });
});
