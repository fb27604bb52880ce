/**
 * The JSON API's side of the one POST pipeline (app/lib/post.server.ts), and its one error shape
 * `{ success: false, message, errors? }`, never a stack trace. Every /api handler that takes a body
 * (POST, PUT, PATCH, DELETE) is `apiPost(services, path, options, handle)`: a thin adapter that runs
 * the pipeline's steps with the pipeline's own functions, in its order, then the feature's core.
 */
import type { Context, Env } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodType, z } from "zod";
import { adminFromRequest } from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import { confirmIdentity } from "~/features/auth/step-up.server";
import { type ApiFields, parseApiBody } from "~/features/leads/api-fields";
import { allows, apiAccess } from "~/lib/access";
import {
  chargeRateLimit,
  honeypotFilled,
  type PostContext,
  type RateLimitName,
  type Refusal,
  refuse,
  sameSite,
  trapped,
} from "~/lib/post.server";
import { postMessages } from "~/lib/post-messages";
import { roleMessages } from "~/lib/roles";
import { isConfirmed, stepUpMessages } from "~/lib/step-up";
import { clientIp } from "./client-info";
import type { AppServices } from "./context";
import { isCrossSite } from "./origin";
import type { RateLimit } from "./rate-limit";
import { signedInAdmin } from "./session";

/** The 408 answer to a request that did not arrive in full within REQUEST_TIMEOUT_SECONDS. */
export const REQUEST_TIMEOUT_MESSAGE = "The request took too long to arrive. Please try again.";

export type ApiError = { success: false; message: string; errors?: Record<string, string> };

export function apiError(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  const body: ApiError = errors ? { success: false, message, errors } : { success: false, message };
  return c.json(body, status);
}

/** An error a route can throw to answer with a given status and message. */
export class ApiException extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    public readonly errors?: Record<string, string>,
  ) {
    super(status, { message });
  }
}

/** Half of a UTF-16 surrogate pair standing alone. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A \u escape of a surrogate: the only way one reaches a parsed body, since UTF-8 bytes cannot carry it. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * The parsed body with every lone surrogate, in keys and values, replaced by U+FFFD: what UTF-8
 * makes of it anyway, and what PostgreSQL, mail and CSV need (a lone surrogate in jsonb is an error).
 * JSON allows the escape ("\ud800"), so a client can send one. Walks without recursion, so a deeply
 * nested body cannot exhaust the stack; defineProperty keeps a "__proto__" key an ordinary key.
 */
function withoutLoneSurrogates(root: unknown): unknown {
  const fix = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD");
  if (typeof root === "string") return fix(root);
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== "object") continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value !== null && typeof value === "object") pending.push(value);
      const fixedKey = fix(key);
      const fixedValue = typeof value === "string" ? fix(value) : value;
      if (fixedKey === key && fixedValue === value) continue;
      if (fixedKey !== key) delete record[key];
      Object.defineProperty(record, fixedKey, { value: fixedValue, writable: true, enumerable: true, configurable: true });
    }
  }
  return root;
}

/** Reads a JSON object body; 415 for another content type, 400 for malformed JSON. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiException(415, postMessages.notJson);
  }
  let body: unknown;
  try {
    const text = await c.req.text();
    body = JSON.parse(text);
    if (SURROGATE_ESCAPE.test(text)) body = withoutLoneSurrogates(body);
  } catch {
    throw new ApiException(400, postMessages.badJson);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiException(400, postMessages.notAnObject);
  }
  return body as Record<string, unknown>;
}

// ---- the pipeline's steps, for JSON ----

/** The pipeline's services for this request, as a route action's load context carries them. */
export function postContext(services: AppServices, c: Context): PostContext {
  const { config } = services;
  const ip = clientIp(c, config.TRUST_PROXY);
  return {
    config,
    logger: services.logger,
    limits: services.limits,
    clientIp: clientIp(c, config.TRUST_PROXY),
    crossSite: isCrossSite(c, config),
    requestId: (c.get("requestId" as never) as string | undefined) ?? "",
    admin: (request: Request) => adminFromRequest(services, request),
    confirmIdentity: (admin, secret) =>
      confirmIdentity(services, admin, secret, { ip, requestId: c.get("requestId" as never) as string | undefined }),
    site: services.site.current(),
  };
}

/** A refusal of the pipeline as the API's error: its status, message, field errors and headers (Retry-After). */
export function answerRefusal(c: Context, refusal: Refusal): Response {
  for (const [name, value] of new Headers(refusal.headers)) c.header(name, value);
  return apiError(c, refusal.status as ContentfulStatusCode, refusal.message, refusal.fieldErrors);
}

/** Step 1: a browser's request from another site's page (server/origin.ts), refused with `message` (403). */
export function apiSameSite(services: Pick<AppServices, "config">, c: Context, message: string = postMessages.crossSite): Refusal | null {
  const messages = { ...postMessages, crossSite: message } as typeof postMessages;
  return sameSite({ crossSite: isCrossSite(c, services.config) }, messages);
}

/**
 * A request-count limit of the API's own (chat, uploads): its counter, whom it counts and its 429 text,
 * or the function that writes the text when the limit is hit (one naming the agency's current phone).
 */
export type ApiLimit = { limiter: RateLimit; key: (c: Context) => string; message: string | ((c: Context) => string) };

