/**
 * Twilio's Messages API, spoken directly with fetch (docs/decisions/064): a form-encoded POST to
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth, and the webhook signature
 * Twilio documents (HMAC-SHA1 over the URL and the sorted POST parameters, keyed by the auth token).
 * No SDK: two requests and one hash do not need its hundreds of modules. TWILIO_API_BASE lets the
 * tests point the same code at a local server that speaks the API.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { OutboxMail } from "#db/schema";
import type { Config } from "~/env.server";
import type { Gate, MailTransport } from "~/features/mail/outbox.server";

export type TwilioSettings = Pick<
  Config,
  "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM_NUMBER" | "TWILIO_MESSAGING_SERVICE_SID" | "TWILIO_API_BASE" | "SITE_URL"
>;

/** Where Twilio posts inbound texts and delivery statuses (configured on the number, and sent with each text). */
export const INBOUND_PATH = "/api/sms/twilio";
export const STATUS_PATH = "/api/sms/twilio/status";

/** The signature Twilio sends in X-Twilio-Signature for a form-encoded POST to `url` with `params`. */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + sorted.map(([key, value]) => key + value).join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether `signature` is Twilio's for this request; compared in constant time. */
export function signatureValid(authToken: string, url: string, params: Iterable<[string, string]>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The public address Twilio calls for `path`: SITE_URL's, as configured on the number. */
export const webhookUrl = (config: Pick<Config, "SITE_URL">, path: string) => `${config.SITE_URL}${path}`;

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A TwiML answer: one reply text, or none. */
export function twiml(reply: string | null): string {
  const inner = reply ? `<Message>${xmlEscape(reply)}</Message>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;
}

/** An error of Twilio's answer, short enough for the outbox's last_error and the dead-mail panel. */
async function failure(response: Response): Promise<Error> {
  let detail = "";
  try {
    const body = (await response.json()) as { code?: number; message?: string };
    detail = [body.code, body.message].filter(Boolean).join(" ");
  } catch {
    // Not JSON: the status says enough.
  }
  return new Error(`Twilio answered ${response.status}${detail ? `: ${detail}` : ""}`);
}

/**
 * The texting transport of the outbox: one POST per text. `gate` is asked before each (quiet hours,
 * consent); the Message SID Twilio answers with is kept on the row for the status callbacks.
 */
export function twilioTransport(settings: TwilioSettings, gate: (mail: OutboxMail, now: Date) => Promise<Gate>): MailTransport {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = settings;
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  const endpoint = `${settings.TWILIO_API_BASE}/2010-04-01/Accounts/${sid}/Messages.json`;
  return {
    name: "twilio",
    gate,
    send: async (mail) => {
      const form = new URLSearchParams({ To: mail.toAddress, Body: mail.textBody, StatusCallback: webhookUrl(settings, STATUS_PATH) });
      if (settings.TWILIO_MESSAGING_SERVICE_SID) form.set("MessagingServiceSid", settings.TWILIO_MESSAGING_SERVICE_SID);
      else form.set("From", settings.TWILIO_FROM_NUMBER ?? "");
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form,
        // Bounded, so a stalled API holds a text far less than its claim.
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw await failure(response);
      const body = (await response.json()) as { sid?: string; status?: string };
      return { providerId: body.sid, status: body.status };
    },
    close: () => {},
  };
}
