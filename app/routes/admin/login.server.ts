/**
 * The sign-in page's own form, for a browser that sends it before (or without) the page's scripts:
 * a POST to /admin/login with `email` and `password`, answered by the same sign-in as
 * POST /api/auth/login (throttle, messages, session cookie). Success redirects to the dashboard, or
 * to the second step of the sign-in (the code, or setting up two-factor sign-in) when one is pending;
 * anything else renders the page again with the message.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { sessionCookieHeader } from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import { signIn } from "~/features/auth/sign-in.server";
import { twoFactorStepPath } from "~/features/auth/two-factor-messages";
import { readForm } from "~/lib/form-body.server";

/** Two fields: a few KB is plenty; a larger body is refused before it is read in full. */
const MAX_FORM_BYTES = 16 * 1024;

export type LoginActionData = { message: string; errors: Record<string, string>; email: string };

const failure = (status: number, message: string, email = "", errors: Record<string, string> = {}, headers?: HeadersInit) =>
  data<LoginActionData>({ message, errors, email }, { status, headers });

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
      return redirect(result.twoFactor ? twoFactorStepPath[result.twoFactor] : "/admin/dashboard", {
        status: 303,
        headers: { "Set-Cookie": sessionCookieHeader(context.config, result.token) },
      });
    case 400:
      return failure(400, result.message, shownEmail, result.errors);
    case 429:
      return failure(429, result.message, shownEmail, {}, { "Retry-After": String(result.retryAfterSeconds) });
    default:
      return failure(result.status, result.message, shownEmail);
  }
}
