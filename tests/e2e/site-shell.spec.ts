import type { Page } from "@playwright/test";
import { footerQuickLinks, footerServiceLinks, mainNav, quoteCta } from "../../app/content/navigation";
import { defaultSite } from "../../app/content/site-profile";
import { expect, expectNoAxeViolations, test } from "./support";

test.describe("desktop top bar", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("links to every main page and highlights the quote button", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([...mainNav.map((l) => l.label), quoteCta.label]);
    for (const link of [...mainNav].reverse()) {
      await nav.getByRole("link", { name: link.label, exact: true }).click();
      await expect(page).toHaveURL(link.to);
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await nav.getByRole("link", { name: quoteCta.label }).click();
    await expect(page).toHaveURL("/quote");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("toggles open and closed, traps focus, closes on Escape, close button and link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu", exact: true }).first()).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText([...mainNav.map((l) => l.label), quoteCta.label]);
    await expect(menu.locator(":focus")).toHaveCount(1);

    // The toggle closes it again.
    await page.getByRole("banner").locator("button[aria-expanded]").click();
    await expect(menu).toBeHidden();

    // Escape closes it and focus returns to the toggle.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    // Tab stays inside the open menu.
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      await expect(menu.locator(":focus")).toHaveCount(1);
    }

    // The close button inside the panel closes it.
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    // Choosing a link navigates and closes it.
    await toggle.click();
    await menu.getByRole("link", { name: "Testimonials" }).click();
    await expect(page).toHaveURL("/testimonials");
    await expect(menu).toBeHidden();
  });
});

test("footer has the quick links, service links, contact block and this year's copyright", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const quick = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
  await expect(quick).toHaveCount(footerQuickLinks.length);
  for (const [i, link] of footerQuickLinks.entries()) await expect(quick.nth(i)).toHaveAttribute("href", link.to);
  const services = footer.getByRole("navigation", { name: "Services" }).getByRole("link");
  expect(footerServiceLinks.map((l) => l.to)).toEqual([
    "/contractors-insurance",
    "/general-liability-insurance",
    "/trucking-insurance",
    "/commercial-property-insurance",
    "/hoa-insurance",
    "/investment-property-insurance",
  ]);
  for (const [i, link] of footerServiceLinks.entries()) await expect(services.nth(i)).toHaveAttribute("href", link.to);
  // Both of the profile's numbers, its address and the office hours as stored (the test server's first-run profile).
  const { agency } = defaultSite;
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(2);
  await expect(footer.locator(`a[href="tel:${agency.phone.primary.e164}"]`)).toHaveText(agency.phone.primary.display);
  await expect(footer.locator(`a[href="tel:${agency.phone.secondary?.e164}"]`)).toHaveText(agency.phone.secondary?.display ?? "");
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer).toContainText("Liberty Hill, TX");
  const hours = footer.getByTestId("footer-hours");
  await expect(hours.locator("dt")).toHaveText(["Monday - Friday:", "Saturday:", "Sunday:"]);
  await expect(hours.locator("dd")).toHaveText(["9:00 AM - 5:00 PM", "By appointment", "Closed"]);
  await expect(footer).toContainText("Office hours, Central Time");
  // No social profile is set in the first-run profile: no list of them.
  await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

  await footer.getByRole("link", { name: "SMS Consent" }).click();
  await expect(page).toHaveURL("/sms-consent");
});

test("top bar and footer are absent under /admin", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByRole("banner")).toHaveCount(1);
});

test("a route change scrolls smoothly back to the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy-policy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("unknown paths show a helpful not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle(/^Page not found \| /);
  await expect(page.getByRole("main").getByRole("link", { name: /Get a quote/ })).toHaveAttribute("href", "/quote");
  await expect(page.getByRole("banner")).toBeVisible();
});

