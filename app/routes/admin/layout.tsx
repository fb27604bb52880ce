import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Forbidden } from "~/components/admin/forbidden";
import { adminMessages } from "~/features/admin/messages";
import { mayOpen } from "~/lib/access";
import { typingInto } from "~/lib/keys";
import { requireAdmin } from "~/lib/post.server";
import { type Role, roleMessages } from "~/lib/roles";
import { SEARCH_MAX_LENGTH } from "~/lib/search";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import { APP_VERSION } from "~/version";
import type { Route } from "./+types/layout";

export type AdminUser = { id: string; email: string; role: Role };
export type AdminContext = { user: AdminUser };

/**
 * Every screen behind the layout: the session is checked on the server, or the browser is sent to sign
 * in, and back to the screen afterwards (`?redirectTo=`). Whether the account's role may use the screen
 * is each screen's own check (a 403 renders inside this frame, below).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdminContext> {
  const { id, email, role } = await requireAdmin(request, context, { access: "signed-in" });
  return { user: { id, email, role } };
}

/**
 * Moving from one screen to another does not read the admin again: each screen's loader checks the
 * session itself, and a screen whose data failed shows its own error. A form posted, or the loaders run
 * again (e.g. after a 401 from a screen's JSON call), reads it again, so an ended session goes to sign in.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname !== nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** The signed-in admin, for screens inside the layout (the layout's loader data). */
export function useAdmin(): AdminContext {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!data) throw new Error("useAdmin is for screens inside the admin layout");
  return data;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Admin", siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

const m = adminMessages.menu;
const menu = [
  { to: "/admin/dashboard", label: m.dashboard },
  { to: "/admin/leads", label: m.leads },
  { to: "/admin/report", label: m.report },
  { to: "/admin/blog", label: m.blog },
  { to: "/admin/categories", label: m.categories },
  { to: "/admin/contacts", label: m.contacts },
  { to: "/admin/chatbot-management", label: m.chatbot },
  { to: "/admin/jobs", label: m.jobs },
  { to: "/admin/team", label: m.team },
  { to: "/admin/testimonials", label: m.testimonials },
  { to: "/admin/faqs", label: m.faqs },
  { to: "/admin/users", label: m.users },
  { to: "/admin/settings", label: m.settings },
  { to: "/admin/audit", label: m.audit },
  { to: "/admin/account", label: m.account },
  { to: "/admin/privacy", label: m.privacy },
];

/**
 * Every admin screen but the sign-in page: the side menu (only the screens the account's role may
 * open) and the screen, rendered on the server once the loader has checked the session, and below it
 * the product's version (written into the build, so no request asks for it). Sign Out is a form posted
 * to /admin/logout, so it works without scripts too.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * A screen the account's role does not include (403), inside the back office's frame; any other
 * failure of a screen without its own boundary goes on to the site's.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!data || !isRouteErrorResponse(error) || error.status !== 403) throw error;
  return (
    <AdminShell user={data.user}>
      <Forbidden />
    </AdminShell>
  );
}

/**
 * `/` puts the cursor in the screen's own search box, or where there is none, in the back office's search
 * (as in Gmail, GitHub and Linear). Typing a slash into a field stays a slash.
 */
function useSearchShortcut() {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typingInto(event.target)) return;
      const box =
        document.querySelector<HTMLInputElement>('[data-search-box="list"]') ??
        document.querySelector<HTMLInputElement>('[data-search-box="all"]');
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** The menu's panel below the desktop breakpoint (a popover the Menu button opens). */
const MENU_ID = "admin-menu";

function hideMenu(panel: HTMLElement | null) {
  if (panel?.matches(":popover-open")) panel.hidePopover();
}

/**
 * Below the desktop breakpoint the menu is a panel the Menu button opens through `popovertarget`: the
 * browser itself opens it, closes it on Escape or a tap outside and gives focus back to the button, before
 * any script and without one. Once hydrated, the button says whether it is open (before that the browser
 * says so itself), focus moves into the panel (to the current screen) and Tab stays there while it is
 * open, and choosing a screen, a navigation or a window widened to the desktop layout closes it.
 */
