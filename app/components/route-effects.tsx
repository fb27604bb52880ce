import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { rememberLanding } from "~/lib/submission-context";
import { reportPageView } from "./analytics";

/**
 * On every route change: scroll smoothly to the top, and report the path when analytics is on.
 * On the first page of a visit: remember its UTM parameters and referrer for the forms.
 */
export function RouteEffects({ analytics }: { analytics: boolean }) {
  const { pathname, search } = useLocation();
  const first = useRef(true);

  useEffect(() => rememberLanding(), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page; the path itself is not read
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
