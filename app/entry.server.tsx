import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { renderBlogBrowser } from "./features/blog/components/browser-part.server";
import { isRefusedActionOrigin } from "./lib/action-origin";
import { deferHydration } from "./lib/deferred-hydration.server";
import { loggedPath } from "./lib/logged-path";

export const streamTimeout = 5_000;

/**
 * Pages whose addresses with a query differ from the page without one in a single part (server/render-cache.ts):
 * the server answers them with the stored page and `renderPart`'s HTML in place of the part it holds.
 */
export const partPaths: readonly string[] = ["/blog"];

/** The part of a page in `partPaths` for an address (its query without visit tags), or null: render the page whole. */
export function renderPart(url: URL, context: AppLoadContext): Promise<string | null> {
  return url.pathname === "/blog" ? renderBlogBrowser(url, context) : Promise.resolve(null);
}

/**
 * Renders the whole document before answering. A page's data is loaded before it renders, and its
 * render takes milliseconds, so sending the shell first gained a visitor nothing; a document in one
 * piece is compressed in one call (server/compress.ts) and written in one, where a stream of small
 * chunks through Node and web streams cost more than the render itself.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // Prerendering at build time has no per-request context and so no nonce.
  const nonce = loadContext?.nonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const document = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timer);
              // The page's scripts load after its first paint (lib/deferred-hydration.server.ts).
              const html = deferHydration(Buffer.concat(chunks).toString("utf8"));
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          // An error in the shell rejects the render (onShellError); one inside a boundary leaves the
          // page to the browser's render of that part, and is logged here.
          if (shellReady) logError(error, request, loadContext);
          else responseStatusCode = 500;
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The path is written masked, and the query not at all: an invitation's token is in the path and the
 * first-run setup code in the query, and either opens an admin account to whoever reads the log.
 */
function logError(error: unknown, request: Request, context?: AppLoadContext) {
  if (context?.logger) {
    context.logger.error({ err: error, reqId: context.requestId, path: loggedPath(new URL(request.url).pathname) }, "render error");
  } else {
    console.error(error);
  }
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as AppLoadContext | undefined;
  // Any page on the web can have its visitors' browsers post here; React Router refuses such a post
  // (400) before the action runs. No fault of the site: a warning without a stack, once a minute per address.
  if (loadContext?.warnOncePerMinute && isRefusedActionOrigin(error, request)) {
    loadContext.warnOncePerMinute(
      {
        reqId: loadContext.requestId,
        method: request.method,
        path: loggedPath(new URL(request.url).pathname),
        origin: request.headers.get("origin")?.slice(0, 200),
      },
      "cross-site action refused",
    );
    return;
  }
  logError(error, request, loadContext);
};
