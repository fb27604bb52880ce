/** JSON helpers shared by every /api route: one error shape, never a stack trace. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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
    throw new ApiException(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    const text = await c.req.text();
    body = JSON.parse(text);
    if (SURROGATE_ESCAPE.test(text)) body = withoutLoneSurrogates(body);
  } catch {
    throw new ApiException(400, "The request body is not valid JSON.");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiException(400, "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}
