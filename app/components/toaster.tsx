import { lazy, Suspense, useEffect, useState } from "react";

const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/**
 * The one toaster (Sonner, whose defaults are the spec's settings: top-right, 4000 ms, 3 visible,
 * 14 px gap, 356 px wide, Alt+T). Its code loads once the page is idle, so it adds nothing to
 * first-load JavaScript; toasts only follow a visitor's action, long after that.
 */
export function Toaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <SonnerToaster position="top-right" closeButton />
    </Suspense>
  ) : null;
}
