import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/ensure-chromium.mjs";
import { TWO_FACTOR_ADMIN } from "./tests/e2e/accounts";

const port = Number(process.env.E2E_PORT ?? 3210);
/** E2E_BASE_URL points the tests at a server already running (e.g. `npm run dev`) instead of the build. */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${port}`;
const executablePath = findChromium() ?? undefined;

/**
 * Chromium features turned off: Playwright's own list (a second `--disable-features` replaces the first,
 * so it is repeated here) and the omnibox's WebUI popups, which headless Chromium builds for every new
 * context's window in a renderer of their own: a third of a short test's CPU, for a popup nobody opens.
 */
const disabledFeatures = [
  ...["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable"],
  ...["LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect"],
  ...["TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"],
  ...["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"],
];

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
    // No traces: recording every test to keep the failed ones cost 30% of a run's CPU (docs/decisions/037).
    // To see a failure step by step: npx playwright test --trace on <file>
    trace: "off",
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
        `--disable-features=${disabledFeatures.join(",")}`,
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: external
    ? undefined
    : {
        // The production build on a fresh embedded database, with two accounts made by `admin:create` first
        // (the embedded database takes one process at a time): the usual one, the first and so an owner,
        // and one of its own for tests/e2e/two-factor.spec.ts, so turning two-factor sign-in on never
        // touches the others' account. That one is Staff: its own sign-in, account and dashboard are every
        // role's, so the spec shows two-factor sign-in works for the least of them.
        command: `rm -rf data/e2e && npx tsx scripts/cli.ts admin:create && ADMIN_PASSWORD='${TWO_FACTOR_ADMIN.password}' npx tsx scripts/cli.ts admin:create --email ${TWO_FACTOR_ADMIN.email} --role staff && node build/server.js`,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        // Two admin:create runs and the server's start: about 15 s alone, nearer a minute on a loaded machine.
        timeout: 150_000,
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
          // The suites sign in with a password; tests/e2e/two-factor.spec.ts turns it on for its own admin.
          ADMIN_REQUIRE_2FA: "false",
          // The inbox's clocks tick in wall minutes whatever the hour the suite runs at (the office-hours clock has tests of its own).
          LEAD_CLOCK_HOURS: "always",
        },
      },
});
