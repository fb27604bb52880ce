/**
 * The public forms' JSON endpoints: POST /api/contacts, /api/sms-consent and /api/submit-lead. Each is
 * a thin adapter over its form: the body's fields are renamed to the form's (app/features/leads/api-fields.ts),
 * checked with the form's own schema, and stored by the same server function the page's action calls
 * (app/features/leads/submit.server.ts); field errors go back under the API's names. A filled honeypot
 * is answered as if accepted and stored nowhere.
 */
import { type Context, Hono } from "hono";
import { withPhone } from "~/content/agency";
import { contactApiFields, parseApiBody, sameNames } from "~/features/leads/api-fields";
import { callBackPromise, newReference } from "~/features/leads/leads.server";
import { formMessages } from "~/features/leads/messages";
import { contactFormSchema, smsConsentFormSchema } from "~/features/leads/schema";
import { submitContact, submitLead, submitSmsConsent } from "~/features/leads/submit.server";
import { submitLeadSchema } from "~/features/leads/submit-lead-schema";
import { fieldErrors } from "~/lib/field-rules";
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
  // The same limit, by name, as the pages' form actions: one count per address for both ways in.
  const limiter = services.limits.rate("forms", config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const limit = rateLimit(limiter, (c) => clientIp(c, config.TRUST_PROXY), withPhone(formMessages.tooManyRequests));

  /** A discarded submission is answered like an accepted one, its promise counted from now. */
  const trappedPromise = () => {
    const { dueAt, notice } = callBackPromise(config, new Date());
    return callBackFields({ dueAt, callBackNotice: notice });
  };

  const trap = (c: Context, form: string) => {
    logger.info({ reqId: c.get("requestId" as never), form, ip: clientIp(c, config.TRUST_PROXY) }, "honeypot filled: submission discarded");
  };

  return new Hono()
    .post("/contacts", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "contact");
        return c.json({ success: true, message: formMessages.contact.success, ...trappedPromise() }, 201);
      }
      const parsed = parseApiBody(contactFormSchema, body, contactApiFields);
      if (!parsed.ok) return apiError(c, 400, INVALID, parsed.errors);
      const result = await submitContact(services, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      return c.json({ success: true, message: formMessages.contact.success, ...callBackFields(result) }, 201);
    })
    .post("/sms-consent", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "sms-consent");
        return c.json({ success: true, message: formMessages.smsConsent.success }, 201);
      }
      const parsed = parseApiBody(smsConsentFormSchema, body, sameNames);
      if (!parsed.ok) return apiError(c, 400, INVALID, parsed.errors);
      await submitSmsConsent(services, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      return c.json({ success: true, message: formMessages.smsConsent.success }, 201);
    })
    .post("/submit-lead", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        trap(c, "submit-lead");
        const reference = newReference();
        return c.json({ success: true, message: leadReceived(reference), reference, ...trappedPromise() }, 201);
      }
      // Every lead type's schema is its form's, with the type's fixed fields (submit-lead-schema.ts).
      const parsed = submitLeadSchema.safeParse(body);
      if (!parsed.success) return apiError(c, 400, INVALID, fieldErrors(parsed.error));
      const result = await submitLead(services, parsed.data, submissionContext(c, config.TRUST_PROXY, body));
      return c.json(
        { success: true, message: leadReceived(result.reference), reference: result.reference, ...callBackFields(result) },
        201,
      );
    });
}