test("the shell has no accessibility violations", async ({ page }) => {
  for (const path of ["/", "/no/such/page"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});

test("no analytics script is present when GA_MEASUREMENT_ID is not set", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("undefined");
});

test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["/", "/services", "/about", "/contact", "/insurance/commercial-trucking", "/privacy-policy"]) {
    expect(xml).toContain(`<loc>http://localhost:3000${path === "/" ? "/" : path}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
});

test("an error page shown after a failed navigation keeps the site's styles and icons", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  // The visitor has moved the pointer: the whole stylesheet and sprite are the page's.
  await page.mouse.move(10, 10);
  await expect(page.locator("#icon-sprite symbol#icon-alert")).toHaveCount(1);
  // A client-side navigation whose loader fails renders the root error boundary in place of the layout.
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }).__reactRouterDataRouter.navigate(
      "/insurance/no-such-product",
    ),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  expect(await page.locator("#inline-css").evaluate((el) => el.innerHTML.length)).toBeGreaterThan(1000);
  expect(await page.locator("#icon-sprite symbol").count()).toBeGreaterThan(10);
  await expect(page.getByRole("banner")).toHaveCSS("position", "fixed");
});

test("icons a page did not carry arrive for the pages a visitor navigates to", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);
  // The home page's own HTML has no warning icon; on the visitor's first interaction the whole sprite is fetched.
  await expect(page.locator("#icon-sprite symbol#icon-alert")).toHaveCount(0);
  await page.mouse.move(10, 10);
  await expect(page.locator("#icon-sprite symbol#icon-alert")).toHaveCount(1);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy-policy");
  await page.goto("/insurance/hoa");
  await expect(page.locator("#risks use[href='#icon-alert']").first()).toBeAttached();
  await expect(page.locator("#icon-sprite symbol#icon-alert")).toHaveCount(1);
});

test.describe("the whole stylesheet and sprite", () => {
  const state = (page: import("@playwright/test").Page) =>
    page.evaluate(() => ({
      prefetched: document.querySelector<HTMLLinkElement>('link[rel="prefetch"][as="style"]')?.getAttribute("href") ?? "",
      applied: [...document.styleSheets].some((s) => s.href?.includes("/assets/app-")),
      symbols: document.querySelectorAll("#icon-sprite symbol").length,
    }));
  const hydrated = (page: import("@playwright/test").Page) =>
    page.waitForFunction(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);

  test("are prefetched by the page and applied on the first interaction; the page's own rules style it until then", async ({ page }) => {
    await page.goto("/insurance/contractors");
    await hydrated(page);
    // Not applied at load: the screen keeps the page's inline rules, so its load restyles nothing.
    const before = await state(page);
    expect(before.prefetched).toMatch(/^\/assets\/app-[\w-]+\.css$/);
    expect(before.applied).toBe(false);

    await page.mouse.move(20, 20);
    await expect.poll(async () => (await state(page)).applied).toBe(true);
    await expect.poll(async () => (await state(page)).symbols).toBeGreaterThan(before.symbols);
  });

  test("arrive 10 seconds after the load for a visitor who has not touched the page", async ({ page }) => {
    await page.clock.install();
    await page.goto("/about");
    await hydrated(page);
    await page.clock.runFor(9_000);
    expect((await state(page)).applied).toBe(false);
    await page.clock.runFor(1_500);
    await expect.poll(async () => (await state(page)).applied).toBe(true);
  });
});

/**
 * What the whole stylesheet would change on the page as it stands: the classes it styles that the
 * page's inline rules do not, and the elements whose box or look change when it applies (the first
 * interaction, a key press here: a pointer would hover something). Elements it brings (the sprite,
 * the chat launcher) are not compared.
 */
async function wholeStylesheetChanges(page: Page) {
  const unstyled = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="prefetch"][as="style"]')?.href ?? "";
    const whole = await (await fetch(href)).text();
    const inline = document.getElementById("inline-css")?.textContent ?? "";
    const classes = new Set([...document.querySelectorAll("[class]")].flatMap((el) => [...el.classList]));
    const styles = (css: string, name: string) =>
      new RegExp(`\\.${CSS.escape(name).replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}(?![\\w-]|\\\\)`).test(css);
    return [...classes].filter((name) => styles(whole, name) && !styles(inline, name));
  });
  const look = () =>
    page.evaluate(() => {
      const seen = new Map<Element, string>();
      for (const el of document.body.querySelectorAll("*")) {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const props = ["color", "background-color", "font-size", "font-weight", "line-height", "display", "margin", "padding"];
        const text = [box.x, box.y, box.width, box.height].map(Math.round).join(",");
        seen.set(el, `${text} ${props.map((name) => style.getPropertyValue(name)).join("|")} ${style.textDecorationLine}`);
      }
      const w = window as Window & { __look?: Map<Element, string> };
      const before = w.__look;
      w.__look = seen;
      if (!before) return [];
      return [...before].flatMap(([el, was]) => {
        const now = seen.get(el);
        return now === undefined || now === was ? [] : [`${el.tagName.toLowerCase()}.${[...el.classList].join(".")}: ${was} -> ${now}`];
      });
    });
  await look();
  await page.evaluate(() => window.dispatchEvent(new KeyboardEvent("keydown")));
  await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes("/assets/app-")));
  // Two frames for the new rules to apply, and past the longest transition.
  await page.waitForTimeout(400);
  const moved = await look();
  return { unstyled, moved };
}

test("on every page of the sitemap and a quote form with a draft, the inline rules style every class and box the hydrated page shows", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(paths.length).toBeGreaterThan(20);
  const found: Record<string, { unstyled: string[]; moved: string[] }> = {};
  const check = async (name: string) => {
    const changes = await wholeStylesheetChanges(page);
    // The first few changed elements (the rest are usually what they push along) and how many.
    if (changes.unstyled.length > 0 || changes.moved.length > 0)
      found[name] = { unstyled: changes.unstyled, moved: [...changes.moved.slice(0, 4), `${changes.moved.length} in all`] };
  };
  for (const path of [...paths, "/quote"]) {
    await page.goto(path);
    await page.waitForFunction(() => (window as Window & { __hydrated?: boolean }).__hydrated === true);
    await check(path);
  }
  // A draft put back: the note and its button, and a document already uploaded. The clock stands
  // still, so the note's time (saved again a moment after the load) keeps its width.
  await page.clock.setFixedTime(new Date("2026-06-01T15:20:00"));
  await page.evaluate(() => {
    const at = Date.now();
    const values = {
      legalBusinessName: "Ortega Freight LLC",
      businessState: "Wyoming",
      radiusOfOperation: "500+",
      coverages: ["Physical Damage"],
    };
    const files = [
      {
        id: "00000000-0000-4000-8000-000000000000",
        slot: "vehicleRegistration",
        name: "registration.pdf",
        size: 4096,
        type: "application/pdf",
        at,
      },
    ];
    localStorage.setItem("agency.truckingQuoteDraft", JSON.stringify({ v: 1, savedAt: at, values, files }));
  });
  await page.reload();
  await expect(page.getByTestId("draft-note")).toBeVisible();
  await check("/quote with a draft");
  expect(found).toEqual({});
});
