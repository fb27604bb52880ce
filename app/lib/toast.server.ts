/**
 * The one notice channel: an action that succeeds redirects with a flash toast (a short-lived cookie,
 * signed so that no other site or subdomain can make the back office say something), and the root
 * loader reads it once, clears it and hands it to the one toaster (components/toaster.tsx), with
 * scripts as a Sonner toast and without them in the page.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseCookies, serialize as serializeCookie } from "hono/utils/cookie";
import { type AppLoadContext, redirect } from "react-router";
import { asToast, type Toast } from "./toast";

const NAME = "flash_toast";
/** Long enough for the redirect to be followed, short enough never to surface later by surprise. */
const MAX_AGE_SECONDS = 60;

type ToastContext = Pick<AppLoadContext, "config" | "cookieSecret">;

const sign = (context: ToastContext, payload: string) => createHmac("sha256", context.cookieSecret).update(payload).digest("base64url");

const cookie = (context: ToastContext, value: string, maxAge: number) =>
  serializeCookie(NAME, value, { httpOnly: true, sameSite: "Lax", path: "/", secure: context.config.secureCookies, maxAge });

/** The Set-Cookie value that shows `toast` on the next page. */
export function toastCookie(context: ToastContext, toast: Toast): string {
  const checked = asToast(toast);
  if (!checked) throw new Error("a toast needs a type and a title of at most 500 characters");
  const payload = Buffer.from(JSON.stringify(checked)).toString("base64url");
  return cookie(context, `${payload}.${sign(context, payload)}`, MAX_AGE_SECONDS);
}

/** A redirect (303 after a post) that shows `toast` on the page it leads to. */
export function redirectWithToast(context: ToastContext, url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastCookie(context, toast));
  return redirect(url, { status: 303, ...init, headers });
}

/** The toast this request carries (read once: `clear` is the Set-Cookie value that removes it). */
export function readToast(request: Request, context: ToastContext): { toast: Toast | null; clear: string | null } {
  const header = request.headers.get("cookie");
  const raw = header?.includes(NAME) ? parseCookies(header, NAME)[NAME] : undefined;
  if (!raw) return { toast: null, clear: null };
  const clear = cookie(context, "", 0);
  const [payload, signature] = raw.split(".");
  if (!payload || !signature) return { toast: null, clear };
  const expected = Buffer.from(sign(context, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { toast: null, clear };
  try {
    return { toast: asToast(JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))), clear };
  } catch {
    return { toast: null, clear };
  }
}
