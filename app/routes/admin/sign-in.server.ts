/**
 * What the sign-in's screens share on the server: /admin/login (the password), /admin/login/code (the
 * second step), /admin/two-factor/enrol (setting a second factor up when the site requires it) and
 * /admin/account/two-factor (a signed-in admin's own settings). See docs/decisions/026-two-factor-sign-in.md.
 *
 * Whichever step completes the sign-in redirects with the flash toast "Login successful!" (the one notice
 * channel, app/lib/toast.server.ts), to the back-office page the visitor was sent from (`redirectTo`,
 * same site and under /admin only), else to the dashboard.
 */
import { type AppLoadContext, redirect } from "react-router";
import {
  type SessionState,
  sessionCookieHeader,
  sessionState,
  sessionTimeouts,
  sessionTokenFromCookieHeader,
} from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import type { SignInClient } from "~/features/auth/sign-in.server";
import type { CodeFailure } from "~/features/auth/two-factor.server";
import { twoFactorStepPath } from "~/features/auth/two-factor-messages";
import { refuse, requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";

export const DASHBOARD = "/admin/dashboard";
export const ACCOUNT_TWO_FACTOR = "/admin/account/two-factor";

/** The longest return path kept (a back-office address with its filters). */
const REDIRECT_MAX = 2048;
/** Pages a sign-in never returns to: the sign-in's own steps, signing out, an invitation, first-run setup. */
const NOT_AFTER_SIGN_IN = /^\/admin\/(login|logout|invite|two-factor|setup)(\/|$)/;

/**
 * The page a sign-in returns to, when `value` names one: a path of this site under /admin (never another
 * site's address, however it is spelled), else null.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== "string" || value.length > REDIRECT_MAX || !value.startsWith("/admin")) return null;
  // Anything a browser would read as another host ("//", "/\", control characters) fails these checks.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !/^\/admin(\/|$)/.test(url.pathname) || NOT_AFTER_SIGN_IN.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The query that carries a return path to the next step ("" without one). */
export const returnQuery = (redirectTo: string | null) => (redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "");

/** The return path the address of `request` carries, checked. */
export const redirectToOf = (request: Request) => safeRedirect(new URL(request.url).searchParams.get("redirectTo"));

/** The flash toast of a completed sign-in (spec 001 section 8). */
export const signedInToast = { type: "success", title: authMessages.success } as const;

/** The sign-in is complete: the session's cookie, and on to the page asked for with "Login successful!". */
export function completeSignIn(context: AppLoadContext, token: string, redirectTo: string | null) {
  return redirectWithToast(context, redirectTo ?? DASHBOARD, signedInToast, {
    headers: { "Set-Cookie": sessionCookieHeader(context.config, token) },
  });
}

/** The password was right and a second step is pending: the session's cookie, and on to that step. */
export function toSecondStep(context: AppLoadContext, token: string, step: keyof typeof twoFactorStepPath, redirectTo: string | null) {
  return redirect(`${twoFactorStepPath[step]}${returnQuery(redirectTo)}`, {
    status: 303,
    headers: { "Set-Cookie": sessionCookieHeader(context.config, token) },
  });
}

export const tokenOf = (request: Request, context: AppLoadContext) =>
  sessionTokenFromCookieHeader(context.config, request.headers.get("cookie"));

/** The session of the request's cookie, whichever step it is at; null without one. */
export async function stateOf(request: Request, context: AppLoadContext): Promise<SessionState | null> {
  const token = tokenOf(request, context);
  return token ? sessionState(context.db, token, sessionTimeouts(context.config)) : null;
}

export const clientOf = (request: Request, context: AppLoadContext): SignInClient => ({
  ip: context.clientIp,
  userAgent: request.headers.get("user-agent"),
  requestId: context.requestId,
});

/** Where a session belongs when it opens a step it is not at: its pending step, else the dashboard. */
export function stepOf(state: SessionState): string {
  if (state.awaiting === "second_factor") return twoFactorStepPath.code;
  if (state.awaiting === "enrolment") return twoFactorStepPath.enrolment;
  return DASHBOARD;
}

/** A fully signed-in session; one halfway through signing in goes to its step, none to sign in (and back here). */
export async function fullySignedIn(request: Request, context: AppLoadContext): Promise<SessionState> {
  const state = await stateOf(request, context);
  if (state?.awaiting === null) return state;
  if (state) throw redirect(stepOf(state));
  await requireAdmin(request, context);
  throw redirect(DASHBOARD);
}

/** A refused code: the reason beside the code field (and the wait, as Retry-After). */
export function codeRefusal(result: CodeFailure) {
  if (result.status === 429)
    return refuse(429, result.message, { code: result.message }, { "Retry-After": String(result.retryAfterSeconds) });
  if (result.status === 400) return refuse(400, result.message, result.errors);
  // A wrong code, codes locked, or codes that cannot be checked: said beside the field the code was typed in.
  if (result.status === 401 || result.status === 403 || result.status === 503)
    return refuse(result.status, result.message, { code: result.message });
  return refuse(result.status, result.message);
}

/**
 * The headers of the two-factor pages: never kept by a browser or proxy cache (they show the key and
 * the recovery codes), and an action's Retry-After passed on.
 */
export function twoFactorPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}
