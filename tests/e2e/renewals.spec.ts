/**
 * Renewals and X-dates in the browser (docs/decisions/062), on a server of this spec's own on a fresh
 * PostgreSQL database, so the spec can record a won lead's policy expiration with SQL (the shared
 * server's embedded database is the server's alone): the lead shows in the dashboard's Coming up with
 * its date, days left and carrier; Mark handled takes it off the list, and the lead's timeline names who
 * marked it. Axe finds nothing on the dashboard. Needs TEST_DATABASE_URL (CI sets it).
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import pg from "pg";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { renewalMessages } from "../../app/features/renewals/messages";
import { addDays, agencyDay, dayLabel } from "../../app/lib/calendar-day";
import { createPostgresDatabase, postgresUrl } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { type OwnServer, startOwnServer } from "./own-server";
import { axe, expect, test, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });
test.skip(!postgresUrl, "needs TEST_DATABASE_URL: the spec records the lead's policy with SQL");

const ADMIN = { email: "renewals-owner@agency.example", password: "harbor lantern meadow copper" };

let server: OwnServer;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
test.beforeAll(async () => {
  database = await createPostgresDatabase();
  server = await startOwnServer({
    DATABASE_URL: database.url,
    // Production on PostgreSQL asks for the two-factor key every process shares (docs/decisions/048).
    TWO_FACTOR_KEY: randomBytes(32).toString("base64"),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

const at = (p: string) => `${server.url}${p}`;

async function signIn(page: Page) {
  const res = await page.request.post(at("/api/auth/login"), { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** A lead through the contact form, then won with a policy expiring `days` agency days from today. */
async function wonLead(page: Page, days: number): Promise<{ id: string; reference: string; dueOn: string }> {
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `renewal-${tag}@example.com`;
  const res = await page.request.post(at("/api/contacts"), { data: contactBody({ fullName: `Renewal ${tag}`, email }) });
  expect(res.status(), await res.text()).toBe(201);
  // The default profile's time zone: the agency's today.
  const dueOn = addDays(agencyDay("America/Chicago"), days);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; reference: string }>(
      `update leads set status = 'won', policy_expires_on = $2, carrier = 'Progressive', premium_cents = 1250000
       where email = $1 returning id, reference`,
      [email, dueOn],
    );
    expect(rows).toHaveLength(1);
    return { ...rows[0], dueOn };
  } finally {
    await client.end();
  }
}

test("a renewal coming up shows on the dashboard; Mark handled takes it off and the lead's timeline names who", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  const lead = await wonLead(page, 40);
  await page.goto(at("/admin/dashboard"));
  const panel = page.getByTestId("coming-up");
  await expect(panel.getByRole("heading", { name: renewalMessages.panel.title })).toBeVisible();
  const row = panel.locator(`[data-testid="coming-up-row"][data-reference="${lead.reference}"]`);
  await expect(row).toContainText(renewalMessages.kinds.renewal);
  await expect(row).toContainText(dayLabel(lead.dueOn));
  await expect(row).toContainText(renewalMessages.inDays(40));
  await expect(row).toContainText(renewalMessages.panel.carrier("Progressive"));
  await expect(row).toContainText(renewalMessages.panel.premium(12_500));
  await expect(row.getByRole("link", { name: new RegExp(lead.reference) })).toHaveAttribute("href", `/admin/leads/${lead.id}`);
  await waitForHydration(page, '[data-testid="coming-up"] button');
  const scan = await axe(page).analyze();
  expect(scan.violations).toEqual([]);

  await row.getByRole("button", { name: renewalMessages.panel.markLabel(renewalMessages.kinds.renewal, lead.reference) }).click();
  await expect(panel.getByRole("status")).toHaveText(renewalMessages.handled(renewalMessages.kinds.renewal, lead.reference));
  await expect(row).toHaveCount(0);
  await expect(panel).toContainText(renewalMessages.panel.empty);
  await page.reload();
  await expect(panel.locator(`[data-reference="${lead.reference}"]`)).toHaveCount(0);

  await page.goto(at(`/admin/leads/${lead.id}`));
  const entry = page.getByTestId("timeline-entry").first();
  await expect(entry).toHaveAttribute("data-kind", "renewal_handled");
  await expect(entry).toContainText(inboxMessages.timeline.renewalHandled(inboxMessages.timeline.renewalOn(dayLabel(lead.dueOn))));
  await expect(entry).toContainText(inboxMessages.timeline.by(ADMIN.email));
});
