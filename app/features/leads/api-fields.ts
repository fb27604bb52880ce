/**
 * Where the spec's JSON API names a field differently from the form (and the table), written down
 * once per form. The JSON endpoints (server/http.ts apiPost) rename a body's fields to the form's,
 * check it with the form's own schema, and name each field error back as the API calls it.
 * Browser-safe.
 */
import type { ZodType, z } from "zod";
import { flattenIssues } from "~/lib/issues";

export type ApiFields = {
  /** API name -> form name, for the fields whose names differ. */
  fields: Record<string, string>;
  /** Form fields the API has no field of its own for: their errors are reported under this API field. */
  errorsUnder?: Record<string, string>;
  /** Object fields whose errors keep their path ("outcome.premium"): each of their fields is the API's own. */
  nested?: readonly string[];
};

/** POST /api/contacts: fullName and phoneNumber; the custom insurance type travels in insuranceType. */
export const contactApiFields: ApiFields = {
  fields: { fullName: "name", phoneNumber: "phone" },
  errorsUnder: { otherInsurance: "insuranceType" },
};

/** POST /api/sms-consent, /api/submit-lead and /api/applications use the forms' own names. */
export const sameNames: ApiFields = { fields: {} };

/** A JSON body with the form's field names. */
export function toFormFields(body: Record<string, unknown>, map: ApiFields): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const [api, form] of Object.entries(map.fields)) {
    delete out[api];
    if (api in body) out[form] = body[api];
  }
  return out;
}

/** Field errors under the API's names (the first one per field). */
export function toApiErrors(errors: Record<string, string>, map: ApiFields): Record<string, string> {
  const back = Object.fromEntries(Object.entries(map.fields).map(([api, form]) => [form, api]));
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = back[field] ?? map.errorsUnder?.[field] ?? field;
    out[name] ??= message;
  }
  return out;
}

export type ApiParse<S extends ZodType> = { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> };

/**
 * A JSON body checked with a form's schema: its values, or its field errors under the API's names.
 * The API names the body's own fields: an issue deeper down (an attachment's id) is its top-level
 * field's error, the first message per field (the one flattener, app/lib/issues.ts), except under a
 * `nested` object field, whose fields are named by their path.
 */
export function parseApiBody<S extends ZodType>(schema: S, body: Record<string, unknown>, map: ApiFields = sameNames): ApiParse<S> {
  const parsed = schema.safeParse(toFormFields(body, map));
  if (parsed.success) return { ok: true, data: parsed.data };
  const keep = (path: PropertyKey[]) => (map.nested?.includes(String(path[0])) ? path : path.slice(0, 1));
  const issues = parsed.error.issues.map(({ path, message }) => ({ path: keep(path), message }));
  return { ok: false, errors: toApiErrors(flattenIssues(issues), map) };
}
