import { useCallback, useEffect, useState } from "react";
import { adminApi } from "./api";

/**
 * Loads an admin API resource when the screen mounts: `loading`, then `data` or `error`; `reload()`
 * fetches again (the "Try Again" buttons). `onError` runs once per failure (the screens' toasts).
 */
export function useAdminData<T>(path: string | null, onError?: (error: unknown) => void) {
  const [state, setState] = useState<{ loading: boolean; data?: T; error?: unknown }>({ loading: path !== null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger; onError is a callback the screen defines inline, and reloading on its identity would loop
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    adminApi<T>(path, { signal: controller.signal }).then(
      (data) => setState({ loading: false, data }),
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        setState({ loading: false, error });
        onError?.(error);
      },
    );
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  /** Replaces the loaded data locally (e.g. after a delete). */
  const setData = useCallback((update: (current: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })), []);
  return { ...state, reload, setData };
}
