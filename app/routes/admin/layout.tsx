import { useCallback, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useMatches, useNavigate, useOutletContext } from "react-router";
import { agency } from "~/content/agency";
import { adminApi, SIGN_IN_PATH, UNAUTHORIZED_EVENT } from "~/features/admin/api";
import { Spinner } from "~/features/admin/components/spinner";
import { adminMessages } from "~/features/admin/messages";
import { pageTitle } from "~/lib/seo";

export type AdminUser = { id: string; email: string };
export type AdminContext = { user: AdminUser };

/** The signed-in admin, for screens inside the layout. */
export function useAdmin(): AdminContext {
  return useOutletContext<AdminContext>();
}

export function meta() {
  return [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex, nofollow" }];
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
  { to: "/admin/users", label: m.users },
  { to: "/admin/audit", label: m.audit },
  { to: "/admin/account", label: m.account },
  { to: "/admin/privacy", label: m.privacy },
];

/**
 * Every admin screen but the sign-in page: a spinner while the current-user check runs, then the
 * side menu and the screen, or a replace-navigation to /admin/login when nobody is signed in.
 * A screen whose loader checked the session on the server (it answers `signedInAdmin`, e.g.
 * /admin/account) is rendered at once, menu included, so it works before and without scripts.
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const checkedOnServer = useMatches()
    .map((match) => (match.loaderData as { signedInAdmin?: AdminUser } | undefined)?.signedInAdmin)
    .find(Boolean);
  const [state, setState] = useState<{ loading: boolean; user?: AdminUser }>(
    checkedOnServer ? { loading: false, user: checkedOnServer } : { loading: true },
  );

  useEffect(() => {
    let active = true;
    adminApi<{ user: AdminUser }>("/api/auth/user").then(
      ({ user }) => active && setState({ loading: false, user }),
      () => active && setState({ loading: false }),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!state.loading && !state.user) navigate(SIGN_IN_PATH, { replace: true });
  }, [state, navigate]);

  // A screen's call answered 401: the session ended (idle timeout, revoked).
  useEffect(() => {
    const onUnauthorized = () => navigate(SIGN_IN_PATH, { replace: true });
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);

  const signOut = useCallback(async () => {
    await adminApi("/api/auth/logout", { method: "POST", body: {} }).catch(() => undefined);
    setState({ loading: false });
    navigate(SIGN_IN_PATH, { replace: true });
  }, [navigate]);

  if (state.loading || !state.user) return <Spinner label="Checking your session..." className="min-h-screen" />;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-brand-900 text-white lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:shrink-0 lg:border-b-0">
        <div className="flex items-center justify-between gap-4 px-4 py-4 lg:block lg:px-6 lg:py-6">
          <p className="font-bold">{agency.shortName}</p>
          <p className="truncate text-sm text-slate-300 lg:mt-1" title={state.user.email}>
            {state.user.email}
          </p>
        </div>
        <nav aria-label="Admin" className="overflow-x-auto px-2 pb-3 lg:px-3">
          <ul className="flex gap-1 lg:flex-col">
            {menu.map((item) => (
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
              <button
                type="button"
                onClick={signOut}
                className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-200 hover:bg-white/10 hover:text-white"
              >
                {m.signOut}
              </button>
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
      <div className="min-w-0 flex-1">
        <Outlet context={{ user: state.user } satisfies AdminContext} />
      </div>
    </div>
  );
}
