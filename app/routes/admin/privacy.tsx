import { Form, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { CheckboxField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { privacyMessages } from "~/features/privacy/messages";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/privacy";
import { privacyAction, privacyLoader } from "./privacy.server";

const text = privacyMessages;

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only a signed-in admin gets the screen; anyone else is sent to /admin/login. */
export function loader({ request, context }: Route.LoaderArgs) {
  return privacyLoader(request, context);
}

/** The erasure form, posted by the browser itself (with or without scripts). */
export function action({ request, context }: Route.ActionArgs) {
  return privacyAction(request, context);
}

/**
 * /admin/privacy: the retention periods in force, and a form that erases one person's records by email
 * address after an explicit confirmation, then lists what was deleted and what was kept.
 */
export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const done = actionData?.ok ? actionData : undefined;

  return (
    <AdminPage title={text.title} subtitle={text.intro}>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="erasure-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="erasure-heading" className="text-lg font-semibold text-brand-900">
            {text.erasureHeading}
          </h2>
          {done && (
            <div role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
              <p className="font-semibold">{text.resultHeading}</p>
              <ul className="mt-2 list-disc pl-5">
                {done.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          {failed && (
            <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {failed.message}
            </div>
          )}
          <Form method="post" action="/admin/privacy" noValidate className="mt-6" aria-labelledby="erasure-heading">
            <fieldset disabled={submitting} className="space-y-5">
              <TextField
                id="erase-email"
                name="email"
                type="email"
                label={text.emailLabel}
                hint={text.emailHint}
                autoComplete="off"
                defaultValue={failed?.email}
                required
                error={failed?.errors.email}
              />
              <CheckboxField
                id="erase-confirm"
                name="confirm"
                value="yes"
                label={text.confirmLabel}
                required
                error={failed?.errors.confirm}
              />
              <p className="text-sm text-slate-600">{text.consentNote}</p>
              <button type="submit" className={buttonClass("primary")}>
                {submitting ? text.submitting : text.submit}
              </button>
            </fieldset>
          </Form>
        </section>
        <section aria-labelledby="retention-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="retention-heading" className="text-lg font-semibold text-brand-900">
            {text.retentionHeading}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {loaderData.periods.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  );
}
