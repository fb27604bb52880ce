/**
 * Public pages rendered once per content version. React Router renders /blog, each post, /careers,
 * the feed and the sitemap (and, when the build's prerendered pages carry other public settings than
 * the server's, those pages too) for the first anonymous request; the document is kept in memory
 * with its brotli and gzip forms and an ETag, and every later request is answered from it until the
 * content changes. docs/decisions/003 applies: a stored page cannot carry a per-request nonce, so its
 * inline scripts are allowed by their SHA-256 hashes, as prerendered pages' are.
 *
 * What is never stored: anything but a 200 (a missing post's 404 would let random addresses push
 * the posts out), except the not-found page itself: every address no route has (`notFoundMatcher`)
 * gets the same document, stored once under one key and answered with 404 and no ETag, so crawlers'
 * made-up addresses cost one render per content version and take one entry. Never stored either: a
 * response that sets a cookie or says private/no-store, a page whose canonical
 * address is not the one asked for (/blog/Some-Title, /blog/{id}: every spelling would be a copy),
 * an answer that names no canonical address (the feed, the sitemap, robots.txt) asked for by any
 * other path than the one the route table writes (React Router also answers /SITEMAP.XML,
 * /%73itemap.xml and /robots.txt/, and each spelling stored was an entry that pushed out a post),
 * the back office, and requests carrying the admin's session cookie (they may see drafts). Query
 * strings are not cached, with two exceptions. Visit tags (`utm_*`, an ad network's click id:
 * lib/visit-tags.ts) change nothing a page shows, so an address with them is answered from the page
 * stored without them (a route whose page shows them, /careers, is rendered as written). And
 * /blog?tag=..., the links every post shows for its tags, which crawlers follow: those are kept apart
 * under their own small bounds, so made-up tags cannot push out the posts. The search (?q=) is typed
 * text and is never stored: /blog is a page with a part (`partPaths`, app/entry.server.tsx), and an
 * address of it with a query is answered with the stored /blog, its list browser rendered alone for the
 * address (`renderPart`) in place of its own, the same document a whole render makes
 * (docs/decisions/067-page-parts.md).
 *
 * Invalidation: every content change drops every page except the prerenderable ones (they are
 * rendered without the database). Changes arrive by notification on every process
 * (`followContentChanges`); the process that made one also drops its pages at once (server/app.ts),
 * so the admin's next request shows the change. A render that began before a drop is served but
 * not stored. While the notification connection is lost, content pages are rendered per request.
 * A page is also rendered again after MAX_AGE_MS: a change no write function announced (SQL typed
 * by hand, a restore) or a render that fell back while the database failed (/blog then lists the
 * built-in articles alone) lasts that long at most.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, crc32, deflateRaw, deflateRawSync, gzip } from "node:zlib";
import type { Context } from "hono";
import { type AppLoadContext, matchRoutes, type ServerBuild } from "react-router";
import type { DatabaseHandle } from "#db/client";
import type { Config } from "~/env.server";
import { followBlogChanges } from "~/features/blog/posts.server";
import { followJobChanges } from "~/features/jobs/jobs.server";
import { isBackOfficePath } from "~/lib/paths";
import { type VisitTagsHandle, withoutVisitTags } from "~/lib/visit-tags";
import { prerenderPaths } from "~/prerender";
import { pickEncoding as pickStoredEncoding } from "./compress";
import { pageTrimmer } from "./critical-css";
import type { Logger } from "./logger";
import { inlineScriptHashes, STORED_SCRIPT_SOURCES } from "./security";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateRawAsync = promisify(deflateRaw);

/** Tells whether a page came from the cache ("hit") or was rendered for it ("miss"); absent otherwise. */
export const RENDER_CACHE_HEADER = "X-Render-Cache";

/** /blog filtered by one tag, as the tag links on posts write it. */
const TAG_QUERY = /^\?tag=[^&#]{1,100}$/;
const STORED_TYPES = /^(text\/html|application\/xml|application\/rss\+xml|text\/plain)\b/;
/** Headers a stored page is not answered with as they came (recomputed, or per response). */
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "content-security-policy",
  STORED_SCRIPT_SOURCES,
]);
/**
 * The render of a stored page sees its address and nothing of the visitor. Named like a crawler so
 * React sends the whole document at once (app/entry.server.tsx) rather than a shell and streamed parts.
 */
