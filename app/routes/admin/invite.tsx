import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { inviteMessages as text } from "~/features/admin-users/messages";
import { SIGN_IN_PATH } from "~/lib/paths";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/invite";
import { inviteAction, inviteLoader } from "./invite.server";

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Whom the link invites, or why it cannot be used. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return inviteLoader(params.token, request, context);
}

/** The password form, posted by the browser itself or by React Router once hydrated. */
export function action({ params, request, context }: Route.ActionArgs) {
  return inviteAction(params.token, request, context);
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * /admin/invite/:token: the invited person chooses a password, which creates their account; then the
 * page says it is ready and links to the sign-in page. A link that is unknown, expired, used or
 * withdrawn gets a page saying so and what to do. Works without scripts (a plain POST form).
 */
export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  if (loaderData.state === "ready") {
    return (
      <Card title={text.readyTitle}>
        <p role="status" className="mt-6 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {text.ready}
        </p>
        <Link to={SIGN_IN_PATH} className={buttonClass("primary", "mt-6 w-full")}>
          {text.signIn}
        </Link>
      </Card>
    );
  }

  const problem = actionData && actionData.state !== "form" ? actionData.state : loaderData.state !== "valid" ? loaderData.state : null;
  if (problem || loaderData.state !== "valid") {
    const reason = problem ?? "unknown";
    return (
      <Card title={text.invalidTitle}>
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <p>{text[reason]}</p>
          {reason !== "taken" && <p className="mt-2">{text.whatToDo}</p>}
        </div>
        {(reason === "used" || reason === "taken") && (
          <Link to={SIGN_IN_PATH} className={buttonClass("outline", "mt-6 w-full")}>
            {text.signIn}
          </Link>
        )}
      </Card>
    );
  }

  const errors = actionData?.state === "form" ? actionData.errors : {};
  return (
    <Card title={text.title}>
      <p className="mt-3 text-slate-700">{text.intro(loaderData.name)}</p>
      {actionData?.state === "form" && (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionData.message}
        </div>
      )}
      <Form method="post" noValidate className="mt-6" aria-label={text.title}>
        <fieldset disabled={submitting} className="space-y-5">
          <TextField
            id="invite-account"
            name="username"
            type="email"
            label={text.account}
            value={loaderData.email}
            autoComplete="username"
            readOnly
          />
          <TextField
            id="invite-password"
            name="password"
            type="password"
            label={text.password}
            autoComplete="new-password"
            required
            hint={text.passwordHint}
            error={errors.password}
          />
          <TextField
            id="invite-confirm-password"
            name="confirmPassword"
            type="password"
            label={text.confirmPassword}
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <button type="submit" className={buttonClass("primary", "w-full")}>
            {submitting ? text.submitting : text.submit}
          </button>
        </fieldset>
      </Form>
    </Card>
  );
}
