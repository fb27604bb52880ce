import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { e164Phone } from "~/content/site-facts";
import { textingOn } from "~/env.server";
import { sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { PasswordFields } from "~/features/auth/components/password-fields";
import { changePassword } from "~/features/auth/password-change.server";
import { authMessages, passwordChangeMessages, passwordChangeSchema, accountMessages as text } from "~/features/auth/schema";
import { endOtherSessions, endSession, listSessions } from "~/features/auth/sessions.server";
import { sessionsMessages } from "~/features/auth/sessions-messages";
import { clearedSessionCookieHeader, signOut } from "~/features/auth/sign-out.server";
import { TextAlertsForm } from "~/features/sms/components/text-alerts-form";
import { smsMessages } from "~/features/sms/messages";
import { textAlertsFormSchema } from "~/features/sms/schema";
import { saveTextAlerts, textAlerts } from "~/features/sms/texts.server";
import { useAdminTimes } from "~/lib/admin-format";
import { type FormAnswer, fieldErrorOf, sentValue } from "~/lib/form";
import { SIGN_IN_PATH } from "~/lib/paths";
import { accept, firstError, formHeaders, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/account";

const st = sessionsMessages;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

const tokenOf = (request: Request, context: Route.LoaderArgs["context"]) =>
  sessionTokenFromCookieHeader(context.config, request.headers.get("cookie")) ?? "";

/**
 * The signed-in admin, checked on the server (without a signed-in session, a redirect to sign in and
 * back), and where the account is signed in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedInAdmin = await requireAdmin(request, context);
  const { sessions, total } = await listSessions(context, signedInAdmin.id, tokenOf(request, context));
  const alerts = { on: textingOn(context.config), ...(await textAlerts(context.db, signedInAdmin.id)) };
  return { signedInAdmin, sessions, totalSessions: total, alerts };
}

const ACCOUNT_INTENTS = ["change-password", "end-session", "end-other-sessions", "text-alerts"] as const;
type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/**
 * Each form of the screen, told apart by `intent`. A post without one is the password form (as it was
 * sent before the screen had other forms).
 */
const accountForms = {
  "change-password": passwordChangeSchema,
  "end-session": z.object({
    intent: z.literal("end-session"),
    sessionId: z.string({ error: st.sessionRequired }).trim().min(1, st.sessionRequired),
  }),
  "end-other-sessions": z.object({ intent: z.literal("end-other-sessions") }),
  "text-alerts": textAlertsFormSchema,
};
type AccountForm = (typeof accountForms)[AccountIntent];
/** Only refuses: an intent the screen does not know. */
const unknownIntent = z.object({ intent: z.enum(ACCOUNT_INTENTS, { error: st.unknownIntent }) }) as unknown as AccountForm;
const accountForm = (formData: FormData): AccountForm => {
  const intent = formData.get("intent") ?? "change-password";
  return typeof intent === "string" && Object.hasOwn(accountForms, intent) ? accountForms[intent as AccountIntent] : unknownIntent;
};

/** What the page is told besides the message: which form it answers. */
type Done = { intent: AccountIntent };

/**
 * The screen's forms, posted by the browser itself (with or without scripts):
 * - "Change password", to the same password change as POST /api/auth/password: wrong current passwords
 *   count in the sign-in's throttle, and every other session of the account is signed out. No password
 *   is ever sent back to the page.
 * - "Sign out" on a session's row, and "Sign out everywhere else".
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "account",
      schema: accountForm,
      // Three password fields of at most 1,024 characters each, URL-encoded: 16 KB is plenty.
      maxBytes: 16 * 1024,
      access: "admin",
      hideFields: ["currentPassword", "newPassword", "confirmPassword"],
      invalid: (submission) => {
        const intent = submission.payload.intent;
        return intent === undefined || intent === "change-password" ? passwordChangeMessages.invalidForm : firstError(submission);
      },
      messages: {
        crossSite: authMessages.crossSite,
        notAForm: passwordChangeMessages.formNotSupported,
        tooLarge: passwordChangeMessages.formTooLarge,
      },
    },
    async ({ value, admin }) => {
      const currentToken = tokenOf(request, context);
      const ip = context.clientIp;
      if ("intent" in value && value.intent === "end-session") {
        const result = await endSession(context.db, { admin, currentToken, ip }, value.sessionId);
        switch (result.status) {
          case "ended":
            context.logger.info({ reqId: context.requestId, adminId: admin.id, sessionId: value.sessionId }, "admin session ended");
            return accept<Done>(st.ended(result.browser), null, { data: { intent: "end-session" } });
          case "current":
            // The page offers no button on this session's own row; a post naming it anyway is taken at
            // its word and signs out, exactly as the Sign out button at the top of the page does.
            await signOut(context, currentToken, ip);
            return redirect(SIGN_IN_PATH, { status: 303, headers: { "Set-Cookie": clearedSessionCookieHeader(context.config) } });
          case "not_found":
            return refuse(404, st.notFound);
        }
      }
      if ("intent" in value && value.intent === "text-alerts") {
        const mobilePhone = value.mobilePhone ? e164Phone(value.mobilePhone) : null;
        await saveTextAlerts(context.db, admin.id, { mobilePhone, smsAlerts: value.smsAlerts === "on" });
        context.logger.info({ reqId: context.requestId, adminId: admin.id, smsAlerts: value.smsAlerts === "on" }, "alerts by text saved");
        return accept<Done>(smsMessages.account.saved, null, { data: { intent: "text-alerts" } });
      }
      if ("intent" in value && value.intent === "end-other-sessions") {
        const ended = await endOtherSessions(context.db, { admin, currentToken, ip });
        context.logger.info({ reqId: context.requestId, adminId: admin.id, ended }, "admin signed out everywhere else");
        return accept<Done>(st.endedOthers(ended), null, { data: { intent: "end-other-sessions" } });
      }
      const result = await changePassword(context, { admin, sessionToken: currentToken, ip, requestId: context.requestId }, value);
      switch (result.status) {
        case 200:
          return accept<Done>(result.message, null, { data: { intent: "change-password" } });
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

/** Which of the screen's forms an answer is for: the accepted one's, or the refused one's as it was sent. */
const intentOf = (answer: FormAnswer<Done> | undefined): AccountIntent | undefined => {
  if (!answer) return undefined;
  const intent = answer.ok ? answer.data?.intent : sentValue(answer, "intent");
  return intent === "end-session" || intent === "end-other-sessions" || intent === "text-alerts" ? intent : "change-password";
};

/** An answer of one of the screen's forms, where that form is. */
function Answer({ answer }: { answer: FormAnswer<Done> }) {
  return (
    <div
      role={answer.ok ? "status" : "alert"}
      className={`mt-4 rounded-md border px-4 py-3 text-sm font-medium ${answer.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
    >
      {answer.message}
    </div>
  );
}

const cell = "px-4 py-3 align-top";
const smallButton =
  "rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * /admin/account: who is signed in, the "Change password" form (current password, new password
 * twice), the way to two-factor sign-in, and the account's sessions with a way to end them. Every form
 * works without scripts: a POST to this page.
 */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { signedInAdmin, sessions, totalSessions, alerts } = loaderData;
  const { shortTime } = useAdminTimes();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "change-password")
      : null;
  const submitting = busyIntent === "change-password";
  const busySession = busyIntent === "end-session" ? String(navigation.formData?.get("sessionId") ?? "") : null;
  const formRef = useRef<HTMLFormElement>(null);
  const answered = intentOf(actionData);
  const passwordAnswer = answered === "change-password" ? actionData : undefined;
  const sessionsAnswer = answered === "end-session" || answered === "end-other-sessions" ? actionData : undefined;
  const others = totalSessions - (sessions.some((s) => s.current) ? 1 : 0);

  // After a change the fields are emptied (a page posted without scripts renders them empty anyway).
  useEffect(() => {
    if (passwordAnswer?.ok) formRef.current?.reset();
  }, [passwordAnswer]);

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
          {passwordAnswer && <Answer answer={passwordAnswer} />}
          <Form ref={formRef} method="post" noValidate className="mt-5" aria-labelledby="change-password">
            <input type="hidden" name="intent" value="change-password" />
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
                error={fieldErrorOf(passwordAnswer, "currentPassword")}
              />
              <PasswordFields
                password={{
                  id: "new-password",
                  name: "newPassword",
                  label: text.newPassword,
                  error: fieldErrorOf(passwordAnswer, "newPassword"),
                }}
                confirm={{
                  id: "confirm-password",
                  name: "confirmPassword",
                  label: text.confirmPassword,
                  error: fieldErrorOf(passwordAnswer, "confirmPassword"),
                }}
                hint={text.newPasswordHint}
              />
              <button type="submit" className={buttonClass("primary")}>
                {submitting ? text.submitting : text.submit}
              </button>
            </fieldset>
          </Form>
        </section>

        <TextAlertsForm alerts={alerts} answer={answered === "text-alerts" ? actionData : undefined} />

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

      <section aria-labelledby="sessions" className="mt-8">
        <h2 id="sessions" className="text-lg font-semibold text-brand-900">
          {st.heading}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{st.intro}</p>
        {sessionsAnswer && <Answer answer={sessionsAnswer} />}
        <div className="mt-4">
          <AdminTable caption={st.caption} columns={st.columns} empty={st.empty} isEmpty={sessions.length === 0}>
            {sessions.map((session) => {
              const address = session.address ?? st.unknownAddress;
              const lastSeen = shortTime(session.lastSeenAt);
              return (
                <tr key={session.id} data-session-id={session.id} className={session.current ? "bg-brand-50" : ""}>
                  <td className={`${cell} font-medium text-slate-900`}>{session.browser}</td>
                  <td className={cell}>{session.place}</td>
                  <td className={`${cell} break-all font-mono text-xs`}>{address}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={session.lastSeenAt}>{lastSeen}</time>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={session.signedInAt}>{shortTime(session.signedInAt)}</time>
                  </td>
                  <td className={`${cell} text-right`}>
                    {/* This session's own row has no button: it ends with Sign Out at the top of the page. */}
                    {session.current ? (
                      <>
                        <strong className="block font-semibold text-brand-800">{st.thisSession}</strong>
                        <span className="block text-xs text-slate-600">{st.thisSessionHint}</span>
                      </>
                    ) : (
                      <Form method="post" className="inline">
                        <input type="hidden" name="sessionId" value={session.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="end-session"
                          aria-label={st.signOutLabel(session.browser, address, lastSeen)}
                          disabled={busyIntent !== null}
                          className={smallButton}
                        >
                          {busySession === session.id ? st.signingOut : st.signOut}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        </div>
        {totalSessions > sessions.length && (
          <p className="mt-2 text-sm text-slate-600">{st.notAllListed(sessions.length, totalSessions)}</p>
        )}
        {others > 0 && (
          <Form method="post" className="mt-4">
            <p className="text-sm text-slate-600" id="sign-out-others-hint">
              {st.signOutOthersHint}
            </p>
            <button
              type="submit"
              name="intent"
              value="end-other-sessions"
              aria-describedby="sign-out-others-hint"
              disabled={busyIntent !== null}
              className={buttonClass("outline", "mt-2")}
            >
              {busyIntent === "end-other-sessions" ? st.signingOutOthers : st.signOutOthers}
            </button>
          </Form>
        )}
        {/* DB-IP Lite's licence (CC BY 4.0) asks for this credit, linked, wherever its results are shown. */}
        <p className="mt-4 text-xs text-slate-600">
          <a href={st.attributionUrl} className="underline hover:text-brand-800">
            {st.attribution}
          </a>
        </p>
      </section>
    </AdminPage>
  );
}