const RENDER_HEADERS = { accept: "text/html", "user-agent": "RenderCache/1.0 (server render; +bot)" };
const ENTRY_OVERHEAD = 1024;
const MAX_AGE_MS = 10 * 60_000;
/**
 * Compression levels: a crawler reading each post once pays for compressing it, so compressing must
 * cost less than the render. For a 110 KB post, brotli 5 takes about 3 ms for 21.9 KB where 11 (the
 * build's) takes 250 ms for 19.3 KB; gzip 6 takes 5 ms. A prerenderable page (the home page after
 * the agency's settings changed) is read by every visitor until the next change: once stored, it is
 * compressed again in the background at the build's levels, so it is sent as small as the build's file.
 */
const FAST = { brotli: 5, gzip: 6 };
const BUILD = { brotli: 11, gzip: 9 };

export type StoredPage = {
  key: string;
  /** 200, or 404 for the not-found page (answered without an ETag: a missing address has no version). */
  status: 200 | 404;
  headers: [string, string][];
  /** CSP sources of the inline scripts (HTML only). */
  scriptSources: string[] | null;
  etag: string;
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  bytes: number;
  /** Prerenderable: no content change alters it. */
  fixed: boolean;
  storedAt: number;
  /** A page with a part (`partPaths`): the document as rendered, before trimming, for the addresses with a query. */
  whole?: string;
};

/** What app/entry.server.tsx exports for the pages whose addresses with a query differ in one part. */
export type PartEntry = {
  partPaths?: readonly string[];
  renderPart?: (url: URL, context: AppLoadContext) => Promise<string | null>;
};

/** Renders the part of a page in `partPaths` for an address, or null when the address needs the whole page. */
export type RenderPart = (url: URL) => Promise<string | null>;

/**
 * A stored page with a part, cut where the part goes, with each piece's raw deflate stream (the first ending
 * on a sync flush, the last final) and the first piece's CRC-32: an address's gzipped answer is the pieces'
 * streams around its part's own, in one gzip member (RFC 1952), compressing only the part per request.
 */
