import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { Alert, CodeForm, EnrolmentPanel, RecoveryCodesPanel } from "~/features/auth/components/two-factor";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/account-two-factor";
import { accountTwoFactorAction, accountTwoFactorLoader, twoFactorPageHeaders } from "./two-factor.server";

const text = twoFactorMessages;

export function meta() {
  return [{ title: pageTitle(text.account.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin's second factor: on since when and the recovery codes left, or a key to set up. */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountTwoFactorLoader(request, context);
}

/** `intent` enable (confirm the key), regenerate (new recovery codes) or disable, each with a code. */
export function action({ request, context }: Route.ActionArgs) {
  return accountTwoFactorAction(request, context);
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return twoFactorPageHeaders(actionHeaders);
}

/** /admin/account/two-factor: turn two-factor sign-in on or off, and make new recovery codes. */
export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const codes = actionData?.ok ? actionData.recoveryCodes : undefined;
  const errorFor = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData.errors?.code : undefined);
  const failed = actionData && !actionData.ok ? actionData.message : null;
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-12">
      <div className="mx-auto w-full max-w-2xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <nav aria-label={text.account.navLabel} className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/admin/account" className="font-medium text-brand-700 underline hover:text-brand-900">
            {text.account.backToAccount}
          </Link>
          <Link to="/admin/dashboard" className="font-medium text-brand-700 underline hover:text-brand-900">
            {text.account.dashboard}
          </Link>
        </nav>
        <p className="mt-6 text-sm font-semibold text-brand-700">{agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{text.account.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{loaderData.email}</p>
        <div className="mt-8 space-y-8">
          {failed && <Alert message={failed} />}
          {actionData?.ok && !codes && <Alert tone="success" message={actionData.message} />}
          {codes ? (
            <>
              <Alert tone="success" message={actionData?.message ?? text.enabled} />
              <RecoveryCodesPanel codes={codes}>
                <Link to="/admin/account/two-factor" className={buttonClass("outline")}>
                  {text.recovery.back}
                </Link>
              </RecoveryCodesPanel>
            </>
          ) : loaderData.enabledOn ? (
            <>
              <section className="space-y-1">
                <p className="font-medium text-slate-900">{text.account.onSince(loaderData.enabledOn ?? "")}</p>
                <p className="text-slate-700">{text.account.remaining(loaderData.unusedRecoveryCodes)}</p>
              </section>
              <section aria-labelledby="regenerate-title" className="space-y-3 rounded-lg border border-slate-200 p-6">
                <h2 id="regenerate-title" className="text-lg font-semibold text-brand-900">
                  {text.account.regenerateTitle}
                </h2>
                <p className="text-slate-700">{text.account.regenerateIntro}</p>
                <CodeForm
                  id="regenerate-code"
                  label={text.account.codeLabel}
                  submit={text.account.regenerate}
                  submitting={text.enrol.submitting}
                  intent="regenerate"
                  error={errorFor("regenerate")}
                />
              </section>
              <section aria-labelledby="disable-title" className="space-y-3 rounded-lg border border-slate-200 p-6">
                <h2 id="disable-title" className="text-lg font-semibold text-brand-900">
                  {text.account.disableTitle}
                </h2>
                <p className="text-slate-700">{text.account.disableIntro}</p>
                {loaderData.required && <p className="text-slate-700">{text.account.required}</p>}
                <CodeForm
                  id="disable-code"
                  label={text.account.codeLabel}
                  submit={text.account.disable}
                  submitting={text.enrol.submitting}
                  intent="disable"
                  variant="outline"
                  error={errorFor("disable")}
                />
              </section>
            </>
          ) : (
            <>
              <p className="text-slate-700">{text.account.off}</p>
              <p className="text-slate-700">{text.enrol.intro}</p>
              {loaderData.enrol && <EnrolmentPanel enrolment={loaderData.enrol} error={errorFor("enable")} />}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
