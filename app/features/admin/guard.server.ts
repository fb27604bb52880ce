/**
 * The session check of back-office route loaders and actions: the same one the /api guard
 * (server/auth.ts requireAdmin) applies. Without a live session the browser is sent to sign in.
 */
import { type AppLoadContext, redirect } from "react-router";
import { type AdminIdentity, adminFromRequest } from "~/features/auth/auth.server";
import { SIGN_IN_PATH } from "~/lib/paths";

export async function requireAdminSession(request: Request, context: AppLoadContext): Promise<AdminIdentity> {
  const admin = await adminFromRequest(context, request);
  if (!admin) throw redirect(SIGN_IN_PATH);
  return admin;
}

/** The bounded reading of a form a browser posts, under the names back-office actions use. */
export { isUrlEncodedForm, readForm as readUrlEncodedForm } from "~/lib/form-body.server";
