/**
 * A short deadline for a request to arrive in full. The server's own request timeout is long,
 * because a 1 GB document on a slow line takes many minutes; every other request is small, so a
 * client that trickles its headers or body is cut off after `seconds` instead of holding a
 * connection (and a slot of the event loop's attention) for an hour.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

export type RequestDeadlineOptions = {
  /** Seconds a request other than an upload may take to arrive in full. */
  seconds: number;
  /** Paths that keep the server's long timeout (document uploads). */
  longPaths: readonly string[];
  /** The JSON message sent with the 408 answer. */
  message: string;
};

export function applyRequestDeadline(server: Server, { seconds, longPaths, message }: RequestDeadlineOptions) {
  const ms = seconds * 1000;
  // Headers are small on every route: the same deadline holds for them (Node's own check).
  server.headersTimeout = Math.min(server.headersTimeout || ms, ms);
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (longPaths.some((p) => path === p || path.startsWith(`${p}/`))) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        res.writeHead(408, { "content-type": "application/json; charset=utf-8", connection: "close" });
        res.end(JSON.stringify({ success: false, message }));
      }
      // Whatever is still arriving is not read.
      res.once("finish", () => req.socket.destroy());
      if (res.writableFinished) req.socket.destroy();
    }, ms);
    timer.unref();
    const done = () => clearTimeout(timer);
    req.once("end", done);
    res.once("close", done);
  });
}
