/**
 * Pages of the render cache answered from Node's request listener, ahead of Hono, as the client
 * build's files are (server/fast-static.ts). A stored page is already the bytes to send: turning the
 * Node request into a web Request and running the middleware chain to find it cost more than
 * sending it.
 *
 * The answer is the one server/app.ts gives a cache hit: the stored page's headers, its ETag and
 * `X-Render-Cache: hit`, the stored encoding the client accepts, then the security headers
 * (server/security.ts, with the CSP of the page's script hashes), the request id, and `Connection:
 * close` while the process stops. The headers of each stored form are put together on a page's
 * first hit here and kept with it. What goes on to Hono, which answers it as before: other methods,
 * a request carrying the back-office session cookie (it may see drafts), a target that is not a
 * stored page's key as written (a page not stored yet or dropped, a query string but
 * visit tags and one tag, a path not in its normalised form), and a Host header @hono/node-server refuses.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { loggedPath } from "~/lib/logged-path";
import type { AppServices } from "./context";
import { type FastFile, hostCheck, REQUEST_ID_SLOT, requestIdOf, sendAnswer } from "./fast-static";
import { logRequest } from "./logger";
import { type Metrics, ROUTES } from "./metrics";
import { matchesEtag, pickEncoding, RENDER_CACHE_HEADER, type RenderCache, type StoredPage } from "./render-cache";
import { contentSecurityPolicy, FIXED_SECURITY_HEADERS, NON_HTML_CSP, type SecurityOptions } from "./security";

/** A stored page's answers: each as [name, value, name, value, …], ending with the request id's slot (sendAnswer). */
type PageAnswers = { identity: string[]; br: string[] | null; gzip: string[] | null; notModified: string[]; logPath: string };

export type FastPages = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createFastPages(options: {
  renderCache: RenderCache;
  services: Pick<AppServices, "logger" | "lifecycle" | "config"> & Partial<Pick<AppServices, "pageViews">>;
  /** The options server/app.ts gives securityHeaders. */
  security: SecurityOptions;
  /** Where each answer is counted, as server/app.ts counts Hono's (GET /metrics). */
  metrics?: Pick<Metrics, "request">;
}): FastPages {
  const { renderCache, security, metrics } = options;
  const { logger, lifecycle, config, pageViews } = options.services;
  const hostAccepted = hostCheck();
  // A page's answers live as long as the page: a dropped page's are collected with it.
  const prepared = new WeakMap<StoredPage, PageAnswers>();

  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const started = performance.now();
    const headers = req.headers;
    if (sessionTokenFromCookieHeader(config, headers.cookie) !== undefined) return false;
    if (!headers.host || !hostAccepted(headers.host)) return false;
    const target = req.url ?? "";
    const page = renderCache.lookup(target);
    if (!page) return false;

    let answers = prepared.get(page);
    if (!answers) {
      answers = pageAnswers(page, security);
      prepared.set(page, answers);
    }
    let status = 200;
    let out: string[];
    let body: Buffer | undefined;
    if (matchesEtag(headers["if-none-match"], page)) {
      status = 304;
      out = answers.notModified;
    } else {
      const encoding = pickEncoding(headers["accept-encoding"] ?? "", page);
      out = (encoding && answers[encoding]) || answers.identity;
      body = encoding === "br" ? (page.br ?? undefined) : encoding === "gzip" ? (page.gzip ?? undefined) : page.body;
    }
    const id = requestIdOf(headers);
    sendAnswer(res, status, out, id, lifecycle.draining, method === "HEAD" ? undefined : body);
    const ms = performance.now() - started;
    metrics?.request(page.status === 404 ? ROUTES.notFound : ROUTES.page, method, status, ms / 1000);
    if (page.status === 200 && method === "GET") {
      const query = target.indexOf("?");
      pageViews?.count(query === -1 ? target : target.slice(0, query), headers["user-agent"]);
    }
    logRequest(logger, { reqId: id, method, path: answers.logPath, status, ms: Math.round(ms) });
    return true;
  };
}

/** The headers server/app.ts answers a cache hit with, for each stored form and for a 304. */
function pageAnswers(page: StoredPage, security: SecurityOptions): PageAnswers {
  const base: string[] = [];
  let type = "";
  const secure = new Set(["content-security-policy", ...FIXED_SECURITY_HEADERS.map(([name]) => name.toLowerCase())]);
  for (const [name, value] of page.headers) {
    if (secure.has(name.toLowerCase())) continue;
    base.push(name, value);
    if (name === "content-type") type = value;
  }
  base.push("etag", page.etag, RENDER_CACHE_HEADER.toLowerCase(), "hit");
  const path = new URL(page.key, "http://localhost").pathname;
  const secured = (list: string[]) => {
    const csp = type.startsWith("text/html") ? contentSecurityPolicy(security, page.scriptSources ?? [], path) : NON_HTML_CSP;
    list.push("content-security-policy", csp);
    for (const [name, value] of FIXED_SECURITY_HEADERS) list.push(name.toLowerCase(), value);
    list.push(...REQUEST_ID_SLOT);
    return list;
  };
  const sized = (encoding: string | null, bytes: Buffer) =>
    secured([...base, ...(encoding ? ["content-encoding", encoding] : []), "content-length", String(bytes.byteLength)]);
  return {
    identity: sized(null, page.body),
    br: page.br ? sized("br", page.br) : null,
    gzip: page.gzip ? sized("gzip", page.gzip) : null,
    notModified: secured([...base]),
    // A page's key is its path, or /blog with one tag: the request log writes the path alone.
    logPath: loggedPath(path),
  };
}

/**
 * The render cache's stored prerenderable pages (the home page and the other pages built as files,
 * rendered again after the agency's settings changed) as files of the build, for server/fast-static.ts:
 * while the build's pages no longer stand, each is answered by the same code and with the same kind
 * of headers as the build's file it replaces.
 */
export function storedPageFiles(renderCache: RenderCache, security: SecurityOptions): (pathname: string) => FastFile | undefined {
  const files = new WeakMap<StoredPage, FastFile>();
  return (pathname) => {
    const page = renderCache.lookup(pathname);
    if (!page?.fixed) return undefined;
    let file = files.get(page);
    if (!file) {
      const answers = pageAnswers(page, security);
      file = {
        etag: page.etag,
        encodings: [...(page.br ? (["br"] as const) : []), ...(page.gzip ? (["gzip"] as const) : [])],
        logPath: answers.logPath,
        identity: { status: 200, headers: answers.identity, body: page.body },
        br: answers.br && page.br ? { status: 200, headers: answers.br, body: page.br } : undefined,
        gzip: answers.gzip && page.gzip ? { status: 200, headers: answers.gzip, body: page.gzip } : undefined,
        notModified: { status: 304, headers: answers.notModified, body: undefined },
        compressedOnTheFly: false,
      };
      files.set(page, file);
    }
    return file;
  };
}
