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

/** Reads a JSON object body; 415 for another content type, 400 for malformed JSON. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiException(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiException(400, "The request body is not valid JSON.");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiException(400, "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}
