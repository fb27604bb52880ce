/**
 * Renewals and X-dates in the browser (docs/decisions/062): a lead won with a policy that expires in 40
 * days shows in the dashboard's Coming up with its date, days left, carrier and premium; Mark handled
 * takes it off the list, and the lead's timeline names who marked it. Axe finds nothing on the dashboard.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { renewalMessages } from "../../app/features/renewals/messages";
import { addDays, addMonths, agencyDay, dayLabel, daysBetween } from "../../app/lib/calendar-day";
import { axe, expect, test, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** A lead added by staff, then won over the API with a year's policy expiring `days` agency days from today. */
async function wonLead(page: Page, days: number): Promise<{ id: string; reference: string; dueOn: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const res = await page.request.post("/api/leads", {
    data: { name: `Renewal ${tag}`, phone: "(512) 555-0134", service: "Commercial Trucking", source: "Phone" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { _id: id, reference } = ((await res.json()) as { data: { _id: string; reference: string } }).data;
  // The default profile's time zone: the agency's today.
  const effectiveDate = addMonths(addDays(agencyDay("America/Chicago"), days), -12);
  const won = await page.request.patch(`/api/leads/${id}`, {
    data: { status: "won", outcome: { carrier: "Progressive", premium: 12_500, effectiveDate, termMonths: 12 } },
  });
  expect(won.status(), await won.text()).toBe(200);
  const lead = await (await page.request.get(`/api/leads/${id}`)).json();
  return { id, reference, dueOn: (lead as { data: { outcome: { expirationDate: string } } }).data.outcome.expirationDate };
}

test("a renewal coming up shows on the dashboard; Mark handled takes it off and the lead's timeline names who", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const lead = await wonLead(page, 40);
  await page.goto("/admin/dashboard");
  const panel = page.getByTestId("coming-up");
  await expect(panel.getByRole("heading", { name: renewalMessages.panel.title })).toBeVisible();
  const row = panel.locator(`[data-testid="coming-up-row"][data-reference="${lead.reference}"]`);
  await expect(row).toContainText(renewalMessages.kinds.renewal);
  await expect(row).toContainText(dayLabel(lead.dueOn));
  await expect(row).toContainText(renewalMessages.inDays(daysBetween(agencyDay("America/Chicago"), lead.dueOn)));
  await expect(row).toContainText(renewalMessages.panel.carrier("Progressive"));
  await expect(row).toContainText(renewalMessages.panel.premium(12_500));
  await expect(row.getByRole("link", { name: new RegExp(lead.reference) })).toHaveAttribute("href", `/admin/leads/${lead.id}`);
  await waitForHydration(page, '[data-testid="coming-up"] button');
  const scan = await axe(page).analyze();
  expect(scan.violations).toEqual([]);

  await row.getByRole("button", { name: renewalMessages.panel.markLabel(renewalMessages.kinds.renewal, lead.reference) }).click();
  await expect(panel.getByRole("status")).toHaveText(renewalMessages.handled(renewalMessages.kinds.renewal, lead.reference));
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(panel.locator(`[data-reference="${lead.reference}"]`)).toHaveCount(0);

  await page.goto(`/admin/leads/${lead.id}`);
  const entry = page.getByTestId("timeline-entry").first();
  await expect(entry).toHaveAttribute("data-kind", "renewal_handled");
  await expect(entry).toContainText(inboxMessages.timeline.renewalHandled(inboxMessages.timeline.renewalOn(dayLabel(lead.dueOn))));
  await expect(entry).toContainText(inboxMessages.timeline.by(ADMIN.email));
});
