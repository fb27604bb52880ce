import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { PasswordFields } from "~/features/auth/components/password-fields";
import { changePassword } from "~/features/auth/password-change.server";
import { authMessages, passwordChangeMessages, passwordChangeSchema, accountMessages as text } from "~/features/auth/schema";
import { fieldErrorOf } from "~/lib/form";
import { accept, formHeaders, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/account";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin, checked on the server; without a signed-in session, a redirect to sign in (and back). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { signedInAdmin: await requireAdmin(request, context) };
}

/**
 * The "Change password" form, posted by the browser itself (with or without scripts), to the same
 * password change as POST /api/auth/password: wrong current passwords count in the sign-in's throttle,
 * and every other session of the account is signed out. No password is ever sent back to the page.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "change-password",
      schema: passwordChangeSchema,
      // Three password fields of at most 1,024 characters each, URL-encoded: 16 KB is plenty.
      maxBytes: 16 * 1024,
      access: "admin",
      hideFields: ["currentPassword", "newPassword", "confirmPassword"],
      invalid: passwordChangeMessages.invalidForm,
      messages: {
        crossSite: authMessages.crossSite,
        notAForm: passwordChangeMessages.formNotSupported,
        tooLarge: passwordChangeMessages.formTooLarge,
      },
    },
    async ({ value, admin }) => {
      const sessionToken = sessionTokenFromCookieHeader(context.config, request.headers.get("cookie")) ?? "";
      const result = await changePassword(context, { admin, sessionToken, ip: context.clientIp, requestId: context.requestId }, value);
      switch (result.status) {
        case 200:
          return accept(result.message);
        case 429:
          return refuse(429, result.message, result.errors, { "Retry-After": String(result.retryAfterSeconds) });
        default:
          return refuse(result.status, result.message, result.errors);
      }
    },
  );
}

/** A wait imposed on wrong current passwords reaches the browser as Retry-After. */
export const headers = formHeaders;

/**
 * /admin/account: who is signed in, the "Change password" form (current password, new password
 * twice) and the way to two-factor sign-in. The form works without scripts: a POST to this page.
 */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { signedInAdmin } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const formRef = useRef<HTMLFormElement>(null);

  // After a change the fields are emptied (a page posted without scripts renders them empty anyway).
  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);

  return (
    <AdminPage title={text.title}>
      <div className="max-w-xl space-y-8">
        <p className="text-slate-700">
          {text.signedInAs} <strong className="font-semibold text-slate-900">{signedInAdmin.email}</strong>
        </p>

        <section aria-labelledby="change-password" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="change-password" className="text-lg font-semibold text-brand-900">
            {text.changePassword}
          </h2>
          {actionData && (
            <div
              role={actionData.ok ? "status" : "alert"}
              className={`mt-4 rounded-md border px-4 py-3 text-sm font-medium ${actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
            >
              {actionData.message}
            </div>
          )}
          <Form ref={formRef} method="post" noValidate className="mt-5" aria-labelledby="change-password">
            {/* Tells password managers which account the new password belongs to. */}
            <input type="email" name="username" autoComplete="username" value={signedInAdmin.email} readOnly hidden />
            <fieldset disabled={submitting} className="space-y-5">
              <TextField
                id="current-password"
                name="currentPassword"
                type="password"
                label={text.currentPassword}
                autoComplete="current-password"
                required
                error={fieldErrorOf(actionData, "currentPassword")}
              />
              <PasswordFields
                password={{
                  id: "new-password",
                  name: "newPassword",
                  label: text.newPassword,
                  error: fieldErrorOf(actionData, "newPassword"),
                }}
                confirm={{
                  id: "confirm-password",
                  name: "confirmPassword",
                  label: text.confirmPassword,
                  error: fieldErrorOf(actionData, "confirmPassword"),
                }}
                hint={text.newPasswordHint}
              />
              <button type="submit" className={buttonClass("primary")}>
                {submitting ? text.submitting : text.submit}
              </button>
            </fieldset>
          </Form>
        </section>

        <section aria-labelledby="two-factor" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="two-factor" className="text-lg font-semibold text-brand-900">
            {text.twoFactor}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{text.twoFactorText}</p>
          <Link to="/admin/account/two-factor" className={buttonClass("outline", "mt-4")}>
            {text.twoFactor}
          </Link>
        </section>
      </div>
    </AdminPage>
  );
}
