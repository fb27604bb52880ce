/**
 * /admin/users on the server. The loader answers the accounts, the pending invitations and the
 * round-robin setting to a signed-in admin (anyone else is sent to sign in). The action takes the
 * screen's forms, posted by the browser itself with or without scripts, told apart by `intent`:
 * invite (name, email), deactivate / reactivate (id), revoke-invite (id), round-robin (on | off).
 */
import { type AppLoadContext, data } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import { createInvite, listPendingInvites, type PendingInvite, revokeInvite } from "~/features/admin-users/invites.server";
import { usersMessages } from "~/features/admin-users/messages";
import { idSchema, roundRobinSchema, USER_INTENTS, type UserIntent } from "~/features/admin-users/schema";
import {
  type AccountChange,
  deactivateUser,
  displayName,
  listUsers,
  reactivateUser,
  roundRobinEnabled,
  setRoundRobin,
  type UserRow,
} from "~/features/admin-users/users.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { isUrlEncodedForm, readForm } from "~/lib/form-body.server";

const e = usersMessages.errors;
const r = usersMessages.results;
/** A name and an email at most, URL-encoded: a few KB is plenty. */
const MAX_FORM_BYTES = 8 * 1024;

/** `signedInAdmin` lets the admin layout render the screen at once, before and without scripts. */
export type UsersLoaderData = { signedInAdmin: AdminIdentity; users: UserRow[]; invites: PendingInvite[]; roundRobin: boolean };

export type UsersActionData = {
  intent: UserIntent | null;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  /** What the invitation form held, given back after a refusal. */
  values?: { name: string; email: string };
  /** The account or invitation the form was about. */
  id?: string;
};

export async function usersLoader(request: Request, context: AppLoadContext): Promise<UsersLoaderData> {
  const signedInAdmin = await requireAdminSession(request, context);
  const [users, invites, roundRobin] = await Promise.all([
    listUsers(context.db),
    listPendingInvites(context.db),
    roundRobinEnabled(context.db),
  ]);
  return { signedInAdmin, users, invites, roundRobin };
}

const answer = (status: number, body: UsersActionData) => data<UsersActionData>(body, { status });
const refused = (status: number, intent: UserIntent | null, message: string, extra: Partial<UsersActionData> = {}) =>
  answer(status, { intent, ok: false, message, errors: {}, ...extra });

function accountAnswer(intent: UserIntent, id: string, result: AccountChange) {
  switch (result.status) {
    case "done":
      return answer(200, {
        intent,
        ok: true,
        id,
        errors: {},
        message: intent === "deactivate" ? r.deactivated(displayName(result.user)) : r.reactivated(displayName(result.user)),
      });
    case "unchanged":
      return answer(200, {
        intent,
        ok: true,
        id,
        errors: {},
        message: intent === "deactivate" ? r.alreadyDeactivated(displayName(result.user)) : r.alreadyActive(displayName(result.user)),
      });
    case "not_found":
      return refused(404, intent, e.userNotFound, { id });
    case "self":
      return refused(409, intent, e.cannotDeactivateSelf, { id });
    case "last_active":
      return refused(409, intent, e.lastActiveAdmin, { id });
  }
}

export async function usersAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return refused(403, null, e.crossSite);
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return refused(415, null, e.formNotSupported);
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return refused(413, null, e.formTooLarge);
  const intent = (USER_INTENTS as readonly string[]).includes(form.get("intent") ?? "") ? (form.get("intent") as UserIntent) : null;
  if (!intent) return refused(400, null, e.unknownIntent, { errors: { intent: e.unknownIntent } });
  const ip = context.clientIp;

  if (intent === "invite") {
    const result = await createInvite(context, admin, { name: form.get("name") ?? "", email: form.get("email") ?? "" }, ip);
    if (result.status === "invalid") return refused(400, intent, e.invalid, { errors: result.errors, values: result.values });
    if (result.status === "taken") return refused(409, intent, e.emailTaken, { errors: { email: e.emailTaken }, values: result.values });
    context.mail.nudge();
    context.logger.info({ requestId: context.requestId, inviteId: result.inviteId, by: admin.id }, "admin invited");
    return answer(200, { intent, ok: true, id: result.inviteId, message: r.invited(result.email), errors: {} });
  }

  if (intent === "round-robin") {
    const parsed = roundRobinSchema.safeParse({ roundRobin: form.get("roundRobin") ?? undefined });
    if (!parsed.success) return refused(400, intent, e.invalidRoundRobin, { errors: { roundRobin: e.invalidRoundRobin } });
    await setRoundRobin(context.db, admin, parsed.data.roundRobin, ip);
    return answer(200, { intent, ok: true, message: parsed.data.roundRobin ? r.roundRobinOn : r.roundRobinOff, errors: {} });
  }

  const parsed = idSchema.safeParse({ id: form.get("id") ?? undefined });
  if (!parsed.success) return refused(400, intent, e.invalidId, { errors: { id: e.invalidId } });
  const { id } = parsed.data;
  if (intent === "revoke-invite") {
    const revoked = await revokeInvite(context.db, admin, id, ip);
    return revoked ? answer(200, { intent, ok: true, id, message: r.revoked, errors: {} }) : refused(404, intent, e.inviteNotFound, { id });
  }
  const result =
    intent === "deactivate" ? await deactivateUser(context.db, admin, id, ip) : await reactivateUser(context.db, admin, id, ip);
  if (result.status === "done")
    context.logger.info({ requestId: context.requestId, userId: id, by: admin.id, intent }, "admin account changed");
  return accountAnswer(intent, id, result);
}
