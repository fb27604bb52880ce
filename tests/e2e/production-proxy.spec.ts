/**
 * The production path of compose.yaml on this machine: Caddy with deploy/Caddyfile in front of the built server
 * (compose.yaml's TRUST_PROXY, an https SITE_URL), and Chromium over https. Caddy's local certificate authority
 * stands in for the public one (the browser is told to accept it; Node checks the chain against its root).
 *
 * The browser reaches Caddy on ::1 and Caddy reaches the server on 127.0.0.1, so the address the server records
 * tells the two apart: ::1 is the visitor's, passed on by Caddy in X-Forwarded-For; 127.0.0.1 would be Caddy's own.
 * A visitor's forged X-Forwarded-For must not be what the server records.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { parse } from "yaml";
import { adminMessages } from "../../app/features/admin/messages";
import { formMessages } from "../../app/features/leads/messages";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { findCaddy, type RunningCaddy, startCaddy } from "../support/caddy";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, test, toast, waitForHydration } from "./support";

const caddy = findCaddy();
test.skip(!caddy, "Caddy is not installed (apt-get install caddy): the production path behind Caddy over https is not tested");
test.describe.configure({ mode: "serial" });

/** The app's service in compose.yaml: the server here runs with its TRUST_PROXY. */
const composeApp = (
  parse(readFileSync(path.resolve(import.meta.dirname, "../../compose.yaml"), "utf8")) as {
    services: { app: { environment: Record<string, string> } };
  }
).services.app;

const ADMIN = { email: "owner@proxy.example", password: "harbor lantern granite meadow" };
const FORGED = "203.0.113.66";
/** The only address Caddy listens on, so the browser's requests come from it. */
const VISITOR_SIDE = "::1";

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: OwnServer;
let proxy: RunningCaddy;
let site: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const httpsPort = await freePort(VISITOR_SIDE);
  const httpPort = await freePort(VISITOR_SIDE);
  site = `https://localhost:${httpsPort}`;
  server = await startOwnServer({
    SITE_URL: site,
    TRUST_PROXY: composeApp.environment.TRUST_PROXY,
    DATA_DIR: "memory://",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  proxy = await startCaddy(caddy as string, {
    siteHost: `localhost:${httpsPort}`,
    httpsPort,
    httpPort,
    upstream: new URL(server.url).host,
    bind: VISITOR_SIDE,
  });
});

test.afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

/** A browser context for the site over https: Caddy's local authority is accepted as a public one would be. */
const visit = (browser: Browser, extraHTTPHeaders?: Record<string, string>) =>
  browser.newContext({ baseURL: site, ignoreHTTPSErrors: true, extraHTTPHeaders });

/** Signs in through the form; the sign-in page comes with HSTS too. */
async function signIn(page: Page) {
  const res = await page.goto("/admin/login");
  expect(res?.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  await waitForHydration(page, "form");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: adminMessages.login.submit }).click();
  await expect(toast(page, adminMessages.login.success)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

test("pages come over https with HSTS, and signing in sets a Secure __Host- session cookie", async ({ browser }) => {
  const context = await visit(browser);
  try {
    const page = await context.newPage();
    for (const path of ["/", "/contact"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(res?.headers()["strict-transport-security"], path).toMatch(/max-age=\d{7,}/);
    }

    await signIn(page);

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "__Host-admin_session");
    expect(session, cookies.map((c) => c.name).join(", ")).toMatchObject({ secure: true, httpOnly: true, path: "/", domain: "localhost" });
    expect(cookies.filter((c) => c.name === "admin_session")).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a contact form posted through Caddy records the address Caddy saw, not one the visitor forged", async ({ browser }) => {
  const email = `proxy-${Date.now()}@whitfield-roofing.example`;
  const visitor = await visit(browser, { "X-Forwarded-For": FORGED });
  try {
    const page = await visitor.newPage();
    await page.goto("/contact");
    await waitForHydration(page, "form");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full Name").fill("Dana Whitfield");
    await form.getByLabel("Email Address").fill(email);
    await form.getByLabel("Phone Number").fill("(512) 555-0199");
    await form.locator("#contact-insurance-type").selectOption("Contractors Insurance");
    await form.getByLabel(/^Message/).fill("Twelve-person roofing crew; we need GL with a waiver of subrogation.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: formMessages.contact.submit }).click();
    await expect(toast(page, formMessages.contact.success)).toBeVisible();
  } finally {
    await visitor.close();
  }

  const admin = await visit(browser);
  try {
    const page = await admin.newPage();
    await signIn(page);
    // Asked from the page (Node's own requests would reach localhost on 127.0.0.1, where Caddy does not listen).
    const list = await page.evaluate(async () => (await fetch("/api/leads?type=contact_form&limit=200")).json());
    const lead = (list as { data: { _id: string; email: string }[] }).data.find((l) => l.email === email);
    expect(lead, "the lead is stored").toBeDefined();
    await page.goto(`/admin/leads/${lead?._id}`);
    const ip = page.getByTestId("follow-up-fields").locator("dt", { hasText: inboxMessages.detail.ip }).locator("+ dd");
    await expect(ip).toHaveText(VISITOR_SIDE);
  } finally {
    await admin.close();
  }
});
