/**
 * The public forms' server side, shared by their route actions (a page's own `<form method="post">`,
 * through the one POST pipeline, app/lib/post.server.ts) and the spec's JSON endpoints
 * (server/api/forms.ts): one function per form that stores what was sent and wakes the mail sender,
 * the answer to a discarded (honeypot) submission, the public forms' byte bound, and where a posted
 * form came from (`visitContext`).
 */
import type { AppLoadContext } from "react-router";
import type { SiteFacts } from "~/content/site-facts";
import { submissionContextSchema } from "~/lib/field-rules";
import { acceptContact, acceptLead, acceptSmsConsent, callBackPromise, type SubmissionContext } from "./leads.server";
import type { ContactValues, SmsConsentValues } from "./schema";
import type { SubmitLeadBody } from "./submit-lead-schema";

/** What a form's server side uses: the facts of the profile the request was made under among them. */
export type FormServices = Pick<AppLoadContext, "db" | "config" | "logger" | "mail"> & {
  site: { facts: SiteFacts };
  /** The FMCSA carrier checks (063), woken after a trucking lead; absent when the feature is off. */
  fmcsa?: AppLoadContext["fmcsa"];
};

const deps = (services: FormServices) => ({ db: services.db, config: services.config, site: services.site.facts });

/** A contact form message: stored with its consent record and mails; the answer says when to expect the call. */
export async function submitContact(services: FormServices, values: ContactValues, context: SubmissionContext) {
  const result = await acceptContact(deps(services), values, context);
  services.mail.nudge();
  services.logger.info({ reference: result.reference, form: "contact" }, "contact submission stored");
  return result;
}

/** An SMS consent: its consent record and mails. */
export async function submitSmsConsent(services: FormServices, values: SmsConsentValues, context: SubmissionContext) {
  const result = await acceptSmsConsent(deps(services), values, context);
  services.mail.nudge();
  services.logger.info({ consentRecordId: result.consentRecordId, form: "sms-consent" }, "sms consent stored");
  return result;
}

/** A quote request of any lead type (a product page's, a landing page's, the trucking quote). */
export async function submitLead(services: FormServices, body: SubmitLeadBody, context: SubmissionContext) {
  const result = await acceptLead(deps(services), body, context);
  const { reference } = result;
  if (!reference) throw new Error("a stored lead has no reference");
  services.mail.nudge();
  if (body.leadType === "commercial_trucking_quote") services.fmcsa?.checks.nudge();
  services.logger.info({ reference, leadType: body.leadType }, "lead stored");
  return { ...result, reference };
}

/** A discarded submission is answered like an accepted one: its call-back notice as if counted from now. */
export const trappedNotice = (services: Pick<FormServices, "config" | "site">) =>
  callBackPromise(services.config, services.site.facts, new Date()).notice;

/** The most a public form posted by a page weighs: the longest message, every character escaped, and room to spare. */
export const PUBLIC_FORM_BYTES = 64 * 1024;

const clip = (value: string | null | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);

/** Where a visit came from, as a form sends it (`pageUrl`, `referrer`, `utm`), before it is checked. */
type SentVisit = { pageUrl?: unknown; referrer?: unknown; utm?: unknown };

/**
 * Where a form posted by a page came from: the page (sent by the form once scripts run, else the
 * Referer the browser sends), the visit's referring site and UTM parameters (sent by the form once
 * scripts run), the address and the browser. `sent` is the posted form (its `pageUrl`, `referrer` and
 * `utm_*` fields), or the values a form's own schema read them into (the trucking quote's).
 */
export function visitContext(request: Request, context: Pick<AppLoadContext, "clientIp">, sent: FormData | SentVisit): SubmissionContext {
  const parsed = submissionContextSchema.safeParse(sent instanceof FormData ? sentBy(sent) : sent);
  const visit = parsed.success ? parsed.data : {};
  const utm = visit.utm && Object.keys(visit.utm).length ? Object.fromEntries(Object.entries(visit.utm).slice(0, 10)) : null;
  const referer = request.headers.get("referer");
  return {
    ip: context.clientIp,
    userAgent: clip(request.headers.get("user-agent"), 500),
    pageUrl: clip(visit.pageUrl, 2000) ?? clip(referer, 2000),
    referrer: clip(visit.referrer, 2000) ?? clip(referer, 2000),
    utm,
  };
}

/** A posted form's visit fields. */
function sentBy(formData: FormData): SentVisit {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const utm: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (key.startsWith("utm_") && typeof value === "string" && value && Object.keys(utm).length < 10) utm[key] = value;
  }
  return { pageUrl: field("pageUrl"), referrer: field("referrer"), utm: Object.keys(utm).length ? utm : undefined };
}
