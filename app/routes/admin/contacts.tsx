import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListCount, Pager } from "~/components/admin/pager";
import { ScreenLoadError } from "~/components/admin/screen-load-error";
import { SearchBox } from "~/components/admin/search-box";
import { listContactSubmissions } from "~/features/admin/back-office.server";
import { localDateTime, relativeTime } from "~/features/admin/format";
import { adminMessages } from "~/features/admin/messages";
import { useHydrated } from "~/features/leads-inbox/components/use-lead-action";
import { useAdminTimes } from "~/lib/admin-format";
import { ADMIN_PAGE_SIZE, pageAsked, pageHref } from "~/lib/paging";
import { requireAdmin } from "~/lib/post.server";
import { hereWithSearch, parseSearch, searchAsked, searchMessages } from "~/lib/search";
import type { Route } from "./+types/contacts";

const text = adminMessages.contacts;

/**
 * The contact form's submissions, newest first, read by the same function as GET /api/contacts; `now`
 * is the server's clock, so the "Submitted" times read the same in the server's HTML and once hydrated.
 * The screen only reads: no action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = searchAsked(url);
  const list = await listContactSubmissions(context.db, pageAsked(url), ADMIN_PAGE_SIZE, parseSearch(q));
  return { list, q, now: new Date().toISOString() };
}

/** The submissions could not be read: the failure text with Try Again, and a toast. */
export function ErrorBoundary() {
  return <ScreenLoadError title={text.title} message={text.failure} />;
}

/** /admin/contacts: the contact form's submissions, newest first. */
export default function Contacts({ loaderData }: Route.ComponentProps) {
  const { longTime } = useAdminTimes();
  const { list } = loaderData;
  const rows = list.items;
  // The server's HTML (and the first render in the browser) tells times by the server's clock in the
  // agency's zone; once hydrated, by the admin's own clock and zone.
  const hydrated = useHydrated();
  const serverNow = new Date(loaderData.now).getTime();

  return (
    <AdminPage title={text.title}>
      <SearchBox action="/admin/contacts" q={loaderData.q} label={text.search} />
      <ListCount list={list} noun={text.noun} />
      <AdminTable
        caption={text.title}
        columns={["Name", "Contact Info", "Insurance Type", "Message", "Submitted"]}
        empty={loaderData.q ? searchMessages.noMatch(loaderData.q) : text.empty}
        isEmpty={rows.length === 0}
      >
        {rows.map((row) => (
          <tr key={row._id} className="align-top">
            <td className="px-4 py-3 font-medium text-slate-900">{row.fullName}</td>
            <td className="px-4 py-3">
              <a href={`mailto:${row.email}`} className="block text-brand-700 underline">
                {row.email}
              </a>
              <a href={`tel:${row.phoneNumber.replace(/[^\d+]/g, "")}`} className="mt-1 block text-slate-700">
                {row.phoneNumber}
              </a>
            </td>
            <td className="px-4 py-3 text-slate-700">{row.insuranceType}</td>
            <td className="max-w-md px-4 py-3 whitespace-pre-line text-slate-700">{row.message}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-600">
              <time dateTime={row.createdAt} title={hydrated ? localDateTime(row.createdAt) : longTime(row.createdAt)}>
                {relativeTime(row.createdAt, hydrated ? undefined : serverNow)}
              </time>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={list.page} pageCount={list.pageCount} href={(page) => pageHref(hereWithSearch("/admin/contacts", loaderData.q), page)} />
    </AdminPage>
  );
}
