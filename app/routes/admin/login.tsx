import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { adminMessages, LOGIN_FORM } from "~/features/admin/messages";
import { fieldError, formClientAction, keepDataAfterForms, textDefault, useActionForm } from "~/lib/form";
import { formHeaders } from "~/lib/form.server";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/login";
import { loginAction, loginLoader } from "./login.server";

const text = adminMessages.login;
const loadSchema = () => import("~/features/auth/schema").then((m) => m.loginSchema);

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Someone already signed in goes straight to the dashboard. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loginLoader(request, context);
}

/** The sign-in form, posted by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
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
export default function AdminLogin() {
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
        <p className="text-sm font-semibold text-brand-700">{agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{text.title}</h1>
        {error && (
          <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </div>
        )}
        <fetcher.Form {...formProps} noValidate className="mt-6" aria-label={text.title}>
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
