/**
 * A lead's outcome in the browser (docs/decisions/060): choosing Won in the status select opens the
 * outcome form at the carrier field; a premium that is not an amount is told beside it with the status
 * unchanged; saved, the screen shows the policy and its renewal date and the timeline's status entry
 * holds the outcome. Then lost with a reason and an X-date. Axe on the screen with the form open.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { outcomeMessages } from "../../app/features/leads-inbox/outcome";
import { markWon } from "./outcome-steps";
import { axe, expect, test, toast, toastsSettled, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const text = outcomeMessages;

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

async function newLead(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/leads", {
    data: { name, phone: "(512) 555-0163", service: "Commercial Trucking", source: "Phone" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

const timeline = (page: Page) => page.getByTestId("timeline-entry");

test.describe("a lead's outcome", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("won from the status select: asked for the policy, a bad premium told beside it, saved into the timeline; axe finds nothing", async ({
    page,
  }) => {
    const id = await newLead(page, `Fleet ${Math.random().toString(36).slice(2, 8)}`);
    await page.goto(`/admin/leads/${id}`);
    await waitForHydration(page, "#lead-status");
    await expect(page.getByTestId("outcome-summary")).toContainText(text.notRecorded);

    // Choosing Won is not sent: the outcome form asks for the rest, its Won part alone shown.
    await page.getByLabel(inboxMessages.detail.statusLabel).selectOption("won");
    await expect(page.getByText(text.askBelow)).toBeVisible();
    const form = page.getByTestId("outcome-form");
    await expect(form.getByRole("textbox", { name: text.carrier })).toBeFocused();
    await expect(form.locator("[data-part=lost]")).toHaveCount(0);
    await expect(form.getByLabel(text.lineOfBusiness)).toHaveValue("Commercial Trucking");
    await expect(form.getByLabel(text.termMonths)).toHaveValue("12");
    await toastsSettled(page);
    expect((await axe(page).analyze()).violations).toEqual([]);

    await form.getByRole("textbox", { name: text.carrier }).fill("Great West Casualty");
    await form.getByRole("textbox", { name: text.premium }).fill("lots");
    await form.getByLabel(text.effectiveDate).fill("2027-02-15");
    await form.getByRole("button", { name: text.save }).click();
    await expect(form.getByTestId("error-outcome-premium")).toHaveText(text.errors.amount);
    await expect(toast(page, text.failed)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(inboxMessages.detail.statusLabel)).toHaveValue("contacted");

    await markWon(page, id, { carrier: "Great West Casualty", premium: "$24,350", effectiveDate: "2027-02-15" });
    const summary = page.getByTestId("outcome-summary");
    await expect(summary).toContainText("Great West Casualty");
    await expect(summary).toContainText("$24,350.00");
    await expect(summary).toContainText("Feb 15, 2028");
    const moved = timeline(page).first();
    await expect(moved).toHaveAttribute("data-kind", "status_changed");
    await expect(moved).toContainText(inboxMessages.timeline.statusChanged("Contacted", "Won"));
    await expect(moved.getByTestId("detail-changes")).toContainText(inboxMessages.timeline.change(text.premium, "(none)", "$24,350.00"));
  });

  test("lost with a reason, the competitor and an X-date", async ({ page }) => {
    const id = await newLead(page, `Hauler ${Math.random().toString(36).slice(2, 8)}`);
    await page.goto(`/admin/leads/${id}`);
    await waitForHydration(page, "#lead-status");
    await page.getByLabel(inboxMessages.detail.statusLabel).selectOption("lost");
    const form = page.getByTestId("outcome-form");
    await expect(form.getByRole("combobox", { name: text.lostReason })).toBeFocused();
    await form.getByRole("combobox", { name: text.lostReason }).selectOption("price");
    await form.getByRole("textbox", { name: text.competitor }).fill("Progressive");
    await form.getByLabel(text.xDate).fill("2030-06-01");
    await form.getByRole("button", { name: text.save }).click();
    await expect(toast(page, text.saved)).toBeVisible();
    await expect(page.getByLabel(inboxMessages.detail.statusLabel)).toHaveValue("lost");
    const summary = page.getByTestId("outcome-summary");
    await expect(summary).toContainText("Price");
    await expect(summary).toContainText("Progressive");
    await expect(summary).toContainText("Jun 1, 2030");
  });
});
