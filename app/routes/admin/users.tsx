import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { StepUpPrompt } from "~/components/admin/step-up-prompt";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agencyTime } from "~/features/admin-users/format";
import { createInvite, listPendingInvites, revokeInvite } from "~/features/admin-users/invites.server";
import { usersMessages as text } from "~/features/admin-users/messages";
import { idSchema, inviteSchema, roleChangeSchema, roundRobinSchema, USER_INTENTS, type UserIntent } from "~/features/admin-users/schema";
import {
  type AccountChange,
  changeRole,
  deactivateUser,
  displayName,
  listUsers,
  type RoleChange,
  reactivateUser,
  roundRobinEnabled,
  setRoundRobin,
} from "~/features/admin-users/users.server";
import { unlockSecondFactor } from "~/features/auth/two-factor.server";
import { securityNoticeMessages, sendSecurityNotice } from "~/features/mail/security-notice.server";
import { type FormAnswer, fieldErrorOf, sentValue } from "~/lib/form";
import { accept, firstError, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { assignableRoles, can, outranks, type Role, roleMessages } from "~/lib/roles";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/users";

const e = text.errors;
const r = text.results;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The accounts, pending invitations and round-robin setting, for a signed-in admin only (anyone else
 * is sent to sign in). `signedInAdmin` lets the admin layout render the screen at once, before and
 * without scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { id, email, role } = await requireAdmin(request, context);
  const signedInAdmin = { id, email, role };
  const [users, invites, roundRobin] = await Promise.all([
    listUsers(context.db),
    listPendingInvites(context.db),
    roundRobinEnabled(context.db),
  ]);
  return { signedInAdmin, users, invites, roundRobin };
}

/**
 * Each form of the screen, told apart by `intent`: invite (name, email, role), deactivate / reactivate /
 * revoke-invite (id), role (id, role; owners only), round-robin (on | off).
 */
const usersForms = {
  invite: inviteSchema.extend({ intent: z.literal("invite") }),
  deactivate: idSchema.extend({ intent: z.literal("deactivate") }),
  reactivate: idSchema.extend({ intent: z.literal("reactivate") }),
  "revoke-invite": idSchema.extend({ intent: z.literal("revoke-invite") }),
  "round-robin": roundRobinSchema.extend({ intent: z.literal("round-robin") }),
  role: roleChangeSchema.extend({ intent: z.literal("role") }),
  "unlock-2fa": idSchema.extend({ intent: z.literal("unlock-2fa") }),
};
/** The forms that ask for the password again (docs/decisions/047-roles-and-step-up.md) and tell every owner. */
const DANGEROUS: ReadonlySet<UserIntent> = new Set(["invite", "deactivate", "reactivate", "role"]);
type UsersForm = (typeof usersForms)[UserIntent];
/** Only refuses: an intent the screen does not know. */
const unknownIntent = z.object({ intent: z.enum(USER_INTENTS, { error: e.unknownIntent }) }) as unknown as UsersForm;
const usersForm = (formData: FormData): UsersForm => {
  const intent = formData.get("intent");
  return typeof intent === "string" && Object.hasOwn(usersForms, intent) ? usersForms[intent as UserIntent] : unknownIntent;
};

/** What the page is told besides the message: which form, and the account or invitation it was about. */
type Done = { intent: UserIntent; id?: string };

function accountAnswer(intent: "deactivate" | "reactivate", id: string, result: AccountChange | RoleChange) {
  switch (result.status) {
    case "done":
      return accept<Done>(
        intent === "deactivate" ? r.deactivated(displayName(result.user)) : r.reactivated(displayName(result.user)),
        null,
        {
          data: { intent, id },
        },
      );
    case "unchanged":
      return accept<Done>(
        intent === "deactivate" ? r.alreadyDeactivated(displayName(result.user)) : r.alreadyActive(displayName(result.user)),
        null,
        { data: { intent, id } },
      );
    case "not_found":
      return refuse(404, e.userNotFound);
    case "self":
      return refuse(409, e.cannotDeactivateSelf);
    case "last_active":
      return refuse(409, e.lastActiveAdmin);
    case "last_owner":
      return refuse(409, e.lastOwner);
    case "outranked":
      return refuse(403, e.outranked);
  }
}

function roleAnswer(id: string, role: string, result: RoleChange) {
  const name = roleMessages.names[role as keyof typeof roleMessages.names];
  if (result.status === "done") return accept<Done>(r.roleChanged(displayName(result.user), name), null, { data: { intent: "role", id } });
  if (result.status === "unchanged")
    return accept<Done>(r.roleUnchanged(displayName(result.user), name), null, { data: { intent: "role", id } });
  if (result.status === "self") return refuse(409, e.cannotChangeOwnRole);
  return accountAnswer("deactivate", id, result);
}

