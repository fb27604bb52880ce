/**
 * The report in the browser (docs/decisions/061-report.md), on a server of this spec's own: a lead
 * sent from the HOA landing page of an ad campaign is marked won with a premium on its screen; the owner opens the report
 * and finds it under its campaign and its landing page, with the premium, the funnel and the weekly
 * trend; axe finds nothing. Its own server, so the period's figures are this lead's alone; the lead is
 * won on its screen, as a colleague records it.
 */
import type { Page } from "@playwright/test";
import { reportMessages as text } from "../../app/features/reports/messages";
import { hoaLandingBody } from "../support/lead-fixtures";
import { markWon } from "./outcome-steps";
import { type OwnServer, startOwnServer } from "./own-server";
import { axe, expect, test } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "report-owner@agency.example", password: "ledger compass meadow harbour" };
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LEAD_CLOCK_HOURS: "always" };

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer(env);
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (p: string) => `${server.url}${p}`;

async function signIn(page: Page) {
  const res = await page.request.post(at("/api/auth/login"), { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

test("a lead won with a premium shows under its campaign and landing page; axe finds nothing", async ({ page }) => {
  test.setTimeout(180_000);
  const campaign = `hoa-spring-${Math.random().toString(36).slice(2, 8)}`;
  const sent = await page.request.post(at("/api/submit-lead"), {
    data: hoaLandingBody({
      pageUrl: at(`/hoa-insurance?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}`),
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: campaign },
    }),
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signIn(page);
  const list = await (await page.request.get(at("/api/leads?q=marisol"))).json();
  const lead = (list.data as { _id: string }[])[0];
  expect(lead).toBeDefined();
  await markWon(page, lead._id, { carrier: "Philadelphia Insurance", premium: "12,400.50", effectiveDate: "2027-01-01" }, server.url);

  await page.goto(at("/admin/leads"));
  await page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expect(page.getByRole("link", { name: text.periods["last-30-days"] })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: text.by.campaign }).click();
  await expect(page.getByRole("link", { name: text.by.campaign })).toHaveAttribute("aria-current", "page");
  const byCampaign = page.getByTestId("report-table").locator(`tr[data-row="${campaign}"]`);
  await expect(byCampaign).toContainText(campaign);
  await expect(byCampaign.locator("td").nth(2)).toHaveText("1"); // leads
  await expect(byCampaign.locator("td").nth(6)).toHaveText("1"); // won
  await expect(byCampaign.locator("td").nth(7)).toHaveText("$12,400.50");
  await expect(page.getByTestId("funnel-chart")).toHaveAttribute(
    "aria-label",
    text.funnel.summary({ leads: 1, contacted: 1, quoted: 1, won: 1 }),
  );
  await expect(page.getByTestId("trend-chart")).toHaveAttribute("role", "img");

  await page.getByRole("link", { name: text.by.page }).click();
  const byPage = page.getByTestId("report-table").locator('tr[data-row="/hoa-insurance"]');
  await expect(byPage).toContainText("/hoa-insurance");
  await expect(byPage.locator("td").nth(7)).toHaveText("$12,400.50");
  await expect(page.getByTestId("report-table").locator('tr[data-row="total"] td').nth(7)).toHaveText("$12,400.50");
  await expect(page.getByRole("link", { name: text.downloadCsv })).toHaveAttribute("href", /^\/api\/admin\/report\.csv\?from=.+&by=page$/);

  const scan = await axe(page).analyze();
  expect(scan.violations).toEqual([]);

  // A period with no leads says so.
  await page.getByLabel(text.custom.from, { exact: true }).fill("2020-01-01");
  await page.getByLabel(text.custom.to, { exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: text.custom.show }).click();
  await expect(page.getByTestId("report-empty")).toHaveText(text.empty);
  expect((await axe(page).analyze()).violations).toEqual([]);
});
