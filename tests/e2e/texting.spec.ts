/**
 * Texting in the browser (docs/decisions/064), on a server of this spec's own speaking to a local
 * stand-in for Twilio's Messages API: a consenting lead gets its instant text; it texts back (a signed
 * webhook) and the reply appears in the open inbox without a reload; a colleague answers from the lead
 * screen, the text goes out and its delivery status shows; a STOP takes the form away. Axe finds nothing.
 */
import type { Page } from "@playwright/test";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { smsMessages } from "../../app/features/sms/messages";
import { contactBody } from "../support/lead-fixtures";
import { inboundText, postWebhook, startTwilio, TEST_TWILIO } from "../support/twilio";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, expectNoAxeViolations, test, toast } from "./support";

test.describe.configure({ mode: "serial" });

const ADMIN = { email: "texting-owner@agency.example", password: "lantern orchard pebble compass" };

let server: OwnServer;
let twilio: Awaited<ReturnType<typeof startTwilio>>;
test.beforeAll(async () => {
  twilio = await startTwilio();
  server = await startOwnServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TWILIO_ACCOUNT_SID: TEST_TWILIO.sid,
    TWILIO_AUTH_TOKEN: TEST_TWILIO.token,
    TWILIO_FROM_NUMBER: TEST_TWILIO.from,
    TWILIO_API_BASE: twilio.url,
    MAIL_POLL_INTERVAL_MS: "200",
    // The spec runs at any hour: no quiet hours on its server.
    SMS_QUIET_START: "00:00",
    SMS_QUIET_END: "00:00",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await twilio?.close();
});

const at = (p: string) => `${server.url}${p}`;

async function signIn(page: Page) {
  const res = await page.request.post(at("/api/auth/login"), { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

test("a lead texts back and the reply shows in the live inbox; a colleague answers from the lead screen; STOP ends it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = { typed: "(512) 555-0164", e164: "+15125550164" };
  const name = "Rosa Delgado";
  const sent = await page.request.post(at("/api/contacts"), {
    data: contactBody({ fullName: name, email: "rosa@delgado-landscaping.example", phoneNumber: phone.typed, smsConsent: true }),
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect.poll(() => twilio.sent.filter((t) => t.to === phone.e164).length, { timeout: 60_000 }).toBe(1);
  expect(twilio.sent[0].body).toContain(smsMessages.optOutLine);

  await signIn(page);
  await page.goto(at("/admin/leads"));
  const row = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("texted-back")).toHaveCount(0);

  // The lead texts back while the list is open.
  const reply = await postWebhook(server.url, server.url, "/api/sms/twilio", inboundText(phone.e164, "Yes, call me after 3 please"));
  expect(reply.status).toBe(200);
  await expect(row.getByTestId("texted-back")).toHaveText(inboxMessages.textedBack.badge, { timeout: 20_000 });

  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("L-");
  const timeline = page.getByTestId("timeline");
  await expect(timeline.getByTestId("text-body").filter({ hasText: "Yes, call me after 3 please" })).toBeVisible();
  await expect(timeline.getByTestId("timeline-entry").filter({ hasText: inboxMessages.timeline.textInstant })).toBeVisible();

  // The colleague answers with the keyboard.
  const field = page.getByLabel(smsMessages.screen.label);
  await field.click();
  await field.fill("Thanks Rosa, Dana will call you at 3:15.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: smsMessages.screen.send })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toast(page, smsMessages.screen.sent)).toBeVisible();
  await expect
    .poll(() => twilio.sent.find((t) => t.to === phone.e164 && t.body.startsWith("Thanks Rosa"))?.body)
    .toBe("Thanks Rosa, Dana will call you at 3:15.");
  const staffText = timeline.getByTestId("timeline-entry").filter({ hasText: "Thanks Rosa" });
  await expect(staffText).toContainText(inboxMessages.timeline.textSent);

  // Twilio reports it delivered.
  const sid = twilio.sent.find((t) => t.body.startsWith("Thanks Rosa"))?.sid ?? "";
  const status = await postWebhook(server.url, server.url, "/api/sms/twilio/status", { MessageSid: sid, MessageStatus: "delivered" });
  expect(status.status).toBe(204);
  await page.reload();
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Thanks Rosa" }).getByTestId("text-status")).toHaveText(
    smsMessages.deliveryStatus.delivered,
  );
  await expectNoAxeViolations(page, { afterToasts: true });

  // STOP: the form gives way to the reason, and nothing more is sent.
  const stop = await postWebhook(server.url, server.url, "/api/sms/twilio", inboundText(phone.e164, "STOP"));
  expect(await stop.text()).toContain("you are unsubscribed and will get no more texts from us");
  await page.reload();
  await expect(page.getByTestId("texting-blocked")).toHaveText(smsMessages.screen.revoked);
  await expect(page.getByLabel(smsMessages.screen.label)).toHaveCount(0);
});

test("a colleague asks for alerts by text on their account screen, with the keyboard; axe finds nothing", async ({ page }) => {
  await signIn(page);
  await page.goto(at("/admin/account"));
  const section = page.getByTestId("text-alerts");
  await expect(section.getByRole("heading", { name: smsMessages.account.title })).toBeVisible();
  const phone = section.getByLabel(smsMessages.account.phoneLabel);
  await phone.fill("512 555 0101");
  await phone.press("Tab");
  await expect(section.getByLabel(smsMessages.account.optInLabel)).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(section.getByRole("status")).toHaveText(smsMessages.account.saved);
  await expect(section.getByLabel(smsMessages.account.phoneLabel)).toHaveValue("+15125550101");
  await expect(section.getByLabel(smsMessages.account.optInLabel)).toBeChecked();
  await expectNoAxeViolations(page, { afterToasts: true });
});