/** Every form of the screen, posted by the browser itself (with or without scripts). */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "users",
      schema: usersForm,
      // A name and an email at most, URL-encoded: a few KB is plenty.
      maxBytes: 8 * 1024,
      access: "admin",
      // The invitation's fields are marked each beside itself; the other forms' one field says it all.
      invalid: (submission) => (submission.payload.intent === "invite" ? e.invalid : firstError(submission)),
      messages: { crossSite: e.crossSite, notAForm: e.formNotSupported, tooLarge: e.formTooLarge },
      stepUp: (value: { intent: UserIntent }) => DANGEROUS.has(value.intent),
    },
    async ({ value, admin }) => {
      const ip = context.clientIp;
      const notice = (what: string) => sendSecurityNotice(context, { what, actor: admin, ip });
      const events = securityNoticeMessages.events;
      switch (value.intent) {
        case "invite": {
          const result = await createInvite(context, admin, value, ip);
          if (result.status === "invalid") return refuse(400, e.invalid, result.errors);
          if (result.status === "taken") return refuse(409, e.emailTaken, { email: e.emailTaken });
          if (result.status === "role_not_allowed") return refuse(403, e.roleNotAllowed, { role: e.roleNotAllowed });
          await notice(events.invited(admin.email, result.email, roleMessages.names[result.role]));
          context.logger.info({ requestId: context.requestId, inviteId: result.inviteId, by: admin.id }, "admin invited");
          return accept<Done>(r.invited(result.email), null, { data: { intent: value.intent, id: result.inviteId } });
        }
        case "unlock-2fa": {
          // Owners only: an account's codes stopped after too many wrong ones (an attacker's guesses, or a lost phone).
          if (!can(admin.role, "owners")) return refuse(403, roleMessages.forbidden);
          const result = await unlockSecondFactor(context.db, admin, value.id, ip);
          if (!result) return refuse(404, e.userNotFound);
          return accept<Done>(r.unlocked(result.admin.email), null, { data: { intent: value.intent, id: value.id } });
        }
        case "role": {
          if (!can(admin.role, "owners")) return refuse(403, roleMessages.forbidden);
          const result = await changeRole(context.db, admin, value.id, value.role, ip);
          if (result.status === "done") {
            const n = roleMessages.names;
            await notice(events.roleChanged(admin.email, result.user.email, n[result.from], n[value.role]));
            context.logger.info({ requestId: context.requestId, userId: value.id, by: admin.id, role: value.role }, "admin role changed");
          }
          return roleAnswer(value.id, value.role, result);
        }
        case "round-robin":
          await setRoundRobin(context.db, admin, value.roundRobin, ip);
          return accept<Done>(value.roundRobin ? r.roundRobinOn : r.roundRobinOff, null, { data: { intent: value.intent } });
        case "revoke-invite":
          return (await revokeInvite(context.db, admin, value.id, ip))
            ? accept<Done>(r.revoked, null, { data: { intent: value.intent, id: value.id } })
            : refuse(404, e.inviteNotFound);
        default: {
          const { intent, id } = value;
          const result =
            intent === "deactivate" ? await deactivateUser(context.db, admin, id, ip) : await reactivateUser(context.db, admin, id, ip);
          if (result.status === "done") {
            await notice(
              intent === "deactivate"
                ? events.deactivated(admin.email, result.user.email)
                : events.reactivated(admin.email, result.user.email),
            );
            context.logger.info({ requestId: context.requestId, userId: id, by: admin.id, intent }, "admin account changed");
          }
          return accountAnswer(intent, id, result);
        }
      }
    },
  );
}

/** Which of the screen's forms an answer is for: the accepted one's, or the refused one's as it was sent. */
const intentOf = (answer: FormAnswer<Done> | undefined) => (answer?.ok ? answer.data?.intent : sentValue(answer, "intent"));

const cell = "px-4 py-3 align-top";
const smallButton = "rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * /admin/users: who can sign in and who is signed in now, with deactivation and reactivation; the
 * invitation form and the invitations still pending; and whether new leads are given out in turn.
 * Every form is a plain POST to this page, so the screen works without scripts.
 */
