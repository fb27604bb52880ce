/**
 * The sign-in page's own form, for a browser that sends it before (or without) the page's scripts:
 * a POST to /admin/login with `email` and `password`, answered by the same sign-in as
 * POST /api/auth/login (throttle, messages, session cookie). Success redirects to the dashboard;
 * anything else renders the page again with the message.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { sessionCookieHeader } from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import { signIn } from "~/features/auth/sign-in.server";

/** Two fields: a few KB is plenty; a larger body is refused before it is read in full. */
const MAX_FORM_BYTES = 16 * 1024;

export type LoginActionData = { message: string; errors: Record<string, string>; email: string };

const failure = (status: number, message: string, email = "", errors: Record<string, string> = {}, headers?: HeadersInit) =>
  data<LoginActionData>({ message, errors, email }, { status, headers });

/** The body as a URL-encoded form, read up to `limit` bytes; null when it is longer. */
async function readForm(request: Request, limit: number): Promise<URLSearchParams | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function loginAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return failure(403, authMessages.crossSite);
  // What a browser sends for a form without enctype; nothing else comes from this page.
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return failure(415, authMessages.formNotSupported);
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return failure(413, authMessages.formTooLarge);

  const email = form.get("email") ?? "";
  const result = await signIn(
    context,
    { email, password: form.get("password") ?? "" },
    { ip: context.clientIp, userAgent: request.headers.get("user-agent"), requestId: context.requestId },
  );
  const shownEmail = email.slice(0, 320);
  switch (result.status) {
    case 200:
      return redirect("/admin/dashboard", { status: 303, headers: { "Set-Cookie": sessionCookieHeader(context.config, result.token) } });
    case 400:
      return failure(400, result.message, shownEmail, result.errors);
    case 429:
      return failure(429, result.message, shownEmail, {}, { "Retry-After": String(result.retryAfterSeconds) });
    default:
      return failure(result.status, result.message, shownEmail);
  }
}
