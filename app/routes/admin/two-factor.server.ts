/**
 * Loaders and actions of the two-factor screens (docs/decisions/026-two-factor-sign-in.md):
 * /admin/login/code (the second step of a sign-in), /admin/two-factor/enrol (setting it up when the
 * site requires it) and /admin/account/two-factor (a signed-in admin's own settings). Each form is a
 * plain POST answered here, with or without scripts; the checks are those of the API.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { isUrlEncodedForm, readUrlEncodedForm } from "~/features/admin/guard.server";
import {
  type SessionState,
  sessionCookieHeader,
  sessionCookieName,
  sessionState,
  sessionTimeouts,
  sessionTokenFromCookieHeader,
} from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import type { SignInClient } from "~/features/auth/sign-in.server";
import {
  type CodeFailure,
  confirmEnrolment,
  disableTwoFactor,
  endStaleEnrolment,
  enrolmentView,
  regenerateRecoveryCodes,
  signInWithCode,
  twoFactorStatus,
} from "~/features/auth/two-factor.server";
import { twoFactorMessages as text, twoFactorStepPath } from "~/features/auth/two-factor-messages";

/** One short field and an intent: a few KB is plenty. */
const MAX_FORM_BYTES = 4 * 1024;

const SIGN_IN = "/admin/login";
const DASHBOARD = "/admin/dashboard";
const ACCOUNT_TWO_FACTOR = "/admin/account/two-factor";

export type TwoFactorActionData = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  /** Shown once, right after they are made. */
  recoveryCodes?: string[];
  intent?: string;
};

const answer = (status: number, body: TwoFactorActionData, headers?: HeadersInit) => data<TwoFactorActionData>(body, { status, headers });

function failure(result: CodeFailure, intent?: string) {
  const headers = result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  const errors =
    result.status === 400 ? result.errors : result.status === 401 || result.status === 429 ? { code: result.message } : undefined;
  return answer(result.status, { ok: false, message: result.message, errors, intent }, headers);
}

/**
 * The headers of the two-factor pages: never kept by a browser or proxy cache (they show the key and
 * the recovery codes), and an action's Retry-After passed on.
 */
