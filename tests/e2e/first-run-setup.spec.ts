/**
 * First-run setup in the browser, from an empty data folder to a signed-in owner: a server of this
 * spec's own (the production build on a new embedded database, no ADMIN_* variables, production's
 * defaults, so two-factor sign-in is required) prints its setup link; the owner opens it, names the
 * agency, creates the account, sets up two-factor sign-in and lands on the dashboard; the link is then
 * gone.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { setupMessages as text } from "../../app/features/admin-users/setup-messages";
import { authMessages } from "../../app/features/auth/schema";
import { twoFactorMessages } from "../../app/features/auth/two-factor-messages";
import { expect, expectNoAxeViolations, test, toast } from "./support";

const root = path.resolve(import.meta.dirname, "../..");
const PRINTED = /^ {4}(http:\/\/localhost:\d+\/admin\/setup\?code=[A-Za-z0-9_-]{22})$/m;

/** A field's label, the required mark aside ("Password" is not "Password again"). */
const exactLabel = (label: string) => new RegExp(`^${label}( \\*)?$`);

/** A port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let child: ChildProcess | undefined;
let dataDir = "";
let output = "";
let link = "";

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "first-run-"));
  const port = await freePort();
  // Only what a fresh install has: no admin variables, no database URL, the embedded database in an empty folder.
  child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = child;
  link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${output}`)), 140_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = PRINTED.exec(output)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.once("exit", (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  const server = child;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** What an authenticator app shows for the key now. */
const appCode = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, "")), algorithm: "SHA1", digits: 6, period: 30 }).generate();

test("first-run setup from an empty data folder to a signed-in owner", async ({ page }) => {
  const origin = new URL(link).origin;

  // A wrong code: refused, with the way to a new link.
  const refused = await page.goto(`${origin}/admin/setup?code=not-the-code`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: text.invalidTitle })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(text.invalid);
  await expect(page.getByText("npm run admin:create -- --email you@agency.com")).toBeVisible();

  // The printed link: the form.
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: text.title })).toBeVisible();
  await expectNoAxeViolations(page);

  // Sent empty: each field says what it needs.
  await page.getByRole("button", { name: text.submit }).click();
  await expect(page.getByText(text.errors.agencyName)).toBeVisible();
  await expect(page.getByText(text.errors.emailRequired)).toBeVisible();
  await expect(page.getByText(text.errors.passwordRequired)).toBeVisible();

  await page.getByLabel(exactLabel(text.agencyName)).fill("Bluebonnet Risk Partners");
  await page.getByLabel(exactLabel(text.name)).fill("Dana Ruiz");
  await page.getByLabel(exactLabel(text.email)).fill("dana@bluebonnet.example");
  await page.getByLabel(exactLabel(text.password)).fill("harbor violet compass kettle");
  await page.getByLabel(exactLabel(text.confirmPassword)).fill("harbor violet compass kettle");
  await page.getByRole("button", { name: text.submit }).click();

  // Production requires two-factor sign-in: the owner sets it up before anything else.
  await expect(page).toHaveURL(/\/admin\/two-factor\/enrol$/);
  await expect(page.getByRole("heading", { level: 1, name: twoFactorMessages.enrol.title })).toBeVisible();
  const key = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await page.getByRole("textbox", { name: twoFactorMessages.code.label }).fill(appCode(key));
  await page.getByRole("button", { name: twoFactorMessages.enrol.submit }).click();
  await expect(page.getByRole("heading", { name: twoFactorMessages.recovery.title })).toBeVisible();
  await expect(toast(page, authMessages.success)).toBeVisible();

  await page.getByRole("link", { name: twoFactorMessages.recovery.continue }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // The link was for one use: the setup is gone.
  const again = await page.goto(link);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
