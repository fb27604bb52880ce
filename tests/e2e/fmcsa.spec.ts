/**
 * The FMCSA lookup in the browser (docs/decisions/063), on a server of this spec's own with a web key
 * and a local server speaking QCMobile's API: a visitor types a USDOT number on /quote, accepts the
 * offer, corrects one field and submits; staff open the lead, see the flag, and download the packet.
 * axe finds nothing on either screen.
 */
import type { Page } from "@playwright/test";
import { quoteSections } from "../../app/content/quote";
import { fmcsaMessages } from "../../app/features/fmcsa/messages";
import { quoteMessages } from "../../app/features/quote/messages";
import { STAND_IN_KEY, startQcMobile } from "../support/qcmobile";
import { type OwnServer, startOwnServer } from "./own-server";
import { axe, expect, test, waitForHydration } from "./support";

const ADMIN = { email: "fmcsa-owner@agency.example", password: "carrier ledger harbour meadow" };
let qc: Awaited<ReturnType<typeof startQcMobile>>;
let server: OwnServer;
test.beforeAll(async () => {
  qc = await startQcMobile();
  server = await startOwnServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    FMCSA_WEB_KEY: STAND_IN_KEY,
    FMCSA_API_BASE: qc.url,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await qc?.close();
});
const at = (p: string) => `${server.url}${p}`;

const fields = quoteSections.flatMap((s) => s.fields);
const control = (page: Page, name: string) => page.getByRole("form", { name: "Commercial trucking quote form" }).locator(`#quote-${name}`);

/** The answers typed by hand: everything the record does not fill. */
const typed: Record<string, string | string[]> = {
  businessStructure: "LLC",
  fein: "74-1234567",
  businessStartDate: "2019-04-01",
  businessState: "Texas",
  desiredEffectiveDate: "2030-07-01",
  rangeOfOperation: "Interstate",
  radiusOfOperation: "151–300",
  majorCities: "Austin, San Antonio, Houston",
  annualMileage: "120,000",
  annualRevenue: "$450,000",
  estimatedPayroll: "0",
  allowedToOperate: "Yes",
  commonAuthority: "Yes",
  relatedBrokerAuthority: "No",
  filingsRequired: "Federal",
  insuranceOnFile: "Yes",
  garagingAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  vehicleOwnership: "Owned",
  transportationType: "For-Hire (General Freight)",
  coverages: ["Auto Liability"],
  yearsCoverage: "5",
  cancelledOrNonrenewed: "No",
  contactName: "Luis Ortega",
  contactDOB: "1980-02-29",
  email: "luis@ortega-freight.example",
  phone: "(512) 555-0123",
  haulingDetails: "Dry van general freight; no hazmat.",
};

async function fill(page: Page) {
  for (const [name, value] of Object.entries(typed)) {
    const field = fields.find((f) => f.name === name)!;
    const el = control(page, name);
    const suffix = field.kind === "radio" && field.suffix ? field.suffix : "";
    if (field.kind === "radio") await el.getByLabel(`${value}${suffix}`, { exact: true }).check();
    else if (field.kind === "checkboxes") for (const v of value as string[]) await el.getByLabel(v, { exact: true }).check();
    else if (field.kind === "select") await el.selectOption(value as string);
    else await el.fill(value as string);
  }
}

test("a USDOT number fills the form; staff see the flag and download the packet; axe finds nothing", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(at("/quote"));
  await waitForHydration(page, 'form[aria-label="Commercial trucking quote form"]');

  // A number FMCSA does not know says so, and the form goes on.
  await control(page, "dotNumber").fill("9999999");
  await page.getByRole("button", { name: fmcsaMessages.lookup.button }).click();
  await expect(page.getByTestId("dot-lookup").getByRole("status")).toHaveText(fmcsaMessages.api.notFound("9999999"));

  // The power units fixture: its record says 6 power units.
  await control(page, "dotNumber").fill("1000004");
  await page.getByRole("button", { name: fmcsaMessages.lookup.button }).click();
  const offer = page.getByRole("group", { name: fmcsaMessages.lookup.heading });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole("checkbox", { name: /Legal business name: ORTEGA FREIGHT LLC/ })).toBeChecked();
  await expect(offer.getByRole("checkbox", { name: /Mailing address/ })).not.toBeChecked();
  expect((await axe(page).analyze()).violations).toEqual([]);
  // Keyboard: the fill button is reached and pressed without a mouse.
  await offer.getByRole("button", { name: fmcsaMessages.lookup.fill }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("dot-lookup").getByRole("status")).toHaveText(fmcsaMessages.lookup.filled);
  await expect(control(page, "legalBusinessName")).toHaveValue("ORTEGA FREIGHT LLC");
  await expect(control(page, "dotAddress")).toHaveValue("200 INDUSTRIAL BLVD, GEORGETOWN, TX 78626");
  await expect(control(page, "mcNumber")).toHaveValue("MC-123456");
  await expect(control(page, "totalPowerUnits")).toHaveValue("6");
  await expect(control(page, "mailingAddress")).toHaveValue("");
  // The visitor edits what the record has wrong for them, and types the rest.
  await control(page, "totalPowerUnits").fill("3");
  await control(page, "mailingAddress").fill("PO Box 12, Georgetown, TX 78627");
  await fill(page);
  await page.getByRole("button", { name: quoteMessages.submit }).click();
  await expect(page.getByText(/Your reference is L-[0-9A-Z]{6}/)).toBeVisible({ timeout: 20_000 });

  // Staff: the lead screen lists the flag once the background check has run.
  const signed = await page.request.post(at("/api/auth/login"), { data: ADMIN });
  expect(signed.status()).toBe(200);
  const list = await (await page.request.get(at("/api/leads?q=ortega"))).json();
  const lead = (list.data as { _id: string; reference: string }[])[0];
  await expect
    .poll(async () => (await (await page.request.get(at(`/api/leads/${lead._id}`))).json()).data.fmcsa?.status, { timeout: 30_000 })
    .toBe("done");
  await page.goto(at("/admin/leads"));
  await expect(page.getByTestId("fmcsa-flags").first()).toHaveText(fmcsaMessages.screen.inboxMark(1));
  await page.goto(at(`/admin/leads/${lead._id}`));
  await expect(page.getByRole("heading", { name: fmcsaMessages.screen.heading })).toBeVisible();
  await expect(page.getByTestId("fmcsa-flag-list")).toHaveText(fmcsaMessages.flags.power_units_mismatch(3, 6));
  await expect(page.getByTestId("fmcsa-record")).toContainText("ORTEGA FREIGHT LLC");
  expect((await axe(page).analyze()).violations).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: fmcsaMessages.screen.packetPdf }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${lead.reference}-packet.pdf`);
  const zip = page.waitForEvent("download");
  await page.getByRole("link", { name: fmcsaMessages.screen.packetZip }).click();
  expect((await zip).suggestedFilename()).toBe(`${lead.reference}-packet.zip`);
});