type Shell = {
  before: Buffer;
  after: Buffer;
  beforeDeflated: Buffer;
  afterDeflated: Buffer;
  beforeCrc: number;
  scriptSources: string[];
};
/** A gzip member's header: deflate, no flags, no time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** Pages in least-recently-used order, within a count and a byte budget. */
class PageStore {
  private readonly pages = new Map<string, StoredPage>();
  bytes = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.pages.size;
  }

  /** The page stored under a key, without counting a use. */
  peek(key: string): StoredPage | undefined {
    return this.pages.get(key);
  }

  get(key: string, maxAgeMs: number): StoredPage | undefined {
    const page = this.pages.get(key);
    if (page && performance.now() - page.storedAt > maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(page: StoredPage): boolean {
    if (page.bytes > this.maxBytes || this.maxEntries === 0) return false;
    this.delete(page.key);
    this.pages.set(page.key, page);
    this.bytes += page.bytes;
    for (const key of this.pages.keys()) {
      if (this.pages.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(key);
    }
    return true;
  }

  delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  dropWhere(test: (page: StoredPage) => boolean) {
    for (const page of [...this.pages.values()]) if (test(page)) this.delete(page.key);
  }
}

/** `url`: what is rendered (the key, unless one page answers many addresses); `status`: what a storable render answers. */
type Target = { key: string; path: string; store: PageStore; url?: string; status?: 404 };

/** The key of the not-found page: one document answers every address no route has (only its nonces differ). */
const NOT_FOUND_KEY = "404:";
/**
 * Why pages were dropped: a write made by this process ("write"), a change announced by any process
 * ("change"), the notification connection lost or back ("connection"), or a new snapshot of the
 * agency's settings ("site", every page).
 */
export type DropCause = "write" | "change" | "connection" | "site";
type Outcome = { page: StoredPage } | { response: Response };
type Render = (request: Request) => Promise<Response>;

export type RenderCacheOptions = {
  maxBytes: number;
  /** The site's own origin: stored pages are rendered for it, whatever Host a request named. */
  siteUrl: string;
  /** Pages rendered without the database (prerenderable): content changes keep them. */
  fixedPaths?: readonly string[];
  maxEntries?: number;
  /** /blog?tag=... pages, kept apart with their own bounds. */
  maxTagEntries?: number;
  /** A stored page older than this is rendered again. */
  maxAgeMs?: number;
  /**
   * Trims a stored HTML page to the CSS and icons its markup uses (server/critical-css.ts), as the
   * prerendered pages are trimmed at build. A page the trimmer fails on is stored whole.
   */
  trim?: (html: string) => Promise<string>;
  /** Whether an address reaches the not-found route (`notFoundRoute`): its page is rendered once, not per address. */
  isNotFound?: (path: string) => boolean;
  /**
   * Whether a path is written exactly as the route table writes a route without parameters
   * (`routePathMatcher`): only under such a path is an answer other than HTML stored, as it has no
   * canonical link to tell its own address by. Without it, no such answer is stored.
   */
  isRoutePath?: (path: string) => boolean;
  /**
   * Whether the page at a path shows its address's visit tags (`visitTagMatcher`): such an address is
   * rendered as written. Every other page is the same without them: it is answered from the page
   * stored for the address without them (lib/visit-tags.ts).
   */
  readsVisitTags?: (path: string) => boolean;
  /**
   * Pages whose addresses with a query differ from the page only in one part (app/entry.server.tsx): such
   * an address is answered with the stored page and the part rendered for it (`serve`'s `renderPart`).
   */
  partPaths?: readonly string[];
};

export class RenderCache {
  private readonly pages: PageStore;
  private readonly tagPages: PageStore;
  private readonly origin: string;
  private readonly fixedPaths: Set<string>;
  private readonly maxAgeMs: number;
  private readonly trim: ((html: string) => Promise<string>) | undefined;
  private readonly isNotFound: (path: string) => boolean;
  private readonly isRoutePath: (path: string) => boolean;
  private readonly readsVisitTags: (path: string) => boolean;
  private readonly partPaths: Set<string>;
  /** Each stored page with a part, cut where its part goes (null: the part was not found in it once). */
  private readonly shells = new WeakMap<StoredPage, Promise<Shell | null>>();
  /** Renders under way, so concurrent requests for one page share one render. */
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  /** Increased by every drop: a render that began before one is not stored. */
  private generation = 0;
  private paused = false;
  readonly stats = {
    hits: 0,
    misses: 0,
    renders: 0,
    parts: 0,
    drops: { write: 0, change: 0, connection: 0, site: 0 } as Record<DropCause, number>,
  };

  constructor(options: RenderCacheOptions) {
    // The tag pages get an eighth of the bytes: they can never take the posts' room.
    const tagBytes = Math.floor(options.maxBytes / 8);
    this.pages = new PageStore(options.maxEntries ?? 2000, options.maxBytes - tagBytes);
    this.tagPages = new PageStore(options.maxTagEntries ?? 64, tagBytes);
    this.origin = new URL(options.siteUrl).origin;
    this.fixedPaths = new Set(options.fixedPaths ?? []);
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.trim = options.trim;
    this.isNotFound = options.isNotFound ?? (() => false);
    this.isRoutePath = options.isRoutePath ?? (() => false);
    this.readsVisitTags = options.readsVisitTags ?? (() => false);
    this.partPaths = new Set(options.partPaths ?? []);
  }

  /** Stored pages and the bytes they hold (every variant counted). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.pages.size + this.tagPages.size, bytes: this.pages.bytes + this.tagPages.bytes };
  }

  get maxBytes(): number {
    return this.pages.maxBytes + this.tagPages.maxBytes;
  }

  /**
   * Content changed: drops every page that shows stored content; renders under way are not stored.
   * A change of the agency's settings ("site") drops every page, the prerenderable ones included.
   */
  invalidate(cause: DropCause): void {
    this.stats.drops[cause]++;
    this.generation++;
    this.inFlight.clear();
    this.pages.dropWhere((page) => cause === "site" || !page.fixed);
    this.tagPages.dropWhere(() => true);
  }

  /** Changes with every drop; null while changes cannot be heard (`AppLoadContext.contentVersion`). */
  get contentVersion(): number | null {
    return this.paused ? null : this.generation;
  }

  /** Changes can no longer be heard: content pages are dropped and rendered per request until `resume`. */
  pause(): void {
    this.paused = true;
    this.invalidate("connection");
  }

  /** Changes are heard again (some may have been missed meanwhile). */
  resume(): void {
    this.paused = false;
    this.invalidate("connection");
  }

  /**
   * Answers a request for React Router: from the cache when it may, otherwise through `render`.
   * `nonce` is the request's CSP nonce (the render uses it; a stored page has it taken out again);
   * `personal` says the request carries a cookie that changes what it is shown.
   */
  async serve(
    c: Context,
    render: Render,
    { nonce, personal, renderPart }: { nonce: string; personal: boolean; renderPart?: RenderPart },
  ): Promise<Response> {
    const target = personal ? null : this.target(c);
    if (!target) {
      const part = personal || !renderPart ? null : this.partTarget(c);
      return (part && renderPart && (await this.servePart(c, part, render, renderPart, nonce))) || render(c.req.raw);
    }
    const stored = target.store.get(target.key, this.maxAgeMs);
    if (stored) {
      this.stats.hits++;
      return answer(c, stored, "hit");
    }
    // HEAD asks for headers alone: rendered as before, and not stored.
    if (c.req.method === "HEAD") return render(c.req.raw);
    this.stats.misses++;
    const shared = this.inFlight.get(target.key);
    if (shared) {
      const outcome = await shared.catch(() => null);
      return outcome && "page" in outcome ? answer(c, outcome.page, "miss") : render(c.req.raw);
    }
    const rendering = this.fill(target, render, nonce);
    this.inFlight.set(target.key, rendering);
    try {
      const outcome = await rendering;
      return "page" in outcome ? answer(c, outcome.page, "miss") : outcome.response;
    } finally {
      if (this.inFlight.get(target.key) === rendering) this.inFlight.delete(target.key);
    }
  }

  /**
   * The stored page for a request target as the client wrote it (path and query), for the fast path
   * ahead of Hono (server/fast-pages.ts); undefined when it is not stored or not current. A target
   * that is not in the normalised form the keys have simply finds nothing and goes through Hono.
   */
  lookup(written: string): StoredPage | undefined {
    const requestTarget = this.withoutVisitTags(written);
    const query = requestTarget.indexOf("?");
    let page: StoredPage | undefined;
    if (query === -1) page = this.pages.get(requestTarget, this.maxAgeMs);
    else if (requestTarget.startsWith("/blog?") && query === 5 && TAG_QUERY.test(requestTarget.slice(query)))
      page = this.tagPages.get(requestTarget, this.maxAgeMs);
    if (page) this.stats.hits++;
    return page;
  }

  /** A target without its visit tags, unless its page shows them. */
  private withoutVisitTags(target: string): string {
    const without = withoutVisitTags(target);
    if (without === target) return target;
    const query = target.indexOf("?");
    return this.readsVisitTags(target.slice(0, query)) ? target : without;
  }

  /** Where a request's page is kept, or null when it is never answered from the cache. */
  private target(c: Context): Target | null {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return null;
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (url.search !== "") url.search = this.withoutVisitTags(`${path}${url.search}`).slice(path.length);
    // Single-fetch data (.data) and route discovery answer client-side navigation, not documents.
    if (isBackOfficePath(path) || path.endsWith(".data") || path.startsWith("/__")) return null;
    // Any address no route has, with any query: the same document, rendered once per content version.
    if (this.isNotFound(path)) return { key: NOT_FOUND_KEY, path, store: this.pages, url: `${path}${url.search}`, status: 404 };
    if (url.search === "") return { key: path, path, store: this.pages };
    if (path === "/blog" && TAG_QUERY.test(url.search)) return { key: `${path}${url.search}`, path, store: this.tagPages };
    return null;
  }

  /** For a GET of a page with a part at an address with a query: the page's target and the address. */
  private partTarget(c: Context): { page: Target; url: URL } | null {
    if (c.req.method !== "GET") return null;
    const url = new URL(c.req.url);
    const path = url.pathname;
    if (!this.partPaths.has(path) || url.search === "") return null;
    url.search = this.withoutVisitTags(`${path}${url.search}`).slice(path.length);
    return { page: { key: path, path, store: this.pages }, url };
  }

  /**
   * An address of a page with a part: the stored page (rendered and stored first if need be) with the part
   * rendered for the address in place of its own. Null when it cannot be: the page is not storable now, the
   * part was not found in it, or the address needs the whole page.
   */
  private async servePart(c: Context, part: { page: Target; url: URL }, render: Render, renderPart: RenderPart, nonce: string) {
    const generation = this.generation;
    let page = part.page.store.get(part.page.key, this.maxAgeMs);
    if (!page) {
      let rendering = this.inFlight.get(part.page.key);
      if (!rendering) {
        const started = this.fill(part.page, render, nonce);
        rendering = started;
        this.inFlight.set(part.page.key, started);
        void started.then(
          () => this.inFlight.get(part.page.key) === started && this.inFlight.delete(part.page.key),
          () => this.inFlight.get(part.page.key) === started && this.inFlight.delete(part.page.key),
        );
      }
      const outcome = await rendering.catch(() => null);
      // Only a page that was stored: while changes cannot be heard, the address is rendered whole.
      if (!outcome || !("page" in outcome) || part.page.store.peek(part.page.key) !== outcome.page) return null;
      page = outcome.page;
    }
    const shell = await this.shellOf(page, renderPart);
    if (!shell) return null;
    const html = await renderPart(part.url).catch(() => null);
    // A change meanwhile: the part may show content the page's data does not have.
    if (html === null || generation !== this.generation) return null;
    this.stats.parts++;
    return partAnswer(c, page, shell, Buffer.from(html, "utf8"));
  }

  private shellOf(page: StoredPage, renderPart: RenderPart): Promise<Shell | null> {
    let shell = this.shells.get(page);
    if (!shell) {
      shell = cutShell(page, new URL(page.key, this.origin), renderPart).catch(() => null);
      this.shells.set(page, shell);
    }
    return shell;
  }

  /** Renders the page as any anonymous visitor sees it; stores it when that is allowed and nothing changed meanwhile. */
  private async fill(target: Target, render: Render, nonce: string): Promise<Outcome> {
    const generation = this.generation;
    this.stats.renders++;
    const response = await render(new Request(new URL(target.url ?? target.key, this.origin), { headers: RENDER_HEADERS }));
    const type = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    const status = target.status ?? 200;
    if (
      response.status !== status ||
      !STORED_TYPES.test(type) ||
      response.headers.has("set-cookie") ||
      /\b(private|no-store)\b/i.test(cacheControl)
    ) {
      return { response };
    }
    const html = type.startsWith("text/html");
    // An answer with no canonical link is stored under the route's own path alone: any other spelling
    // is rendered each time, so no number of spellings can push a stored page out.
    if (!html && !this.isRoutePath(target.path)) return { response };
    const text = await response.text();
    let stored = text;
    let scriptSources: string[] | null = null;
    let whole: string | undefined;
    if (html) {
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(text)?.[1];
      stored = text.replaceAll(` nonce="${nonce}"`, "");
      // The not-found page names no canonical address (it has none); every other page must name its own.
      const canonicalOk = status === 404 ? !canonical : Boolean(canonical) && canonicalPath(canonical ?? "") === target.path;
      if (!canonicalOk || !nonce || stored.includes(nonce)) {
        return { response: new Response(text, { status: response.status, headers: response.headers }) };
      }
      if (this.partPaths.has(target.key) && target.store === this.pages) whole = stored;
      if (this.trim) stored = await this.trim(stored).catch(() => stored);
      scriptSources = inlineScriptHashes(stored);
    }
    const page = await storedPage(target.key, status, stored, response.headers, scriptSources, this.fixedPaths.has(target.key), whole);
    if (generation === this.generation && !(this.paused && !page.fixed) && target.store.set(page) && page.fixed) {
      this.recompressed = this.recompress(target, page, generation);
    }
    return { page };
  }

  /** The latest background compression of a prerenderable page, for tests. */
  recompressed: Promise<void> = Promise.resolve();

  /** Replaces a stored prerenderable page's compressed forms by the build's levels, if it is still the one stored. */
  private async recompress(target: Target, page: StoredPage, generation: number): Promise<void> {
    try {
      const smaller = await compressedForms(page.body, BUILD);
      if (generation !== this.generation || target.store.peek(target.key) !== page) return;
      target.store.set(sizedPage({ ...page, br: smaller.br ?? page.br, gzip: smaller.gzip ?? page.gzip }));
    } catch {
      // The page stays stored with its first forms.
    }
  }
}

function canonicalPath(href: string): string | null {
  try {
    return new URL(href.replaceAll("&amp;", "&")).pathname;
  } catch {
    return null;
  }
}

/** The stored form: the bytes and their compressed forms, made once here (in the thread pool) and never per request. */
async function storedPage(
  key: string,
  status: 200 | 404,
  text: string,
  responseHeaders: Headers,
  scriptSources: string[] | null,
  fixed: boolean,
  whole?: string,
): Promise<StoredPage> {
  const body = Buffer.from(text, "utf8");
  const { br, gzip: gz } = await compressedForms(body, FAST);
  const headers: [string, string][] = [];
  let vary = "";
  for (const [name, value] of responseHeaders) {
    if (DROPPED_HEADERS.has(name)) continue;
    if (name === "vary") vary = value;
    else headers.push([name, value]);
  }
  headers.push(["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"]);
  // A browser keeps the page but asks again each time; the ETag makes that a 304 while it is current.
  if (!responseHeaders.has("cache-control")) headers.push(["cache-control", "public, max-age=0, must-revalidate"]);
  return sizedPage({
    key,
    status,
    headers,
    scriptSources,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
    body,
    br,
    gzip: gz,
    fixed,
    storedAt: performance.now(),
    ...(whole === undefined ? {} : { whole }),
  });
}

function sizedPage(page: Omit<StoredPage, "bytes">): StoredPage {
  const bytes = page.body.byteLength + (page.br?.byteLength ?? 0) + (page.gzip?.byteLength ?? 0) + (page.whole?.length ?? 0);
  return { ...page, bytes: bytes + ENTRY_OVERHEAD };
}

/** The brotli and gzip forms of a body (in the thread pool), each only when it is smaller than the body itself. */
async function compressedForms(
  body: Buffer,
  levels: { brotli: number; gzip: number },
): Promise<{ br: Buffer | null; gzip: Buffer | null }> {
  if (body.byteLength <= 256) return { br: null, gzip: null };
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: levels.gzip }),
  ]);
  return { br: brotli.byteLength < body.byteLength ? brotli : null, gzip: gzipped.byteLength < body.byteLength ? gzipped : null };
}

