/**
 * One browser context per worker for the tests that run with the project's own options, reset between
 * tests, with one page kept open and a disk cache that lasts the worker's life.
 *
 * A fresh context per test costs a new renderer process, every script fetched and compiled again, and
 * nothing in the cache: about two thirds of a short test's CPU on a 2-core machine. Chromium keeps
 * compiled scripts (its code cache) only beside a disk cache, which an incognito context has not; a
 * persistent context has one. Between tests the context is put back as a fresh one would be: other pages
 * closed, routes removed, init scripts and bindings disposed, cookies and permissions cleared, and every
 * origin the test visited emptied of local storage, session storage and IndexedDB. The page is kept
 * (navigated to about:blank) unless the test changed something about it that cannot be undone: a
 * listener left on it, a DevTools session (network or CPU emulation). A test that fails, that sets the
 * clock (the context's, which cannot be taken back), or whose reset fails, ends the context; the next test
 * starts a new one on the same profile folder.
 *
 * What stays between tests is what a returning visitor's browser keeps that the pages allow: the HTTP
 * cache (documents are revalidated on every load, `max-age=0, must-revalidate`) and compiled scripts.
 * Tests with options of their own (no JavaScript, a phone's viewport) get a fresh context as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, BrowserType, LaunchOptions, Page } from "@playwright/test";

type Disposable = { dispose(): Promise<void> };

/** The context options a test may differ in without leaving the warm lane: none. Others differ by test.use. */
export const sameOptions = (a: BrowserContextOptions, b: BrowserContextOptions) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  return value;
}

/** Counts of the listeners on an emitter, by event, so a test that leaves one behind can be told. */
function listenerCounts(page: Page): Map<string | symbol, number> {
  const emitter = page as unknown as { eventNames(): (string | symbol)[]; listenerCount(e: string | symbol): number };
  return new Map(emitter.eventNames().map((e) => [e, emitter.listenerCount(e)]));
}

const leftListeners = (before: Map<string | symbol, number>, page: Page) =>
  [...listenerCounts(page)].some(([event, count]) => count > (before.get(event) ?? 0));

/** What a test did to the warm context that the reset undoes, or that makes the kept page unfit. */
type TestState = {
  disposables: Disposable[];
  origins: Set<string>;
  pageDirty: boolean;
  contextDirty: boolean;
  viewportChanged: boolean;
  listeners: Map<string | symbol, number>;
};

export class WarmLane {
  private context: BrowserContext | undefined;
  private options: BrowserContextOptions | undefined;
  private kept: Page | undefined;
  private state: TestState | undefined;
  private readonly profile: string;

  constructor(
    private readonly browserType: BrowserType,
    private readonly launchOptions: LaunchOptions,
  ) {
    this.profile = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-warm-"));
  }

  /** The warm context and its page for a test with these options, or undefined when the options are not the lane's. */
  async take(options: BrowserContextOptions): Promise<{ context: BrowserContext; page: () => Promise<Page> } | undefined> {
    if (this.options && !sameOptions(this.options, options)) return undefined;
    if (!this.context) {
      this.context = await this.browserType.launchPersistentContext(this.profile, { ...this.launchOptions, ...options });
      this.options = options;
      this.kept = this.context.pages()[0];
      this.instrumentContext(this.context);
    }
    const context = this.context;
    this.state = {
      disposables: [],
      origins: new Set(),
      pageDirty: false,
      contextDirty: false,
      viewportChanged: false,
      listeners: new Map(),
    };
    const state = this.state;
    return {
      context,
      page: async () => {
        if (!this.kept || this.kept.isClosed()) this.kept = await context.newPage();
        this.instrumentPage(this.kept);
        state.listeners = listenerCounts(this.kept);
        return this.kept;
      },
    };
  }

