/**
 * The back office on a phone (390 x 844, touch): the menu folded behind its button, opened and closed
 * with the keyboard and by tapping, and without scripts; every list read as cards with the page never
 * wider than the screen; the lead's screen with large call and mail buttons; the post editor's toolbar
 * wrapped; axe on every screen. Each screen is photographed into test-results/phone/ to be looked at.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { request } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { contactBody } from "../support/lead-fixtures";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const PHONE = { width: 390, height: 844 };
const m = adminMessages.menu;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** What the screens list, made once per worker with names of its own. */
type Seeded = { leadName: string; leadPhone: string; leadId: string; jobId: string; postId: string };
let seeded: Seeded;
let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  api = await request.newContext({ baseURL });
  expect((await api.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);
  const run = Math.random().toString(36).slice(2, 8);
  const leadName = `Phone Reader ${run}`;
  const leadPhone = "(512) 555-0147";
  const lead = await api.post("/api/contacts", {
    data: contactBody({ fullName: leadName, phoneNumber: leadPhone, email: `reader-${run}@phone.example` }),
  });
  expect(lead.status(), await lead.text()).toBe(201);
  const found = await api.get(`/api/leads?q=${encodeURIComponent(leadName)}`);
  const leads = (await found.json()) as { data: { _id: string; name: string }[] };
  const leadId = leads.data.find((l) => l.name === leadName)?._id ?? "";
  expect(leadId).not.toBe("");
  // Answered, so the dashboard shows its figures by owner too.
  expect((await api.patch(`/api/leads/${leadId}`, { data: { status: "contacted" } })).ok()).toBe(true);

  const contact = await api.post("/api/contacts", {
    data: {
      fullName: `Long-Named Contact ${run}`,
      email: `a-rather-long-address-${run}@a-long-company-name-roofing.example`,
      phoneNumber: "(512) 555-0161",
      insuranceType: "General Liability",
      message: "We need a certificate for a new general contractor by Friday, and a waiver of subrogation for the site.",
      smsConsent: true,
    },
  });
  expect(contact.status()).toBe(201);
  const visitor = { name: `Chat Visitor ${run}`, email: `chat-${run}@phone.example`, phone: "(512) 555-0133" };
  expect((await api.post("/api/chatbot-conversations", { data: visitor })).ok()).toBe(true);

  const job = await api.post("/api/jobs", {
    data: {
      title: `Phone Claims Advocate ${run}`,
      description: "Work with adjusters for our clients until every claim closes.",
      type: "Full-time",
      workType: "On-site",
      location: "Austin, TX",
    },
  });
  expect(job.status()).toBe(201);
  const jobId = ((await job.json()) as { data: { _id: string } }).data._id;
  const application = await api.post("/api/applications", {
    data: { jobId, name: `Applicant ${run}`, email: `applicant-${run}@phone.example`, coverLetter: "I have handled claims for ten years." },
  });
  expect(application.status()).toBe(201);

  const post = await api.post("/api/blogs", {
    data: { title: `Written on a Phone ${run}`, content: "<p>Body</p>", category: "HOA", imageUrl: "", status: "draft" },
  });
  expect(post.status()).toBe(201);
  const postId = ((await post.json()) as { data: { _id: string } }).data._id;
  seeded = { leadName, leadPhone, leadId, jobId, postId };
});

test.afterAll(async () => {
  if (seeded?.jobId) await api.delete(`/api/jobs/${seeded.jobId}`);
  if (seeded?.postId) await api.delete(`/api/blogs/${seeded.postId}`);
  await api?.dispose();
});

