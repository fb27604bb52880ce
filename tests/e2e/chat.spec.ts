/**
 * The floating chat assistant (spec 001 sections 2, 4, 5 and 8), in the browser.
 *
 * "chat widget" runs against the real chat API (server/api/chat.ts). "chat widget against a
 * stand-in API" answers the three chat endpoints with page.route, for replies whose exact text the
 * test must know and for server answers a real server does not give on demand.
 */
import type { Locator, Page, Route } from "@playwright/test";
import { chatInsuranceTypes } from "../../app/content/options";
import { withPhone } from "../../app/content/site-facts";
import { defaultSite } from "../../app/content/site-profile";
import { chatFaqs } from "../../app/features/chat/faqs";
import { CHAT_KEY, CHAT_STORE, chatDbName } from "../../app/features/chat/widget/session-store";
import { widgetTexts as t } from "../../app/features/chat/widget/texts";
import { formMessages } from "../../app/features/leads/messages";
import { axe, expect, test, toast, waitForHydration } from "./support";

const fieldMessages = {
  name: "Name is required",
  email: "Please enter a valid email",
  phone: "Please enter a valid phone number",
  insuranceType: "Please select an insurance type",
};

const panel = (page: Page) => page.getByRole("dialog", { name: t.title });
const openButton = (page: Page) => page.getByRole("button", { name: t.openButton });
const log = (page: Page) => panel(page).getByRole("log");
const messageInput = (page: Page) => panel(page).getByPlaceholder(t.inputPlaceholder);
const sendButton = (page: Page) => panel(page).getByRole("button", { name: t.send });
const bubbles = (page: Page, role?: "user" | "assistant") => log(page).locator(role ? `[data-role="${role}"]` : "[data-role]");

let counter = 0;
/** Each test is a new visitor, with an email of its own (the back office groups chats by email). */
function visitor(over: Partial<Record<"name" | "email" | "phone" | "insuranceType", string>> = {}) {
  counter += 1;
  return {
    name: "Rosa Delgado",
    email: `rosa.${Date.now().toString(36)}.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 8)}@delgado-roofing.example`,
    phone: "(512) 555-0177",
    insuranceType: "Contractors Insurance",
    ...over,
  };
}
type Visitor = ReturnType<typeof visitor>;

/**
 * The widget's code arrives on the visitor's first interaction with the page: move the pointer
 * (again, until the page has hydrated and is listening) until the open button shows.
 */
