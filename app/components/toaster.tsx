import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { registerToaster, showToast, type Toast, toasterFailed, toasterMounted } from "~/lib/toast";
import { LoadBoundary } from "./ui/load-boundary";

const SonnerToaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Tells the toast module the toaster is listening; its effect runs after Sonner's own (an earlier sibling's). */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/**
 * The one toaster (Sonner, whose defaults are the spec's settings: top-right, 4000 ms, 3 visible,
 * 14 px gap, 356 px wide, Alt+T). It mounts on the first toast (see ~/lib/toast), so a page that
 * shows none never loads it. `flash` is the toast the last redirect carried (the root loader's): shown
 * once as a toast after hydration, and in the page itself before it (and without scripts).
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  const [active, setActive] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => registerToaster(() => setActive(true)), []);
  const shown = useRef<Toast | null>(null);
  useEffect(() => {
    setHydrated(true);
    if (!flash || shown.current === flash) return;
    shown.current = flash;
    showToast(flash);
  }, [flash]);
  return (
    <>
      {flash && !hydrated && (
        <div
          role={flash.type === "error" ? "alert" : "status"}
          data-flash-toast={flash.type}
          className="fixed top-4 right-4 z-[9999] max-w-[356px] rounded-lg border border-slate-200 bg-white px-4 py-3.5 text-sm text-slate-900 shadow-lg"
        >
          <p>{flash.title}</p>
          {flash.description && <p>{flash.description}</p>}
        </div>
      )}
      {active && (
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
      )}
    </>
  );
}
