import { AdminPage, AdminTable, LoadError } from "~/features/admin/components/admin-page";
import { Spinner } from "~/features/admin/components/spinner";
import { localDateTime, relativeTime } from "~/features/admin/format";
import { adminMessages } from "~/features/admin/messages";
import type { ContactSubmission } from "~/features/admin/types";
import { useAdminData } from "~/features/admin/use-admin-data";
import { notifyError } from "~/lib/notify";

const text = adminMessages.contacts;

/** /admin/contacts: the contact form's submissions, newest first. */
export default function Contacts() {
  const { loading, data, error, reload } = useAdminData<{ data: ContactSubmission[] }>("/api/contacts", () => notifyError(text.failure));
  const rows = data?.data ?? [];

  return (
    <AdminPage title={text.title}>
      {loading ? (
        <Spinner label="Loading contact submissions..." />
      ) : error !== undefined ? (
        <LoadError message={text.failure} onRetry={reload} />
      ) : (
        <AdminTable
          caption={text.title}
          columns={["Name", "Contact Info", "Insurance Type", "Message", "Submitted"]}
          empty={text.empty}
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
                <time dateTime={row.createdAt} title={localDateTime(row.createdAt)}>
                  {relativeTime(row.createdAt)}
                </time>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}
