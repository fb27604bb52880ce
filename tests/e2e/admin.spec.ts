import type { Page } from "@playwright/test";
import { adminMessages } from "../../app/features/admin/messages";
import { axe, axeViolations, expect, test, toast } from "./support";

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
    await page.route("**/admin/login.data*", async (route) => {
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
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  });

  test("the guard sends a visitor without a session to the sign-in page, replacing the history entry", async ({ page }) => {
    await page.goto("/");
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcontacts$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test("signing in returns to the screen the guard came from, and never to another site's address", async ({ page }) => {
    await page.goto("/admin/contacts?view=none");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcontacts%3Fview%3Dnone$/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: login.submit }).click();
    await expect(toast(page, login.success)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contacts\?view=none$/);
    await expect(page.getByRole("heading", { level: 1, name: adminMessages.contacts.title })).toBeVisible();

    await page.getByRole("button", { name: adminMessages.menu.signOut }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto(`/admin/login?redirectTo=${encodeURIComponent("https://example.com/admin")}`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: login.submit }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
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
    // The redirect's flash toast, in the page itself without scripts.
    await expect(page.getByRole("status").filter({ hasText: login.success })).toBeVisible();
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

test.describe("sign-out without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Sign Out is a form posted to the server, which ends the session", async ({ page }) => {
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.getByRole("button", { name: adminMessages.menu.signOut }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcontacts$/);
  });
});

test.describe("chat transcripts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("View Conversation opens the transcript under the list", async ({ page }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const visitor = { name: `Noor Script ${suffix}`, email: `noor-${suffix}@example.com`, phone: "(512) 555-0144" };
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect((await page.request.post("/api/chatbot-conversations", { data: visitor })).ok()).toBe(true);
    const sent = { role: "user", content: "Is a food truck covered like a box truck?" };
    expect((await page.request.post(`/api/chatbot-conversations/${visitor.email}/message`, { data: sent })).ok()).toBe(true);
    await page.goto("/admin/chatbot-management");
    await page
      .getByRole("row")
      .filter({ hasText: visitor.name })
      .getByRole("button", { name: /View Conversation/ })
      .click();
    await expect(page).toHaveURL(/\?view=[0-9a-f-]{36}$/);
    const transcript = page.getByRole("region", { name: `Conversation with ${visitor.name}` });
    await expect(transcript.locator("[data-role=user]")).toContainText(sent.content);
    await transcript.getByRole("link", { name: adminMessages.chatbot.close }).click();
    await expect(page).toHaveURL(/\/admin\/chatbot-management$/);
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
      ["Settings", "/admin/settings"],
    ]) {
      await expect(page.getByRole("link").filter({ has: page.getByRole("heading", { name }) })).toHaveAttribute("href", href);
    }
    await expect(page.getByText(adminMessages.dashboard.comingSoon)).toHaveCount(0);
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

  test("contact submissions: the error state with Try Again, and a toast (the empty state is in tests/integration/admin-loaders.test.ts)", async ({
    page,
  }) => {
    let fail = true;
    // The screen's data as the browser asks for it when the menu opens the screen.
    await page.route(/\/admin\/contacts\.data/, (route) =>
      fail ? route.fulfill({ status: 500, body: "Database unavailable" }) : route.continue(),
    );
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.contacts }).click();
    await expect(page.getByRole("alert").filter({ hasText: adminMessages.contacts.failure })).toBeVisible();
    await expect(toast(page, adminMessages.contacts.failure)).toBeVisible();
    fail = false;
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: adminMessages.contacts.failure })).toHaveCount(0);
  });

  test("chatbot conversations open a transcript with the visitor's messages on the right", async ({ page }) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const visitor = { name: `Dwayne Harper ${suffix}`, email: `dwayne-${suffix}@harper-hauling.example`, phone: "(512) 555-0133" };
    expect((await page.request.post("/api/chatbot-conversations", { data: visitor })).ok()).toBe(true);
    for (const message of [
      { role: "user", content: "Do you insure a single box truck?" },
      { role: "ai", content: "Yes. Tell me its weight and where it runs." },
    ]) {
      expect((await page.request.post(`/api/chatbot-conversations/${visitor.email}/message`, { data: message })).ok()).toBe(true);
    }
    await page.goto("/admin/chatbot-management");
    const row = page.getByRole("row").filter({ hasText: visitor.name });
    await expect(row).toContainText(visitor.email);
    await row.getByRole("button", { name: /View Conversation/ }).click();
    const dialog = page.getByRole("dialog", { name: `Conversation with ${visitor.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("[data-role=user]")).toContainText(visitor.name);
    await expect(dialog.locator("[data-role=user]")).toHaveCSS("align-items", "flex-end");
    await expect(dialog.locator("[data-role=ai]")).toContainText("AI");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/chatbot-management$/);
  });

  test("chatbot conversations: the error state (the empty state is in tests/integration/admin-loaders.test.ts)", async ({ page }) => {
    await page.route(/\/admin\/chatbot-management\.data/, (route) => route.fulfill({ status: 500, body: "Down" }));
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.chatbot }).click();
    await expect(toast(page, adminMessages.chatbot.failure)).toBeVisible();
    await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  });

  test("admin toasts are 356 px wide", async ({ page }) => {
    await page.route(/\/admin\/contacts\.data/, (route) => route.fulfill({ status: 500, body: "Down" }));
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: adminMessages.menu.contacts }).click();
    const t = toast(page, adminMessages.contacts.failure);
    await expect(t).toBeVisible();
    expect(Math.round((await t.boundingBox())!.width)).toBe(356);
  });

  test("the sign-in page and the back office screens have no axe violations", async ({ page }) => {
    const violations: string[] = [];
    for (const path of ["/admin/dashboard", "/admin/contacts", "/admin/chatbot-management"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      violations.push(...(await axeViolations(page)));
    }
    await page.context().clearCookies();
    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: login.submit })).toBeVisible();
    violations.push(...(await axe(page).analyze()).violations.map((v) => `/admin/login: ${v.id}`));
    expect(violations).toEqual([]);
  });
});
