import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNav, quoteCta } from "~/content/navigation";

/**
 * Slide-in menu below the desktop breakpoint. The panel is a popover the toggle opens through
 * `popovertarget`, so the browser itself opens it, closes it on Escape or a tap outside, and gives
 * focus back to the toggle: the first tap works as soon as the page is painted, before scripts. Once
 * hydrated, React adds what the browser does not: focus moves into the panel and stays there while it
 * is open, and a navigation or a wider window closes it.
 */
function hidePanel(panel: HTMLElement | null) {
  if (panel?.matches(":popover-open")) panel.hidePopover();
}

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  const hide = () => hidePanel(panelRef.current);

  // The panel's state follows the browser's, including a menu opened before hydration.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    panel.addEventListener("toggle", onToggle);
    setOpen(panel.matches(":popover-open"));
    return () => panel.removeEventListener("toggle", onToggle);
  }, []);

  // A navigation (including back/forward) closes the menu; hydration itself is none (a menu opened
  // before it stays open).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hidePanel(panelRef.current);
  }, [pathname]);

  // Widening the window past the desktop breakpoint hides the menu button: close the menu with it.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const onChange = () => wide.matches && hidePanel(panelRef.current);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) panel.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>("a, button")];
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        popoverTarget={panelId}
        className="rounded-md p-2 text-brand-800 hover:bg-brand-50"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
      >
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        className="top-16 right-0 left-auto bottom-0 m-0 h-auto max-h-none w-72 max-w-full overflow-y-auto border-0 bg-white p-6 shadow-xl backdrop:top-16 backdrop:bg-slate-900/40"
      >
        <div className="mb-4 flex justify-end">
          <button
            type="button"
            popoverTarget={panelId}
            popoverTargetAction="hide"
            className="rounded-md px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
          >
            Close menu
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  onClick={hide}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-base font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Link
            to={quoteCta.to}
            onClick={hide}
            className="mt-6 block rounded-md bg-accent-400 px-4 py-3 text-center font-semibold text-brand-900 hover:bg-accent-500"
          >
            {quoteCta.label}
          </Link>
        </nav>
      </div>
    </div>
  );
}
