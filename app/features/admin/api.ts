/**
 * The back office's calls to our API: same-origin, JSON, cookies sent. A non-OK answer becomes an
 * AdminApiError carrying the server's message (the spec's toasts fall back to their own texts).
 */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Where a 401 from any admin call sends the browser (the session ended or was revoked). */
export const SIGN_IN_PATH = "/admin/login";

export async function adminApi<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new AdminApiError(0, "Network error");
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  // The session ended (idle timeout, signed out elsewhere): the browser goes to sign in, in place of this page.
  if (res.status === 401 && !path.startsWith("/api/auth/")) window.location.replace(SIGN_IN_PATH);
  if (!res.ok || data.success === false) {
    const message = typeof data.message === "string" ? data.message : undefined;
    throw new AdminApiError(
      res.status,
      message ?? `HTTP error! status: ${res.status}`,
      message,
      (data.errors as Record<string, string>) ?? undefined,
    );
  }
  return data as T;
}

/** The server's message when it sent one, else the screen's own text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof AdminApiError && error.serverMessage ? error.serverMessage : fallback;
}
