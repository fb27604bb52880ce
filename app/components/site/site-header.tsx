import { Link, NavLink } from "react-router";
import { mainNav, quoteCta } from "~/content/navigation";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between px-4 sm:px-6">
        {/* Named by what it shows, then where it goes ("Hill Country Insurance, home"): WCAG 2.5.3, Label in Name. */}
        <Link to="/" className="rounded-md">
          <Logo />
          <span className="sr-only">, home</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700 underline decoration-accent-500 decoration-2 underline-offset-8" : "text-slate-700 hover:text-brand-700"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="ml-3">
              <Link
                to={quoteCta.to}
                className="rounded-md bg-accent-400 px-4 py-2 text-sm font-semibold text-brand-900 shadow-sm hover:bg-accent-500"
              >
                {quoteCta.label}
              </Link>
            </li>
          </ul>
        </nav>
        <MobileMenu />
      </div>
    </header>
  );
}
