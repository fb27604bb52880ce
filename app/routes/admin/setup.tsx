import type { ReactNode } from "react";
import { type AppLoadContext, data, Link } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { checkSetupCode, completeSetup, type SetupGate } from "~/features/admin-users/setup.server";
import { ADMIN_CREATE_COMMAND, setupMessages as text } from "~/features/admin-users/setup-messages";
import { setupSchema } from "~/features/admin-users/setup-schema";
import { sessionCookieHeader } from "~/features/auth/auth.server";
import { PasswordFields } from "~/features/auth/components/password-fields";
import { type FormAnswer, fieldError, formClientAction, keepDataAfterForms, textDefault, useActionForm } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";
import { postForm, refuse } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/setup";
import { DASHBOARD, toSecondStep } from "./sign-in.server";

const SETUP_FORM = "first-run-setup";
const loadSchema = () => import("~/features/admin-users/setup-schema").then((m) => m.setupSchema);

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(text.title, siteFromMatches(matches)) },
    { name: "robots", content: "noindex, nofollow" },
    // The address holds the setup code: no request this page makes names it.
    { name: "referrer", content: "no-referrer" },
  ];
}

/** What the page shows: the form, a refused link, or the wait the sign-in throttle asks for. */
type SetupView = { state: "open" } | { state: "refused" } | { state: "throttled"; retryAfterSeconds: number } | { state: "gone" };

const codeOf = (request: Request) => new URL(request.url).searchParams.get("code");

/**
 * The link's check, once per request: a form posted without scripts runs the action and then the
 * loader on the same code, which the sign-in throttle counts once.
 */
const gates = new WeakMap<AppLoadContext, Promise<SetupGate>>();
function gateOf(request: Request, context: AppLoadContext): Promise<SetupGate> {
  let gate = gates.get(context);
  if (!gate) {
    gate = checkSetupCode(context, codeOf(request), { ip: context.clientIp, requestId: context.requestId });
    gates.set(context, gate);
  }
  return gate;
}

const retryAfter = (view: SetupView): HeadersInit | undefined =>
  view.state === "throttled" ? { "Retry-After": String(view.retryAfterSeconds) } : undefined;

const statusOf = (view: SetupView) => ({ open: 200, refused: 403, throttled: 429, gone: 404 })[view.state];

/**
 * /admin/setup?code=...: the form while the link's code is right; 403 (and a failure in the sign-in
 * throttle) when it is wrong, missing or past its time; 429 while the address must wait; 404 once an
 * admin account exists.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const gate = await gateOf(request, context);
  if (gate.state === "gone") throw data(null, { status: 404 });
  return data<SetupView>(gate, { status: statusOf(gate), headers: retryAfter(gate) });
}

/** A refusal of the link itself, as the form's answer: the page turns into the card that explains it. */
function linkRefusal(view: Exclude<SetupView, { state: "open" }>) {
  const message =
    view.state === "throttled" ? text.tooManyAttempts(view.retryAfterSeconds) : view.state === "gone" ? text.gone : text.invalid;
  const answer: FormAnswer<SetupView> = {
    form: SETUP_FORM,
    ok: false,
    message,
    result: { status: "error", error: { "": [message] } },
    data: view,
  };
  return data(answer, { status: statusOf(view), headers: retryAfter(view) });
}

/**
 * The form, posted to the link's own address: the link is checked first, then the one POST pipeline
 * (same site, the body, the schema), then the setup itself (app/features/admin-users/setup.server.ts).
 * The owner is signed in at once: on to two-factor enrolment when the site requires it, else to the
 * dashboard with a flash toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const gate = await gateOf(request, context);
  if (gate.state !== "open") return linkRefusal(gate);
  /** The link's refusal found by the setup itself (used or expired since the check above). */
  const late: { view: Exclude<SetupView, { state: "open" }> | null } = { view: null };
  const answer = await postForm(
    request,
    context,
    {
      form: SETUP_FORM,
      schema: setupSchema,
      // Five short fields, URL-encoded: 16 KB is plenty.
      maxBytes: 16 * 1024,
      access: "public",
      hideFields: ["password", "confirmPassword"],
      invalid: text.errors.invalid,
      messages: { crossSite: text.errors.crossSite, notAForm: text.errors.formNotSupported, tooLarge: text.errors.formTooLarge },
    },
    async ({ value }) => {
      const result = await completeSetup(context, codeOf(request), value, {
        ip: context.clientIp,
        userAgent: request.headers.get("user-agent"),
      });
      switch (result.status) {
        case "created": {
          context.logger.info({ reqId: context.requestId, adminId: result.owner.id }, text.log.completed);
          // This process shows the agency's name at once; the others hear of it by notification.
          await context.siteStore
            .reload()
            .catch((error: unknown) => context.logger.warn({ err: error }, "the site's settings could not be read again"));
          if (result.awaiting) return toSecondStep(context, result.token, "enrolment", null);
          return redirectWithToast(
            context,
            DASHBOARD,
            { type: "success", title: text.done(value.agencyName) },
            { headers: { "Set-Cookie": sessionCookieHeader(context.config, result.token) } },
          );
        }
        case "invalid":
          return refuse(400, text.errors.invalid, result.errors);
        default:
          // Used or expired since the link was checked: said as the link's own refusal.
          late.view = { state: result.status };
          return refuse(result.status === "gone" ? 404 : 403, result.status === "gone" ? text.gone : text.invalid);
      }
    },
  );
  return late.view ? linkRefusal(late.view) : answer;
}