export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { signedInAdmin, users, invites, roundRobin } = loaderData;
  const timeZone = useSite().agency.hours.timezone;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const answered = intentOf(actionData);
  const invite = answered === "invite" && actionData && !actionData.ok ? actionData : undefined;
  // A new key after each sent invitation empties the form once hydrated (without scripts the page comes back empty anyway).
  const inviteKey = answered === "invite" && actionData?.ok ? (actionData.data?.id ?? "sent") : "invite";
  const roundRobinError = answered === "round-robin" && actionData && !actionData.ok ? actionData.message : undefined;
  const actorRole = signedInAdmin.role;
  const givable = assignableRoles(actorRole);
  const ownersScreen = can(actorRole, "owners");

  return (
    <AdminPage title={text.title} subtitle={text.subtitle}>
      <StepUpPrompt answer={actionData} />
      {actionData && !actionData.stepUp && (
        <div
          role={actionData.ok ? "status" : "alert"}
          className={`mb-6 rounded-md border px-4 py-3 text-sm font-medium ${actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {actionData.message}
        </div>
      )}

      <section aria-labelledby="team-heading">
        <h2 id="team-heading" className="mb-3 text-lg font-semibold text-brand-900">
          {text.list.heading}
        </h2>
        <AdminTable caption={text.list.caption} columns={text.list.columns} empty={text.list.empty} isEmpty={users.length === 0}>
          {users.map((user) => {
            const who = user.name ?? user.email;
            const self = user.id === signedInAdmin.id;
            return (
              <tr key={user.id} data-testid={`user-${user.email}`} className={user.active ? "" : "bg-slate-50 text-slate-600"}>
                <td className={`${cell} font-medium text-slate-900`}>
                  {user.name ?? <span className="font-normal text-slate-600">{text.list.noName}</span>}{" "}
                  {self && <span className="font-normal text-slate-600">{text.list.you}</span>}
                </td>
                <td className={`${cell} break-all`}>{user.email}</td>
                <td className={cell}>
                  {ownersScreen && !self ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="id" value={user.id} />
                      <label htmlFor={`role-${user.id}`} className="sr-only">
                        {text.list.roleLabel(who)}
                      </label>
                      <select
                        id={`role-${user.id}`}
                        name="role"
                        defaultValue={user.role}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                      >
                        {givable.map((role) => (
                          <option key={role} value={role}>
                            {roleMessages.names[role]}
                          </option>
                        ))}
                      </select>
                      <button
                        type="submit"
                        name="intent"
                        value="role"
                        aria-label={text.list.changeRole(who)}
                        disabled={busyIntent !== null}
                        className={`${smallButton} border-slate-300 text-brand-800 hover:bg-slate-100 focus-visible:outline-brand-700`}
                      >
                        {text.list.changeRoleLabel}
                      </button>
                    </Form>
                  ) : (
                    <span data-testid="user-role">{roleMessages.names[user.role]}</span>
                  )}
                </td>
                <td className={cell}>
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${user.active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
                  >
                    {user.active ? text.list.active : text.list.deactivated}
                  </span>
                  {user.codeLocked && (
                    <span className="mt-1 block text-xs font-semibold text-amber-800" data-testid="code-locked">
                      {text.list.codeLocked}
                    </span>
                  )}
                </td>
                <td className={cell}>
                  {user.signedInNow ? (
                    <span title={text.list.onDutyHint} className="font-semibold text-green-800">
                      {text.list.onDuty}
                    </span>
                  ) : (
                    text.list.offDuty
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {user.lastLoginAt ? <time dateTime={user.lastLoginAt}>{agencyTime(user.lastLoginAt, timeZone)}</time> : text.list.never}
                </td>
                <td className={cell} title={text.list.openLeadsHint}>
                  {user.openLeads}
                </td>
                <td className={`${cell} text-right`}>
                  {ownersScreen && user.codeLocked && (
                    <Form method="post" className="mb-2 inline-block">
                      <input type="hidden" name="id" value={user.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="unlock-2fa"
                        aria-label={text.list.unlock(who)}
                        title={text.list.unlockHint}
                        disabled={busyIntent !== null}
                        className={`${smallButton} mr-2 border-amber-400 text-amber-900 hover:bg-amber-50 focus-visible:outline-amber-700`}
                      >
                        {text.list.unlockLabel}
                      </button>
                    </Form>
                  )}
                  {!self && outranks(actorRole, user.role) && (
                    <Form method="post" className="inline">
                      <input type="hidden" name="id" value={user.id} />
                      {user.active ? (
                        <button
                          type="submit"
                          name="intent"
                          value="deactivate"
                          aria-label={text.list.deactivate(who)}
                          disabled={busyIntent !== null}
                          className={`${smallButton} border-red-300 text-red-800 hover:bg-red-50 focus-visible:outline-red-700`}
                        >
                          {text.list.deactivateLabel}
                        </button>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value="reactivate"
                          aria-label={text.list.reactivate(who)}
                          disabled={busyIntent !== null}
                          className={`${smallButton} border-slate-300 text-brand-800 hover:bg-slate-100 focus-visible:outline-brand-700`}
                        >
                          {text.list.reactivateLabel}
                        </button>
                      )}
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </AdminTable>
        <p className="mt-2 text-sm text-slate-600">{text.list.deactivateNote}</p>
        <p className="mt-1 text-sm text-slate-600">{text.list.rolesNote}</p>
      </section>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="invite-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="invite-heading" className="text-lg font-semibold text-brand-900">
            {text.invite.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{text.invite.intro}</p>
          <Form key={inviteKey} method="post" noValidate className="mt-5" aria-labelledby="invite-heading">
            <fieldset disabled={busyIntent === "invite"} className="space-y-5">
              <TextField
                id="invite-name"
                name="name"
                label={text.invite.name}
                autoComplete="off"
                required
                maxLength={100}
                defaultValue={sentValue(invite, "name")}
                error={fieldErrorOf(invite, "name")}
              />
              <TextField
                id="invite-email"
                name="email"
                type="email"
                label={text.invite.email}
                autoComplete="off"
                required
                maxLength={254}
                defaultValue={sentValue(invite, "email")}
                error={fieldErrorOf(invite, "email")}
              />
              <SelectRole roles={givable} defaultValue={sentValue(invite, "role") ?? "staff"} error={fieldErrorOf(invite, "role")} />
              <button type="submit" name="intent" value="invite" className={buttonClass("primary")}>
                {busyIntent === "invite" ? text.invite.submitting : text.invite.submit}
              </button>
            </fieldset>
          </Form>
        </section>

        <section aria-labelledby="round-robin-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="round-robin-heading" className="text-lg font-semibold text-brand-900">
            {text.roundRobin.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="round-robin-state">
            {text.roundRobin.current(roundRobin)}
          </p>
          {/* Keyed by the stored value, so the radios show it again after each save. */}
          <Form key={String(roundRobin)} method="post" className="mt-5">
            <fieldset disabled={busyIntent === "round-robin"} aria-describedby={roundRobinError ? "round-robin-error" : undefined}>
              <legend className="font-medium text-slate-900">{text.roundRobin.legend}</legend>
              <div className="mt-3 space-y-3">
                {(["on", "off"] as const).map((value) => (
                  <label key={value} className="flex items-start gap-3 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="roundRobin"
                      value={value}
                      defaultChecked={roundRobin === (value === "on")}
                      className="mt-0.5 h-4 w-4 accent-brand-700"
                    />
                    <span>{text.roundRobin[value]}</span>
                  </label>
                ))}
              </div>
              {roundRobinError && (
                <p id="round-robin-error" className="mt-2 text-sm font-medium text-red-700">
                  {roundRobinError}
                </p>
              )}
              <button type="submit" name="intent" value="round-robin" className={buttonClass("outline", "mt-4")}>
                {text.roundRobin.submit}
              </button>
            </fieldset>
          </Form>
        </section>
      </div>

      <section aria-labelledby="pending-heading" className="mt-10">
        <h2 id="pending-heading" className="mb-3 text-lg font-semibold text-brand-900">
          {text.invite.pendingHeading}
        </h2>
        <AdminTable
          caption={text.invite.pendingCaption}
          columns={text.invite.pendingColumns}
          empty={text.invite.pendingEmpty}
          isEmpty={invites.length === 0}
        >
          {invites.map((invite) => (
            <tr key={invite.id} data-testid={`invite-${invite.email}`}>
              <td className={`${cell} font-medium text-slate-900`}>{invite.name}</td>
              <td className={`${cell} break-all`}>{invite.email}</td>
              <td className={cell}>{roleMessages.names[invite.role]}</td>
              <td className={cell}>{invite.invitedBy ?? "–"}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={invite.expiresAt}>{agencyTime(invite.expiresAt, timeZone)}</time>
              </td>
              <td className={`${cell} text-right`}>
                {givable.includes(invite.role) && (
                  <Form method="post" className="inline">
                    <input type="hidden" name="id" value={invite.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="revoke-invite"
                      aria-label={text.invite.revoke(invite.name)}
                      disabled={busyIntent !== null}
                      className={`${smallButton} border-slate-300 text-slate-800 hover:bg-slate-100 focus-visible:outline-brand-700`}
                    >
                      {text.invite.revokeLabel}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </AdminPage>
  );
}

/** The role an invitation gives: only the roles the signed-in account may give. */
function SelectRole({ roles, defaultValue, error }: { roles: Role[]; defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor="invite-role" className="block text-sm font-medium text-slate-800">
        {text.invite.role}
      </label>
      <select
        id="invite-role"
        name="role"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "invite-role-error" : "invite-role-hint"}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleMessages.names[role]}
          </option>
        ))}
      </select>
      {error ? (
        <p id="invite-role-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id="invite-role-hint" className="mt-1 text-sm text-slate-600">
          {roles.map((role) => `${roleMessages.names[role]}: ${roleMessages.descriptions[role]}`).join(" ")}
        </p>
      )}
    </div>
  );
}
