/** Small helpers the end-to-end specs share. */
import type { Page } from "@playwright/test";

/** A Sonner toast with this text. */
export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Holds this page's requests to `path` until `release()` is called, so the "submitting" state can be seen. */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(path, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Makes the API answer a failure of the given kind, for this page only. */
export async function failNext(page: Page, path: string, kind: "status" | "success-false" | "network") {
  await page.route(`**${path}`, (route) => {
    if (kind === "network") return route.abort("connectionrefused");
    if (kind === "status") return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, message: "Service unavailable" }) });
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