  /** Puts the context back as a fresh one would be, or ends it when the test failed or the reset fails. */
  async release(failed: boolean): Promise<void> {
    const context = this.context;
    const state = this.state;
    this.state = undefined;
    if (!context || !state) return;
    if (failed || state.contextDirty) return this.end();
    try {
      let page = this.kept && !this.kept.isClosed() ? this.kept : undefined;
      if (page && (state.pageDirty || leftListeners(state.listeners, page))) {
        await page.close();
        page = undefined;
      }
      for (const other of context.pages()) if (other !== page) await other.close();
      for (const d of state.disposables.reverse()) await d.dispose().catch(() => {});
      await context.unrouteAll({ behavior: "ignoreErrors" });
      if (page) await page.unrouteAll({ behavior: "ignoreErrors" });
      await context.clearCookies();
      await context.clearPermissions();
      page ??= await context.newPage();
      this.kept = page;
      if (state.viewportChanged && this.options?.viewport) await page.setViewportSize(this.options.viewport);
      await this.emptyStorage(page, state.origins);
      await page.goto("about:blank");
    } catch {
      await this.end();
    }
  }

  /** Closes the context; the profile folder (and its cache) stays for the next. */
  async end(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.kept = undefined;
    await context?.close().catch(() => {});
  }

  async close(): Promise<void> {
    await this.end();
    rmSync(this.profile, { recursive: true, force: true });
  }

  /** Each visited origin's local storage, session storage (this tab's) and IndexedDB, emptied from a blank page of its own. */
  private async emptyStorage(page: Page, origins: Set<string>): Promise<void> {
    if (origins.size === 0) return;
    await page.route("**/*", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>reset</title>" }),
    );
    try {
      for (const origin of origins) {
        await page.goto(`${origin}/`, { waitUntil: "commit" });
        await page.evaluate(async () => {
          localStorage.clear();
          sessionStorage.clear();
          const databases = await indexedDB.databases();
          await Promise.all(
            databases.map(
              (d) =>
                new Promise<void>((resolve) => {
                  if (!d.name) return resolve();
                  const request = indexedDB.deleteDatabase(d.name);
                  request.onsuccess = request.onerror = request.onblocked = () => resolve();
                }),
            ),
          );
        });
      }
    } finally {
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  }

  /** Records what the test adds to the context: init scripts and bindings to dispose, origins visited. */
  private instrumentContext(context: BrowserContext): void {
    const record =
      <A extends unknown[]>(original: (...args: A) => Promise<Disposable>) =>
      async (...args: A) => {
        const disposable = await original(...args);
        this.state?.disposables.push(disposable);
        return disposable;
      };
    context.addInitScript = record(context.addInitScript.bind(context)) as BrowserContext["addInitScript"];
    context.exposeBinding = record(context.exposeBinding.bind(context)) as BrowserContext["exposeBinding"];
    context.exposeFunction = record(context.exposeFunction.bind(context)) as BrowserContext["exposeFunction"];
    const newCDPSession = context.newCDPSession.bind(context);
    context.newCDPSession = async (target) => {
      if (this.state) this.state.pageDirty = true;
      return newCDPSession(target);
    };
    // The clock is the context's (page.clock is context.clock) and cannot be uninstalled: a test that uses it ends the context.
    const clock = context.clock as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(clock))) {
      const method = clock[name];
      if (name === "constructor" || typeof method !== "function") continue;
      clock[name] = (...args: unknown[]) => {
        if (this.state) this.state.contextDirty = true;
        return (method as (...a: unknown[]) => unknown).apply(context.clock, args);
      };
    }
    context.on("request", (request) => {
      if (!request.isNavigationRequest()) return;
      const url = new URL(request.url());
      if (url.protocol === "http:" || url.protocol === "https:") this.state?.origins.add(url.origin);
    });
  }

  /** Records what the test does to the kept page that the reset must undo or that spoils it. */
  private instrumentPage(page: Page): void {
    const marked = page as Page & { __warm?: true };
    if (marked.__warm) return;
    marked.__warm = true;
    const record =
      <A extends unknown[]>(original: (...args: A) => Promise<Disposable>) =>
      async (...args: A) => {
        const disposable = await original(...args);
        this.state?.disposables.push(disposable);
        return disposable;
      };
    page.addInitScript = record(page.addInitScript.bind(page)) as Page["addInitScript"];
    page.exposeBinding = record(page.exposeBinding.bind(page)) as Page["exposeBinding"];
    page.exposeFunction = record(page.exposeFunction.bind(page)) as Page["exposeFunction"];
    const setViewportSize = page.setViewportSize.bind(page);
    page.setViewportSize = async (size) => {
      if (this.state) this.state.viewportChanged = true;
      return setViewportSize(size);
    };
  }
}
