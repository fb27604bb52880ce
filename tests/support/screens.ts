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
