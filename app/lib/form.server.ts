/**
 * Route actions' side of app/lib/form.ts: read a posted form within a byte limit, check it with the
 * form's schema (the same one the browser uses), and build the answer the page shows.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ZodType, z } from "zod";
import type { FormAnswer } from "./form";
import { isUrlEncodedForm, readForm } from "./form-body.server";

export type ReadForm<S extends ZodType> =
  | { ok: true; formData: FormData; submission: Submission<z.input<S>, string[], z.output<S>> }
  | { ok: false; status: 413 | 415 };

/**
 * The posted form, checked with `schema`. `limit` bounds the body before anything is parsed: a form
 * longer than any real one of its kind is refused (413) unread, and a body that is not a browser's
 * URL-encoded form is refused (415). The schema gets the posted text as it is unless `coerce` asks for
 * Conform's coercion (see `useActionForm`'s option of that name).
 */
export async function readSubmission<S extends ZodType>(
  request: Request,
  schema: S,
  limit: number,
  { coerce = false }: { coerce?: boolean } = {},
): Promise<ReadForm<S>> {
  if (!isUrlEncodedForm(request)) return { ok: false, status: 415 };
  const params = await readForm(request, limit);
  if (!params) return { ok: false, status: 413 };
  const formData = new FormData();
  for (const [name, value] of params) formData.append(name, value);
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: !coerce }) as Submission<z.input<S>, string[], z.output<S>>;
  return { ok: true, formData, submission };
}

/** A form accepted: the success text (and its second line), the form emptied. */
export function accepted(form: string, submission: Submission<unknown, string[], unknown>, message: string, detail?: string | null) {
  const answer: FormAnswer = { form, ok: true, message, detail: detail ?? null, result: submission.reply({ resetForm: true }) };
  return data(answer, { status: 200 });
}

/**
 * A form refused: `message` for the whole form, errors beside their fields (the submission's own, plus
 * `fieldErrors` found after the schema, by the server's rules), and the values kept, but for
 * `hideFields` (a password is never sent back to the page).
 */
export function refused(
  form: string,
  status: number,
  message: string,
  submission?: Submission<unknown, string[], unknown>,
  fieldErrors?: Record<string, string>,
  headers?: HeadersInit,
  hideFields?: string[],
) {
  const extra = fieldErrors ? Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, [v]])) : undefined;
  const result = submission
    ? submission.reply({ fieldErrors: extra, formErrors: [message], hideFields })
    : { status: "error" as const, error: { "": [message], ...(extra ?? {}) } };
  const answer: FormAnswer = { form, ok: false, message, result };
  return data(answer, { status, headers });
}

/** A route's `headers` for its forms: a refusal's Retry-After (the rate limit) reaches the page's answer too. */
export function formHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
