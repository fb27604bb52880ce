/**
 * The public forms' endpoints: POST /api/contacts, /api/sms-consent and /api/submit-lead.
 * Each validates with the form's own schema, writes everything in one transaction, and only
 * then answers success. A filled honeypot is answered as if accepted and stored nowhere.
 */
import { type Context, Hono } from "hono";
import { withPhone } from "~/content/agency";
import { acceptContact, acceptLead, acceptSmsConsent, callBackPromise, newReference } from "~/features/leads/leads.server";
import { formMessages } from "~/features/leads/messages";
import { fieldErrors } from "~/features/leads/rules";
import { contactApiSchema, smsConsentApiSchema } from "~/features/leads/schema";
import { submitLeadSchema } from "~/features/leads/submit-lead-schema";
import { clientIp, submissionContext } from "../client-info";
import type { AppServices } from "../context";
import { apiError, readJson } from "../http";
import { rateLimit } from "../rate-limit";

const INVALID = "Some fields need attention. Please check them and try again.";

function honeypotFilled(body: Record<string, unknown>): boolean {
  const v = body.website;
  return v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");
}

const leadReceived = (reference: string) => `Quote request received. Your reference is ${reference}.`;

/** When the visitor will be called back, added to a lead's answer: the due time, and the sentence when office hours stretch it. */
const callBackFields = (promise: { dueAt?: Date; callBackNotice: string | null }) => ({
  callBackBy: promise.dueAt ? promise.dueAt.toISOString() : null,
  callBackNotice: promise.callBackNotice,
});

export function formRoutes(services: AppServices) {
  const { config, logger } = services;
  const limiter = services.limits.rate("forms", config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const limit = rateLimit(limiter, (c) => clientIp(c, config.TRUST_PROXY), withPhone(formMessages.tooManyRequests));
  const deps = { db: services.db, config };

  /** A discarded submission is answered like an accepted one, its promise counted from now. */
  const trappedPromise = () => {
    const { dueAt, notice } = callBackPromise(config, new Date());
    return callBackFields({ dueAt, callBackNotice: notice });
  };

  const trap = (c: Context, form: string, body: Record<string, unknown>) => {
    logger.info({ reqId: c.get("requestId" as never), form, ip: clientIp(c, config.TRUST_PROXY) }, "honeypot filled: submission discarded");
    return body;
  };

  return new Hono()
    .post("/contacts", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "contact", body);
        return c.json({ success: true, message: formMessages.contact.success, ...trappedPromise() }, 201);
      }
      const parsed = contactApiSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, INVALID, fieldErrors(parsed.error));
      const result = await acceptContact(deps, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      services.mail.nudge();
      logger.info({ reference: result.reference, form: "contact" }, "contact submission stored");
      return c.json({ success: true, message: formMessages.contact.success, ...callBackFields(result) }, 201);
    })
    .post("/sms-consent", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "sms-consent", body);
        return c.json({ success: true, message: formMessages.smsConsent.success }, 201);
      }
      const parsed = smsConsentApiSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, INVALID, fieldErrors(parsed.error));
      await acceptSmsConsent(deps, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      services.mail.nudge();
      return c.json({ success: true, message: formMessages.smsConsent.success }, 201);
    })
    .post("/submit-lead", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "submit-lead", body);
        const reference = newReference();
        return c.json({ success: true, message: leadReceived(reference), reference, ...trappedPromise() }, 201);
      }
      const parsed = submitLeadSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, INVALID, fieldErrors(parsed.error));
      const result = await acceptLead(deps, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      const { reference } = result;
      if (!reference) throw new Error("a stored lead has no reference");
      services.mail.nudge();
      logger.info({ reference, leadType: parsed.data.leadType }, "lead stored");
      return c.json({ success: true, message: leadReceived(reference), reference, ...callBackFields(result) }, 201);
    });
}
