/** Where the back office sends a browser without a live session. */
export const SIGN_IN_PATH = "/admin/login";

/**
 * The page a request is for: its path as React Router reads it, without the suffix of a data request
 * (a navigation, a form sent or a revalidation once hydrated). The route modules receive requests as
 * they came (`v8_passThroughRequests`), and data requests are trailing-slash aware: `/admin/jobs.data`
 * is /admin/jobs, `/admin/jobs/_.data` is /admin/jobs/.
 */
export function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}

/** The back office's first segment, or the data request of its index (/admin.data), in any case. */
const BACK_OFFICE_SEGMENT = /^admin(\.data)?$/i;

/**
 * The first segment of a path as React Router matches it against the route table: percent-escapes
 * decoded (a malformed one left as written). React Router's patterns ignore ASCII case, as the
 * regular expression above does.
 */
function firstSegment(path: string): { written: string; decoded: string; rest: string } {
  const end = path.indexOf("/", 1);
  const written = end === -1 ? path.slice(1) : path.slice(1, end);
  let decoded = written;
  if (written.includes("%")) {
    try {
      decoded = decodeURIComponent(written);
    } catch {
      // As React Router leaves it.
    }
  }
  return { written, decoded, rest: end === -1 ? "" : path.slice(end) };
}

/**
 * Whether a path opens the back office: its first segment is "admin" in any spelling React Router
 * matches ("/Admin/leads", "/%61dmin/leads"), or its index's data request. No third-party script runs
 * there and nothing of it is stored; deciding by an exact "/admin" prefix let the other spellings
 * through as public pages.
 */
export function isBackOfficePath(path: string): boolean {
  return BACK_OFFICE_SEGMENT.test(firstSegment(path).decoded);
}

/**
 * The back office's own spelling of a path whose first segment spells "admin" otherwise: that segment
 * written "admin" (or "admin.data"), the rest and its escapes as they came (an invitation's token is
 * case-sensitive). Null when the path is already so written, or is no back-office path.
 */
export function backOfficeSpelling(path: string): string | null {
  const { written, decoded, rest } = firstSegment(path);
  if (!BACK_OFFICE_SEGMENT.test(decoded)) return null;
  const canonical = decoded.toLowerCase();
  return written === canonical ? null : `/${canonical}${rest}`;
}
