import { type FormEvent, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { adminApi, messageOf } from "~/features/admin/api";
import { adminMessages } from "~/features/admin/messages";
import { twoFactorStepPath } from "~/features/auth/two-factor-messages";
import { notifyError, notifySuccess } from "~/lib/notify";
import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/login";
import { loginAction } from "./login.server";

const text = adminMessages.login;

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The form posted by the browser itself (no scripts yet, or none at all): signs in like the API. */
export function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

/** A refused sign-in's wait reaches the browser as Retry-After, as from the API. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/**
 * /admin/login: email and password; the server's message (else "Failed to sign in") inline and as a
 * toast. Once hydrated, the form is sent as JSON to POST /api/auth/login. Before that it is a plain
 * POST form: with scripts, the document head holds the submission until hydration (a form without an
 * `action` attribute, app/lib/held-submit.ts); without scripts, the browser posts it to this page,
 * whose action signs in. Never a GET, which would put the password in the address.
 */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(actionData?.message ?? null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(actionData?.errors ?? {});

  // Someone already signed in goes straight to the dashboard.
  useEffect(() => {
    let active = true;
    adminApi("/api/auth/user").then(
      () => active && navigate("/admin/dashboard", { replace: true }),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const missing: Record<string, string> = {};
    if (!email) missing.email = "Email is required";
    if (!password) missing.password = "Password is required";
    setFieldErrors(missing);
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await adminApi<{ twoFactor?: keyof typeof twoFactorStepPath }>("/api/auth/login", {
        method: "POST",
        body: { email, password },
      });
      // The password was right and a second step is pending: the code, or setting up two-factor sign-in.
      if (answer.twoFactor && answer.twoFactor in twoFactorStepPath) {
        navigate(twoFactorStepPath[answer.twoFactor]);
        return;
      }
      notifySuccess(text.success);
      navigate("/admin/dashboard", { replace: true });
    } catch (e) {
      const message = messageOf(e, text.failure);
      setError(message);
      notifyError(message);
      setSubmitting(false);
    }
  }

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
        <form method="post" onSubmit={onSubmit} noValidate className="mt-6" aria-label={text.title}>
          <fieldset disabled={submitting} className="space-y-5">
            <TextField
              id="admin-email"
              name="email"
              type="email"
              label="Email"
              autoComplete="username"
              defaultValue={actionData?.email}
              required
              error={fieldErrors.email}
            />
            <TextField
              id="admin-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              required
              error={fieldErrors.password}
            />
            <button type="submit" className={buttonClass("primary", "w-full")}>
              {submitting ? text.submitting : text.submit}
            </button>
          </fieldset>
        </form>
      </div>
    </div>
  );
}
