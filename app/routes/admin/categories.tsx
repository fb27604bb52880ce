import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { AdminPage, AdminTable, LoadError } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { Spinner } from "~/features/admin/components/spinner";
import { localDateTime } from "~/features/admin/format";
import { useAdminData } from "~/features/admin/use-admin-data";
import { useConfirmedDelete } from "~/features/admin/use-confirmed-delete";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { CategoryModal } from "~/features/blog/components/category-modal";
import type { CategoryRecord } from "~/features/blog/schema";
import { notifyError } from "~/lib/notify";

const text = blogAdminMessages.categories;

const byName = (a: CategoryRecord, b: CategoryRecord) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
const createdDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** /admin/categories: the blog's categories, with add, edit and delete. */
export default function Categories() {
  const { loading, data, error, reload, setData } = useAdminData<CategoryRecord[]>("/api/categories", () => notifyError(text.loadFailure));
  const [editing, setEditing] = useState<{ category: CategoryRecord | null } | null>(null);
  const categories = data ?? [];
  const remove = useConfirmedDelete<CategoryRecord>({
    path: (c) => `/api/categories/${encodeURIComponent(c._id)}`,
    setData,
    success: text.deleted,
    failure: text.deleteFailure,
  });

  return (
    <AdminPage
      title={text.title}
      actions={
        <button type="button" className={buttonClass("primary")} onClick={() => setEditing({ category: null })}>
          {text.add}
        </button>
      }
    >
      {loading ? (
        <Spinner label="Loading categories..." />
      ) : error !== undefined ? (
        <LoadError message={text.loadFailure} onRetry={reload} retryLabel={text.retry} />
      ) : (
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={categories.length === 0}>
          {categories.map((category) => (
            <tr key={category._id} data-testid="category-row">
              <td className="px-4 py-3 font-medium text-slate-900">{category.name}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={category.createdAt} title={localDateTime(category.createdAt)}>
                  {createdDate(category.createdAt)}
                </time>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2 whitespace-nowrap">
                  <button
                    type="button"
                    onClick={() => setEditing({ category })}
                    className="rounded-md px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {text.edit}
                    <span className="sr-only"> {category.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => remove.ask(category)}
                    className="rounded-md px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                  >
                    {text.delete}
                    <span className="sr-only"> {category.name}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <CategoryModal
        open={editing !== null}
        category={editing?.category ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, mode) => {
          setData((current) =>
            (mode === "created" ? [...(current ?? []), saved] : (current ?? []).map((c) => (c._id === saved._id ? saved : c))).sort(byName),
          );
          setEditing(null);
        }}
      />
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
    </AdminPage>
  );
}
