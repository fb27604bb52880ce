import { type ReactNode, useEffect } from "react";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Forbidden } from "~/components/admin/forbidden";
import { adminMessages } from "~/features/admin/messages";
import { mayOpen } from "~/lib/access";
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

/** Whether a key press is typing into something (a field, a list, an editor), not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * `/` puts the cursor in the screen's own search box, or where there is none, in the back office's search
 * (as in Gmail, GitHub and Linear). Typing a slash into a field stays a slash.
 */
function useSearchShortcut() {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typing(event.target)) return;
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

function AdminShell({ user, children }: { user: AdminUser; children: ReactNode }) {
  const site = useSite();
  useSearchShortcut();
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-brand-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-b-0">
        <div className="flex items-center justify-between gap-4 px-4 py-4 lg:block lg:px-6 lg:py-6">
          <p className="font-bold">{site.agency.shortName}</p>
          <p className="truncate text-sm text-slate-300 lg:mt-1" title={user.email}>
            {user.email}
          </p>
          <p className="text-xs text-slate-300 lg:mt-1" data-testid="admin-role">
            {roleMessages.names[user.role]}
          </p>
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
        {/* On a short screen the menu scrolls inside the side bar rather than running past it. */}
        <nav aria-label="Admin" className="overflow-x-auto px-2 pb-3 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:px-3">
          <ul className="flex gap-1 lg:flex-col">
            {menu
              .filter((item) => mayOpen(user.role, item.to))
              .map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "bg-white/15 text-white" : "text-slate-200 hover:bg-white/10 hover:text-white"}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            <li className="lg:mt-4 lg:border-t lg:border-white/15 lg:pt-4">
              <Form method="post" action="/admin/logout">
                <button
                  type="submit"
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white"
                >
                  {m.signOut}
                </button>
              </Form>
            </li>
            <li>
              <Link
                to="/"
                // A document of its own: the public site's analytics never loads into a back-office page.
                reloadDocument
                className="block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white"
              >
                {m.home}
              </Link>
            </li>
          </ul>
        </nav>
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
