/**
 * A lead added by staff and its details corrected, in the browser (docs/decisions/052): from the leads
 * list's "New lead", a colleague adds the person who phoned, lands on the lead's screen with the
 * reference in a toast, sees it answered with their note and the arrival naming them and the source,
 * then corrects the phone and sees old and new in the timeline; a missing field is told beside it. Axe
 * on both screens.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { fieldMessages } from "../../app/lib/field-rules";
import { axe, expect, test, toast, toastsSettled, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = inboxMessages;

/** Signs in over the API: page.request shares the browser context's cookies. */
async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

const timeline = (page: Page) => page.getByTestId("timeline-entry");

test.describe("a lead added by staff", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("add the caller from the leads list, then correct their phone: both in the timeline; axe finds nothing", async ({ page }) => {
    const name = `Caller ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto("/admin/leads");
    await page.getByRole("link", { name: text.newLead.link }).click();
    await expect(page).toHaveURL(/\/admin\/leads\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: text.newLead.title })).toBeVisible();
    await waitForHydration(page, "#new-lead-name");

    // A missing source and name are told beside their fields, and nothing is sent.
    await page.getByRole("button", { name: text.newLead.submit }).click();
    await expect(page.getByTestId("error-new-lead-name")).toHaveText(fieldMessages.name);
    await expect(page.getByTestId("error-new-lead-source")).toHaveText(text.newLead.invalidSource);
    await expect(page).toHaveURL(/\/admin\/leads\/new$/);
    await toastsSettled(page);
    expect((await axe(page).analyze()).violations).toEqual([]);

    await page.getByRole("radio", { name: "Phone" }).check();
    await page.getByRole("textbox", { name: text.newLead.name }).fill(name);
    await page.getByRole("textbox", { name: text.newLead.phone }).fill("(512) 555-0142");
    await page.getByRole("textbox", { name: text.newLead.email }).fill("caller@gomez-builders.example");
    await page.getByLabel(text.newLead.service).selectOption("General Liability");
    await page.getByLabel(text.newLead.note).fill("Needs GL for a food truck.\nCall back after 3 PM.");
    await page.getByRole("button", { name: text.newLead.submit }).click();

    await expect(page).toHaveURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await expect(toast(page, "added.")).toContainText(/^Lead L-[2-9A-Z]{6} added\.$/);
    await expect(page.getByTestId("contact-fields")).toContainText(name);
    await expect(page.getByLabel(text.detail.statusLabel)).toHaveValue("contacted");
    await expect(timeline(page)).toHaveCount(2);
    await expect(timeline(page).first()).toHaveAttribute("data-kind", "note");
    await expect(timeline(page).first()).toContainText("Call back after 3 PM.");
    await expect(timeline(page).first()).toContainText(text.timeline.by(ADMIN.email));
    await expect(timeline(page).last()).toHaveAttribute("data-kind", "received");
    await expect(timeline(page).last()).toContainText(text.timeline.addedByStaff(ADMIN.email, "Phone"));

    // Correct the phone.
    await waitForHydration(page, "#lead-details-phone");
    const phone = page.getByRole("textbox", { name: text.details.phone });
    await expect(phone).toHaveValue("(512) 555-0142");
    await phone.fill("(512) 555-0199");
    await page.getByRole("button", { name: text.details.submit }).click();
    await expect(toast(page, text.details.saved)).toBeVisible();
    const changed = timeline(page).first();
    await expect(changed).toHaveAttribute("data-kind", "details_changed");
    await expect(changed).toContainText(text.timeline.detailsChanged);
    await expect(changed.getByTestId("detail-changes")).toHaveText(text.timeline.change("Phone", "(512) 555-0142", "(512) 555-0199"));
    await expect(changed).toContainText(text.timeline.by(ADMIN.email));
    await expect(page.getByTestId("contact-fields")).toContainText("(512) 555-0199");

    // Stored: the same after a reload.
    await page.reload();
    await expect(page.getByRole("textbox", { name: text.details.phone })).toHaveValue("(512) 555-0199");
    await expect(timeline(page)).toHaveCount(3);
    await toastsSettled(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
  });
});