async function signIn(page: Page) {
  const res = await page.request.post("/api/auth/login", { data: ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${new URL(page.url()).pathname} is ${width}px wide`).toBeLessThanOrEqual(PHONE.width);
  // Nor does a list inside its own frame.
  const lists = await page
    .locator(".admin-table")
    .evaluateAll((tables) => tables.map((t) => ({ scroll: t.parentElement?.scrollWidth ?? 0, width: t.parentElement?.clientWidth ?? 0 })));
  for (const list of lists) expect(list.scroll).toBeLessThanOrEqual(list.width);
}

async function photograph(page: Page, name: string) {
  await page.screenshot({ path: `test-results/phone/${name}.png`, fullPage: true });
}

const menuButton = (page: Page) => page.getByRole("button", { name: adminMessages.menuPanel.open, exact: true });
const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

/** Every back-office screen a list or a form of it, by its address. */
const screens: { name: string; path: (s: Seeded) => string; editor?: boolean }[] = [
  { name: "dashboard", path: () => "/admin/dashboard" },
  { name: "leads", path: () => "/admin/leads" },
  { name: "lead", path: (s) => `/admin/leads/${s.leadId}` },
  { name: "lead-new", path: () => "/admin/leads/new" },
  { name: "report", path: () => "/admin/report" },
  { name: "search", path: (s) => `/admin/search?q=${encodeURIComponent(s.leadName)}` },
  { name: "contacts", path: () => "/admin/contacts" },
  { name: "chatbot-management", path: () => "/admin/chatbot-management" },
  { name: "jobs", path: () => "/admin/jobs" },
  { name: "job-submissions", path: (s) => `/admin/jobs/${s.jobId}/submissions` },
  { name: "blog", path: () => "/admin/blog" },
  { name: "categories", path: () => "/admin/categories" },
  { name: "post-new", path: () => "/admin/posts/new", editor: true },
  { name: "post-edit", path: (s) => `/admin/posts/${s.postId}/edit`, editor: true },
  { name: "team", path: () => "/admin/team" },
  { name: "testimonials", path: () => "/admin/testimonials" },
  { name: "faqs", path: () => "/admin/faqs" },
  { name: "users", path: () => "/admin/users" },
  { name: "audit", path: () => "/admin/audit" },
  { name: "account", path: () => "/admin/account" },
  { name: "settings", path: () => "/admin/settings" },
  { name: "privacy", path: () => "/admin/privacy" },
];

test.describe("every screen at 390 px", () => {
  for (const screen of screens) {
    test(`${screen.name}: nothing scrolls sideways, axe finds nothing`, async ({ page }) => {
      await signIn(page);
      await page.goto(screen.path(seeded));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The rich-text editor, loaded after the page, with its toolbar.
      if (screen.editor) await expect(page.getByRole("toolbar")).toBeVisible();
      await expect(menuButton(page)).toBeVisible();
      await expect(adminNav(page)).toBeHidden();
      await expectNoSidewaysScroll(page);
      await photograph(page, screen.name);
      await expectNoAxeViolations(page);
    });
  }
});

test("the menu opens and closes with the keyboard, marks the screen, and keeps Tab inside", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/leads");
  await waitForHydration(page, "button[popovertarget=admin-menu]");
  const button = menuButton(page);
  await expect(button).toHaveAttribute("aria-controls", "admin-menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  // The account and the back office's search stay on the screen with the menu folded.
  await expect(page.getByTitle(ADMIN.email)).toBeVisible();
  await expect(page.getByTestId("admin-role")).toBeVisible();
  await expect(page.locator("#admin-search")).toBeVisible();

  await button.focus();
  await page.keyboard.press("Enter");
  const nav = adminNav(page);
  await expect(nav).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const current = nav.getByRole("link", { name: m.leads, exact: true });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toBeFocused();
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  await photograph(page, "menu-open");
  await expectNoAxeViolations(page);
  // The list is vertical: each item below the one before.
  const boxes = await nav.getByRole("link").evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
  expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
  expect(new Set(boxes).size).toBe(boxes.length);

  // Tab goes round the panel's items and does not leave it.
  const panel = page.locator("#admin-menu");
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    await expect(panel.locator(":focus")).toHaveCount(1);
  }

  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();

  // Choosing a screen with the keyboard opens it and folds the menu again.
  await page.keyboard.press("Enter");
  await expect(current).toBeFocused();
  await nav.getByRole("link", { name: m.contacts }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: adminMessages.contacts.title })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("the menu opens and closes by tapping: the button, a screen, the close button and outside", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/dashboard");
  await waitForHydration(page, "button[popovertarget=admin-menu]");
  const button = menuButton(page);
  const nav = adminNav(page);
  const box = await button.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  await button.tap();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: m.blog }).tap();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(nav).toBeHidden();

  await button.tap();
  await expect(nav.getByRole("link", { name: m.blog })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: adminMessages.menuPanel.close }).tap();
  await expect(nav).toBeHidden();

  // A tap outside the panel (on its backdrop, left of it) closes it too.
  await button.tap();
  await expect(nav).toBeVisible();
  await page.touchscreen.tap(20, 400);
  await expect(nav).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

test("the inbox reads as cards: each cell under its column's name, the phone a large link, the table still a table", async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(seeded.leadName)}`);
  const row = page.getByTestId("lead-row").filter({ hasText: seeded.leadName });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("columnheader")).toHaveText(Object.values(inboxMessages.columns));
  const labels = await row.locator("td").evaluateAll((cells) => cells.map((c) => getComputedStyle(c, "::before").content));
  expect(labels.map((l) => l.replace(/\s*\/\s*""$/, ""))).toEqual(Object.values(inboxMessages.columns).map((c) => JSON.stringify(c)));
  const call = row.getByRole("link", { name: seeded.leadPhone });
  await expect(call).toHaveAttribute("href", "tel:5125550147");
  expect((await call.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  // Every cell within the screen's width.
  const rights = await row.locator("td").evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(PHONE.width);

  // What a screen reader is given: still a table with its headers, rows and cells.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: { role?: { value: string } }[] };
  const roles = new Set(nodes.map((n) => n.role?.value));
  for (const role of ["table", "row", "columnheader", "cell"]) expect(roles, role).toContain(role);
});

test("the lead's screen: large call and mail buttons at the top, the forms within the screen", async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/leads/${seeded.leadId}`);
  const call = page.getByRole("link", { name: inboxMessages.detail.call(seeded.leadPhone) });
  const mail = page.getByRole("link", { name: inboxMessages.detail.sendEmail, exact: true });
  await expect(call).toHaveAttribute("href", "tel:5125550147");
  await expect(mail).toHaveAttribute("href", /^mailto:reader-/);
  for (const link of [call, mail]) {
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    // Near the top: on the first screenful.
    expect((box?.y ?? PHONE.height) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  }
  for (const control of [page.locator("#lead-status"), page.locator("#lead-assignee"), page.getByRole("textbox").first()]) {
    const box = await control.boundingBox();
    expect(box, "a control of the lead's forms").not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  await expectNoSidewaysScroll(page);
});

test("the post editor: the toolbar wraps within the screen", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/posts/new");
  const toolbar = page.getByRole("toolbar");
  await expect(toolbar).toBeVisible();
  const buttons = await toolbar.getByRole("button").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  expect(buttons.length).toBeGreaterThan(5);
  for (const right of buttons) expect(right).toBeLessThanOrEqual(PHONE.width);
  await expectNoSidewaysScroll(page);
  await photograph(page, "post-new-editor");
});

test.describe("wider than a phone", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("the side bar shows the menu as before, without the Menu button", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/leads");
    await expect(menuButton(page)).toBeHidden();
    const nav = adminNav(page);
    await expect(nav.getByRole("link", { name: m.leads, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: m.leads, exact: true })).toHaveAttribute("aria-current", "page");
    // The side bar and the screen side by side.
    const aside = await page.locator("aside").boundingBox();
    expect(aside?.width).toBe(256);
    expect(aside?.height).toBe(800);
    await expect(page.getByRole("columnheader").first()).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Menu button opens the menu, and a screen chosen opens with it folded", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/leads");
    const nav = adminNav(page);
    await expect(nav).toBeHidden();
    await menuButton(page).tap();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: m.leads, exact: true })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: m.contacts }).tap();
    await expect(page.getByRole("heading", { level: 1, name: adminMessages.contacts.title })).toBeVisible();
    await expect(nav).toBeHidden();
    await expectNoSidewaysScroll(page);
    await photograph(page, "no-js-contacts");
  });
});
