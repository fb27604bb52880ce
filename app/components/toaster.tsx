import { lazy, Suspense, useEffect, useState } from "react";
import { TOASTER_EVENT, toasterFailed, toasterMounted, toasterRequested } from "~/lib/notify";
import { LoadBoundary } from "./ui/load-boundary";

const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Tells notify() the toaster is listening; its effect runs after Sonner's own (an earlier sibling's). */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/**
 * The one toaster (Sonner, whose defaults are the spec's settings: top-right, 4000 ms, 3 visible,
 * 14 px gap, 356 px wide, Alt+T). It mounts on the first toast (see ~/lib/notify), so a page that
 * shows none never loads it.
 */
export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (toasterRequested()) setActive(true);
    const activate = () => setActive(true);
    window.addEventListener(TOASTER_EVENT, activate);
    return () => window.removeEventListener(TOASTER_EVENT, activate);
  }, []);
  return active ? (
    <LoadBoundary
      fallback={null}
      onError={(error) => {
        toasterFailed(error);
        setActive(false);
      }}
    >
      <Suspense fallback={null}>
        <SonnerToaster position="top-right" closeButton />
        <MountedSignal />
      </Suspense>
    </LoadBoundary>
  ) : null;
}
