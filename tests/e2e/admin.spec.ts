import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { expect, test, toast } from "./support";

const ADMIN = { email: "admin@agency.example", password: "correct horse battery staple" };
const login = adminMessages.login;

async function signInThroughForm(page: Page, password = ADMIN.password) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: login.submit }).click();
}

test.describe("sign-in", () => {
  test("a wrong password shows the server's message inline and as a toast", async ({ page }) => {
    await signInThroughForm(page, "not the password at all");
    const banner = page.getByRole("alert").filter({ hasText: /Invalid email or password/ });
    await expect(banner).toBeVisible();
    await expect(toast(page, (await banner.textContent())!.trim())).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("empty fields are named before anything is sent", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: login.submit }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("success shows the toast, opens the dashboard, and Sign Out ends the session", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/auth/login", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: login.submit }).click();
    await expect(page.getByRole("button", { name: login.submitting })).toBeDisabled();
    release();
    await expect(toast(page, login.success)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.getByRole("button", { name: adminMessages.menu.signOut }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("the guard sends a visitor without a session to the sign-in page, replacing the history entry", async ({ page }) => {
    await page.goto("/");
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is posted, never with the password in the address, and signs in through the page", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    await page.goto("/admin/login");
    await expect(page.getByRole("form", { name: login.title })).toHaveAttribute("method", "post");

    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);

    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: login.submit }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // The session cookie the API would have set: the API now knows who is signed in.
    const me = await page.request.get("/api/auth/user");
    expect(await me.json()).toMatchObject({ success: true, user: { email: ADMIN.email } });

    expect(requests.filter((r) => r.startsWith("POST ")).map((r) => new URL(r.slice(5)).pathname)).toEqual([
      "/admin/login",
      "/admin/login",
    ]);
    expect(requests.filter((r) => /password|correct/i.test(r))).toEqual([]);
  });
});

test.describe("back office screens", () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("the dashboard shows the lead figures and the spec's cards", async ({ page }) => {
    await expect(page.getByTestId("figure-New leads today")).toHaveText(/^\d+$/);
    await expect(page.getByTestId("figure-Leads waiting")).toHaveText(/^\d+$/);
    for (const [name, href] of [
      ["Blog Management", "/admin/blog"],
      ["Contact Submissions", "/admin/contacts"],
      ["User Management", "/admin/users"],
    ]) {
      await expect(page.getByRole("link").filter({ has: page.getByRole("heading", { name }) })).toHaveAttribute("href", href);
    }
    for (const name of ["Settings"]) {
      const card = page.locator("li").filter({ has: page.getByRole("heading", { name }) });
      await expect(card.getByText(adminMessages.dashboard.comingSoon)).toBeVisible();
      await expect(card.getByRole("link")).toHaveCount(0);
    }
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const label of Object.values(adminMessages.menu).filter((l) => l !== adminMessages.menu.signOut)) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
  });

  test("contact submissions list what the contact form sent", async ({ page }) => {
    const res = await page.request.post("/api/contacts", {
      data: {
        fullName: "Priya Natarajan",
        email: "priya@natarajan-builders.example",
        phoneNumber: "(512) 555-0161",
        insuranceType: "General Liability",
        message: "We need a certificate for a new general contractor by Friday.",
        smsConsent: true,
      },
    });
    expect(res.status()).toBe(201);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.contacts }).click();
    await expect(page.getByRole("heading", { level: 1, name: adminMessages.contacts.title })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Priya Natarajan" }).first();
    await expect(row).toContainText("priya@natarajan-builders.example");
    await expect(row).toContainText("(512) 555-0161");
    await expect(row).toContainText("General Liability");
    await expect(row).toContainText("certificate for a new general contractor");
    await expect(row).toContainText(/just now|minute/);
  });

  test("contact submissions: empty and error states", async ({ page }) => {
    await page.route("**/api/contacts", (route) => route.fulfill({ json: { success: true, message: "0", data: [] } }));
    await page.goto("/admin/contacts");
    await expect(page.getByRole("cell", { name: adminMessages.contacts.empty })).toBeVisible();
    await page.unroute("**/api/contacts");
    await page.route("**/api/contacts", (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Database unavailable" } }),
    );
    await page.goto("/admin/contacts");
    await expect(toast(page, adminMessages.contacts.failure)).toBeVisible();
    await page.unroute("**/api/contacts");
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("table")).toBeVisible();
  });

  test("chatbot conversations open a transcript with the visitor's messages on the right", async ({ page }) => {
    const conversation = {
      _id: "6f1c1f0e-3c55-4a7e-9a86-3f1b3b0c9a11",
      name: "Dwayne Harper",
      email: "dwayne@harper-hauling.example",
      phone: "(512) 555-0133",
      updatedAt: new Date().toISOString(),
      conversation: [
        { _id: "a1", role: "user", content: "Do you insure a single box truck?", createdAt: new Date(Date.now() - 60_000).toISOString() },
        { _id: "a2", role: "assistant", content: "Yes. Tell me its weight and where it runs.", createdAt: new Date().toISOString() },
      ],
    };
    await page.route("**/api/chatbot-conversations", (route) => route.fulfill({ json: { success: true, data: [conversation] } }));
    await page.goto("/admin/chatbot-management");
    const row = page.getByRole("row").filter({ hasText: "Dwayne Harper" });
    await expect(row).toContainText("dwayne@harper-hauling.example");
    await row.getByRole("button", { name: /View Conversation/ }).click();
    const dialog = page.getByRole("dialog", { name: "Conversation with Dwayne Harper" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("[data-role=user]")).toContainText("Dwayne Harper");
    await expect(dialog.locator("[data-role=user]")).toHaveCSS("align-items", "flex-end");
    await expect(dialog.locator("[data-role=ai]")).toContainText("AI");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("chatbot conversations: empty and error states", async ({ page }) => {
    await page.route("**/api/chatbot-conversations", (route) => route.fulfill({ json: { success: true, data: [] } }));
    await page.goto("/admin/chatbot-management");
    await expect(page.getByRole("cell", { name: adminMessages.chatbot.empty })).toBeVisible();
    await page.unroute("**/api/chatbot-conversations");
    await page.route("**/api/chatbot-conversations", (route) => route.fulfill({ status: 500, json: { success: false, message: "Down" } }));
    await page.goto("/admin/chatbot-management");
    await expect(toast(page, adminMessages.chatbot.failure)).toBeVisible();
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  });

  test("admin toasts are 356 px wide", async ({ page }) => {
    await page.route("**/api/contacts", (route) => route.fulfill({ status: 500, json: { success: false } }));
    await page.goto("/admin/contacts");
    const t = toast(page, adminMessages.contacts.failure);
    await expect(t).toBeVisible();
    expect(Math.round((await t.boundingBox())!.width)).toBe(356);
  });

  test("the sign-in page and the back office screens have no axe violations", async ({ page }) => {
    const violations: string[] = [];
    for (const path of ["/admin/dashboard", "/admin/contacts", "/admin/chatbot-management"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      violations.push(...results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
    }
    await page.context().clearCookies();
    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: login.submit })).toBeVisible();
    violations.push(...(await new AxeBuilder({ page }).analyze()).violations.map((v) => `/admin/login: ${v.id}`));
    expect(violations).toEqual([]);
  });
});
