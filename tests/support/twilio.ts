/**
 * A local server that speaks Twilio's Messages API as the site uses it (POST
 * /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded, HTTP basic auth; 201 with the message's
 * `sid` and `status`), so the real client code is exercised. It keeps what it was sent, can fail the
 * next requests (the provider down for a while), and signs webhooks to the site as Twilio does,
 * with its own HMAC-SHA1 over the URL and the sorted parameters, written here apart from the site's.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type SentText = {
  sid: string;
  to: string;
  from: string | null;
  service: string | null;
  body: string;
  statusCallback: string | null;
  at: number;
};

export const TEST_TWILIO = {
  sid: `AC${"0123456789abcdef".repeat(2)}`,
  token: "test-auth-token-0123456789",
  from: "+15125550100",
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export const messageSid = () => `SM${randomBytes(16).toString("hex")}`;

export async function startTwilio(account = TEST_TWILIO) {
  const sent: SentText[] = [];
  const state = { failures: 0, refused: 0, requests: 0 };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    state.requests++;
    const path = `/2010-04-01/Accounts/${account.sid}/Messages.json`;
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString("base64")}`;
    res.setHeader("content-type", "application/json");
    if (req.method !== "POST" || req.url !== path) {
      res.writeHead(404).end(JSON.stringify({ code: 20404, message: "The requested resource was not found", status: 404 }));
      return;
    }
    if (req.headers.authorization !== expected) {
      res.writeHead(401).end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      return;
    }
    if (state.failures > 0) {
      state.failures--;
      state.refused++;
      res.writeHead(503).end(JSON.stringify({ code: 20503, message: "Service unavailable", status: 503 }));
      return;
    }
    const form = new URLSearchParams(body);
    const sid = messageSid();
    sent.push({
      sid,
      to: form.get("To") ?? "",
      from: form.get("From"),
      service: form.get("MessagingServiceSid"),
      body: form.get("Body") ?? "",
      statusCallback: form.get("StatusCallback"),
      at: Date.now(),
    });
    res.writeHead(201).end(JSON.stringify({ sid, status: "queued", to: form.get("To"), body: form.get("Body"), account_sid: account.sid }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    state,
    /** The next `n` requests are answered 503. */
    failNext: (n: number) => {
      state.failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's signature of a POST to `url` with `params`, computed here on its own: the URL, then each parameter's name and value, sorted by name. */
export function signed(url: string, params: Record<string, string>, token = TEST_TWILIO.token): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", Buffer.from(token, "utf8")).update(Buffer.from(data, "utf8")).digest("base64");
}

/**
 * Posts a webhook to the site at `serverUrl` + `path`, signed for the address Twilio knows it by
 * (`siteUrl` + `path`), as Twilio does; `signature` overrides the signature (a forged one).
 */
export async function postWebhook(
  serverUrl: string,
  siteUrl: string,
  path: string,
  params: Record<string, string>,
  { signature, token }: { signature?: string; token?: string } = {},
) {
  return fetch(`${serverUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? signed(`${siteUrl}${path}`, params, token),
      "user-agent": "TwilioProxy/1.1",
    },
    body: new URLSearchParams(params),
  });
}

/** The fields of an inbound text as Twilio posts them. */
export function inboundText(from: string, body: string, over: Record<string, string> = {}): Record<string, string> {
  const sid = messageSid();
  return {
    ToCountry: "US",
    ToState: "TX",
    SmsMessageSid: sid,
    NumMedia: "0",
    SmsSid: sid,
    SmsStatus: "received",
    Body: body,
    To: TEST_TWILIO.from,
    NumSegments: "1",
    MessageSid: sid,
    AccountSid: TEST_TWILIO.sid,
    From: from,
    ApiVersion: "2010-04-01",
    ...over,
  };
}
