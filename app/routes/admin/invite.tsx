import type { ReactNode } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { acceptInvite, type InviteProblem, inviteByToken, invitePath } from "~/features/admin-users/invites.server";
import { inviteMessages as text } from "~/features/admin-users/messages";
import { acceptInviteSchema } from "~/features/admin-users/schema";
import { findAdminByEmail } from "~/features/auth/auth.server";
import { PasswordFields } from "~/features/auth/components/password-fields";
import { fieldErrorOf } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";
import { postForm, refuse } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/invite";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

type InviteState =
  | { state: "valid"; name: string; email: string }
  /** The link was just used to create the account (the action's redirect). */
  | { state: "ready" }
  | { state: InviteProblem | "taken" };

/** Unknown links are not found; those that were real once are gone; an address with an account already conflicts. */
const problemStatus = (problem: InviteProblem | "taken") => (problem === "unknown" ? 404 : problem === "taken" ? 409 : 410);

/**
 * Whom the link invites, or why it cannot be used. Nobody is signed in here: the link is the proof.
 * Only a used link says "ready" (the action's redirect), as only a valid one shows the form.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await inviteByToken(context.db, params.token);
  if (found.status === "used" && new URL(request.url).searchParams.get("ready") === "1") return data<InviteState>({ state: "ready" });
  if (found.status !== "valid") return data<InviteState>({ state: found.status }, { status: problemStatus(found.status) });
  // Someone made an account for this address since the invitation: the link cannot create another.
  if (await findAdminByEmail(context.db, found.invite.email)) return data<InviteState>({ state: "taken" }, { status: 409 });
  return data<InviteState>({ state: "valid", name: found.invite.name, email: found.invite.email });
}

/**
 * The password form, posted by the browser itself (with or without scripts): creates the account
 * (app/features/admin-users/invites.server.ts) and sends the browser to `?ready=1`, which says the
 * account is ready (Post/Redirect/Get: a reload does not send the password again).
 */
export function action({ params, request, context }: Route.ActionArgs) {
  const { token } = params;
  return postForm(
    request,
    context,
    {
      form: "invite",
      schema: acceptInviteSchema,
      // Two password fields of at most 1,024 characters each, URL-encoded: 16 KB is plenty.
      maxBytes: 16 * 1024,
      access: "public",
      hideFields: ["password", "confirmPassword"],
      invalid: text.errors.invalid,
      messages: { crossSite: text.errors.crossSite, notAForm: text.errors.formNotSupported, tooLarge: text.errors.formTooLarge },
    },
    async ({ value }) => {
      const result = await acceptInvite(context, token, value, context.clientIp);
      switch (result.status) {
        case "accepted":
          context.logger.info({ requestId: context.requestId, adminId: result.admin.id }, "invitation accepted");
          return redirect(`${invitePath(token)}?ready=1`, 303);
        case "invalid":
          return refuse(400, text.errors.invalid, result.errors);
        default:
          // The page's loader, run again, says why the link cannot be used.
          return refuse(problemStatus(result.status), text[result.status]);
      }
    },
  );
}

/** After a refused post too: the link may have been used, withdrawn or overtaken meanwhile. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const site = useSite();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{site.agency.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * /admin/invite/:token: the invited person chooses a password, which creates their account; then the
 * page says it is ready and links to the sign-in page. A link that is unknown, expired, used or
 * withdrawn gets a page saying so and what to do. Works without scripts (a plain POST form).
 */
export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  if (loaderData.state === "ready") {
    return (
      <Card title={text.readyTitle}>
        <p role="status" className="mt-6 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {text.ready}
        </p>
        <Link to={SIGN_IN_PATH} className={buttonClass("primary", "mt-6 w-full")}>
          {text.signIn}
        </Link>
      </Card>
    );
  }

  if (loaderData.state !== "valid") {
    const reason = loaderData.state;
    return (
      <Card title={text.invalidTitle}>
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <p>{text[reason]}</p>
          {reason !== "taken" && <p className="mt-2">{text.whatToDo}</p>}
        </div>
        {(reason === "used" || reason === "taken") && (
          <Link to={SIGN_IN_PATH} className={buttonClass("outline", "mt-6 w-full")}>
            {text.signIn}
          </Link>
        )}
      </Card>
    );
  }

  return (
    <Card title={text.title}>
      <p className="mt-3 text-slate-700">{text.intro(loaderData.name)}</p>
      {actionData && !actionData.ok && (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {actionData.message}
        </div>
      )}
      <Form method="post" noValidate className="mt-6" aria-label={text.title}>
        <fieldset disabled={submitting} className="space-y-5">
          <TextField
            id="invite-account"
            name="username"
            type="email"
            label={text.account}
            value={loaderData.email}
            autoComplete="username"
            readOnly
          />
          <PasswordFields
            password={{ id: "invite-password", name: "password", label: text.password, error: fieldErrorOf(actionData, "password") }}
            confirm={{
              id: "invite-confirm-password",
              name: "confirmPassword",
              label: text.confirmPassword,
              error: fieldErrorOf(actionData, "confirmPassword"),
            }}
            hint={text.passwordHint}
          />
          <button type="submit" className={buttonClass("primary", "w-full")}>
            {submitting ? text.submitting : text.submit}
          </button>
        </fieldset>
      </Form>
    </Card>
  );
}
