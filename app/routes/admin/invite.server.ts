/**
 * /admin/invite/:token on the server: the loader says whom the link invites (or why it cannot be
 * used); the action takes the password form, posted by the browser itself, creates the account
 * (app/features/admin-users/invites.server.ts) and sends the browser to `?ready=1`, which says the
 * account is ready. Nobody is signed in here: the link is the proof.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { acceptInvite, type InviteProblem, inviteByToken, invitePath } from "~/features/admin-users/invites.server";
import { inviteMessages } from "~/features/admin-users/messages";
import { isUrlEncodedForm, readForm } from "~/lib/form-body.server";

const e = inviteMessages.errors;
/** Two password fields of at most 1,024 characters each, URL-encoded: 16 KB is plenty. */
const MAX_FORM_BYTES = 16 * 1024;

export type InviteLoaderData =
  | { state: "valid"; name: string; email: string }
  /** The link was just used to create the account (the action's redirect). */
  | { state: "ready" }
  | { state: InviteProblem | "taken" };

export type InviteActionData = { state: "form"; message: string; errors: Record<string, string> } | { state: InviteProblem | "taken" };

/** Unknown links are not found; those that were real once are gone. */
const problemStatus = (problem: InviteProblem | "taken") => (problem === "unknown" ? 404 : problem === "taken" ? 409 : 410);

export async function inviteLoader(token: string, request: Request, context: AppLoadContext) {
  const found = await inviteByToken(context.db, token);
  // Only a used link says "ready": the token is the proof, as for the form.
  if (found.status === "used" && new URL(request.url).searchParams.get("ready") === "1") return data<InviteLoaderData>({ state: "ready" });
  if (found.status !== "valid") return data<InviteLoaderData>({ state: found.status }, { status: problemStatus(found.status) });
  return data<InviteLoaderData>({ state: "valid", name: found.invite.name, email: found.invite.email });
}

const formError = (status: number, message: string, errors: Record<string, string> = {}) =>
  data<InviteActionData>({ state: "form", message, errors }, { status });

export async function inviteAction(token: string, request: Request, context: AppLoadContext) {
  if (context.crossSite) return formError(403, e.crossSite);
  if (!isUrlEncodedForm(request)) return formError(415, e.formNotSupported);
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return formError(413, e.formTooLarge);
  const result = await acceptInvite(
    context,
    token,
    { password: form.get("password") ?? "", confirmPassword: form.get("confirmPassword") ?? "" },
    context.clientIp,
  );
  switch (result.status) {
    case "accepted":
      context.logger.info({ requestId: context.requestId, adminId: result.admin.id }, "invitation accepted");
      // Post/Redirect/Get: a reload shows the result instead of sending the password again.
      return redirect(`${invitePath(token)}?ready=1`, 303);
    case "invalid":
      return formError(400, e.invalid, result.errors);
    default:
      return data<InviteActionData>({ state: result.status }, { status: problemStatus(result.status) });
  }
}
