/**
 * The one flattener of a schema's issues, browser-safe: the pipeline's server side
 * (app/lib/post.server.ts re-exports it), the JSON API (app/features/leads/api-fields.ts) and a
 * form checked in the browser without Conform (the chat's intake) name their field errors with it.
 */

/** The first message per field, keyed by the field's dotted path ("" for the form as a whole); Conform keys its own errors the same way. */
export function flattenIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