/** The stored form to send for an Accept-Encoding header. */
const [BOTH, BR, GZIP, NONE] = [["br", "gzip"], ["br"], ["gzip"], []] as const;

/** The stored form of the page a client takes (server/compress.ts's rule). */
export function pickEncoding(accept: string, page: StoredPage): "br" | "gzip" | null {
  return pickStoredEncoding(accept, page.br ? (page.gzip ? BOTH : BR) : page.gzip ? GZIP : NONE);
}

/** Whether an If-None-Match header names the page's current version. */
export function matchesEtag(ifNoneMatch: string | undefined, page: StoredPage): boolean {
  return ifNoneMatch?.split(",").some((tag) => tag.trim() === page.etag) ?? false;
}

function answer(c: Context, page: StoredPage, state: "hit" | "miss"): Response {
  const headers = new Headers(page.headers);
  if (page.status === 200) headers.set("ETag", page.etag);
  headers.set(RENDER_CACHE_HEADER, state);
  // securityHeaders turns these into the page's CSP (and removes the header).
  if (page.scriptSources) headers.set(STORED_SCRIPT_SOURCES, page.scriptSources.join(" "));
  if (page.status === 200 && matchesEtag(c.req.header("if-none-match"), page)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = pickEncoding(c.req.header("accept-encoding") ?? "", page);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(body?.byteLength ?? 0));
  const bytes = c.req.method === "HEAD" || !body ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  return new Response(bytes, { status: page.status, headers });
}

