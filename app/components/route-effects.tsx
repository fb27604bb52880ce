import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { reportPageView } from "./analytics";

/** On every route change: scroll smoothly to the top, and report the path when analytics is on. */
export function RouteEffects({ analytics }: { analytics: boolean }) {
  const { pathname, search } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? "auto" : "smooth" });
  }, [pathname]);

  useEffect(() => {
    if (analytics) reportPageView(pathname + search);
  }, [analytics, pathname, search]);

  return null;
}
