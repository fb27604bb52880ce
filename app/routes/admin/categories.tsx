import { useEffect, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPage, AdminTable } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { InlineConfirm, LoadFailure, Notice, revalidateAfterPost, useDeleteWithConfirm } from "~/features/admin/components/list-parts";
import { localDateTime } from "~/features/admin/format";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { CategoryFormSection, CategoryModal } from "~/features/blog/components/category-modal";
import type { CategoryRecord } from "~/features/blog/schema";
import { isFormAnswer } from "~/lib/form";
import { notifyError } from "~/lib/toast";
import type { Route } from "./+types/categories";
import { categoriesAction, categoriesLoader } from "./categories.server";

const text = blogAdminMessages.categories;

/** The categories for a signed-in admin; anyone else is sent to sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return categoriesLoader(request, context);
}

/** The list is read again after every post, a refused delete included. */
export const shouldRevalidate = revalidateAfterPost;

/** Create, rename and delete, posted by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return categoriesAction(request, context);
}

const createdDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

const rowButton = "rounded-md px-3 py-1.5 font-semibold";

/**
 * /admin/categories: the blog's categories, with add, edit and delete. Once scripts run, adding and
 * editing happen in a dialog and delete asks in one; before, the same buttons open the form or the
 * confirmation on the page itself (`?edit=...`, `?delete=...`).
 */
export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, confirmDelete } = loaderData;
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ category: CategoryRecord | null } | null>(null);
  const remove = useDeleteWithConfirm<CategoryRecord>({ key: "delete-category", action: "/admin/categories", failure: text.deleteFailure });

  // The form on the page: asked for by the address, or a form posted without scripts that was refused.
  const refusedForm = isFormAnswer(actionData) && actionData.form === "category" && !actionData.ok ? actionData : undefined;
  const refusedId = refusedForm?.result.initialValue?.id;
  const pageForm =
    loaderData.editing ??
    (refusedForm ? { category: categories?.find((c) => typeof refusedId === "string" && c._id === refusedId) ?? null } : null);
  const answer = actionData && !refusedForm ? actionData : undefined;

  const announced = useRef<object | null>(null);
  useEffect(() => {
    if (announced.current === loaderData) return;
    announced.current = loaderData;
    if (categories === null) notifyError(text.loadFailure);
  }, [loaderData, categories]);

  /** With scripts and no form on the page: the dialog instead of the page's own form. */
  const open = (event: React.FormEvent<HTMLFormElement>, category: CategoryRecord | null) => {
    if (pageForm) return;
    event.preventDefault();
    setEditing({ category });
  };

  return (
    <AdminPage
      title={text.title}
      actions={
        <Form method="get" onSubmit={(event) => open(event, null)}>
          <button type="submit" name="edit" value="new" className={buttonClass("primary")}>
            {text.add}
          </button>
        </Form>
      }
    >
      <Notice answer={answer} />
      {pageForm && (
        <CategoryFormSection
          key={pageForm.category?._id ?? "new"}
          category={pageForm.category}
          onSaved={() => navigate("/admin/categories", { replace: true })}
        />
      )}
      {confirmDelete && (
        <InlineConfirm
          title={text.deleteTitle}
          message={text.deleteConfirm}
          subject={confirmDelete.name}
          cancelTo="/admin/categories"
          action="/admin/categories"
          fields={{ intent: "delete", id: confirmDelete._id }}
          confirmLabel={text.delete}
        />
      )}
      {categories === null ? (
        <LoadFailure message={text.loadFailure} retryLabel={text.retry} />
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
                  <Form method="get" onSubmit={(event) => open(event, category)}>
                    <button type="submit" name="edit" value={category._id} className={`${rowButton} text-brand-700 hover:bg-brand-50`}>
                      {text.edit}
                      <span className="sr-only"> {category.name}</span>
                    </button>
                  </Form>
                  <Form method="get" onSubmit={(event) => remove.ask(event, category)}>
                    <button type="submit" name="delete" value={category._id} className={`${rowButton} text-red-700 hover:bg-red-50`}>
                      {text.delete}
                      <span className="sr-only"> {category.name}</span>
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {!pageForm && <CategoryModal open={editing !== null} category={editing?.category ?? null} onClose={() => setEditing(null)} />}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
    </AdminPage>
  );
}
