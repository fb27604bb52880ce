/**
 * Twilio's webhooks (docs/decisions/064), public and signed:
 *   POST /api/sms/twilio          a text to the agency's number: answered with TwiML (a reply, or none)
 *   POST /api/sms/twilio/status   a sent text's delivery status: 204
 * Both are form-encoded posts from Twilio's servers. They go through the one POST pipeline (apiPost)
 * without a session: a machine sends neither Origin nor Sec-Fetch-Site, so the same-site step lets it
 * through, and what stands in for a session is the signature. The body is bounded (SMS_WEBHOOK_BYTES)
 * before it is read, and X-Twilio-Signature is checked against SITE_URL and the posted fields before
 * anything else is read of them: 403 otherwise. A signed post missing its fields is a 400. Texting
 * off: 404, as for any unknown endpoint.
 */
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { e164Phone } from "~/content/site-facts";
import { textingOn } from "~/env.server";
import { acceptTextContact } from "~/features/leads/leads.server";
import { boundedBody, receiveText } from "~/features/sms/inbound.server";
import { recordDeliveryStatus } from "~/features/sms/texts.server";
import { INBOUND_PATH, STATUS_PATH, signatureValid, twiml, webhookUrl } from "~/features/sms/twilio.server";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

/** The most a webhook's body may weigh: Twilio's fields with a 1,600-character text, every byte escaped, and room to spare. */
export const SMS_WEBHOOK_BYTES = 48 * 1024;

const relative = (path: string) => path.replace(/^\/api/, "");

export function smsRoutes(services: AppServices) {
  const { config } = services;
  const bounded = bodyLimit({ maxSize: SMS_WEBHOOK_BYTES, onError: (c) => apiError(c, 413, "The webhook body is too large.") });

  /** The posted fields, once the signature over them is Twilio's; else the refusal to answer with. */
  async function signedFields(c: Context, path: string) {
    if (!textingOn(config) || !config.TWILIO_AUTH_TOKEN) return { refusal: apiError(c, 404, `No API endpoint at POST ${path}.`) };
    const type = c.req.header("content-type") ?? "";
    const raw = await c.req.text();
    const fields = new URLSearchParams(/^application\/x-www-form-urlencoded\b/i.test(type) ? raw : "");
    const search = new URL(c.req.url).search;
    if (!signatureValid(config.TWILIO_AUTH_TOKEN, webhookUrl(config, path) + search, fields, c.req.header("x-twilio-signature"))) {
      services.logger.warn({ path }, "texting webhook refused: the signature is not Twilio's");
      return { refusal: apiError(c, 403, "The request's signature is not valid.") };
    }
    return { fields };
  }

  return new Hono()
    .post(
      relative(INBOUND_PATH),
      bounded,
      apiPost(services, relative(INBOUND_PATH), { body: false }, async (c) => {
        const signed = await signedFields(c, INBOUND_PATH);
        if (!signed.fields) return signed.refusal;
        const { fields } = signed;
        const messageSid = fields.get("MessageSid") ?? fields.get("SmsMessageSid");
        const from = e164Phone(fields.get("From") ?? "");
        if (!messageSid || !/^[A-Za-z]{2}[0-9a-fA-F]{32}$/.test(messageSid) || !from || !fields.has("Body"))
          return apiError(c, 400, "A text's webhook needs MessageSid, From (a phone number) and Body.");
        const { body, cut } = boundedBody(fields.get("Body") ?? "");
        const media = Math.max(0, Math.min(10, Number.parseInt(fields.get("NumMedia") ?? "0", 10) || 0));
        const site = services.site.current().facts;
        const deps = { db: services.db, config, site };
        const result = await receiveText(deps, { messageSid, from, body, media, cut }, (text, within) =>
          acceptTextContact(deps, { phone: text.from, body: text.body }, within).then((made) => ({ id: made.leadId ?? "" })),
        );
        services.mail.nudge();
        services.logger.info({ intent: result.intent, leadId: result.leadId, duplicate: result.duplicate ?? false }, "text received");
        return c.body(twiml(result.reply), 200, { "content-type": "text/xml; charset=utf-8" });
      })[1],
    )
    .post(
      relative(STATUS_PATH),
      bounded,
      apiPost(services, relative(STATUS_PATH), { body: false }, async (c) => {
        const signed = await signedFields(c, STATUS_PATH);
        if (!signed.fields) return signed.refusal;
        const sid = signed.fields.get("MessageSid");
        const status = signed.fields.get("MessageStatus");
        if (!sid || !status) return apiError(c, 400, "A status callback needs MessageSid and MessageStatus.");
        const known = await recordDeliveryStatus(services.db, sid, status);
        if (!known) services.logger.info({ status }, "status callback for a text this site does not know, or a status it does not keep");
        return c.body(null, 204);
      })[1],
    );
}
