import { Link, redirect } from "react-router";
import { z } from "zod";
import { Alert, CodeForm } from "~/features/auth/components/two-factor";
import { authMessages } from "~/features/auth/schema";
import { signInWithCode } from "~/features/auth/two-factor.server";
import { twoFactorMessages } from "~/features/auth/two-factor-messages";
import { twoFactorCodeSchema } from "~/features/auth/two-factor-schema";
import { fieldErrorOf } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";
import { firstError, postForm } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/login-code";
import {
  clientOf,
  codeRefusal,
  completeSignIn,
  redirectToOf,
  safeRedirect,
  stateOf,
  stepOf,
  tokenOf,
  twoFactorPageHeaders,
} from "./sign-in.server";

const text = twoFactorMessages.code;
const CODE_FORM = "two-factor-code";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only a session that gave the right password of an account with a second factor reaches this page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await stateOf(request, context);
  if (!state) throw redirect(SIGN_IN_PATH);
  if (state.awaiting !== "second_factor") throw redirect(stepOf(state));
  return { email: state.admin.email, redirectTo: redirectToOf(request) };
}

/**
 * The code (or a recovery code), checked as POST /api/auth/login/code checks it (the same throttle):
 * success completes the sign-in, with "Login successful!" on the page asked for (else the dashboard).
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: CODE_FORM,
      schema: twoFactorCodeSchema.extend({ redirectTo: z.string().optional() }),
      // One short field and a return path.
      maxBytes: 8 * 1024,
      access: "public",
      invalid: firstError,
      messages: {
        crossSite: authMessages.crossSite,
        notAForm: twoFactorMessages.formNotSupported,
        tooLarge: twoFactorMessages.formTooLarge,
      },
    },
    async ({ value }) => {
      const result = await signInWithCode(context, tokenOf(request, context), { code: value.code }, clientOf(request, context));
      if (result.status !== 200) return codeRefusal(result);
      return completeSignIn(context, result.token, safeRedirect(value.redirectTo));
    },
  );
}

/** Never stored by a cache; a refused attempt's wait reaches the browser as Retry-After, as from the API. */
export function headers(args: Route.HeadersArgs) {
  return twoFactorPageHeaders(args);
}

/** /admin/login/code: the second step of signing in. */
export default function AdminLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{site.agency.name}</p>
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
            error={fieldErrorOf(actionData, "code")}
            redirectTo={loaderData.redirectTo}
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
