/**
 * Refusing requests a browser makes on behalf of another website (cross-site request forgery).
 *
 * A form post or multipart upload needs no CORS preflight, so another site can make its visitors'
 * browsers send one here, cookies included when SameSite allows. Browsers name the sending page in
 * Origin; one whose host is neither SITE_URL's nor the host the request was sent to is refused. The
 * scheme is not compared: behind a proxy that ends TLS the request arrives over http. Without Origin,
 * Sec-Fetch-Site (sent by current browsers) saying "cross-site" is refused too. Clients that send
 * neither (curl, scripts) are not browsers acting for another site.
 */
import type { Context } from "hono";
import type { ProxyTrust } from "~/env.server";

export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type OriginSettings = { SITE_URL: string; TRUST_PROXY: ProxyTrust };

/** Whether this request was sent by a browser from another site's page. */
export function isCrossSite(c: Context, { SITE_URL, TRUST_PROXY }: OriginSettings): boolean {
  const origin = c.req.header("origin");
  if (!origin) return c.req.header("sec-fetch-site")?.trim().toLowerCase() === "cross-site";
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    // "null" (sandboxed frames, some redirects) or garbage: not our page.
    return true;
  }
  if (host === new URL(SITE_URL).host.toLowerCase()) return false;
  const requestHosts = [c.req.header("host"), TRUST_PROXY ? c.req.header("x-forwarded-host")?.split(",")[0] : undefined]
    .filter((h): h is string => Boolean(h))
    .map((h) => h.trim().toLowerCase());
  return !requestHosts.includes(host);
}
