import { redirect } from "react-router";
import { z } from "zod";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { adminMessages, LOGIN_FORM } from "~/features/admin/messages";
import { authMessages, loginSchema } from "~/features/auth/schema";
import { signIn } from "~/features/auth/sign-in.server";
import { fieldError, formClientAction, keepDataAfterForms, textDefault, useActionForm } from "~/lib/form";
import { formHeaders, postForm, refuse } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/login";
import { clientOf, completeSignIn, DASHBOARD, redirectToOf, safeRedirect, toSecondStep } from "./sign-in.server";

const text = adminMessages.login;
const loadSchema = () => import("~/features/auth/schema").then((m) => m.loginSchema);

/** The form as posted: the two fields, and the page to return to (checked before it is followed). */
const loginFormSchema = loginSchema.extend({ redirectTo: z.string().optional() });

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * Someone already signed in goes on to the page asked for (else the dashboard); anyone else gets the
 * form, which carries that page on.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = redirectToOf(request);
  if (await context.admin(request)) throw redirect(redirectTo ?? DASHBOARD);
  return { redirectTo };
}

/**
 * The sign-in form, posted by the browser itself or by React Router once hydrated, signing in exactly
 * as POST /api/auth/login does (the same throttle, messages and session cookie). A right password goes
 * on to the page asked for with "Login successful!", or to the second step (a code, or setting
 * two-factor sign-in up) when one is pending; anything else answers the form with the message, the
 * field errors and the email kept (never the password).
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: LOGIN_FORM,
      schema: loginFormSchema,
      // Two fields and a return path: a few KB is plenty; a larger body is refused before it is read in full.
      maxBytes: 16 * 1024,
      access: "public",
      hideFields: ["password"],
      invalid: authMessages.invalidForm,
      messages: { crossSite: authMessages.crossSite, notAForm: authMessages.formNotSupported, tooLarge: authMessages.formTooLarge },
    },
    async ({ value }) => {
      const redirectTo = safeRedirect(value.redirectTo);
      // The throttle of failed sign-ins (context.loginThrottle) is the API's: failures through either count.
      const result = await signIn(context, { email: value.email, password: value.password }, clientOf(request, context));
      switch (result.status) {
        case 200:
          return result.twoFactor
            ? toSecondStep(context, result.token, result.twoFactor, redirectTo)
            : completeSignIn(context, result.token, redirectTo);
        case 400:
          return refuse(400, result.message, result.errors);
        case 429:
          return refuse(429, result.message, undefined, { "Retry-After": String(result.retryAfterSeconds) });
        default:
          return refuse(result.status, result.message);
      }
    },
  );
}

export const clientAction = formClientAction;
export const shouldRevalidate = keepDataAfterForms;
/** A refused sign-in's wait reaches the browser as Retry-After, as from the API. */
export const headers = formHeaders;

/**
 * /admin/login: email and password, posted to this page's action (never a GET, which would put the
 * password in the address). The server's message (else "Failed to sign in") shows above the form and,
 * once scripts run, as a toast; field errors beside the fields with the email kept.
 */
export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { fields, fetcher, formProps, submitting, answer, values } = useActionForm<{ email: string; password: string }>({
    id: LOGIN_FORM,
    schema: loadSchema,
    failure: text.failure,
    // A field left empty is said beside it; the toast is for the server's answer.
    invalidToast: null,
  });
  const error = answer && !answer.ok ? answer.message || text.failure : null;

  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{site.agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{text.title}</h1>
        {error && (
          <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </div>
        )}
        <fetcher.Form {...formProps} noValidate className="mt-6" aria-label={text.title}>
          {loaderData.redirectTo && <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
          <fieldset disabled={submitting} className="space-y-5">
            <TextField
              id="admin-email"
              name="email"
              type="email"
              label="Email"
              autoComplete="username"
              defaultValue={textDefault(values.email)}
              required
              error={fieldError(fields.email)}
            />
            <TextField
              id="admin-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              required
              error={fieldError(fields.password)}
            />
            <button type="submit" className={buttonClass("primary", "w-full")}>
              {submitting ? text.submitting : text.submit}
            </button>
          </fieldset>
        </fetcher.Form>
      </div>
    </div>
  );
}
