/**
 * React Router checks an action's Origin before the action runs: one that is neither the request's
 * own origin nor a host the build allows (server/app.ts gives it SITE_URL's) is answered 400 "Bad
 * Request" and handed to the entry's handleError as an error, with its message and a stack. Any page
 * on the web can make its visitors' browsers send such a post, so it is no fault of the site and is
 * written as a brief warning instead (app/entry.server.tsx).
 */

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What React Router hands on when it refuses an action's Origin: for a page's post, the error its
 * check throws ("... Aborting the action."); for a script's post (a .data request), a new "Bad Request".
 */
const REFUSAL = /Aborting the action\.$|^Bad Request$/;

/**
 * Whether `error` is React Router refusing this request's Origin: a post that names an origin other
 * than its own, and one of the errors that refusal raises. A thrown error of the action itself never
 * matches: once the check has let a request through, none of these is raised for it.
 */
export function isRefusedActionOrigin(error: unknown, request: Request): boolean {
  if (!MUTATIONS.has(request.method) || !(error instanceof Error) || !REFUSAL.test(error.message)) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    // "null" (a sandboxed frame) or a value that is no address: refused as well.
    return true;
  }
}
