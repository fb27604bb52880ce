/**
 * The public forms' server side, shared by their route actions (a page's own `<form method="post">`)
 * and the spec's JSON endpoints (server/api/forms.ts): one function per form that stores what was
 * sent and wakes the mail sender, and `publicFormAction`, which gives a route action everything the
 * JSON endpoints apply (same-site check, the shared rate limit per address, a bounded body, the
 * honeypot, the submission's context).
 */
import type { AppLoadContext } from "react-router";
import type { ZodType, z } from "zod";
import { withPhone } from "~/content/agency";
import { submissionContextSchema } from "~/lib/field-rules";
import { accepted, readSubmission, refused } from "~/lib/form.server";
import { acceptContact, acceptLead, acceptSmsConsent, callBackPromise, type SubmissionContext } from "./leads.server";
import { formMessages } from "./messages";
import type { ContactValues, SmsConsentValues } from "./schema";
import type { SubmitLeadBody } from "./submit-lead-schema";

export type FormServices = Pick<AppLoadContext, "db" | "config" | "logger" | "mail">;

/** A contact form message: stored with its consent record and mails; the answer says when to expect the call. */
export async function submitContact(services: FormServices, values: ContactValues, context: SubmissionContext) {
  const result = await acceptContact({ db: services.db, config: services.config }, values, context);
  services.mail.nudge();
  services.logger.info({ reference: result.reference, form: "contact" }, "contact submission stored");
  return result;
}

/** An SMS consent: its consent record and mails. */
export async function submitSmsConsent(services: FormServices, values: SmsConsentValues, context: SubmissionContext) {
  const result = await acceptSmsConsent({ db: services.db, config: services.config }, values, context);
  services.mail.nudge();
  services.logger.info({ consentRecordId: result.consentRecordId, form: "sms-consent" }, "sms consent stored");
  return result;
}

/** A quote request of any lead type (a product page's, a landing page's, the trucking quote). */
export async function submitLead(services: FormServices, body: SubmitLeadBody, context: SubmissionContext) {
  const result = await acceptLead({ db: services.db, config: services.config }, body, context);
  const { reference } = result;
  if (!reference) throw new Error("a stored lead has no reference");
  services.mail.nudge();
  services.logger.info({ reference, leadType: body.leadType }, "lead stored");
  return { ...result, reference };
}

/** A discarded submission is answered like an accepted one: its call-back notice as if counted from now. */
export const trappedNotice = (config: FormServices["config"]) => callBackPromise(config, new Date()).notice;

/** The most a public form posted by a page weighs: the longest message, every character escaped, and room to spare. */
export const PUBLIC_FORM_BYTES = 64 * 1024;

const honeypotFilled = (formData: FormData) => {
  const value = formData.get("website");
  return typeof value === "string" && value.trim() !== "";
};

const clip = (value: string | null | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);

/**
 * Where a form posted by a page came from: the page (sent by the form once scripts run, else the
 * Referer the browser sends), the visit's referring site and UTM parameters (sent by the form once
 * scripts run), the address and the browser.
 */
export function visitContext(request: Request, context: Pick<AppLoadContext, "clientIp">, formData: FormData): SubmissionContext {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  const utm: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (key.startsWith("utm_") && typeof value === "string" && value && Object.keys(utm).length < 10) utm[key] = value;
  }
  const sent = submissionContextSchema.safeParse({
    pageUrl: field("pageUrl"),
    referrer: field("referrer"),
    utm: Object.keys(utm).length ? utm : undefined,
  });
  const visit = sent.success ? sent.data : {};
  const referer = request.headers.get("referer");
  return {
    ip: context.clientIp,
    userAgent: clip(request.headers.get("user-agent"), 500),
    pageUrl: clip(visit.pageUrl, 2000) ?? clip(referer, 2000),
    referrer: clip(visit.referrer, 2000) ?? clip(referer, 2000),
    utm: visit.utm ?? null,
  };
}

/** What a form's own step answers: accepted with a second line, or refused with a status and message. */
export type Outcome = { ok: true; detail?: string | null } | { ok: false; status: number; message: string };

type PublicForm<S extends ZodType> = {
  /** The form's id (its answer's `form`). */
  form: string;
  schema: S;
  /** The rate limit charged per address, shared with the form's JSON endpoint ("forms", "applications"). */
  limit: string;
  /** The success text, and the form-level text of a refusal. */
  success: string;
  failure: string;
  /** Stores what was sent. */
  accept: (values: z.output<S>, visit: SubmissionContext) => Promise<Outcome>;
  /** The second line of the answer to a discarded (honeypot) submission. */
  trappedDetail?: () => string | null;
};

/**
 * A public form's route action: refused when sent from another site (403), over the address's rate
 * limit (429, shared with the JSON endpoint), too large (413) or not a browser's form (415); a filled
 * honeypot is answered like a success and stored nowhere; otherwise the form's schema checks it and
 * `accept` stores it.
 */
export async function publicFormAction<S extends ZodType>(request: Request, context: AppLoadContext, options: PublicForm<S>) {
  const { form } = options;
  const { config } = context;
  if (context.crossSite) return refused(form, 403, formMessages.refused.crossSite);
  const limiter = context.limits.rate(options.limit, config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const wait = await limiter.hit(context.clientIp);
  if (wait > 0) {
    return refused(form, 429, withPhone(formMessages.tooManyRequests), undefined, undefined, { "Retry-After": String(wait) });
  }
  const read = await readSubmission(request, options.schema, PUBLIC_FORM_BYTES);
  if (!read.ok) {
    return refused(form, read.status, read.status === 413 ? formMessages.refused.tooLarge : formMessages.refused.notSupported);
  }
  const { submission, formData } = read;
  if (honeypotFilled(formData)) {
    context.logger.info({ reqId: context.requestId, form, ip: context.clientIp }, "honeypot filled: submission discarded");
    return accepted(form, submission, options.success, options.trappedDetail?.() ?? null);
  }
  if (submission.status !== "success") return refused(form, 400, options.failure, submission);
  const outcome = await options.accept(submission.value as z.output<S>, visitContext(request, context, formData));
  if (!outcome.ok) return refused(form, outcome.status, outcome.message, submission);
  return accepted(form, submission, options.success, outcome.detail ?? null);
}
