/**
 * One browser context per worker and set of context options, reset between tests, with one page kept
 * open and a disk cache that lasts while the context does.
 *
 * A fresh context per test costs a new renderer process, every script fetched and compiled again, and
 * nothing in the cache: about two thirds of a short test's CPU on a 2-core machine. Chromium keeps
 * compiled scripts (its code cache) only beside a disk cache, which an incognito context has not; a
 * persistent context has one. Between tests the context is put back as a fresh one would be: other pages
 * closed, routes removed, init scripts and bindings disposed, cookies and permissions cleared, emulated
 * media and the viewport restored, and every origin the test visited emptied of local storage, session
 * storage and IndexedDB. The page is kept (navigated to about:blank) unless the test left a listener on
 * it or opened a DevTools session on it (network or CPU emulation stay with the page). A test that fails,
 * that changes what the reset cannot take back (the clock, which is the context's; offline; geolocation;
 * extra headers; default timeouts; a listener on the context), or whose reset fails, ends the context
 * and its profile folder; the next test starts a new one.
 *
 * What stays between tests is what a returning visitor's browser keeps that the pages allow: the HTTP
 * cache (documents are revalidated on every load, `max-age=0, must-revalidate`) and compiled scripts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, BrowserType, LaunchOptions, Page } from "@playwright/test";

type Disposable = { dispose(): Promise<void> };

/** `E2E_WARM_DEBUG=1` prints each time a page or a context is not kept, and why. */
const debug = process.env.E2E_WARM_DEBUG ? (message: string) => console.error(`[warm] ${message}`) : () => {};
type Emitter = { eventNames(): (string | symbol)[]; listenerCount(event: string | symbol): number };

/** A canonical key for a set of context options (key order and undefined values do not count). */
export const optionsKey = (options: BrowserContextOptions) => JSON.stringify(sorted(options));

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

/** Counts of the listeners on a Playwright object (its EventEmitter), by event, so one a test leaves behind can be told. */
function listenerCounts(target: Page | BrowserContext): Map<string | symbol, number> {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((e) => [e, emitter.listenerCount(e)]));
}

const leftListeners = (before: Map<string | symbol, number>, target: Page | BrowserContext) =>
  [...listenerCounts(target)].some(([event, count]) => count > (before.get(event) ?? 0));

/** What a test did to the warm context that the reset undoes, or that makes the kept page or the context unfit. */
type TestState = {
  disposables: Disposable[];
  origins: Set<string>;
  pageDirty: boolean;
  contextDirty: boolean;
  viewportChanged: boolean;
  mediaChanged: boolean;
  pageListeners: Map<string | symbol, number> | undefined;
  contextListeners: Map<string | symbol, number>;
};

/** Wraps `object[name]` so that calling it runs `before` first. */
function onCall<T extends object>(object: T, names: string[], before: () => void): void {
  const target = object as Record<string, unknown>;
  for (const name of names) {
    const method = target[name];
    if (typeof method !== "function") continue;
    target[name] = (...args: unknown[]) => {
      before();
      return (method as (...a: unknown[]) => unknown).apply(object, args);
    };
  }
}

/** Wraps methods that return a Disposable so that the reset can dispose of what they added. */
function recordDisposables<T extends object>(object: T, names: string[], record: (d: Disposable) => void): void {
  const target = object as Record<string, unknown>;
  for (const name of names) {
    const method = target[name] as (...a: unknown[]) => Promise<Disposable>;
    target[name] = async (...args: unknown[]) => {
      const disposable = await method.apply(object, args);
      record(disposable);
      return disposable;
    };
  }
}

/** One warm context for one set of options. */
class WarmLane {
  private context: BrowserContext | undefined;
  private kept: Page | undefined;
  private state: TestState | undefined;
  private profile: string;

  constructor(
    private readonly browserType: BrowserType,
    private readonly launchOptions: LaunchOptions,
    private readonly options: BrowserContextOptions,
  ) {
    this.profile = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-warm-"));
  }

  /** The context for a test, put back as new after the last one; `page()` gives its kept page. */
  async take(): Promise<{ context: BrowserContext; page: () => Promise<Page> }> {
    if (!this.context) {
      this.context = await this.browserType.launchPersistentContext(this.profile, { ...this.launchOptions, ...this.options });
      this.kept = this.context.pages()[0];
      this.instrumentContext(this.context);
    }
    const context = this.context;
    if (this.kept) this.instrumentPage(this.kept);
    const state: TestState = {
      disposables: [],
      origins: new Set(),
      pageDirty: false,
      contextDirty: false,
      viewportChanged: false,
      mediaChanged: false,
      pageListeners: this.kept ? listenerCounts(this.kept) : undefined,
      contextListeners: listenerCounts(context),
    };
    this.state = state;
    return {
      context,
      page: async () => {
        if (!this.kept || this.kept.isClosed()) {
          this.kept = await context.newPage();
          this.instrumentPage(this.kept);
          state.pageListeners = listenerCounts(this.kept);
        }
        return this.kept;
      },
    };
  }

