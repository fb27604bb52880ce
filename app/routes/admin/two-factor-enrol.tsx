import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { Alert, EnrolmentPanel, RecoveryCodesPanel } from "~/features/auth/components/two-factor";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/two-factor-enrol";
import { enrolAction, enrolLoader, twoFactorPageHeaders } from "./two-factor.server";

const text = twoFactorMessages;

export function meta() {
  return [{ title: pageTitle(text.enrol.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Reached after the password when the site requires a second factor and the account has none. */
export function loader({ request, context }: Route.LoaderArgs) {
  return enrolLoader(request, context);
}

/** The code confirming the key: success signs in and answers the recovery codes, shown once. */
export function action({ request, context }: Route.ActionArgs) {
  return enrolAction(request, context);
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return twoFactorPageHeaders(actionHeaders);
}

/** /admin/two-factor/enrol: set up the authenticator app, then keep the recovery codes. */
export default function AdminTwoFactorEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const codes = actionData?.ok ? actionData.recoveryCodes : undefined;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{text.enrol.title}</h1>
        <div className="mt-6 space-y-6">
          {codes ? (
            <>
              <Alert tone="success" message={text.enabled} />
              <RecoveryCodesPanel codes={codes}>
                <Link to="/admin/dashboard" className={buttonClass("primary")}>
                  {text.recovery.continue}
                </Link>
              </RecoveryCodesPanel>
            </>
          ) : loaderData.step === "done" ? (
            <>
              <Alert tone="success" message={text.enabled} />
              <Link to="/admin/dashboard" className={buttonClass("primary")}>
                {text.recovery.continue}
              </Link>
            </>
          ) : (
            <>
              <p className="text-slate-700">{text.enrol.requiredIntro}</p>
              {actionData && !actionData.ok && <Alert message={actionData.message} />}
              <EnrolmentPanel enrolment={loaderData.view} error={actionData?.errors?.code} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
