import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/ensure-chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3210);
/** E2E_BASE_URL points the tests at a server already running (e.g. `npm run dev`) instead of the build. */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  // The longest flows (a post written with two accessibility scans, every back-office screen scanned) take
  // about 30 s on a 2-core machine running two browsers.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        // The production build on a fresh embedded database.
        command: "rm -rf data/e2e && node build/server.js",
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: "data/e2e",
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
          DATABASE_URL: "",
          ADMIN_EMAIL: "admin@agency.example",
          ADMIN_PASSWORD: "correct horse battery staple",
          RATE_LIMIT_FORMS_MAX: "1000",
          RATE_LIMIT_UPLOADS_MAX: "1000",
          RATE_LIMIT_CHAT_SESSIONS_MAX: "1000",
          RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "1000",
          RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "1000",
        },
      },
});