  /** Puts the context back as a fresh one would be, or ends it when the test failed, spoiled it, or the reset fails. */
  async release(failed: boolean): Promise<void> {
    const context = this.context;
    const state = this.state;
    if (!context || !state) return;
    try {
      const contextListenersLeft = leftListeners(state.contextListeners, context);
      if (failed || state.contextDirty || contextListenersLeft) {
        debug(`context ended: ${failed ? "the test failed" : state.contextDirty ? "changed for good" : "a listener left on it"}`);
        return await this.end();
      }
      for (const open of context.pages()) this.visited(open.url());
      let page = this.kept && !this.kept.isClosed() ? this.kept : undefined;
      if (page && (state.pageDirty || !state.pageListeners || leftListeners(state.pageListeners, page))) {
        debug(`page closed: ${state.pageDirty ? "changed for good" : "a listener left on it"}`);
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
      if (state.viewportChanged && this.options.viewport) await page.setViewportSize(this.options.viewport);
      if (state.mediaChanged)
        await page.emulateMedia({
          media: null,
          colorScheme: this.options.colorScheme ?? "light",
          reducedMotion: this.options.reducedMotion ?? "no-preference",
          forcedColors: this.options.forcedColors ?? "none",
          contrast: this.options.contrast ?? "no-preference",
        });
      await this.emptyStorage(page, state.origins);
      await page.goto("about:blank");
      this.instrumentPage(page);
    } catch (error) {
      debug(`context ended: the reset failed (${error})`);
      await this.end();
    } finally {
      this.state = undefined;
    }
  }

  /** Closes the context and starts its next one on a new profile folder: nothing a test stored on disk carries over. */
  async end(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.kept = undefined;
    await context?.close().catch(() => {});
    rmSync(this.profile, { recursive: true, force: true });
    this.profile = mkdtempSync(path.join(os.tmpdir(), "agency-e2e-warm-"));
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    await context?.close().catch(() => {});
    rmSync(this.profile, { recursive: true, force: true });
  }

  private mark(flag: "pageDirty" | "contextDirty" | "viewportChanged" | "mediaChanged"): void {
    if (this.state) this.state[flag] = true;
  }

  private visited(url: string): void {
    if (!this.state || !/^https?:/.test(url)) return;
    this.state.origins.add(new URL(url).origin);
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

  /** Records what the test adds to the context: init scripts and bindings to dispose, origins visited, changes that spoil it. */
  private instrumentContext(context: BrowserContext): void {
    const record = (d: Disposable) => this.state?.disposables.push(d);
    recordDisposables(context, ["addInitScript", "exposeBinding", "exposeFunction"], record);
    onCall(context, ["newCDPSession"], () => this.mark("pageDirty"));
    onCall(
      context,
      ["setExtraHTTPHeaders", "setGeolocation", "setOffline", "setDefaultTimeout", "setDefaultNavigationTimeout", "routeWebSocket"],
      () => this.mark("contextDirty"),
    );
    // The clock is the context's (page.clock is context.clock) and cannot be uninstalled.
    const clock = context.clock as object;
    const clockMethods = Object.getOwnPropertyNames(Object.getPrototypeOf(clock)).filter((n) => n !== "constructor");
    onCall(clock, clockMethods, () => this.mark("contextDirty"));
    context.on("request", (request) => {
      if (request.isNavigationRequest()) this.visited(request.url());
    });
  }

  /** Records what the test does to the kept page that the reset must undo or that spoils it. */
  private instrumentPage(page: Page): void {
    const marked = page as Page & { __warm?: true };
    if (marked.__warm) return;
    marked.__warm = true;
    recordDisposables(page, ["addInitScript", "exposeBinding", "exposeFunction"], (d) => this.state?.disposables.push(d));
    onCall(page, ["setViewportSize"], () => this.mark("viewportChanged"));
    onCall(page, ["emulateMedia"], () => this.mark("mediaChanged"));
    onCall(page, ["setExtraHTTPHeaders", "setDefaultTimeout", "setDefaultNavigationTimeout", "addLocatorHandler", "routeWebSocket"], () =>
      this.mark("pageDirty"),
    );
  }
}

/**
 * A worker's warm contexts, one per set of context options its tests run with (the project's, no
 * JavaScript, a phone's viewport, ...): at most `limit`, the least recently used ended first.
 */
export class WarmLanes {
  private readonly lanes = new Map<string, WarmLane>();
  private current: WarmLane | undefined;

  constructor(
    private readonly browserType: BrowserType,
    private readonly launchOptions: LaunchOptions,
    private readonly limit = 6,
  ) {}

  async take(options: BrowserContextOptions) {
    const key = optionsKey(options);
    let lane = this.lanes.get(key);
    if (lane) this.lanes.delete(key);
    else {
      lane = new WarmLane(this.browserType, this.launchOptions, options);
      if (this.lanes.size >= this.limit) {
        const [oldestKey, oldest] = this.lanes.entries().next().value as [string, WarmLane];
        this.lanes.delete(oldestKey);
        await oldest.close();
      }
    }
    this.lanes.set(key, lane);
    this.current = lane;
    return lane.take();
  }

  /** After the test: resets the context it used (`failed`: ends it). */
  async release(failed: boolean): Promise<void> {
    const lane = this.current;
    this.current = undefined;
    await lane?.release(failed);
  }

  async close(): Promise<void> {
    for (const lane of this.lanes.values()) await lane.close();
    this.lanes.clear();
  }
}
