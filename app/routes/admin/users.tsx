import { Form, useNavigation } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agencyTime } from "~/features/admin-users/format";
import { usersMessages as text } from "~/features/admin-users/messages";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/users";
import { usersAction, usersLoader } from "./users.server";

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The accounts, pending invitations and round-robin setting, for a signed-in admin only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return usersLoader(request, context);
}

/** Every form of the screen, posted by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return usersAction(request, context);
}

const cell = "px-4 py-3 align-top";
const smallButton = "rounded-md border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * /admin/users: who can sign in and who is signed in now, with deactivation and reactivation; the
 * invitation form and the invitations still pending; and whether new leads are given out in turn.
 * Every form is a plain POST to this page, so the screen works without scripts.
 */
export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { signedInAdmin, users, invites, roundRobin } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const inviteFailed = actionData?.intent === "invite" && !actionData.ok;
  const inviteErrors = inviteFailed ? actionData.errors : {};
  const values = inviteFailed ? actionData.values : undefined;
  // A new key after each sent invitation empties the form once hydrated (without scripts the page comes back empty anyway).
  const inviteKey = actionData?.intent === "invite" && actionData.ok ? (actionData.id ?? "sent") : "invite";

  return (
    <AdminPage title={text.title} subtitle={text.subtitle}>
      {actionData && (
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
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${user.active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
                  >
                    {user.active ? text.list.active : text.list.deactivated}
                  </span>
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
                  {user.lastLoginAt ? <time dateTime={user.lastLoginAt}>{agencyTime(user.lastLoginAt)}</time> : text.list.never}
                </td>
                <td className={cell} title={text.list.openLeadsHint}>
                  {user.openLeads}
                </td>
                <td className={`${cell} text-right`}>
                  {!self && (
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
                defaultValue={values?.name}
                error={inviteErrors.name}
              />
              <TextField
                id="invite-email"
                name="email"
                type="email"
                label={text.invite.email}
                autoComplete="off"
                required
                maxLength={254}
                defaultValue={values?.email}
                error={inviteErrors.email}
              />
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
            <fieldset
              disabled={busyIntent === "round-robin"}
              aria-describedby={actionData?.intent === "round-robin" && !actionData.ok ? "round-robin-error" : undefined}
            >
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
              {actionData?.intent === "round-robin" && !actionData.ok && (
                <p id="round-robin-error" className="mt-2 text-sm font-medium text-red-700">
                  {actionData.errors.roundRobin ?? actionData.message}
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
              <td className={cell}>{invite.invitedBy ?? "–"}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={invite.expiresAt}>{agencyTime(invite.expiresAt)}</time>
              </td>
              <td className={`${cell} text-right`}>
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
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </AdminPage>
  );
}
