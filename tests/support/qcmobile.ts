/**
 * A local server speaking FMCSA's QCMobile API from the recorded answers in tests/fixtures/fmcsa/
 * (one folder per USDOT number, one file per endpoint): `GET /carriers/:dot[/authority|
 * /cargo-classification|/operation-classification|/oos]?webKey=`. A number without a folder is
 * answered `{ content: null }`, as QCMobile answers a carrier it does not know; a wrong key 401.
 * `hang` holds the numbers whose requests are never answered (FMCSA hanging).
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/fmcsa");
export const STAND_IN_KEY = "test-web-key";

const ENDPOINTS = new Set(["", "/authority", "/cargo-classification", "/operation-classification", "/oos"]);

export async function startQcMobile(options: { hang?: Set<string>; key?: string } = {}) {
  const hang = options.hang ?? new Set<string>();
  const key = options.key ?? STAND_IN_KEY;
  const requests: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    const match = /^\/carriers\/(\d{1,9})(\/[a-z-]+)?$/.exec(url.pathname);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get("webKey") !== key) return send(401, { content: "Webkey not found" });
    if (!match || !ENDPOINTS.has(match[2] ?? "")) return send(404, { content: null });
    const [, dot, sub = ""] = match;
    if (hang.has(dot)) {
      held.push(res);
      return;
    }
    const file = path.join(FIXTURES, dot, `${sub ? sub.slice(1) : "carrier"}.json`);
    if (!existsSync(file)) return send(200, { content: sub ? [] : null, retrievalDate: new Date().toISOString() });
    res.writeHead(200, { "content-type": "application/json;charset=UTF-8" });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hang,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