/**
 * Cuts a stored page with a part where its part is: the part rendered for the page's own address must be
 * in the document exactly once. Null when it is not (the part renders otherwise alone than in the page).
 */
async function cutShell(page: StoredPage, url: URL, renderPart: RenderPart): Promise<Shell | null> {
  const whole = page.whole;
  const own = whole === undefined ? null : await renderPart(url);
  if (whole === undefined || !own) return null;
  const at = whole.indexOf(own);
  if (at === -1 || whole.indexOf(own, at + 1) !== -1) return null;
  const before = Buffer.from(whole.slice(0, at), "utf8");
  const after = Buffer.from(whole.slice(at + own.length), "utf8");
  const [beforeDeflated, afterDeflated] = await Promise.all([
    deflateRawAsync(before, { level: PART_GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH }),
    deflateRawAsync(after, { level: PART_GZIP_LEVEL }),
  ]);
  return { before, after, beforeDeflated, afterDeflated, beforeCrc: crc32(before), scriptSources: inlineScriptHashes(whole) };
}

/** The level a page with a part is compressed at: server/compress.ts's, as for any page rendered per request. */
const PART_GZIP_LEVEL = 6;

/** A page with a part, answered with `part` in place of its own: gzipped when the client takes it, no ETag. */
function partAnswer(c: Context, page: StoredPage, shell: Shell, part: Buffer): Response {
  const headers = new Headers(page.headers);
  headers.set(RENDER_CACHE_HEADER, "part");
  headers.set(STORED_SCRIPT_SOURCES, shell.scriptSources.join(" "));
  let body: Buffer;
  if (pickStoredEncoding(c.req.header("accept-encoding") ?? "", GZIP) === "gzip") {
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(shell.after, crc32(part, shell.beforeCrc)), 0);
    trailer.writeUInt32LE((shell.before.byteLength + part.byteLength + shell.after.byteLength) >>> 0, 4);
    const middle = deflateRawSync(part, { level: PART_GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
    body = Buffer.concat([GZIP_HEADER, shell.beforeDeflated, middle, shell.afterDeflated, trailer]);
    headers.set("Content-Encoding", "gzip");
  } else {
    body = Buffer.concat([shell.before, part, shell.after]);
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: 200, headers });
}

