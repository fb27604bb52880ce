import { data, Link, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Alert, EnrolmentPanel, RecoveryCodesPanel } from "~/features/auth/components/two-factor";
import { authMessages } from "~/features/auth/schema";
import { clearedSessionCookieHeader } from "~/features/auth/sign-out.server";
import { confirmEnrolment, endStaleEnrolment, enrolmentView } from "~/features/auth/two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { twoFactorCodeSchema } from "~/features/auth/two-factor-schema";
import { fieldErrorOf } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";
import { accept, firstError, postForm } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import { toastCookie } from "~/lib/toast.server";
import type { Route } from "./+types/two-factor-enrol";
import { ACCOUNT_TWO_FACTOR, clientOf, codeRefusal, signedInToast, stateOf, stepOf, tokenOf, twoFactorPageHeaders } from "./sign-in.server";

const text = twoFactorMessages;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.enrol.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Back to the sign-in page, the session ended and its cookie cleared. */
const signInAgain = (context: Route.LoaderArgs["context"], status?: number) =>
  redirect(SIGN_IN_PATH, { status, headers: { "Set-Cookie": clearedSessionCookieHeader(context.config) } });

/** Reached after the password when the site requires a second factor and the account has none. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await stateOf(request, context);
  // A cookie whose session is over (timed out, or ended when the account turned two-factor on elsewhere) is cleared.
  if (!state) throw tokenOf(request, context) ? signInAgain(context) : redirect(SIGN_IN_PATH);
  if (state.awaiting === null) {
    // Done (this very page's form just finished it): the recovery codes come with the action's answer.
    if (state.totpEnabledAt) return { step: "done" as const };
    // A signed-in admin without a second factor sets it up from the account page.
    throw redirect(ACCOUNT_TWO_FACTOR);
  }
  if (state.awaiting !== "enrolment") throw redirect(stepOf(state));
  // Turned on in another session meanwhile: this one signs in again, with a code.
  if (await endStaleEnrolment(context.db, state)) throw signInAgain(context);
  const view = await enrolmentView(context, state, context.site.facts.agency.shortName);
  if (!view) throw redirect(SIGN_IN_PATH);
  return { step: "enrol" as const, view };
}

/**
 * The code confirming the key: success completes the sign-in and answers the recovery codes, shown
 * once (so no redirect), with "Login successful!" as the flash toast the page reads next.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let signedIn = false;
  const answer = await postForm(
    request,
    context,
    {
      form: "two-factor-enrol",
      schema: twoFactorCodeSchema,
      maxBytes: 4 * 1024,
      access: "public",
      invalid: firstError,
      messages: { crossSite: authMessages.crossSite, notAForm: text.formNotSupported, tooLarge: text.formTooLarge },
    },
    async ({ value }) => {
      const state = await stateOf(request, context);
      if (!state && tokenOf(request, context)) return signInAgain(context, 303);
      if (state && (await endStaleEnrolment(context.db, state))) return signInAgain(context, 303);
      const result = await confirmEnrolment(context, tokenOf(request, context), { code: value.code }, clientOf(request, context));
      if (result.status !== 200) return codeRefusal(result);
      signedIn = result.signedIn;
      return accept(text.enabled, null, { data: { recoveryCodes: result.recoveryCodes } });
    },
  );
  if (!signedIn || answer instanceof Response) return answer;
  return data(answer.data, { ...answer.init, headers: { "Set-Cookie": toastCookie(context, signedInToast) } });
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers(args: Route.HeadersArgs) {
  return twoFactorPageHeaders(args);
}

/** /admin/two-factor/enrol: set up the authenticator app, then keep the recovery codes. */
export default function AdminTwoFactorEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const codes = actionData?.ok ? actionData.data?.recoveryCodes : undefined;
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{site.agency.name}</p>
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
              <EnrolmentPanel enrolment={loaderData.view} error={fieldErrorOf(actionData, "code")} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
