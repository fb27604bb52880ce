/**
 * /admin/account on the server: the loader answers the signed-in admin (the same check as the API's
 * requireAdmin: a live, fully signed-in session, else a redirect to the sign-in page), and the action
 * takes the "Change password" form, posted by the browser itself, to the same password change as
 * POST /api/auth/password.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { type AdminIdentity, sessionAdmin, sessionTimeouts, sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { changePassword } from "~/features/auth/password-change.server";
import { authMessages, passwordChangeMessages } from "~/features/auth/schema";
import { isUrlEncodedForm, readForm } from "~/lib/form-body.server";
import { SIGN_IN_PATH } from "~/lib/paths";

/** Three password fields of at most 1,024 characters each, URL-encoded: 16 KB is plenty. */
const MAX_FORM_BYTES = 16 * 1024;

export type AccountLoaderData = { signedInAdmin: AdminIdentity };
export type AccountActionData = { ok: boolean; message: string; errors: Record<string, string> };

/** The admin of this request's session cookie and that cookie's token, or null without a signed-in session. */
async function signedIn(request: Request, context: AppLoadContext): Promise<{ admin: AdminIdentity; token: string } | null> {
  const token = sessionTokenFromCookieHeader(context.config, request.headers.get("cookie"));
  if (!token) return null;
  const admin = await sessionAdmin(context.db, token, sessionTimeouts(context.config));
  return admin ? { admin, token } : null;
}

export async function accountLoader(request: Request, context: AppLoadContext): Promise<AccountLoaderData> {
  const session = await signedIn(request, context);
  if (!session) throw redirect(SIGN_IN_PATH);
  return { signedInAdmin: session.admin };
}

const answer = (status: number, body: AccountActionData, headers?: HeadersInit) => data<AccountActionData>(body, { status, headers });
const refused = (status: number, message: string, errors: Record<string, string> = {}, headers?: HeadersInit) =>
  answer(status, { ok: false, message, errors }, headers);

export async function accountAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return refused(403, authMessages.crossSite);
  const session = await signedIn(request, context);
  if (!session) throw redirect(SIGN_IN_PATH, 303);
  if (!isUrlEncodedForm(request)) return refused(415, passwordChangeMessages.formNotSupported);
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return refused(413, passwordChangeMessages.formTooLarge);

  const result = await changePassword(
    context,
    { admin: session.admin, sessionToken: session.token, ip: context.clientIp, requestId: context.requestId },
    {
      currentPassword: form.get("currentPassword") ?? "",
      newPassword: form.get("newPassword") ?? "",
      confirmPassword: form.get("confirmPassword") ?? "",
    },
  );
  switch (result.status) {
    case 200:
      return answer(200, { ok: true, message: result.message, errors: {} });
    case 429:
      return refused(429, result.message, result.errors, { "Retry-After": String(result.retryAfterSeconds) });
    default:
      return refused(result.status, result.message, result.errors);
  }
}