export const clientAction = formClientAction;
export const shouldRevalidate = keepDataAfterForms;

/** A wait asked for by the throttle reaches the browser as Retry-After. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs): HeadersInit {
  const wait = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return wait ? { "Retry-After": wait } : {};
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold text-brand-700">{text.eyebrow}</p>
        <h1 className="mt-1 text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function Refused({ view }: { view: Exclude<SetupView, { state: "open" }> }) {
  if (view.state === "gone") {
    return (
      <Card title={text.goneTitle}>
        <p className="mt-6 text-slate-700">{text.gone}</p>
        <Link to={SIGN_IN_PATH} className={buttonClass("primary", "mt-6 w-full")}>
          {text.signIn}
        </Link>
      </Card>
    );
  }
  if (view.state === "throttled") {
    return (
      <Card title={text.throttledTitle}>
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {text.tooManyAttempts(view.retryAfterSeconds)}
        </p>
      </Card>
    );
  }
  return (
    <Card title={text.invalidTitle}>
      <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        <p>{text.invalid}</p>
      </div>
      <p className="mt-6 text-slate-700">{text.newLink}</p>
      <p className="mt-4 text-slate-700">{text.orCommand}</p>
      <pre className="mt-2 overflow-x-auto rounded-md bg-slate-900 px-4 py-3 text-sm text-slate-50">
        <code>{ADMIN_CREATE_COMMAND}</code>
      </pre>
    </Card>
  );
}

/**
 * The page a setup link opens: the agency's name and the owner account (name, email, password twice).
 * Works without scripts (the browser posts the form to this address); with them, the form is checked
 * in the browser first.
 */
export default function AdminSetup({ loaderData }: Route.ComponentProps) {
  const { fields, fetcher, formProps, submitting, answer, values } = useActionForm<{
    agencyName: string;
    name: string;
    email: string;
    password: string;
    confirmPassword: string;
  }>({
    id: SETUP_FORM,
    schema: loadSchema,
    failure: text.failure,
    // A field's error is said beside it; the toast is for the server's answer.
    invalidToast: null,
  });
  const answered = answer && !answer.ok ? (answer.data as SetupView | undefined) : undefined;
  const view = answered && answered.state !== "open" ? answered : loaderData;
  if (view.state !== "open") return <Refused view={view} />;
  const error = answer && !answer.ok && !answer.unreachable ? answer.message : null;

  return (
    <Card title={text.title}>
      <p className="mt-3 text-slate-700">{text.intro}</p>
      {error && (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </div>
      )}
      <fetcher.Form {...formProps} noValidate className="mt-6" aria-label={text.title}>
        <fieldset disabled={submitting} className="space-y-5">
          <TextField
            id="setup-agency-name"
            name="agencyName"
            label={text.agencyName}
            hint={text.agencyNameHint}
            autoComplete="organization"
            maxLength={100}
            required
            defaultValue={textDefault(values.agencyName)}
            error={fieldError(fields.agencyName)}
          />
          <TextField
            id="setup-name"
            name="name"
            label={text.name}
            autoComplete="name"
            maxLength={100}
            required
            defaultValue={textDefault(values.name)}
            error={fieldError(fields.name)}
          />
          <TextField
            id="setup-email"
            name="email"
            type="email"
            label={text.email}
            hint={text.emailHint}
            autoComplete="username"
            required
            defaultValue={textDefault(values.email)}
            error={fieldError(fields.email)}
          />
          <PasswordFields
            password={{ id: "setup-password", name: "password", label: text.password, error: fieldError(fields.password) }}
            confirm={{
              id: "setup-confirm-password",
              name: "confirmPassword",
              label: text.confirmPassword,
              error: fieldError(fields.confirmPassword),
            }}
            hint={text.passwordHint}
          />
          <button type="submit" className={buttonClass("primary", "w-full")}>
            {submitting ? text.submitting : text.submit}
          </button>
        </fieldset>
      </fetcher.Form>
    </Card>
  );
}
