import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNav, quoteCta } from "~/content/navigation";

/**
 * Slide-in menu below the desktop breakpoint. The toggle opens and closes it; Escape, the
 * close button and choosing a link close it; focus moves into the panel, stays there while
 * it is open, and returns to the toggle afterwards.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // A navigation (including back/forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page; the path itself is not read
  useEffect(() => setOpen(false), [pathname]);

  // Widening the window past the desktop breakpoint hides the menu button: close the menu with it.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      } else if (event.key === "Tab" && panel) {
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
      }
    };
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [open]);

  /** Closes the menu and gives focus back to its button (unless a link is taking the visitor elsewhere). */
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) toggleRef.current?.focus();
  };

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="rounded-md p-2 text-brand-800 hover:bg-brand-50"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((v) => !v)}
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
        className={`fixed inset-0 top-16 z-40 bg-slate-900/40 transition-opacity ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
        aria-hidden="true"
        onClick={() => close()}
      />
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-modal="true"
        aria-label="Site menu"
        hidden={!open}
        className="fixed top-16 right-0 bottom-0 z-50 w-72 max-w-full overflow-y-auto bg-white p-6 shadow-xl"
      >
        <div className="mb-4 flex justify-end">
          <button
            type="button"
            className="rounded-md px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
            onClick={() => close()}
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
                  onClick={() => close(false)}
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
            onClick={() => close(false)}
            className="mt-6 block rounded-md bg-accent-400 px-4 py-3 text-center font-semibold text-brand-900 hover:bg-accent-500"
          >
            {quoteCta.label}
          </Link>
        </nav>
      </div>
    </div>
  );
}
