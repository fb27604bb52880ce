/**
 * /admin/login on the server. The loader sends someone already signed in to the dashboard. The action
 * takes the page's form, posted by the browser itself or by React Router once hydrated, and signs in
 * exactly as POST /api/auth/login does (throttle, messages, session cookie). Success redirects to the
 * dashboard, which then says "Login successful!", or to the second step of the sign-in (the code, or
 * setting up two-factor sign-in) when one is pending; anything else answers the form with the message,
 * the field errors and the email kept.
 */
import { type AppLoadContext, redirect } from "react-router";
import { LOGIN_FORM } from "~/features/admin/messages";
import { adminFromRequest, sessionCookieHeader } from "~/features/auth/auth.server";
import { authMessages, loginSchema } from "~/features/auth/schema";
import { signIn } from "~/features/auth/sign-in.server";
import { twoFactorStepPath } from "~/features/auth/two-factor-messages";
import { readSubmission, refused } from "~/lib/form.server";
import { toastCookie } from "~/lib/toast.server";

/** What is never sent back to the page with a refused sign-in. */
const SECRET = ["password"];
/** Two fields: a few KB is plenty; a larger body is refused before it is read in full. */
const MAX_FORM_BYTES = 16 * 1024;

export async function loginLoader(request: Request, context: AppLoadContext) {
  if (await adminFromRequest(context, request)) throw redirect("/admin/dashboard");
  return null;
}

export async function loginAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return refused(LOGIN_FORM, 403, authMessages.crossSite);
  const read = await readSubmission(request, loginSchema, MAX_FORM_BYTES);
  if (!read.ok) return refused(LOGIN_FORM, read.status, read.status === 413 ? authMessages.formTooLarge : authMessages.formNotSupported);
  const { formData, submission } = read;

  const result = await signIn(
    context,
    { email: formData.get("email") ?? "", password: formData.get("password") ?? "" },
    { ip: context.clientIp, userAgent: request.headers.get("user-agent"), requestId: context.requestId },
  );
  switch (result.status) {
    case 200: {
      const headers = new Headers({ "Set-Cookie": sessionCookieHeader(context.config, result.token) });
      if (!result.twoFactor) headers.append("Set-Cookie", toastCookie(context, { type: "success", title: authMessages.success }));
      return redirect(result.twoFactor ? twoFactorStepPath[result.twoFactor] : "/admin/dashboard", { status: 303, headers });
    }
    case 400:
      return refused(LOGIN_FORM, 400, result.message, submission, result.errors, undefined, SECRET);
    case 429:
      return refused(LOGIN_FORM, 429, result.message, submission, undefined, { "Retry-After": String(result.retryAfterSeconds) }, SECRET);
    default:
      return refused(LOGIN_FORM, result.status, result.message, submission, undefined, undefined, SECRET);
  }
}
