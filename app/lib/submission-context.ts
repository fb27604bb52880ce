/**
 * Where a visitor came from, sent with every form so the agency can follow up: the page, the
 * referring site and the UTM parameters of the visit's landing page (kept for the browser session).
 */
const KEY = "agency.landing";

type Landing = { referrer?: string; utm?: Record<string, string> };

/** Called on every page load: remembers the first landing of the session. */
export function rememberLanding(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const params = new URLSearchParams(window.location.search);
    const utm: Record<string, string> = {};
    for (const [k, v] of params) if (k.startsWith("utm_") && v) utm[k.slice(0, 40)] = v.slice(0, 200);
    const referrer = document.referrer && !document.referrer.startsWith(window.location.origin) ? document.referrer : undefined;
    sessionStorage.setItem(KEY, JSON.stringify({ referrer, utm: Object.keys(utm).length ? utm : undefined } satisfies Landing));
  } catch {
    // Storage unavailable (private mode): nothing to remember.
  }
}

export function submissionContext(): { pageUrl: string; referrer?: string; utm?: Record<string, string> } {
  // A form's effects run before the page's own: on the landing page itself, the landing is remembered here first.
  rememberLanding();
  let landing: Landing = {};
  try {
    landing = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Landing;
  } catch {
    landing = {};
  }
  return { pageUrl: window.location.href, referrer: landing.referrer, utm: landing.utm };
}
