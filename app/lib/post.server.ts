/**
 * The one POST pipeline. Every route action (public forms, the trucking quote, every back-office
 * screen) runs `postForm`; every JSON endpoint of the spec's API runs the same steps through its thin
 * adapter (server/http.ts `apiPost`). In order:
 *
 *   1. same site: a browser's post from another site's page is refused (403);
 *   2. rate limit: the form's budget per address, counted before the body is read (429, Retry-After);
 *   3. body: the content type a browser's form (or an API client) sends, read up to the form's byte
 *      bound before anything is parsed (415, 413); a form with a file input, multipart, its files
 *      each up to their own limit;
 *   4. session: public, or a live back-office session (else a redirect to sign in, with the way back)
 *      whose role may use the screen (app/lib/access.ts; else 403);
 *   5. honeypot: a filled hidden field is answered like a success and stored nowhere;
 *   6. the form's Zod schema (the one the browser checks with), through Conform;
 *   7. step-up: a dangerous action asks for the password again unless given in the last ten minutes
 *      (app/lib/step-up.ts);
 *   8. the form's own step, whose outcome is answered with Conform's `submission.reply()`, or a
 *      redirect (with a flash toast, app/lib/toast.server.ts).
 *
 * A refusal names the field that is wrong; nothing is stored in part; nothing is thrown at the visitor.
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import type { ZodType, z } from "zod";
import { withPhone } from "~/content/site-facts";
import { type Access, allows, screenAccess } from "./access";
import type { FormAnswer } from "./form";
import { isMultipartForm, isUrlEncodedForm, type PostedFile, readForm, readMultipartForm } from "./form-body.server";
import { HONEYPOT_FIELD } from "./honeypot";
import { pagePath, SIGN_IN_PATH } from "./paths";
import { postMessages } from "./post-messages";
import { roleMessages } from "./roles";
import { isConfirmed, STEP_UP_FIELD, stepUpMessages } from "./step-up";
import { redirectWithToast } from "./toast.server";

/** Whether the honeypot was filled: a posted form's field, or a JSON body's property. */
export function honeypotFilled(value: unknown): boolean {
  if (value instanceof FormData || value instanceof URLSearchParams) value = value.get(HONEYPOT_FIELD);
  else if (value !== null && typeof value === "object") value = (value as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
}

/** The one flattener of a schema's issues (browser-safe, app/lib/issues.ts). */
export { flattenIssues } from "./issues";

/** The first error the schema found (a form whose one wrong field says what to do), else the pipeline's text. */
export function firstError(submission: Submission<unknown, string[], unknown>): string {
  const found = (submission as { error?: Record<string, string[] | null> | null }).error;
  for (const errors of Object.values(found ?? {})) if (errors?.[0]) return errors[0];
  return postMessages.invalid;
}

/** A refusal: its status, the form's message, the fields that are wrong and any headers (Retry-After). */
export type Refusal = {
  ok: false;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  headers?: HeadersInit;
  /** The password is asked again (step-up): the page shows its prompt. */
  stepUp?: boolean;
};
/** A form's step accepted what was sent: the success text, a second line, and what else the page needs. */
export type Acceptance<D = undefined> = { ok: true; message: string; detail?: string | null; data?: D; status?: number };
export type Outcome<D = undefined> = Acceptance<D> | Refusal;

export const refuse = (status: number, message: string, fieldErrors?: Record<string, string>, headers?: HeadersInit): Refusal => ({
  ok: false,
  status,
  message,
  fieldErrors,
  headers,
});
export const accept = <D = undefined>(message: string, detail?: string | null, extra?: { data?: D; status?: number }): Acceptance<D> => ({
  ok: true,
  message,
  detail: detail ?? null,
  ...extra,
});

/** The services the guards read. */
export type PostContext = Pick<
  AppLoadContext,
  "config" | "logger" | "limits" | "clientIp" | "crossSite" | "requestId" | "admin" | "site" | "confirmIdentity"
>;

/** The rate-limit budgets posts are charged to, per address (one count for a page's form and its JSON endpoint). */
export type RateLimitName = "forms" | "applications";

/** Step 1: a browser's post from another site's page. */
export function sameSite(context: Pick<PostContext, "crossSite">, messages: { crossSite: string } = postMessages): Refusal | null {
  return context.crossSite ? refuse(403, messages.crossSite) : null;
}

/** Step 2: the address's budget for this kind of post; counted for every post, before its body is read. */
export async function chargeRateLimit(context: PostContext, name: RateLimitName | undefined): Promise<Refusal | null> {
  if (!name) return null;
  const { config } = context;
  const limiter = context.limits.rate(name, config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const wait = await limiter.hit(context.clientIp);
  return wait > 0
    ? refuse(429, withPhone(context.site.facts, postMessages.tooManyRequests), undefined, { "Retry-After": String(wait) })
    : null;
}

/**
 * Step 4: the signed-in account, or a redirect to sign in that comes back to `request`'s page; an
 * account whose role may not use the screen (app/lib/access.ts, by the request's path unless `access`
 * names it) gets a 403 with the role's message, rendered by the screen's error boundary.
 */
export async function requireAdmin(request: Request, context: Pick<PostContext, "admin">, { access }: { access?: Access } = {}) {
  const admin = await signedInOrRedirect(request, context);
  if (!allows(admin.role, access ?? screenAccess(new URL(request.url).pathname))) throw data(roleMessages.forbidden, { status: 403 });
  return admin;
}

async function signedInOrRedirect(request: Request, context: Pick<PostContext, "admin">) {
  const admin = await context.admin(request);
  if (admin) return admin;
  const url = new URL(request.url);
  // A data request (a navigation, a form sent or a revalidation once hydrated) names the page without its
  // `.data` and React Router's own `_routes` parameter: a form's post comes back to its screen's own path.
  url.searchParams.delete("_routes");
  const back = `${pagePath(url.pathname)}${url.search}`;
  throw redirect(`${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(back)}`, request.method === "GET" ? 302 : 303);
}

/** Step 5, logged: a filled honeypot is answered like a success and stored nowhere. */
export function trapped(context: Pick<PostContext, "logger" | "requestId" | "clientIp">, form: string): void {
  context.logger.info({ reqId: context.requestId, form, ip: context.clientIp }, "honeypot filled: submission discarded");
}

type AdminOf<C> = C extends { admin: (request: Request) => Promise<infer A> } ? NonNullable<A> : never;
export type SignedInAdmin = AdminOf<AppLoadContext>;

/** What a form's own step is given. */
export type Posted<S extends ZodType, A> = {
  value: z.output<S>;
  submission: Submission<z.input<S>, string[], z.output<S>>;
  formData: FormData;
  /** The signed-in admin (back-office forms); null on a public form. */
  admin: A;
  /** The files of a form that takes them (`files`), by field name; a file input left empty is absent. */
  files: Record<string, PostedFile>;
};

export type { PostedFile };

export type FormPost<S extends ZodType, A extends "public" | "admin"> = {
  /** The form's id on the page: its answer's `form`. */
  form: string;
  /** The form's schema, or one chosen by what was posted (a screen's forms told apart by `intent`). */
  schema: S | ((formData: FormData) => S);
  /** The most a real post of this form weighs, URL-encoded (its text fields, multipart); a longer body is refused unread. */
  maxBytes: number;
  /**
   * A form with file inputs (multipart/form-data, back-office forms): each field's largest file. A
   * file over it reaches the step marked `tooLarge`, which answers with that field's error.
   */
  files?: Record<string, { maxBytes: number }>;
  access: A;
  /** The budget charged per address (public forms). */
  rateLimit?: RateLimitName;
  /** Public forms: what a filled honeypot is answered with (as if accepted). Omitted: no honeypot. */
  honeypot?: () => Acceptance<unknown>;
  /** Conform's coercion of the posted text (the trucking quote's schema is written for it). */
  coerce?: boolean;
  /** Fields never sent back to the page (a password). */
  hideFields?: string[];
  /**
   * A dangerous action (app/lib/step-up.ts): the password again unless given in the last ten minutes.
   * A function decides from the checked value (one intent of a screen's forms).
   */
  stepUp?: boolean | ((value: never, admin: SignedInAdmin) => boolean);
  /**
   * The form-level text when the schema finds errors; or chosen from what was sent and found (a
   * screen whose forms are told apart by `intent`, or one whose field's own error says it all: `firstError`).
   */
  invalid?: string | ((submission: Submission<unknown, string[], unknown>) => string);
  /** Overrides of the guards' texts. */
  messages?: Partial<Record<keyof typeof postMessages, string>>;
};

const blank: SubmissionResult<string[]> = { status: "error", error: {} };

/** The answer to a refusal made before the form was read (nothing to put back in the fields). */
function refusedUnread<D>(form: string, refusal: Refusal) {
  const answer: FormAnswer<D> = { form, ok: false, message: refusal.message, result: { ...blank, error: { "": [refusal.message] } } };
  return data(answer, { status: refusal.status, headers: refusal.headers });
}

/**
 * Step 7: null when the session gave the password within the last ten minutes, or gives it now (the
 * form's STEP_UP_FIELD, checked and throttled like a sign-in); else the refusal that makes the page ask.
 */
async function steppedUp(
  context: Pick<PostContext, "confirmIdentity" | "config">,
  admin: SignedInAdmin,
  formData: FormData,
): Promise<Refusal | null> {
  if (isConfirmed(admin.confirmedAt, context.config.ADMIN_STEP_UP_MINUTES)) return null;
  const secret = formData.get(STEP_UP_FIELD);
  if (typeof secret !== "string" || secret.trim() === "") return { ...refuse(403, stepUpMessages.required), stepUp: true };
  const result = await context.confirmIdentity(admin, secret);
  if (result.ok) return null;
  const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  return { ...refuse(result.status, result.message, { [STEP_UP_FIELD]: result.message }, headers), stepUp: true };
}

/** The answer to a form's outcome, in Conform's shape. */
export function reply<D>(form: string, submission: Submission<unknown, string[], unknown>, outcome: Outcome<D>, hideFields?: string[]) {
  if (outcome.ok) {
    const answer: FormAnswer<D> = {
      form,
      ok: true,
      message: outcome.message,
      detail: outcome.detail ?? null,
      data: outcome.data,
      result: submission.reply({ resetForm: true }),
    };
    return data(answer, { status: outcome.status ?? 200 });
  }
  const fieldErrors = outcome.fieldErrors ? Object.fromEntries(Object.entries(outcome.fieldErrors).map(([k, v]) => [k, [v]])) : undefined;
  const answer: FormAnswer<D> = {
    form,
    ok: false,
    message: outcome.message,
    result: submission.reply({ fieldErrors, formErrors: [outcome.message], hideFields }),
    ...(outcome.stepUp ? { stepUp: true } : {}),
  };
  return data(answer, { status: outcome.status, headers: outcome.headers });
}

/**
 * A route action: the guards, the schema, then `handle` with the checked values. `handle` answers an
 * `Outcome` (accept/refuse), or a Response (a redirect, with a flash toast) that is passed on as it is.
 */
export async function postForm<S extends ZodType, A extends "public" | "admin", D = undefined>(
  request: Request,
  context: AppLoadContext,
  options: FormPost<S, A>,
  handle: (posted: Posted<S, A extends "admin" ? SignedInAdmin : null>) => Promise<Outcome<D> | Response>,
) {
  const { form } = options;
  const messages = { ...postMessages, ...options.messages };
  const early = sameSite(context, messages) ?? (await chargeRateLimit(context, options.rateLimit));
  if (early) return refusedUnread<D>(form, early);
  const admin = (options.access === "admin" ? await signedInOrRedirect(request, context) : null) as A extends "admin"
    ? SignedInAdmin
    : null;
  if (admin && !allows(admin.role, screenAccess(new URL(request.url).pathname)))
    return refusedUnread<D>(form, refuse(403, roleMessages.forbidden));
  const hideFields = [...(options.hideFields ?? []), STEP_UP_FIELD];

  let params: URLSearchParams | null;
  let files: Record<string, PostedFile> = {};
  if (options.files && isMultipartForm(request)) {
    const read = await readMultipartForm(request, options.maxBytes, options.files);
    if (read === "malformed") return refusedUnread<D>(form, refuse(400, messages.notAForm));
    params = read?.params ?? null;
    files = read?.files ?? {};
  } else if (isUrlEncodedForm(request)) {
    params = await readForm(request, options.maxBytes);
  } else return refusedUnread<D>(form, refuse(415, messages.notAForm));
  if (!params) return refusedUnread<D>(form, refuse(413, messages.tooLarge));
  const formData = new FormData();
  for (const [name, value] of params) formData.append(name, value);

  const schema = typeof options.schema === "function" ? (options.schema as (formData: FormData) => S)(formData) : options.schema;
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: !options.coerce }) as Submission<
    z.input<S>,
    string[],
    z.output<S>
  >;
  if (options.honeypot && honeypotFilled(formData)) {
    trapped(context, form);
    // Answered like a success: the form's own data is not made up (a trap's answer carries what honeypot() gives).
    return reply<D>(form, submission, options.honeypot() as Acceptance<D>, hideFields);
  }
  if (submission.status !== "success") {
    const invalid = typeof options.invalid === "function" ? options.invalid(submission) : options.invalid;
    return reply<D>(form, submission, refuse(400, invalid ?? messages.invalid), hideFields);
  }
  const value = submission.value as z.output<S>;
  const stepUp =
    admin &&
    (typeof options.stepUp === "function" ? (options.stepUp as (value: unknown, admin: unknown) => boolean)(value, admin) : options.stepUp);
  let secretGiven = false;
  if (stepUp && admin) {
    const refusal = await steppedUp(context, admin, formData);
    if (refusal) return reply<D>(form, submission, refusal, hideFields);
    secretGiven = typeof formData.get(STEP_UP_FIELD) === "string" && String(formData.get(STEP_UP_FIELD)).trim() !== "";
  }
  const outcome = await handle({ value, submission, formData, admin, files });
  if (outcome instanceof Response) return outcome;
  // A form that carried the password answers with a redirect (its text as a toast): reloading the page or going
  // Back and Forward must not send the password, or the action, again.
  if (secretGiven && outcome.ok) {
    const url = new URL(request.url);
    return redirectWithToast(context, `${pagePath(url.pathname)}${url.search}`, {
      type: "success",
      title: outcome.message,
      // A toast's second line holds at most 1,000 characters.
      description: outcome.detail?.slice(0, 1000) || undefined,
    });
  }
  return reply(form, submission, outcome, hideFields);
}

/** A route's `headers` for its forms: a refusal's Retry-After (the rate limit) reaches the page's answer too. */
export function formHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
