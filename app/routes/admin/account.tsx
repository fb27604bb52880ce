import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { accountMessages as text } from "~/features/auth/schema";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/account";
import { accountAction, accountLoader } from "./account.server";

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin, checked on the server; without a signed-in session, a redirect to the sign-in page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountLoader(request, context);
}

/** The "Change password" form, posted by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return accountAction(request, context);
}

/** A wait imposed on wrong current passwords reaches the browser as Retry-After. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/**
 * /admin/account: who is signed in, the "Change password" form (current password, new password
 * twice) and the way to two-factor sign-in. The form works without scripts: a POST to this page.
 */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { signedInAdmin } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const errors = actionData?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  // After a change the fields are emptied (a page posted without scripts renders them empty anyway).
  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);

  return (
    <AdminPage title={text.title}>
      <div className="max-w-xl space-y-8">
        <p className="text-slate-700">
          {text.signedInAs} <strong className="font-semibold text-slate-900">{signedInAdmin.email}</strong>
        </p>

        <section aria-labelledby="change-password" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="change-password" className="text-lg font-semibold text-brand-900">
            {text.changePassword}
          </h2>
          {actionData && (
            <div
              role={actionData.ok ? "status" : "alert"}
              className={`mt-4 rounded-md border px-4 py-3 text-sm font-medium ${actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
            >
              {actionData.message}
            </div>
          )}
          <Form ref={formRef} method="post" noValidate className="mt-5" aria-labelledby="change-password">
            {/* Tells password managers which account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={signedInAdmin.email} readOnly hidden />
            <fieldset disabled={submitting} className="space-y-5">
              <TextField
                id="current-password"
                name="currentPassword"
                type="password"
                label={text.currentPassword}
                autoComplete="current-password"
                required
                error={errors.currentPassword}
              />
              <TextField
                id="new-password"
                name="newPassword"
                type="password"
                label={text.newPassword}
                autoComplete="new-password"
                required
                hint={text.newPasswordHint}
                error={errors.newPassword}
              />
              <TextField
                id="confirm-password"
                name="confirmPassword"
                type="password"
                label={text.confirmPassword}
                autoComplete="new-password"
                required
                error={errors.confirmPassword}
              />
              <button type="submit" className={buttonClass("primary")}>
                {submitting ? text.submitting : text.submit}
              </button>
            </fieldset>
          </Form>
        </section>

        <section aria-labelledby="two-factor" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="two-factor" className="text-lg font-semibold text-brand-900">
            {text.twoFactor}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{text.twoFactorText}</p>
          <Link to="/admin/account/two-factor" className={buttonClass("outline", "mt-4")}>
            {text.twoFactor}
          </Link>
        </section>
      </div>
    </AdminPage>
  );
}
