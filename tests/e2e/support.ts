/** Small helpers the end-to-end specs share, and the `test` they all use. */
import AxeBuilder from "@axe-core/playwright";
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from "@playwright/test";
import { WarmLanes } from "./warm-context";

export { expect };

type NavigationOptions = { waitUntil?: "load" | "domcontentloaded" | "networkidle" | "commit" };

/** Playwright's own fixture behind `context`: every context option the test runs with. */
type Internals = { _combinedContextOptions: BrowserContextOptions };
const internal = base as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & Internals,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/** The kept page of each warm context a `context` fixture handed out. */
const warmPages = new WeakMap<BrowserContext, () => Promise<Page>>();
/** Pages whose goto and reload already wait for hydration. */
const waitingPages = new WeakSet<Page>();

/**
 * The `test` every spec uses.
 *
 * Each test runs in its worker's warm context for its options (./warm-context.ts): reset between
 * tests, one page kept, scripts compiled once, a context per set of options (`test.use`).
 *
 * Pages hydrate a frame after their load event (docs/decisions/016). `page.goto` and `page.reload`
 * wait for that too, so a test acts on the page as a visitor does once its scripts have run. Pass
 * `waitUntil: "domcontentloaded"` or `"commit"` to act on the page before it has hydrated.
 */
export const test = internal.extend<object, { warmLanes: WarmLanes }>({
  warmLanes: [
    async ({ playwright, browserName, launchOptions, headless }, use) => {
      const lanes = new WarmLanes(playwright[browserName], { ...launchOptions, headless });
      await use(lanes);
      await lanes.close();
    },
    { scope: "worker" },
  ],
  context: async ({ warmLanes, _combinedContextOptions }, use, testInfo) => {
    const warm = await warmLanes.take(_combinedContextOptions);
    warmPages.set(warm.context, warm.page);
    await use(warm.context);
    await warmLanes.release(testInfo.status !== testInfo.expectedStatus);
  },
  page: async ({ context, javaScriptEnabled }, use) => {
    const warmPage = warmPages.get(context);
    const page = warmPage ? await warmPage() : await context.newPage();
    if (!waitingPages.has(page)) {
      waitingPages.add(page);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const hydrated = async (options?: NavigationOptions) => {
        if (!javaScriptEnabled || options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded") return;
        // Documents without the app's scripts (XML, text, files) have nothing to wait for.
        await page.waitForFunction(
          () => !document.querySelector('script[type="module"]') || (window as { __hydrated?: boolean }).__hydrated === true,
        );
      };
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await hydrated(options);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await hydrated(options);
        return response;
      };
    }
    await use(page);
  },
});

/**
 * An axe scan of the page (every rule, as AxeBuilder runs them, and Label in Name), run in the page itself (axe's
 * `axe.run`; the pages have no frames from other origins to gather, so AxeBuilder's default of one
 * partial run per frame finished in a second, blank page, which costs a renderer and a second copy of
 * axe per scan, adds nothing). Only violations are gathered in full (axe's `resultTypes`): passes and
 * inapplicable rules, which no test reads, keep one node each, which spares the slowest part of a scan,
 * a unique selector for every node of every rule.
 *
 * The page is scanned as a visitor who prefers reduced motion sees it: nothing changes opacity or
 * place while the rules measure, so a toast that times out during a scan leaves at once instead of
 * being measured half faded.
 */
export const axe = (page: Page) => new SiteAxe(page);

class SiteAxe extends AxeBuilder {
  constructor(private readonly scanned: Page) {
    super({ page: scanned });
    // Label in Name (WCAG 2.5.3) is one of axe's experimental rules, off unless asked for; Lighthouse runs it.
    this.options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } }).setLegacyMode();
  }

  override async analyze() {
    await this.scanned.emulateMedia({ reducedMotion: "reduce" });
    try {
      return await super.analyze();
    } finally {
      await this.scanned.emulateMedia({ reducedMotion: "no-preference" });
    }
  }
}

/** Axe's findings on the page as it is now, as "path: rule targets" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await axe(page).analyze();
  return violations.map((v) => `${new URL(page.url()).pathname}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Axe finds nothing on the page; with `afterToasts`, once the toasts have settled (one fading out is half transparent). */
export async function expectNoAxeViolations(page: Page, { afterToasts = false } = {}): Promise<void> {
  if (afterToasts) await toastsSettled(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** A Sonner toast with this text. */
export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * Waits until every toast on the page has finished appearing (Sonner fades them in), so an
 * accessibility scan reads the colours a visitor reads, not a frame of the animation.
 */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].every(
      (el) => getComputedStyle(el).opacity === "1" && el.getAnimations({ subtree: true }).length === 0,
    ),
  );
}

/** Holds this page's requests to `path` (a glob or a pattern) until `release()` is called, so the "submitting" state can be seen. */
export async function holdRequests(page: Page, path: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(path, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The data request a page's form action is posted to once scripts run: `/contact.data`, or
 * `/contact/_.data` for the page's address with a trailing slash.
 */
export const actionRequest = (pagePath: string) => new RegExp(`${pagePath.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(/_)?\\.data(\\?|$)`);

/** Makes the API (a path, or a pattern such as `actionRequest`'s) answer a failure of the given kind, for this page only. */
export async function failNext(page: Page, path: string | RegExp, kind: "status" | "success-false" | "network") {
  await page.route(typeof path === "string" ? `**${path}` : path, (route) => {
    if (kind === "network") return route.abort("connectionrefused");
    if (kind === "status")
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ success: false, message: "Service unavailable" }),
      });
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ success: false, message: "Nope" }) });
  });
}

/** React has attached its handlers to the element (the page is hydrated). */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el !== null && Object.keys(el).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/** Lighthouse's mobile profile: 150 ms round trips, 1.6 Mbps down, 750 kbps up, and a CPU four times slower. */
export async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** The page's uncaught errors and console errors from now on (a hydration mismatch is one): expect it to stay empty. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Whether the page has hydrated (the app sets `window.__hydrated`). */
export const hydrated = (page: Page) => page.evaluate(() => (window as { __hydrated?: boolean }).__hydrated === true);

/** Waits until the page has hydrated. */
export const untilHydrated = (page: Page) =>
  page.waitForFunction(() => (window as { __hydrated?: boolean }).__hydrated === true, undefined, { timeout: 30_000 });
