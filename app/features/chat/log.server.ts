/** How the chat assistant's parts log, and what of an error a log line may carry. */

export type ChatLog = (level: "debug" | "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

/**
 * An error as a log line may carry it. A failed query's parameters are left out: they hold a chat's
 * id, which is the key to its transcript and never logged, and the visitor's own words. Its SQL, the
 * database's code and message, and the stack stay. Other errors pass unchanged.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const failed = error as Error & { query?: unknown; params?: unknown };
  if (typeof failed.query !== "string" || !("params" in failed)) return error;
  const message = `Failed query: ${failed.query}`;
  // The stack begins with the message, parameters included: keep only the frames after it.
  const stack = failed.stack ?? "";
  const at = stack.indexOf(failed.message);
  const frames = at >= 0 ? stack.slice(at + failed.message.length) : "";
  const cause = failed.cause as { name?: string; message?: string; code?: string; constraint?: string; table?: string } | undefined;
  return {
    type: failed.constructor.name,
    message,
    stack: `${failed.name}: ${message}${frames}`,
    ...(cause && {
      cause: { type: cause.name, message: cause.message, code: cause.code, constraint: cause.constraint, table: cause.table },
    }),
  };
}
