import { Link } from "react-router";
import { agency } from "~/content/agency";
import { Alert, CodeForm } from "~/features/auth/components/two-factor";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/login-code";
import { codeStepAction, codeStepLoader, twoFactorPageHeaders } from "./two-factor.server";

const text = twoFactorMessages.code;

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only a session that gave the right password of an account with a second factor reaches this page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return codeStepLoader(request, context);
}

/** The code (or a recovery code): success signs in and opens the dashboard. */
export function action({ request, context }: Route.ActionArgs) {
  return codeStepAction(request, context);
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return twoFactorPageHeaders(actionHeaders);
}

/** /admin/login/code: the second step of signing in. */
export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{text.title}</h1>
        <p className="mt-2 text-slate-700">{text.intro}</p>
        <p className="mt-1 text-sm text-slate-600">{loaderData.email}</p>
        {actionData && !actionData.ok && (
          <div className="mt-6">
            <Alert message={actionData.message} />
          </div>
        )}
        <div className="mt-6">
          <CodeForm
            id="two-factor-code"
            label={text.label}
            hint={text.hint}
            submit={text.submit}
            submitting={text.submitting}
            error={actionData?.errors?.code}
          />
        </div>
        <p className="mt-6 text-sm">
          <Link to="/admin/login" className="font-medium text-brand-700 underline hover:text-brand-900">
            {text.startAgain}
          </Link>
        </p>
      </div>
    </div>
  );
}
