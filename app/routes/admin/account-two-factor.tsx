import { Link } from "react-router";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { Alert, CodeForm, EnrolmentPanel, RecoveryCodesPanel } from "~/features/auth/components/two-factor";
import { authMessages } from "~/features/auth/schema";
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolmentView,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "~/features/auth/two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { twoFactorCodeSchema } from "~/features/auth/two-factor-schema";
import { type FormAnswer, fieldErrorOf, sentValue } from "~/lib/form";
import { accept, firstError, postForm } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/account-two-factor";
import { clientOf, codeRefusal, fullySignedIn, tokenOf, twoFactorPageHeaders } from "./sign-in.server";

const text = twoFactorMessages;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.account.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin's second factor: on since when and the recovery codes left, or a key to set up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await fullySignedIn(request, context);
  const status = await twoFactorStatus(context.db, state.admin.id);
  return {
    email: state.admin.email,
    // Formatted here, so the page reads the same before and after hydration.
    enabledOn: status.enabledAt?.toLocaleDateString("en-US", { dateStyle: "medium" }) ?? null,
    unusedRecoveryCodes: status.unusedRecoveryCodes,
    required: context.config.ADMIN_REQUIRE_2FA,
    enrol: status.enabledAt ? null : await enrolmentView(context, { ...state, totpEnabledAt: null }, context.site.facts.agency.shortName),
  };
}

const INTENTS = ["enable", "regenerate", "disable"] as const;
/** Each form of the page: which one (`intent`) and the code confirming it. */
const twoFactorFormSchema = twoFactorCodeSchema.extend({ intent: z.enum(INTENTS, { error: text.formNotSupported }) });
/** What the page is told besides the message: which form, and the recovery codes made (shown once). */
type Done = { intent: (typeof INTENTS)[number]; recoveryCodes?: string[] };

/** `intent` enable (confirm the key), regenerate (new recovery codes) or disable, each with a code. */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "account-two-factor",
      schema: twoFactorFormSchema,
      maxBytes: 4 * 1024,
      access: "admin",
      invalid: firstError,
      messages: { crossSite: authMessages.crossSite, notAForm: text.formNotSupported, tooLarge: text.formTooLarge },
    },
    async ({ value: { intent, code } }) => {
      const token = tokenOf(request, context);
      const client = clientOf(request, context);
      if (intent === "enable") {
        const result = await confirmEnrolment(context, token, { code }, client);
        if (result.status !== 200) return codeRefusal(result);
        return accept<Done>(text.enabled, null, { data: { intent, recoveryCodes: result.recoveryCodes } });
      }
      if (intent === "regenerate") {
        const result = await regenerateRecoveryCodes(context, token, { code }, client);
        if (result.status !== 200) return codeRefusal(result);
        return accept<Done>(text.regenerated, null, { data: { intent, recoveryCodes: result.recoveryCodes } });
      }
      const result = await disableTwoFactor(context, token, { code }, client);
      if (result.status !== 200) return codeRefusal(result);
      return accept<Done>(text.disabled, null, { data: { intent } });
    },
  );
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers(args: Route.HeadersArgs) {
  return twoFactorPageHeaders(args);
}

/** Which of the page's forms an answer is for: the accepted one's, or the refused one's as it was sent. */
const intentOf = (answer: FormAnswer<Done> | undefined) => (answer?.ok ? answer.data?.intent : sentValue(answer, "intent"));

/** /admin/account/two-factor: turn two-factor sign-in on or off, and make new recovery codes. */
export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const codes = actionData?.ok ? actionData.data?.recoveryCodes : undefined;
  const errorFor = (intent: string) =>
    actionData && !actionData.ok && intentOf(actionData) === intent ? fieldErrorOf(actionData, "code") : undefined;
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
        <p className="mt-6 text-sm font-semibold text-brand-700">{site.agency.name}</p>
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
