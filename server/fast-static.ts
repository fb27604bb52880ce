/**
 * The client build answered from Node's request listener, ahead of Hono: a GET or HEAD of a file of
 * the build (a hashed asset, another client file, or a prerendered page while the build is fresh) is
 * written with res.writeHead/res.end from bytes and headers recorded at its first request. For these
 * small stored files, turning the Node request into a web Request, running the middleware chain and
 * turning the web Response back cost several times the work of sending the bytes.
 *
 * The headers are the Hono path's by construction: at a file's first request, which Hono answers, the
 * file's answers (each stored encoding, and 304) are asked once of the same middleware server/app.ts
 * runs for them (securityHeaders, compress, serveBuild) and recorded. A start records nothing: a
 * process serves only some of the build's files, and recording them all was most of a start's work.
 * Only the request id, the request log line and, while the process stops, `Connection: close` are
 * added per response, as server/app.ts does.
 * After the agency's settings changed, the build's prerendered pages no longer stand: a prerendered
 * path is then answered, by this same code, from the render cache's page stored in its place
 * (`replacement`, server/fast-pages.ts), or goes on to Hono while none is stored.
 *
 * What a recorded answer cannot stand for goes on to Hono, which answers it as before: other methods
 * and paths, a path not written in the manifest's own form (dot segments, percent-encoding outside
 * /assets/), a prerendered page with a query string but visit tags (React Router renders it), a stale build's pages,
 * a Host header @hono/node-server refuses, and a file compress() would compress on the fly for the
 * client's Accept-Encoding.
 */
import { randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import { Hono } from "hono";
import { loggedPath } from "~/lib/logged-path";
import { withoutVisitTags } from "~/lib/visit-tags";
import { compressAnswers, pickEncoding } from "./compress";
import type { AppServices } from "./context";
import { type Logger, logRequest } from "./logger";
import { type Metrics, ROUTES } from "./metrics";
import { type SecurityOptions, securityHeaders } from "./security";
import { type BuildFiles, etagMatches, type StaticFile } from "./static";

/**
 * A recorded answer: status, headers as [name, value, name, value, …] and body. The headers end with
 * "x-request-id" and a value each answer sets in place (`sendAnswer`): no list is copied per request.
 */
export type Answer = { status: number; headers: string[]; body: Buffer | undefined };

/** The last two entries of a recorded answer's headers, the request id's name and its place. */
export const REQUEST_ID_SLOT = ["x-request-id", ""] as const;

/**
 * Writes a recorded answer with this request's id (and `Connection: close` while the process stops,
 * so a kept-alive client reconnects to another process). Node reads the header list while writeHead
 * runs, so the recorded list takes each request's id in turn.
 */
export function sendAnswer(
  res: ServerResponse,
  status: number,
  headers: string[],
  id: string,
  draining: boolean,
  body: Buffer | undefined,
): void {
  headers[headers.length - 1] = id;
  res.writeHead(status, draining ? [...headers, "connection", "close"] : headers);
  res.end(body);
}

export type FastFile = {
  etag: string;
  encodings: ("br" | "gzip")[];
  /** The path the request log writes; null under /assets/, which is not logged (server/app.ts). */
  logPath: string | null;
  identity: Answer;
  br?: Answer;
  gzip?: Answer;
  notModified: Answer;
  /** compress() compresses the original bytes for a client that accepts gzip or deflate but gets neither stored form. */
  compressedOnTheFly: boolean;
};

/** Answers the request and returns true, or returns false having touched neither the request nor the response. */
export type FastStatic = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The request id server/app.ts keeps from the client (hono/request-id's rule), else a fresh one. */
const FOREIGN_ID = /[^\w\-=]/;
/** Hosts seen valid; a bounded set, so a client sending ever new Host headers cannot grow it. */
const HOST_CACHE_LIMIT = 64;

export async function createFastStatic(options: {
  staticFiles: BuildFiles;
  services: Pick<AppServices, "logger" | "lifecycle"> & Partial<Pick<AppServices, "pageViews">>;
  /** The options server/app.ts gives securityHeaders. */
  security: SecurityOptions;
  /** Where each answer is counted, as server/app.ts counts Hono's (GET /metrics). */
  metrics?: Pick<Metrics, "request">;
  /**
   * A prerendered page's current answers while the build's no longer stand (the agency's settings
   * changed): the render cache's stored page, answered by the same code as the build's files.
   */
  replacement?: (pathname: string) => FastFile | undefined;
  /**
   * Records every file's answers before answering any (tests comparing them all). By default a file's
   * answers are recorded at its first request, which Hono answers meanwhile: a start records nothing.
   */
  recordAtStart?: boolean;
}): Promise<FastStatic> {
  const { staticFiles, metrics } = options;
  const { logger, lifecycle, pageViews } = options.services;
  const probe = new Hono();
  probe.use(securityHeaders(options.security));
  probe.use(compressAnswers());
  probe.use(staticFiles);

  const files = new Map<string, StaticFile>();
  for (const [pathname, file] of staticFiles.files) if (isOwnForm(pathname)) files.set(pathname, file);
  /** Recorded answers by path; null for a file whose answers a recording cannot stand for. */
  const byPath = new Map<string, FastFile | null>();
  const recording = new Set<string>();
  const record = (pathname: string, file: StaticFile) =>
    prepare(probe, pathname, file).then(
      (prepared) => {
        // A page whose build stopped standing while it was recorded (a settings change) is recorded again when it stands.
        if (prepared === null && file.entry.prerendered && !staticFiles.servePrerendered()) return;
        byPath.set(pathname, prepared);
      },
      (error: unknown) => {
        byPath.set(pathname, null);
        logger.warn({ err: error, path: pathname }, "a build file's answers could not be recorded: Hono answers it");
      },
    );
  // A build stale from the start (built with other public settings) has its pages rendered, never answered here.
  const pagesAnswered = staticFiles.servePrerendered();
  if (options.recordAtStart) for (const [pathname, file] of files) await record(pathname, file);
  /** The file's recorded answers; a file not recorded yet is recorded now, and this request left to Hono. */
  const recorded = (pathname: string): FastFile | undefined => {
    const found = byPath.get(pathname);
    if (found !== undefined) return found ?? undefined;
    const file = files.get(pathname);
    if (file && !recording.has(pathname)) {
      recording.add(pathname);
      void record(pathname, file).finally(() => recording.delete(pathname));
    }
    return undefined;
  };

  const hostAccepted = hostCheck();

  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const started = performance.now();
    const target = req.url ?? "";
    const query = target.indexOf("?");
    const pathname = query === -1 ? target : target.slice(0, query);
    let file: FastFile | undefined;
    const prerendered = files.get(pathname)?.entry.prerendered === true;
    if (prerendered) {
      // A prerendered page is the same whatever visit tags its address carries (lib/visit-tags.ts).
      if (!pagesAnswered || (query !== -1 && withoutVisitTags(target) !== pathname)) return false;
      // Recorded only while the build's pages stand; after a settings change, the stored page in their place.
      file = staticFiles.servePrerendered() ? recorded(pathname) : options.replacement?.(pathname);
    } else {
      file = recorded(pathname) ?? (pathname.startsWith("/assets/") ? encodedAsset(recorded, pathname) : undefined);
    }
    if (!file) return false;
    const headers = req.headers;
    if (!headers.host || !hostAccepted(headers.host)) return false;

    let answer: Answer | undefined;
    if (etagMatches(headers["if-none-match"], file.etag)) {
      answer = file.notModified;
    } else {
      const accept = headers["accept-encoding"];
      const encoding = pickEncoding(accept ?? "", file.encodings);
      if (encoding) answer = file[encoding];
      else if (file.compressedOnTheFly && accept && method === "GET") return false;
      else answer = file.identity;
    }
    if (!answer) return false;

    const id = requestIdOf(headers);
    sendAnswer(res, answer.status, answer.headers, id, lifecycle.draining, method === "HEAD" ? undefined : answer.body);
    const ms = performance.now() - started;
    metrics?.request(prerendered ? ROUTES.prerendered : ROUTES.static, method, answer.status, ms / 1000);
    if (prerendered && method === "GET") pageViews?.count(pathname, headers["user-agent"]);
    if (file.logPath !== null) logRequest(logger, { reqId: id, method, path: file.logPath, status: answer.status, ms: Math.round(ms) });
    return true;
  };
}

/** The request id server/app.ts uses: the client's, when hono/request-id would keep it, else a fresh one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const id = headers["x-request-id"];
  return typeof id !== "string" || id === "" || id.length > 255 || FOREIGN_ID.test(id) ? randomUUID() : id;
}

/** Whether @hono/node-server would take a Host header; hosts seen valid are remembered (a bounded set). */
export function hostCheck(): (host: string) => boolean {
  const validHosts = new Set<string>();
  return (host) => {
    if (validHosts.has(host)) return true;
    if (!honoAcceptsHost(host)) return false;
    if (validHosts.size < HOST_CACHE_LIMIT) validHosts.add(host);
    return true;
  };
}

/**
 * A `createServer` for @hono/node-server's serve(): each request is offered to the fast paths in
 * turn (the build's files, then the render cache's pages), and goes on to Hono's listener when they
 * all leave it.
 */
export function withFastPaths(paths: FastStatic[], logger: Logger): typeof createServer {
  const create = (options: ServerOptions, listener: RequestListener) =>
    createServer(options, (req, res) => {
      let answered = false;
      try {
        for (const fast of paths) {
          answered = fast(req, res);
          if (answered) break;
        }
      } catch (error) {
        logger.error({ err: error, method: req.method, path: loggedPath((req.url ?? "").split("?")[0]) }, "the fast path failed");
        if (res.headersSent) {
          if (!res.writableEnded) res.destroy();
          return;
        }
      }
      if (!answered) listener(req, res);
    });
  return create as unknown as typeof createServer;
}

/** A manifest path a request writes as it is: Hono would see the same path, neither normalised nor decoded. */
function isOwnForm(pathname: string): boolean {
  try {
    return new URL(pathname, "http://localhost").pathname === pathname && decodeURIComponent(pathname) === pathname;
  } catch {
    return false;
  }
}

/**
 * A percent-encoded asset path, decoded as serveBuild decodes it. A hit is a manifest path, free of
 * dot segments and backslashes, so URL normalisation would have given the same; and under /assets/
 * neither the request log nor the CSP depends on how the path was written.
 */
function encodedAsset(recorded: (pathname: string) => FastFile | undefined, pathname: string): FastFile | undefined {
  if (!pathname.includes("%")) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return decoded.startsWith("/assets/") ? recorded(decoded) : undefined;
}

/** The Host check @hono/node-server makes before it builds the request's URL (it answers 400 otherwise). */
function honoAcceptsHost(host: string): boolean {
  try {
    const url = new URL(`http://${host}/`);
    return url.hostname.length === host.length || url.hostname === host.replace(/:\d+$/, "");
  } catch {
    return false;
  }
}

/** Records a file's answers from the middleware; null when one of them is not what a recording can repeat. */
async function prepare(probe: Hono, pathname: string, file: StaticFile): Promise<FastFile | null> {
  const { entry } = file;
  const record = async (requestHeaders: Record<string, string>, status: number, encoding: string | null, body?: Buffer) => {
    const res = await probe.request(pathname, { headers: requestHeaders });
    const sent = Buffer.from(await res.arrayBuffer());
    if (res.status !== status || res.headers.get("content-encoding") !== encoding) return null;
    if (body ? !sent.equals(body) || res.headers.get("content-length") !== String(body.byteLength) : sent.byteLength > 0) return null;
    // A CSP nonce is per request: such a page cannot be recorded.
    if (res.headers.get("content-security-policy")?.includes("'nonce-")) return null;
    const headers: string[] = [];
    res.headers.forEach((value, name) => {
      // The request id is each answer's own.
      if (name !== REQUEST_ID_SLOT[0]) headers.push(name, value);
    });
    headers.push(...REQUEST_ID_SLOT);
    return { status, headers, body } satisfies Answer;
  };

  // A stale build's prerendered page is not served by serveBuild either: the first answer is a 404.
  const identity = await record({}, 200, null, file.identity);
  if (!identity) return null;
  const br = file.br ? await record({ "accept-encoding": "br" }, 200, "br", file.br) : undefined;
  const gzip = file.gzip ? await record({ "accept-encoding": "gzip" }, 200, "gzip", file.gzip) : undefined;
  const notModified = await record({ "if-none-match": entry.etag }, 304, null);
  if (br === null || gzip === null || !notModified) return null;
  // serveBuild stores no deflate form: such a client gets the original bytes, unless compress() steps in.
  // The body is read to its end: with compress() streams cancelled half-way, every later garbage
  // collection of the process was several times slower.
  const deflate = await probe.request(pathname, { headers: { "accept-encoding": "deflate" } });
  await deflate.arrayBuffer();

  return {
    etag: entry.etag,
    encodings: entry.encodings,
    logPath: pathname.startsWith("/assets/") ? null : loggedPath(pathname),
    identity,
    br,
    gzip,
    notModified,
    compressedOnTheFly: deflate.headers.has("content-encoding"),
  };
}