function useMenuPanel() {
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const { pathname } = useLocation();

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    panel.addEventListener("toggle", onToggle);
    setOpen(panel.matches(":popover-open"));
    return () => panel.removeEventListener("toggle", onToggle);
  }, []);

  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    hideMenu(panelRef.current);
  }, [pathname]);

  useEffect(() => {
    const wide = window.matchMedia("(min-width: 64rem)");
    const onChange = () => wide.matches && hideMenu(panelRef.current);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const items = () => [...panel.querySelectorAll<HTMLElement>("a[href], button")];
    if (!panel.contains(document.activeElement)) {
      (panel.querySelector<HTMLElement>('[aria-current="page"]') ?? items()[0])?.focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const all = items();
      const first = all[0];
      const last = all[all.length - 1];
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

  return { panelRef, open, hide: () => hideMenu(panelRef.current) };
}

function AdminShell({ user, children }: { user: AdminUser; children: ReactNode }) {
  const site = useSite();
  useSearchShortcut();
  const menuPanel = useMenuPanel();
  const itemClass = "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap max-lg:py-3 max-lg:text-base";
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-brand-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-b-0">
        <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 lg:block lg:px-6 lg:py-6">
          <p className="font-bold">{site.agency.shortName}</p>
          <p className="col-start-1 row-start-2 truncate text-sm text-slate-300 lg:mt-1" title={user.email}>
            {user.email}
          </p>
          <p
            className="col-start-2 row-start-2 justify-self-end text-xs text-slate-300 lg:mt-1 lg:justify-self-auto"
            data-testid="admin-role"
          >
            {roleMessages.names[user.role]}
          </p>
          <button
            type="button"
            popoverTarget={MENU_ID}
            aria-controls={MENU_ID}
            aria-expanded={menuPanel.open}
            className="col-start-2 row-start-1 inline-flex min-h-11 items-center gap-2 justify-self-end rounded-md border border-white/30 px-3 text-sm font-semibold text-white hover:bg-white/10 lg:hidden"
          >
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
            {adminMessages.menuPanel.open}
          </button>
        </div>
        {mayOpen(user.role, "/admin/search") && (
          <search aria-label={adminMessages.search.title} className="block px-4 pb-3 lg:px-6">
            <Form method="get" action="/admin/search">
              <label htmlFor="admin-search" className="sr-only">
                {adminMessages.search.headerLabel}
              </label>
              <input
                id="admin-search"
                name="q"
                type="search"
                maxLength={SEARCH_MAX_LENGTH}
                placeholder={adminMessages.search.placeholder}
                autoComplete="off"
                data-search-box="all"
                className="block w-full rounded-md border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-300 focus:border-white focus:ring-2 focus:ring-white/40 focus:outline-none"
              />
            </Form>
          </search>
        )}
        {/*
          Below the desktop breakpoint, a panel from the right that the Menu button opens (the browser places
          a popover; one too old for popovers shows the list in place); from it on, the side bar's own part
          (`display: contents`), as if the panel were not there.
        */}
        <div
          ref={menuPanel.panelRef}
          id={MENU_ID}
          popover="auto"
          className="overflow-y-auto border-0 bg-brand-900 p-0 text-white backdrop:bg-slate-900/50 open:inset-y-0 open:right-0 open:left-auto open:m-0 open:h-auto open:max-h-none open:w-72 open:max-w-[85vw] open:shadow-xl lg:contents"
        >
          <div className="flex justify-end px-4 py-3 lg:hidden">
            <button
              type="button"
              popoverTarget={MENU_ID}
              popoverTargetAction="hide"
              className="inline-flex min-h-11 items-center rounded-md border border-white/30 px-3 text-sm font-semibold text-white hover:bg-white/10"
            >
              {adminMessages.menuPanel.close}
            </button>
          </div>
          {/* On a short screen the menu scrolls inside the side bar rather than running past it. */}
          <nav aria-label="Admin" className="px-2 pb-3 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3">
            <ul className="flex flex-col gap-1">
              {menu
                .filter((item) => mayOpen(user.role, item.to))
                .map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      onClick={menuPanel.hide}
                      className={({ isActive }) =>
                        `${itemClass} ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              <li className="mt-4 border-t border-white/15 pt-4">
                <Form method="post" action="/admin/logout">
                  <button type="submit" className={`${itemClass} w-full text-left text-slate-200 hover:bg-white/10 hover:text-white`}>
                    {m.signOut}
                  </button>
                </Form>
              </li>
              <li>
                <Link
                  to="/"
                  // A document of its own: the public site's analytics never loads into a back-office page.
                  reloadDocument
                  className={`${itemClass} text-slate-200 hover:bg-white/10 hover:text-white`}
                >
                  {m.home}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex-1">{children}</div>
        <footer className="px-4 py-4 text-xs text-slate-500 lg:px-8" data-testid="admin-version">
          {adminMessages.footer.version(APP_VERSION)}
        </footer>
      </div>
    </div>
  );
}