export function twoFactorPageHeaders(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

const tokenOf = (request: Request, context: AppLoadContext) => sessionTokenFromCookieHeader(context.config, request.headers.get("cookie"));

async function stateOf(request: Request, context: AppLoadContext): Promise<SessionState | null> {
  const token = tokenOf(request, context);
  return token ? sessionState(context.db, token, sessionTimeouts(context.config)) : null;
}

const clientOf = (request: Request, context: AppLoadContext): SignInClient => ({
  ip: context.clientIp,
  userAgent: request.headers.get("user-agent"),
  requestId: context.requestId,
});

/** The posted form, or the answer refusing it (another site's page, not a browser form, too large). */
async function formOf(request: Request, context: AppLoadContext): Promise<URLSearchParams | ReturnType<typeof answer>> {
  if (context.crossSite) return answer(403, { ok: false, message: authMessages.crossSite });
  if (!isUrlEncodedForm(request)) return answer(415, { ok: false, message: text.formNotSupported });
  const form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  if (!form) return answer(413, { ok: false, message: text.formTooLarge });
  return form;
}

/** Where a session belongs when it opens a step it is not at. */
function elsewhere(state: SessionState | null): string {
  if (!state) return SIGN_IN;
  if (state.awaiting === "second_factor") return twoFactorStepPath.code;
  if (state.awaiting === "enrolment") return twoFactorStepPath.enrolment;
  return DASHBOARD;
}

// ---- /admin/login/code ----

export async function codeStepLoader(request: Request, context: AppLoadContext) {
  const state = await stateOf(request, context);
  if (state?.awaiting !== "second_factor") throw redirect(elsewhere(state));
  return { email: state.admin.email };
}

export async function codeStepAction(request: Request, context: AppLoadContext) {
  const form = await formOf(request, context);
  if (!(form instanceof URLSearchParams)) return form;
  const result = await signInWithCode(context, tokenOf(request, context), { code: form.get("code") ?? "" }, clientOf(request, context));
  if (result.status === 200) {
    return redirect(DASHBOARD, { status: 303, headers: { "Set-Cookie": sessionCookieHeader(context.config, result.token) } });
  }
  return failure(result);
}

// ---- /admin/two-factor/enrol ----

/** The Set-Cookie value that makes the browser forget an ended session's cookie. */
const clearedSessionCookie = (context: AppLoadContext) =>
  `${sessionCookieName(context.config)}=; Max-Age=0; Path=/; HttpOnly;${context.config.secureCookies ? " Secure;" : ""} SameSite=Lax`;

/** Back to the sign-in page, the session ended and its cookie cleared. */
const signInAgain = (context: AppLoadContext, status?: number) =>
  redirect(SIGN_IN, { status, headers: { "Set-Cookie": clearedSessionCookie(context) } });

export async function enrolLoader(request: Request, context: AppLoadContext) {
  const state = await stateOf(request, context);
  if (state && state.awaiting === null) {
    // Done (this very page's form just finished it): the recovery codes come with the action's answer.
    if (state.totpEnabledAt) return { step: "done" as const };
    // A signed-in admin without a second factor sets it up from the account page.
    throw redirect(ACCOUNT_TWO_FACTOR);
  }
  if (state?.awaiting !== "enrolment") throw redirect(elsewhere(state));
  // Turned on in another session meanwhile: this one signs in again, with a code.
  if (await endStaleEnrolment(context.db, state)) throw signInAgain(context);
  const view = await enrolmentView(context.db, state);
  if (!view) throw redirect(SIGN_IN);
  return { step: "enrol" as const, view };
}

export async function enrolAction(request: Request, context: AppLoadContext) {
  const form = await formOf(request, context);
  if (!(form instanceof URLSearchParams)) return form;
  const state = await stateOf(request, context);
  if (state && (await endStaleEnrolment(context.db, state))) return signInAgain(context, 303);
  const result = await confirmEnrolment(context, tokenOf(request, context), { code: form.get("code") ?? "" }, clientOf(request, context));
  if (result.status !== 200) return failure(result, "enable");
  return answer(200, { ok: true, message: text.enabled, recoveryCodes: result.recoveryCodes, intent: "enable" });
}

// ---- /admin/account/two-factor ----

export async function accountTwoFactorLoader(request: Request, context: AppLoadContext) {
  const state = await stateOf(request, context);
  if (!state || state.awaiting !== null) throw redirect(elsewhere(state));
  const status = await twoFactorStatus(context.db, state.admin.id);
  return {
    email: state.admin.email,
    // Formatted here, so the page reads the same before and after hydration.
    enabledOn: status.enabledAt?.toLocaleDateString("en-US", { dateStyle: "medium" }) ?? null,
    unusedRecoveryCodes: status.unusedRecoveryCodes,
    required: context.config.ADMIN_REQUIRE_2FA,
    enrol: status.enabledAt ? null : await enrolmentView(context.db, { ...state, totpEnabledAt: null }),
  };
}

const INTENTS = ["enable", "regenerate", "disable"] as const;

export async function accountTwoFactorAction(request: Request, context: AppLoadContext) {
  const form = await formOf(request, context);
  if (!(form instanceof URLSearchParams)) return form;
  const state = await stateOf(request, context);
  if (!state || state.awaiting !== null) throw redirect(elsewhere(state));
  const intent = form.get("intent") ?? "";
  if (!(INTENTS as readonly string[]).includes(intent)) return answer(400, { ok: false, message: text.formNotSupported });
  const token = tokenOf(request, context);
  const input = { code: form.get("code") ?? "" };
  const client = clientOf(request, context);
  if (intent === "enable") {
    const result = await confirmEnrolment(context, token, input, client);
    if (result.status !== 200) return failure(result, intent);
    return answer(200, { ok: true, message: text.enabled, recoveryCodes: result.recoveryCodes, intent });
  }
  if (intent === "regenerate") {
    const result = await regenerateRecoveryCodes(context, token, input, client);
    if (result.status !== 200) return failure(result, intent);
    return answer(200, { ok: true, message: text.regenerated, recoveryCodes: result.recoveryCodes, intent });
  }
  const result = await disableTwoFactor(context, token, input, client);
  if (result.status !== 200) return failure(result, intent);
  return answer(200, { ok: true, message: text.disabled, intent });
}