/** The cache the settings ask for, or undefined (RENDER_CACHE_MAX_MB=0). */
export function createRenderCache(
  config: Pick<Config, "RENDER_CACHE_MAX_MB" | "SITE_URL">,
  clientDir: string,
  build?: Pick<ServerBuild, "routes" | "entry">,
): RenderCache | undefined {
  if (config.RENDER_CACHE_MAX_MB <= 0) return undefined;
  return new RenderCache({
    maxBytes: config.RENDER_CACHE_MAX_MB * 1024 * 1024,
    siteUrl: config.SITE_URL,
    fixedPaths: prerenderPaths,
    trim: pageTrimmer(clientDir, "silent"),
    isNotFound: build ? notFoundMatcher(build) : undefined,
    isRoutePath: build ? routePathMatcher(build) : undefined,
    readsVisitTags: build ? visitTagMatcher(build) : undefined,
    partPaths: (build?.entry.module as PartEntry | undefined)?.partPaths,
  });
}

/** The route of every address no other route has (app/routes.ts: `route("*", "routes/not-found.tsx")`). */
export const NOT_FOUND_ROUTE = "routes/not-found";

/**
 * Whether an address reaches the not-found route, matched as React Router matches it, from the
 * build's route manifest.
 */
export function notFoundMatcher(build: Pick<ServerBuild, "routes">): (path: string) => boolean {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  // A case-sensitive route matches its own segments so and its children's not: the whole-path patterns
  // below cannot say that, so such a route tree is matched by React Router itself (the site has none).
  if (routes.some((r) => r.caseSensitive)) return matchedByReactRouter(routes);
  // Every route React Router can end a match on (one with a path or an index), by its whole path from the
  // root, compiled once: React Router's own matchRoutes flattens and ranks the route tree on every call,
  // which was a tenth of an uncached render. The catch-all ("*") ranks below every other route, so an
  // address is the not-found page's exactly when no other route's path matches it.
  const matchers = wholeRoutePaths(build).map((whole) => compileRoutePath(whole, false));
  return (path) => {
    const decoded = decodeRoutePath(path);
    return !matchers.some((matcher) => matcher.test(decoded));
  };
}

