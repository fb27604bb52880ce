/**
 * The public forms' JSON endpoints: POST /api/contacts, /api/sms-consent and /api/submit-lead. Each is
 * a thin adapter over its form (server/http.ts apiPost): the page's budget per address, the honeypot,
 * the body's fields renamed to the form's (app/features/leads/api-fields.ts) and checked with the
 * form's own schema, then the same server function the page's action calls
 * (app/features/leads/submit.server.ts); field errors go back under the API's names. A filled
 * honeypot is answered as if accepted and stored nowhere. Each request is handled with the agency's
 * profile as the site store has it then (the SMS consent wording and its version among it).
 */
import { type Context, Hono } from "hono";
import { perSite } from "~/content/site-facts";
import { contactApiFields } from "~/features/leads/api-fields";
import { callBackPromise, newReference } from "~/features/leads/leads.server";
import { formMessages } from "~/features/leads/messages";
import { contactFormSchema, smsConsentFormSchema } from "~/features/leads/schema";
import { submitContact, submitLead, submitSmsConsent } from "~/features/leads/submit.server";
import { submitLeadSchema } from "~/features/leads/submit-lead-schema";
import { submissionContext } from "../client-info";
import type { AppServices } from "../context";
import { apiPost } from "../http";

const INVALID = "Some fields need attention. Please check them and try again.";

const leadReceived = (reference: string) => `Quote request received. Your reference is ${reference}.`;

/** When the visitor will be called back, added to a lead's answer: the due time, and the sentence when office hours stretch it. */
const callBackFields = (promise: { dueAt?: Date; callBackNotice: string | null }) => ({
  callBackBy: promise.dueAt ? promise.dueAt.toISOString() : null,
  callBackNotice: promise.callBackNotice,
});

export function formRoutes(services: AppServices) {
  const { config } = services;

  /** The services a submission is recorded with: the stored profile as the request found it. */
  const withSite = () => ({ ...services, site: services.site.current() });

  /** A discarded submission is answered like an accepted one, its promise counted from now. */
  const trappedPromise = () => {
    const { dueAt, notice } = callBackPromise(config, services.site.current().facts, new Date());
    return callBackFields({ dueAt, callBackNotice: notice });
  };

  // The same budget, by name, as the pages' form actions: one count per address for both ways in.
  const publicForm = { rateLimit: "forms", invalid: INVALID } as const;

  /** POST /api/sms-consent checks the version of the wording the current profile shows: one handler per profile. */
  const smsConsentPost = perSite((site) => {
    const [, handle] = apiPost(
      services,
      "/sms-consent",
      {
        ...publicForm,
        schema: smsConsentFormSchema(site),
        honeypot: { form: "sms-consent", answer: (c) => c.json({ success: true, message: formMessages.smsConsent.success }, 201) },
      },
      async (c, { value, body }) => {
        await submitSmsConsent({ ...services, site: { facts: site } }, value, submissionContext(c, config.TRUST_PROXY, body));
        return c.json({ success: true, message: formMessages.smsConsent.success }, 201);
      },
    );
    return handle as (c: Context) => Promise<Response>;
  });

  return new Hono()
    .post(
      ...apiPost(
        services,
        "/contacts",
        {
          ...publicForm,
          schema: contactFormSchema,
          fields: contactApiFields,
          honeypot: {
            form: "contact",
            answer: (c) => c.json({ success: true, message: formMessages.contact.success, ...trappedPromise() }, 201),
          },
        },
        async (c, { value, body }) => {
          const result = await submitContact(withSite(), value, submissionContext(c, config.TRUST_PROXY, body));
          return c.json({ success: true, message: formMessages.contact.success, ...callBackFields(result) }, 201);
        },
      ),
    )
    .post("/sms-consent", (c) => smsConsentPost(services.site.current().facts)(c))
    .post(
      ...apiPost(
        services,
        "/submit-lead",
        {
          ...publicForm,
          // Every lead type's schema is its form's, with the type's fixed fields (submit-lead-schema.ts).
          schema: submitLeadSchema,
          honeypot: {
            form: "submit-lead",
            answer: (c) => {
              const reference = newReference();
              return c.json({ success: true, message: leadReceived(reference), reference, ...trappedPromise() }, 201);
            },
          },
        },
        async (c, { value, body }) => {
          const result = await submitLead(withSite(), value, submissionContext(c, config.TRUST_PROXY, body));
          return c.json(
            { success: true, message: leadReceived(result.reference), reference: result.reference, ...callBackFields(result) },
            201,
          );
        },
      ),
    );
}
