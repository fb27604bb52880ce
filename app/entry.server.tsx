import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "./components/nonce";
import { isRefusedActionOrigin } from "./lib/action-origin";
import { deferHydrationStream } from "./lib/deferred-hydration.server";
import { loggedPath } from "./lib/logged-path";

export const streamTimeout = 5_000;

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
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering wait for the whole document; browsers get the shell first.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !loadContext ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          // The page's scripts load after its first paint (lib/deferred-hydration.server.ts).
          const body = deferHydrationStream();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(error, request, loadContext);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
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