/**
 * Whether a path is written exactly as the route table writes one of its routes without parameters
 * (/sitemap.xml, /blog/rss.xml): React Router answers the same route for every case and escaped
 * spelling of it, this says which spelling is the route's own.
 */
export function routePathMatcher(build: Pick<ServerBuild, "routes">): (path: string) => boolean {
  const paths = new Set(
    wholeRoutePaths(build)
      .filter((whole) => !/[:*?]/.test(whole))
      .map((whole) => (whole.length > 1 ? whole.replace(/\/+$/, "") : whole)),
  );
  return (path) => paths.has(path);
}

/**
 * Whether a path reaches a route whose page shows its address's visit tags (its handle says
 * `readsVisitTags`, lib/visit-tags.ts), matched as `notFoundMatcher` matches.
 */
export function visitTagMatcher(build: Pick<ServerBuild, "routes">): (path: string) => boolean {
  const readers = new Set(
    Object.values(build.routes)
      .filter((r) => (r?.module.handle as VisitTagsHandle | undefined)?.readsVisitTags === true)
      .map((r) => r?.id),
  );
  const matchers = wholeRoutePaths(build, (id) => readers.has(id)).map((whole) => compileRoutePath(whole, false));
  return (path) => matchers.length > 0 && matchers.some((matcher) => matcher.test(decodeRoutePath(path)));
}

