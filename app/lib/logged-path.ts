/**
 * The path as logs may hold it: a chat's id is the only key to its transcript, and an invitation's
 * token opens an admin account, so the request and error logs write the route's pattern in their
 * place. React Router matches paths without regard to case and decodes percent-escapes, so
 * `/Admin/%69nvite/{token}` opens the invitation too: each segment is decoded first (a malformed
 * escape is left as written) and the patterns are matched in any case. The server's request log and
 * the render's error log (app/entry.server.tsx) both write paths through this one function.
 */
export function loggedPath(path: string): string {
  const decoded = path.includes("%") ? path.split("/").map(decodedSegment).join("/") : path;
  return decoded.replace(/(\/chat\/sessions\/)[^/]+/i, "$1:id").replace(/(\/admin\/invite\/)[^/]+/i, "$1:token");
}

/** A segment as React Router matches it: decoded, an encoded slash kept encoded so segments stay apart. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/\//g, "%2F");
  } catch {
    return segment;
  }
}
