import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

/** "Get Instant Quote": scrolls smoothly to the page's quote form and moves focus into it. */
export function QuoteScrollLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      className={buttonClass("accent")}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
        target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
        target.querySelector<HTMLElement>("input, textarea, select")?.focus({ preventScroll: true });
        history.replaceState(null, "", `#${targetId}`);
      }}
    >
      {children}
    </a>
  );
}