/**
 * The whole path from the root of every route React Router can end a match on (one with a path or an
 * index) but the not-found route, joined as React Router joins them: an absolute path stands for the
 * whole, repeated slashes are one.
 */
function wholeRoutePaths(build: Pick<ServerBuild, "routes">, only: (id: string) => boolean = () => true): string[] {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  return routes
    .filter((r) => r.id !== NOT_FOUND_ROUTE && (r.path !== undefined || r.index) && only(r.id))
    .map((r) => {
      const chain: string[] = [];
      for (let at: (typeof routes)[number] | undefined = r; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
        if (at.path) chain.unshift(at.path);
      }
      return chain.reduce((joined, part) => (part.startsWith("/") ? part : `${joined}/${part}`), "").replace(/\/\/+/g, "/") || "/";
    });
}

function matchedByReactRouter(routes: ServerBuild["routes"][string][]): (path: string) => boolean {
  type Tree = Parameters<typeof matchRoutes>[0];
  const childrenOf = (parentId: string | undefined): Tree =>
    routes
      .filter((r) => r?.parentId === parentId)
      .map((r) => ({ id: r?.id, path: r?.path, index: r?.index, caseSensitive: r?.caseSensitive, children: childrenOf(r?.id) }) as never);
  const tree = childrenOf(undefined);
  return (path) => matchRoutes(tree, path)?.at(-1)?.route.id === NOT_FOUND_ROUTE;
}

/** A whole route path as React Router's `compilePath` compiles it to match to the end (static, `:param`, `:param?`, `segment?`, `*`). */
export function compileRoutePath(path: string, caseSensitive: boolean): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)(\?)?/g, (match, _name, optional, index: number, whole: string) => {
      if (!optional) return "/([^\\/]+)";
      const next = whole.charAt(index + match.length);
      return next && next !== "/" ? "/([^\\/]*)" : "(?:/([^\\/]*))?";
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, "(/$1)?$2")}`;
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

/** The path as React Router matches it: each segment decoded, an encoded slash kept encoded; a malformed one left as it is. */
function decodeRoutePath(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return path;
  }
}

/**
 * Drops the cache's content pages on every committed blog or job change made by any process (a
 * category rename arrives as changes of its posts). While the notification connection is lost the
 * cache stores no content page; it is dropped again once the connection is back. Answers the
 * function that stops following.
 */
export async function followContentChanges(
  database: Pick<DatabaseHandle, "listen">,
  cache: RenderCache,
  logger: Pick<Logger, "warn" | "info" | "error">,
): Promise<() => Promise<void>> {
  let lost = false;
  const onError = (error: Error) => {
    if (!lost) logger.warn({ err: error }, "content change notifications lost: public pages are rendered per request until they are back");
    lost = true;
    cache.pause();
  };
  const onResync = () => {
    if (lost) logger.info("content change notifications are back: public pages are cached again");
    lost = false;
    cache.resume();
  };
  const drop = () => cache.invalidate("change");
  const stops = [
    await followBlogChanges(database, drop, {
      onResync,
      onError,
      onListenerError: (error, change) => logger.error({ err: error, change }, "a blog change listener failed"),
    }),
    await followJobChanges(database, drop, {
      onResync,
      onError,
      onListenerError: (error, change) => logger.error({ err: error, change }, "a job change listener failed"),
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
