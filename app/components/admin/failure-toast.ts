import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { notifyError } from "~/lib/toast";

/**
 * A screen's load failure, said once more as a toast: once per page shown (a new address, or Try
 * Again), not again when the page's data is read again after a post. The page says it too, so the
 * toast is only ever a repeat of what is on the screen.
 */
export function useFailureToast(message: string | null) {
  const { key } = useLocation();
  const said = useRef<string | null>(null);
  /** This failure on this page: said once. */
  const saying = message ? `${key} ${message}` : null;
  useEffect(() => {
    if (!saying || !message || said.current === saying) return;
    said.current = saying;
    notifyError(message);
  }, [saying, message]);
}
