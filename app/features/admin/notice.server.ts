/**
 * A back-office notice that outlives a redirect: an action that sends the browser to another screen
 * (a saved post goes back to the list) leaves a short-lived cookie naming what happened, and the next
 * screen's loader reads it once, clears it and shows its text, as a toast with scripts and in the page
 * without. The cookie carries a key of the screen's own list, never text a request could choose.
 */
import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import type { AppLoadContext } from "react-router";

const NAME = "admin_notice";
/** Long enough for the redirect to be followed, short enough never to surface later by surprise. */
const MAX_AGE_SECONDS = 60;

const cookie = (context: AppLoadContext, value: string, maxAge: number) =>
  serializeCookie(NAME, value, { httpOnly: true, sameSite: "Lax", path: "/admin", secure: context.config.secureCookies, maxAge });

/** The Set-Cookie value that leaves `key` for the next screen. */
export function noticeCookie(context: AppLoadContext, key: string): string {
  return cookie(context, key, MAX_AGE_SECONDS);
}

/**
 * The text of the notice the request carries, when its key is one of `texts`, with the Set-Cookie
 * value that clears it (null when there was no notice to clear).
 */
export function takeNotice<K extends string>(
  request: Request,
  context: AppLoadContext,
  texts: Record<K, string>,
): { message: string | null; clear: string | null } {
  const header = request.headers.get("cookie");
  const key = header ? parseCookies(header, NAME)[NAME] : undefined;
  if (!key) return { message: null, clear: null };
  const message = Object.hasOwn(texts, key) ? texts[key as K] : null;
  return { message, clear: cookie(context, "", 0) };
}
