/**
 * Requests a browser makes of a server-rendered back-office screen: the page (with or without the
 * session cookie) and its forms as posted without scripts.
 */

/** Text as React writes it into HTML. */
export const htmlText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** `site()` answers the running server's address and the signed-in admin's cookie once the suite has started. */
export function screenRequests(site: () => { url: string; cookie: string }) {
  return {
    get: (path: string, withCookie = true, extraCookie?: string) => {
      const { url, cookie } = site();
      return fetch(`${url}${path}`, {
        redirect: "manual",
        headers: withCookie ? { cookie: [cookie, extraCookie].filter(Boolean).join("; ") } : {},
      });
    },
    /** A screen's form, as a browser without scripts posts it (a header given as "" is left out). */
    postForm: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}, withCookie = true) => {
      const { url, cookie } = site();
      return fetch(`${url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: Object.fromEntries(
          Object.entries({
            "content-type": "application/x-www-form-urlencoded",
            origin: url,
            ...(withCookie ? { cookie } : {}),
            ...headers,
          }).filter(([, value]) => value !== ""),
        ),
        body: new URLSearchParams(fields).toString(),
      });
    },
  };
}

/**
 * Where a screen sends a visitor without a session: the sign-in page, naming the page to come back to
 * (app/lib/post.server.ts requireAdmin, which the admin layout's guard and every action use).
 */
export function signInLocation(res: Response, path: string): boolean {
  const location = res.headers.get("location");
  return location === `/admin/login?redirectTo=${encodeURIComponent(path)}`;
}

export type FlashToast = { type: "success" | "error"; title: string; description?: string };

/**
 * The flash toast a redirect carries (app/lib/toast.server.ts): what it says, and its cookie for the
 * next request (which shows it once, and clears it). Null when the answer carries none.
 */
export function flashToast(res: Response): { toast: FlashToast; cookie: string } | null {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("flash_toast=") && !c.startsWith("flash_toast=;"))
    ?.split(";")[0];
  if (!cookie) return null;
  const payload = cookie.slice("flash_toast=".length).split(".")[0];
  return { toast: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as FlashToast, cookie };
}

/** A flash toast cookie no server signed: the page must show nothing of it. */
export const forgedToastCookie = (toast: FlashToast) =>
  `flash_toast=${Buffer.from(JSON.stringify(toast)).toString("base64url")}.${Buffer.from("not the signature").toString("base64url")}`;

/** Whether an answer clears the flash toast (the page showed it once). */
export const clearsToast = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith("flash_toast=;") && /Max-Age=0/i.test(c));