/** Step 2: the page's budget per address ("forms", "applications"), or the API's own limits, charged in order. */
export async function apiRateLimit(
  services: AppServices,
  c: Context,
  limit: RateLimitName | readonly ApiLimit[] | undefined,
): Promise<Refusal | null> {
  if (limit === undefined) return null;
  if (typeof limit === "string") return chargeRateLimit(postContext(services, c), limit);
  for (const { limiter, key, message } of limit) {
    const wait = await limiter.hit(key(c));
    if (wait > 0) return refuse(429, typeof message === "function" ? message(c) : message, undefined, { "Retry-After": String(wait) });
  }
  return null;
}

/**
 * Step 4: a live back-office session, else 401 "Please sign in."; whose role may use this endpoint
 * (app/lib/access.ts, by the method and the route's registered path; an endpoint missing there is
 * nobody's), else 403; and with `stepUp`, whose password was given in the last ten minutes, else 403
 * naming POST /api/auth/confirm. The admin is `c.get("admin")` from here on. `touch: false` for
 * requests a screen makes by itself (polling).
 */
export async function apiSession(
  services: AppServices,
  c: Context,
  { touch = true, stepUp = false }: { touch?: boolean; stepUp?: boolean } = {},
): Promise<Refusal | null> {
  const admin = await signedInAdmin(services, c, { touch });
  if (!admin) return refuse(401, authMessages.signInRequired);
  c.set("admin", admin);
  if (!allows(admin.role, apiAccess(c.req.method, c.req.routePath))) return refuse(403, roleMessages.forbidden);
  // An API client cannot give the password with the call itself: with ADMIN_STEP_UP_MINUTES=0 its confirmation lasts a minute.
  if (stepUp && !isConfirmed(admin.confirmedAt, Math.max(1, services.config.ADMIN_STEP_UP_MINUTES)))
    return refuse(403, stepUpMessages.apiRequired);
  return null;
}

/** The first field error's message: a refusal that names what is wrong first. */
export const firstError = (errors: Record<string, string>): string | undefined => Object.values(errors)[0];

export type ApiPost<S extends ZodType | undefined> = {
  /** The 403's text for a browser's request from another site's page (default: the forms', or the back office's). */
  crossSite?: string;
  /** Public posts: the budget per address a page's form charges too, or the API's own limits. */
  rateLimit?: RateLimitName | readonly ApiLimit[];
  /** A back-office route: a live session whose role may use it (app/lib/access.ts), else 401 or 403. */
  admin?: boolean;
  /** A dangerous back-office call: the password given in the last ten minutes (POST /api/auth/confirm), else 403. */
  stepUp?: boolean;
  /** Whether a JSON body is read (415, 400; its size is bounded by the /api body limit, 413). Default: when there is a schema. */
  body?: boolean;
  /** Public forms: a filled honeypot is logged under `form` and answered with `answer`, as if accepted; nothing is stored. */
  honeypot?: { form: string; answer: (c: Context) => Response };
  /** The body's schema: the form's own, where the API has a page's form. */
  schema?: S;
  /** What is checked besides the body: a path parameter added to it. */
  input?: (body: Record<string, unknown>, c: Context) => Record<string, unknown>;
  /** Where the API names a field differently from the form: the body is renamed before the schema, errors back after. */
  fields?: ApiFields;
  /** The 400's message when the schema finds errors: a text, or one chosen from the field errors. */
  invalid?: string | ((errors: Record<string, string>) => string | undefined);
};

type Value<S> = S extends ZodType ? z.output<S> : Record<string, unknown>;

/** What a handler is given: the checked value, and the body as sent (for what the schema does not keep, e.g. campaign fields). */
export type ApiPosted<S extends ZodType | undefined> = { value: Value<S>; body: Record<string, unknown> };

/**
 * An /api handler taking a body, through the pipeline: same site (403) -> rate limit (429 with
 * Retry-After) -> session (401) -> JSON body (415, 400; 413 by the /api body limit) -> honeypot ->
 * the schema (400 with per-field `errors`) -> `handle`, whose answer is sent as it is. Answers the
 * route's path with its handler, spread into the route so the path's parameters are typed:
 * `.put(...apiPost(services, "/jobs/:id", { admin: true, schema: jobSchema }, (c, { value }) => ...))`.
 */
export function apiPost<P extends string, S extends ZodType | undefined = undefined>(
  services: AppServices,
  path: P,
  options: ApiPost<S>,
  handle: (c: Context<Env, P>, posted: ApiPosted<S>) => Response | Promise<Response>,
): [P, (c: Context<Env, P>) => Promise<Response>] {
  const { admin, schema, fields, honeypot, input } = options;
  const crossSite = options.crossSite ?? (admin ? authMessages.crossSite : postMessages.crossSite);
  const readsBody = options.body ?? schema !== undefined;
  return [
    path,
    async (c) => {
      const early =
        apiSameSite(services, c, crossSite) ??
        (await apiRateLimit(services, c, options.rateLimit)) ??
        (admin ? await apiSession(services, c, { stepUp: options.stepUp }) : null);
      if (early) return answerRefusal(c, early);
      const body = readsBody ? await readJson(c) : {};
      if (honeypot && honeypotFilled(body)) {
        trapped(postContext(services, c), honeypot.form);
        return honeypot.answer(c);
      }
      if (!schema) return handle(c, { value: body as Value<S>, body });
      // The schema's errors under the body's own field names (the one flattener, through the API's field map).
      const parsed = parseApiBody(schema, input ? input(body, c) : body, fields);
      if (!parsed.ok) {
        const message = typeof options.invalid === "function" ? options.invalid(parsed.errors) : options.invalid;
        return apiError(c, 400, message ?? postMessages.invalid, parsed.errors);
      }
      return handle(c, { value: parsed.data as Value<S>, body });
    },
  ];
}
