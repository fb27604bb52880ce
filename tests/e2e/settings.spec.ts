/**
 * The agency's Settings in the browser, on a server of this spec's own (the change reaches every page,
 * so the specs beside it keep the shared server's defaults): an admin changes the main phone and the
 * Friday hours, and the home page, the contact page, a product page, a landing page, the footer, the
 * JSON-LD, a new lead's auto-reply and the chat's answer all show the new values, without a rebuild.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { widgetTexts as t } from "../../app/features/chat/widget/texts";
import { settingsMessages } from "../../app/features/settings/messages";
import { type OwnServer, startOwnServer } from "./own-server";
import { axe, expect, test, toast, toastsSettled, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "settings-owner@agency.example", password: "granite saddle lantern orchard" };
const PHONE = "(737) 555-0199";
const E164 = "+17375550199";

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

const at = (p: string) => `${server.url}${p}`;

async function signIn(page: Page) {
  const res = await page.request.post(at("/api/auth/login"), { data: ADMIN });
  expect(res.status()).toBe(200);
}

/** The page's JSON-LD blocks, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((b) => {
    const value = JSON.parse(b) as unknown;
    return Array.isArray(value) ? value : [value];
  });
}

test("an admin changes the phone and the Friday hours, and every page, mail and the chat show them", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto(at("/admin/settings"));
  await waitForHydration(page, "form");
  await expect(page.getByRole("heading", { level: 1, name: settingsMessages.title })).toBeVisible();

  await page.getByLabel("Main phone").fill(PHONE);
  await page.getByLabel("Friday closes").fill("12:00");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toast(page, settingsMessages.saved)).toBeVisible();
  await expect(page.getByLabel("Main phone")).toHaveValue(PHONE);

  await toastsSettled(page);
  const scan = await axe(page).analyze();
  expect(scan.violations).toEqual([]);

  // A visitor (no session) on the pages that print the details.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  for (const p of ["/", "/contact", "/insurance/commercial-trucking", "/trucking-insurance"]) {
    await v.goto(at(p));
    const footer = v.locator("footer");
    await expect(footer).toContainText(PHONE);
    await expect(footer).toContainText(/Friday.*8:00 AM - 12:00 PM|Friday.*9:00 AM - 12:00 PM/s);
    await expect(v.locator(`a[href="tel:${E164}"]`).first()).toBeAttached();
    expect(await v.content()).not.toContain("(512) 555-0142");
  }
  await v.goto(at("/"));
  const agency = (await jsonLd(v)).find((b) => b["@type"] === "InsuranceAgency") as {
    telephone: string;
    openingHoursSpecification: { dayOfWeek: string | string[]; closes: string }[];
  };
  expect(agency.telephone).toBe(E164);
  expect(agency.openingHoursSpecification.some((s) => [s.dayOfWeek].flat().includes("Friday") && s.closes === "12:00")).toBe(true);

  // A new lead's auto-reply.
  const email = `settings.${Date.now()}@lead.example`;
  const lead = await v.request.post(at("/api/contacts"), {
    data: {
      fullName: "Dana Whitfield",
      email,
      phone: "(512) 555-0133",
      insuranceType: "General Liability",
      message: "We need general liability for a new coffee roastery in Georgetown.",
      smsConsent: true,
    },
  });
  expect(lead.status()).toBe(201);
  const mailDir = path.join(server.dataDir, "mail");
  await expect
    .poll(
      () => {
        try {
          return readdirSync(mailDir)
            .filter((f) => f.includes("visitor_autoreply"))
            .map((f) => readFileSync(path.join(mailDir, f), "utf8"))
            .find((m) => m.includes(email));
        } catch {
          return undefined;
        }
      },
      { timeout: 30_000 },
    )
    .toContain(PHONE);

  // The chat's answer.
  await v.goto(at("/"));
  let x = 40;
  await expect(async () => {
    x = x === 40 ? 60 : 40;
    await v.mouse.move(x, 300);
    await expect(v.getByRole("button", { name: t.openButton })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await v.getByRole("button", { name: t.openButton }).click();
  const panel = v.getByRole("dialog", { name: t.title });
  await panel.getByLabel(t.labels.name).fill("Dana Whitfield");
  await panel.getByLabel(t.labels.email).fill(`chat.${email}`);
  await panel.getByLabel(t.labels.phone).fill("(512) 555-0133");
  await panel.getByLabel(t.labels.insuranceType).selectOption({ index: 1 });
  await panel.getByRole("button", { name: t.start }).click();
  await panel.getByPlaceholder(t.inputPlaceholder).fill("What is your phone number?");
  await panel.getByRole("button", { name: t.send }).click();
  await expect(panel.getByRole("log").locator('[data-role="assistant"]').last()).toContainText(PHONE, { timeout: 20_000 });
  await visitor.close();
});

test("a refused save names the field and keeps every other value", async ({ page }) => {
  await signIn(page);
  await page.goto(at("/admin/settings"));
  await waitForHydration(page, "form");
  await page.getByLabel("ZIP code").fill("7864");
  await page.getByLabel("Agency name").fill("Hill Country Risk Partners");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(settingsMessages.fields.zip)).toBeVisible();
  await expect(page.getByLabel("ZIP code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Agency name")).toHaveValue("Hill Country Risk Partners");
  const api = await page.request.get(at("/api/admin/settings"));
  expect(((await api.json()) as { data: { name: string } }).data.name).toBe("Hill Country Commercial Insurance");
});