async function revealWidget(page: Page) {
  let x = 40;
  await expect(async () => {
    x = x === 40 ? 60 : 40;
    await page.mouse.move(x, 300);
    await expect(openButton(page)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the page and the widget. */
async function openWidget(page: Page, path = "/") {
  await page.goto(path);
  await revealWidget(page);
  await openButton(page).click();
  await expect(panel(page)).toBeVisible();
}

async function fillIntake(page: Page, v: Visitor) {
  const p = panel(page);
  await p.getByLabel(t.labels.name).fill(v.name);
  await p.getByLabel(t.labels.email).fill(v.email);
  await p.getByLabel(t.labels.phone).fill(v.phone);
  await p.getByLabel(t.labels.insuranceType).selectOption(v.insuranceType);
}

async function startChat(page: Page, v: Visitor = visitor()) {
  await fillIntake(page, v);
  await panel(page).getByRole("button", { name: t.start }).click();
  await expect(messageInput(page)).toBeVisible();
  return v;
}

/** What the browser has saved under chat_data/chatSession, or null. */
function savedSession(page: Page) {
  return page.evaluate(
    ({ dbName, store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(null);
          }
          const get = db.transaction(store, "readonly").objectStore(store).get(key);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    { dbName: chatDbName(defaultSite), store: CHAT_STORE, key: CHAT_KEY },
  );
}

function saveSession(page: Page, value: unknown) {
  return page.evaluate(
    ({ dbName, store, key, value }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(dbName, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, "readwrite");
          tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { dbName: chatDbName(defaultSite), store: CHAT_STORE, key: CHAT_KEY, value },
  );
}

/** Holds the POSTs of chat messages until `release()`. */
async function holdSends(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/chat/sessions/*/messages", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    await held;
    await route.fallback();
  });
  return release;
}

const expectedWhatsAppDigits = (process.env.WHATSAPP_NUMBER || defaultSite.agency.phone.primary.e164).replace(/\D/g, "");

async function expectFullWidthBox(locator: Locator, width: number, height: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.round(box!.width)).toBe(width);
  expect(Math.round(box!.height)).toBe(height);
}

test.describe("chat widget", () => {
  test("loads on the first interaction, not with the page; opens and closes with focus handled; Escape closes it", async ({ page }) => {
    const widgetRequests: string[] = [];
    page.on("request", (request) => {
      if (/chat-widget/.test(request.url())) widgetRequests.push(request.url());
    });
    await page.goto("/");
    await waitForHydration(page, "#main");
    // The widget is not in the page's first-load JavaScript, and a page nobody touches does not fetch it.
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(preloads.filter((href) => /chat/.test(href))).toEqual([]);
    await page.waitForTimeout(1500);
    expect(widgetRequests).toEqual([]);
    await expect(openButton(page)).toHaveCount(0);
    // The first pointer move brings it.
    await page.mouse.move(50, 300);
    await expect(openButton(page)).toBeVisible();
    expect(widgetRequests.length).toBeGreaterThan(0);

    const button = openButton(page);
    const box = await button.boundingBox();
    const viewport = page.viewportSize()!;
    // Bottom-right corner.
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 40);

    await button.click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page)).toHaveAttribute("aria-modal", "false");
    await expect(panel(page).getByRole("heading", { name: t.title })).toBeVisible();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect(panel(page).getByLabel(t.labels.name)).toBeFocused();
    // FAQs only after the intake form is done.
    await expect(panel(page).getByRole("button", { name: t.faqs })).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();

    await openButton(page).click();
    await panel(page).getByRole("button", { name: t.close }).click();
    await expect(panel(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
  });

  test("intake form: every field is required, with the spec's messages; editing clears a field's error", async ({ page }) => {
    await openWidget(page);
    const p = panel(page);
    await expect(p.getByLabel(t.labels.insuranceType).locator("option:not([value=''])")).toHaveText([...chatInsuranceTypes]);
    await p.getByRole("button", { name: t.start }).click();
    for (const message of Object.values(fieldMessages)) await expect(p.getByText(message, { exact: true })).toBeVisible();
    await expect(p.getByLabel(t.labels.name)).toBeFocused();
    await expect(p.getByLabel(t.labels.name)).toHaveAttribute("aria-invalid", "true");

    // Blank after trimming, a malformed email and phone.
    await p.getByLabel(t.labels.name).fill("   ");
    await p.getByLabel(t.labels.email).fill("rosa@");
    await p.getByLabel(t.labels.phone).fill("12ab");
    await p.getByRole("button", { name: t.start }).click();
    for (const message of Object.values(fieldMessages)) await expect(p.getByText(message, { exact: true })).toBeVisible();

    await p.getByLabel(t.labels.email).fill("rosa@delgado-roofing.example");
    await expect(p.getByText(fieldMessages.email, { exact: true })).toHaveCount(0);
    await expect(p.getByText(fieldMessages.name, { exact: true })).toBeVisible();
    // Still the form: nothing was sent.
    await expect(messageInput(page)).toHaveCount(0);
  });

  test("starting greets the visitor by name and insurance type, and saves the session in IndexedDB", async ({ page }) => {
    await openWidget(page);
    const v = await startChat(page, visitor({ name: "Marisol Ortega", insuranceType: "HOA Insurance" }));
    await expect(bubbles(page, "assistant").first()).toContainText("Marisol Ortega");
    await expect(bubbles(page, "assistant").first()).toContainText("HOA Insurance");
    await expect(bubbles(page)).toHaveCount(1);
    await expect(messageInput(page)).toBeFocused();
    await expect(panel(page).getByRole("button", { name: t.faqs })).toBeVisible();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toHaveCount(0);
    const saved = (await savedSession(page)) as { id: string; info: Visitor };
    expect(typeof saved.id).toBe("string");
    expect(saved.info).toEqual({ name: v.name, email: v.email, phone: v.phone, insuranceType: v.insuranceType });
  });

  test("sending shows the message, Thinking... and a disabled input until the reply arrives", async ({ page }) => {
    await openWidget(page);
    await startChat(page);
    const release = await holdSends(page);
    await messageInput(page).fill("Do you cover roofing contractors in Texas?");
    await messageInput(page).press("Enter");
    await expect(bubbles(page, "user").last()).toHaveText(/Do you cover roofing contractors in Texas\?/);
    await expect(messageInput(page)).toHaveValue("");
    await expect(log(page).getByText(t.thinking)).toBeVisible();
    await expect(messageInput(page)).toBeDisabled();
    await expect(sendButton(page)).toBeDisabled();
    release();
    await expect(log(page).getByText(t.thinking)).toHaveCount(0);
    await expect(bubbles(page, "assistant")).toHaveCount(2);
    expect((await bubbles(page, "assistant").last().textContent())?.trim().length ?? 0).toBeGreaterThan(0);
    await expect(messageInput(page)).toBeEnabled();
    await expect(messageInput(page)).toBeFocused();
  });

  test("an answer from the site says which page it came from, after a reload too, and the link opens that page", async ({ page }) => {
    await openWidget(page);
    await startChat(page, visitor({ insuranceType: "Commercial Property" }));
    await messageInput(page).fill("Do you insure warehouses?");
    await messageInput(page).press("Enter");
    await expect(bubbles(page, "assistant").last()).toContainText("Warehouses:");
    await expect(bubbles(page, "assistant").last()).toContainText(t.moreOnThis);

    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    const answer = bubbles(page, "assistant").last();
    await expect(answer).toContainText("Warehouses:");
    const link = answer.getByRole("link", { name: "Commercial Property Insurance Quotes" });
    await expect(link).toHaveAttribute("href", "/commercial-property-insurance");
    expect((await axe(page).include('[role="dialog"]').analyze()).violations).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(/\/commercial-property-insurance$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a blank message is not sent", async ({ page }) => {
    await openWidget(page);
    await startChat(page);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && /\/api\/chat\/sessions\/[^/]+\/messages$/.test(r.url())) posts++;
    });
    await messageInput(page).fill("    ");
    await sendButton(page).click();
    await page.waitForTimeout(300);
    expect(posts).toBe(0);
    await expect(bubbles(page)).toHaveCount(1);
  });

  test("the four FAQs: each appends its question and answer and leaves the FAQ view; the list scrolls to the newest", async ({ page }) => {
    expect(chatFaqs(defaultSite)).toHaveLength(4);
    await openWidget(page);
    await startChat(page);
    const p = panel(page);
    let count = 1;
    for (const faq of chatFaqs(defaultSite)) {
      await p.getByRole("button", { name: t.faqs }).click();
      await expect(p.getByRole("button", { name: t.faqs })).toHaveAttribute("aria-pressed", "true");
      await expect(log(page)).toHaveCount(0);
      await expect(p.getByRole("heading", { name: t.faqHeading })).toBeVisible();
      await expect(p.locator("#chat-faqs li")).toHaveCount(4);
      await p.getByRole("button", { name: faq.question }).click();
      await expect(p.getByRole("heading", { name: t.faqHeading })).toHaveCount(0);
      count += 2;
      await expect(bubbles(page)).toHaveCount(count);
      await expect(bubbles(page).nth(count - 2)).toHaveAttribute("data-role", "user");
      await expect(bubbles(page).nth(count - 2)).toContainText(faq.question);
      await expect(bubbles(page).nth(count - 1)).toHaveAttribute("data-role", "assistant");
      await expect(bubbles(page).nth(count - 1)).toContainText(faq.answer);
      expect(faq.answer.trim().length).toBeGreaterThan(20);
    }
    // The answers overflow the list, which has scrolled to the newest one.
    await expect.poll(() => log(page).evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop))).toBeLessThan(2);
    expect(await log(page).evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  test("desktop: 384 x 600 panel, minimize to 56 px wide and expand", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWidget(page);
    await expectFullWidthBox(panel(page), 384, 600);
    await panel(page).getByRole("button", { name: t.minimize }).click();
    expect(Math.round((await panel(page).boundingBox())!.width)).toBe(56);
    await expect(panel(page).getByLabel(t.labels.name)).toBeHidden();
    await expect(panel(page).getByRole("button", { name: t.expand })).toBeFocused();
    await panel(page).getByRole("button", { name: t.expand }).click();
    await expectFullWidthBox(panel(page), 384, 600);
    await expect(panel(page).getByLabel(t.labels.name)).toBeVisible();
  });

  test("closing resets the FAQ view", async ({ page }) => {
    await openWidget(page);
    await startChat(page);
    await panel(page).getByRole("button", { name: t.faqs }).click();
    await expect(panel(page).getByRole("heading", { name: t.faqHeading })).toBeVisible();
    await panel(page).getByRole("button", { name: t.close }).click();
    await openButton(page).click();
    await expect(log(page)).toBeVisible();
    await expect(panel(page).getByRole("heading", { name: t.faqHeading })).toHaveCount(0);
    await expect(panel(page).getByRole("button", { name: t.faqs })).toHaveAttribute("aria-pressed", "false");
  });

  test("below 640 px the panel is full screen and has no minimize button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openWidget(page);
    await expectFullWidthBox(panel(page), 390, 844);
    await expect(panel(page).getByRole("button", { name: t.minimize })).toBeHidden();
    await expect(panel(page).getByRole("button", { name: t.close })).toBeVisible();
    // The page behind the panel does not scroll while it is open, and scrolls again once it is closed.
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await startChat(page);
    await expect(messageInput(page)).toBeInViewport();
    await panel(page).getByRole("button", { name: t.close }).click();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("after a reload the saved session brings the conversation back", async ({ page }) => {
    await openWidget(page);
    const v = await startChat(page);
    await messageInput(page).fill("What does general liability cover for a roofer?");
    await messageInput(page).press("Enter");
    await expect(bubbles(page, "assistant")).toHaveCount(2);
    const saved = (await savedSession(page)) as { id: string };

    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(messageInput(page)).toBeVisible();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toHaveCount(0);
    await expect(bubbles(page, "user").first()).toContainText("What does general liability cover for a roofer?");
    expect(await savedSession(page)).toEqual({
      id: saved.id,
      info: { name: v.name, email: v.email, phone: v.phone, insuranceType: v.insuranceType },
    });
  });

  test("another browser starting a chat with the same email and phone gets a new conversation; the first keeps its own", async ({
    page,
    browser,
  }) => {
    // Two visitors' pages and a reload.
    test.setTimeout(60_000);
    await openWidget(page);
    const v = await startChat(page);
    await messageInput(page).fill("Do you cover crane rigging for roofers?");
    await messageInput(page).press("Enter");
    await expect(bubbles(page, "assistant")).toHaveCount(2);
    const first = (await savedSession(page)) as { id: string };

    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await openWidget(other);
      await startChat(other, { ...v, name: "Someone Else" });
      // Only the greeting of the new chat, naming who typed it.
      await expect(bubbles(other)).toHaveCount(1);
      await expect(bubbles(other, "assistant")).toContainText("Someone Else");
      await expect(log(other)).not.toContainText("crane rigging");
      const second = (await savedSession(other)) as { id: string };
      expect(second.id).not.toBe(first.id);
    } finally {
      await elsewhere.close();
    }

    // The first browser, with its saved session, still has its conversation, and only it.
    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(bubbles(page, "user")).toHaveText([/crane rigging/]);
    await expect(log(page)).not.toContainText("Someone Else");
  });

  test("a saved session the server does not know is forgotten and the form shown", async ({ page }) => {
    await page.goto("/");
    await saveSession(page, {
      id: "no-such-session-3f9a",
      info: { name: "Rosa", email: "rosa@example.com", phone: "5125550177", insuranceType: "Other" },
    });
    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect.poll(() => savedSession(page)).toBeNull();
  });

  test("a saved session that cannot be read is forgotten and the form shown", async ({ page }) => {
    await page.goto("/");
    await saveSession(page, { nonsense: true });
    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect.poll(() => savedSession(page)).toBeNull();
  });

  test("start failure: toast, and the form stays with what was typed", async ({ page }) => {
    await page.route("**/api/chat/sessions", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "Unavailable" }) })
        : route.fallback(),
    );
    await openWidget(page);
    const v = visitor();
    await fillIntake(page, v);
    await panel(page).getByRole("button", { name: t.start }).click();
    await expect(toast(page, t.startFailed)).toBeVisible();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect(panel(page).getByLabel(t.labels.email)).toHaveValue(v.email);
    await expect(panel(page).getByRole("button", { name: t.start })).toBeEnabled();
    expect(await savedSession(page)).toBeNull();
  });

  test("send failure: toast, and the pending message is removed", async ({ page }) => {
    await openWidget(page);
    await startChat(page);
    await page.route("**/api/chat/sessions/*/messages", (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback(),
    );
    await messageInput(page).fill("Is a roofer's crane covered?");
    await messageInput(page).press("Enter");
    await expect(toast(page, t.sendFailed)).toBeVisible();
    await expect(bubbles(page, "user")).toHaveCount(0);
    await expect(bubbles(page)).toHaveCount(1);
    // The text is given back to try again.
    await expect(messageInput(page)).toHaveValue("Is a roofer's crane covered?");
    await expect(messageInput(page)).toBeEnabled();
  });

  test("contact info shows the Insurance Expert with phone and email", async ({ page }) => {
    await openWidget(page);
    await startChat(page);
    const button = panel(page).getByRole("button", { name: t.contactButton });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const card = panel(page).getByTestId("chat-contact-card");
    await expect(card).toContainText(t.contactName);
    await expect(card.getByRole("link", { name: defaultSite.agency.phone.primary.display })).toHaveAttribute(
      "href",
      `tel:${defaultSite.agency.phone.primary.e164}`,
    );
    await expect(card.getByRole("link", { name: defaultSite.agency.email })).toHaveAttribute("href", `mailto:${defaultSite.agency.email}`);
  });

  test("the WhatsApp button opens a click-to-chat link in a new tab", async ({ page }) => {
    await openWidget(page);
    await startChat(page, visitor({ name: "Luis Ortega", insuranceType: "Commercial Trucking" }));
    const link = panel(page).getByRole("link", { name: t.whatsappLabel });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe(`https://wa.me/${expectedWhatsAppDigits}`);
    expect(href.searchParams.get("text")).toBe(t.whatsappText("Luis Ortega", "Commercial Trucking"));
    // Clicking opens a new tab (answered locally: the test machine has no internet).
    await page
      .context()
      .route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
    const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
    expect(popup.url()).toContain(`https://wa.me/${expectedWhatsAppDigits}`);
    await popup.close();
  });

  test("without any interaction the widget arrives 10 s after the page loaded", async ({ page }) => {
    await page.clock.install();
    await page.goto("/about");
    await page.waitForLoadState("load");
    await waitForHydration(page, "#main");
    await page.clock.runFor(9_000);
    await expect(openButton(page)).toHaveCount(0);
    await page.clock.runFor(1_500);
    // The module then has to arrive and the saved-session check to finish (real time, not the clock's).
    await expect(async () => {
      await page.clock.runFor(100);
      await expect(openButton(page)).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 15_000 });
  });

  test("Live Chat on a landing page opens the widget", async ({ page }) => {
    await page.goto("/hoa-insurance");
    await waitForHydration(page, "main button[aria-haspopup=dialog]");
    await page.getByRole("button", { name: "Live Chat" }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByLabel(t.labels.name)).toBeFocused();
    await expect(toast(page, withPhone(defaultSite, formMessages.liveChatUnavailable))).toHaveCount(0);
    await expect(page.locator("[data-plain-toast]")).toHaveCount(0);
    // Once loaded, the widget still answers Live Chat.
    await panel(page).getByRole("button", { name: t.close }).click();
    await page.getByRole("button", { name: "Live Chat" }).click();
    await expect(panel(page)).toBeVisible();
  });

  test("Live Chat moves focus into the panel when the widget has already loaded", async ({ page }) => {
    await page.goto("/hoa-insurance");
    await waitForHydration(page, "main button[aria-haspopup=dialog]");
    // The first interaction loads the widget; its open button shows once it is ready.
    await page.mouse.move(50, 300);
    await expect(openButton(page)).toBeVisible();
    await page.getByRole("button", { name: "Live Chat" }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByLabel(t.labels.name)).toBeFocused();
  });

  test("Live Chat says how to reach us when the widget cannot be loaded", async ({ page }) => {
    await page.route(/chat-widget/, (route) => route.abort("connectionrefused"));
    const failed = page.waitForEvent("requestfailed", (r) => /chat-widget/.test(r.url()));
    await page.goto("/hoa-insurance");
    await waitForHydration(page, "main button[aria-haspopup=dialog]");
    // The widget's code is asked for on the first interaction, and does not arrive.
    await page.mouse.move(50, 300);
    await failed;
    await page.getByRole("button", { name: "Live Chat" }).click();
    await expect(toast(page, withPhone(defaultSite, formMessages.liveChatUnavailable))).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });

  test("not on admin pages", async ({ page }) => {
    const widgetRequests: string[] = [];
    page.on("request", (r) => {
      if (/chat-widget/.test(r.url())) widgetRequests.push(r.url());
    });
    await page.goto("/admin/login");
    await waitForHydration(page, "#main");
    await page.mouse.move(50, 300);
    await page.mouse.move(80, 320);
    await page.waitForTimeout(1000);
    // No launcher is mounted (it would have loaded the widget on these moves), so no chat opener is registered.
    await expect(openButton(page)).toHaveCount(0);
    expect(widgetRequests).toEqual([]);
  });

  test("axe finds no violations with the panel open (form, errors, chat, FAQs)", async ({ page }) => {
    test.setTimeout(60_000);
    const scanWidget = () => axe(page).include("#chat-widget").analyze();
    await openWidget(page);
    expect((await scanWidget()).violations).toEqual([]);
    await panel(page).getByRole("button", { name: t.start }).click();
    await expect(panel(page).getByText(fieldMessages.name)).toBeVisible();
    expect((await scanWidget()).violations).toEqual([]);
    await startChat(page);
    await panel(page).getByRole("button", { name: t.contactButton }).click();
    expect((await scanWidget()).violations).toEqual([]);
    await panel(page).getByRole("button", { name: t.faqs }).click();
    expect((await scanWidget()).violations).toEqual([]);
    await panel(page).getByRole("button", { name: t.close }).click();
    expect((await axe(page).analyze()).violations).toEqual([]);
  });
});

/**
 * A stand-in for the three chat endpoints: exact replies, earlier conversations and error answers
 * on demand. The real API is exercised by the block above and by its integration tests.
 */
test.describe("chat widget against a stand-in API", () => {
  type Msg = { role: "user" | "assistant"; content: string; createdAt: string };

  async function standIn(page: Page, opts: { earlier?: Msg[]; reply?: (content: string) => string } = {}) {
    const sessions = new Map<string, Msg[]>();
    const state = { starts: [] as unknown[], sends: [] as unknown[] };
    const now = () => new Date().toISOString();
    await page.route("**/api/chat/sessions**", async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const json = (status: number, body: unknown) =>
        route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
      if (url.pathname === "/api/chat/sessions" && request.method() === "POST") {
        state.starts.push(request.postDataJSON());
        const id = `stand-in-${sessions.size + 1}`;
        sessions.set(id, [...(opts.earlier ?? [])]);
        return json(201, { id, messages: opts.earlier ?? [] });
      }
      const m = /^\/api\/chat\/sessions\/([^/]+)\/messages$/.exec(url.pathname);
      if (!m) return route.fallback();
      const history = sessions.get(decodeURIComponent(m[1]));
      if (!history) return json(404, { success: false, message: "Session not found" });
      if (request.method() === "GET") return json(200, { messages: history });
      const { content } = request.postDataJSON() as { content: string };
      state.sends.push(content);
      const reply: Msg = { role: "assistant", content: (opts.reply ?? ((c) => `You asked: ${c}`))(content), createdAt: now() };
      history.push({ role: "user", content, createdAt: now() }, reply);
      return json(200, { reply });
    });
    return state;
  }

  test("start sends the visitor's details; the reply is shown as the assistant's", async ({ page }) => {
    const api = await standIn(page);
    await openWidget(page);
    const v = await startChat(page, visitor({ insuranceType: "Investment Property" }));
    expect(api.starts).toEqual([{ name: v.name, email: v.email, phone: v.phone, insuranceType: "Investment Property" }]);
    await expect(bubbles(page, "assistant").first()).toContainText(v.name);
    await expect(bubbles(page, "assistant").first()).toContainText("Investment Property");
    await messageInput(page).fill("  Do you insure duplexes?  ");
    await messageInput(page).press("Enter");
    await expect(bubbles(page, "assistant").last()).toContainText("You asked: Do you insure duplexes?");
    expect(api.sends).toEqual(["Do you insure duplexes?"]);
  });

  // The API's shape allows messages with a new session (spec 001: "if earlier conversation messages exist they
  // are shown"); our server answers none, but the widget honours them.
  test("messages answered with a new session are shown instead of the greeting", async ({ page }) => {
    const earlier: Msg[] = [
      { role: "user", content: "Do you write cargo coverage?", createdAt: "2030-01-01T10:00:00.000Z" },
      { role: "assistant", content: "Yes, motor truck cargo is one of our lines.", createdAt: "2030-01-01T10:00:02.000Z" },
    ];
    await standIn(page, { earlier });
    await openWidget(page);
    const v = await startChat(page);
    await expect(bubbles(page)).toHaveCount(2);
    await expect(bubbles(page).nth(0)).toContainText(earlier[0].content);
    await expect(bubbles(page).nth(1)).toContainText(earlier[1].content);
    await expect(log(page)).not.toContainText(v.name);
  });

  test("a reload with a saved session but no history shows the form again, filled in", async ({ page }) => {
    await standIn(page);
    await openWidget(page);
    const v = await startChat(page);
    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect(panel(page).getByLabel(t.labels.email)).toHaveValue(v.email);
    expect(await savedSession(page)).toBeNull();
  });

  test("a restore that fails (server error) forgets the session and shows the form", async ({ page }) => {
    await page.goto("/");
    await saveSession(page, { id: "abc", info: { name: "Rosa", email: "rosa@example.com", phone: "5125550177", insuranceType: "Other" } });
    await page.route("**/api/chat/sessions/abc/messages", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.reload();
    await revealWidget(page);
    await openButton(page).click();
    await expect(panel(page).getByRole("heading", { name: t.intakeHeading })).toBeVisible();
    await expect.poll(() => savedSession(page)).toBeNull();
  });

  test("the server's field errors are shown under the fields, with the start failure toast", async ({ page }) => {
    await page.route("**/api/chat/sessions", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Validation failed", errors: { email: "Please enter a valid email" } }),
      }),
    );
    await openWidget(page);
    await fillIntake(page, visitor());
    await panel(page).getByRole("button", { name: t.start }).click();
    await expect(toast(page, t.startFailed)).toBeVisible();
    await expect(panel(page).getByText("Please enter a valid email", { exact: true })).toBeVisible();
  });

  test("a send the server refuses (rate limit) removes the message; Thinking... shows while waiting", async ({ page }) => {
    await standIn(page);
    await openWidget(page);
    await startChat(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/chat/sessions/*/messages", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await held;
      await route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Too many requests" }),
      });
    });
    await messageInput(page).fill("Hello?");
    await messageInput(page).press("Enter");
    await expect(log(page).getByText(t.thinking)).toBeVisible();
    await expect(messageInput(page)).toBeDisabled();
    await expect(bubbles(page, "user")).toHaveCount(1);
    release();
    await expect(toast(page, t.sendFailed)).toBeVisible();
    await expect(bubbles(page, "user")).toHaveCount(0);
    await expect(log(page).getByText(t.thinking)).toHaveCount(0);
  });
});
