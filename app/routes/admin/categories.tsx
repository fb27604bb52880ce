import { useState } from "react";
import { Form, useLocation } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { DeleteButton, ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { buttonClass } from "~/components/ui/button";
import { localDateTime } from "~/features/admin/format";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/features/blog/categories.server";
import { CATEGORY_FORM, CategoryFormSection, CategoryModal } from "~/features/blog/components/category-modal";
import { type CategoryRecord, categorySchema } from "~/features/blog/schema";
import { isFormAnswer } from "~/lib/form";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/categories";

const text = blogAdminMessages.categories;
const m = blogAdminMessages.api;
const LIST = "/admin/categories";

/**
 * The categories (null when they could not be read), and the one being added or edited on the page
 * itself (`?edit=new` or `?edit={id}`, the form without scripts) or whose delete is being confirmed
 * (`?delete={id}`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const categories = await listCategories(context.db).catch((err: unknown) => {
    context.logger.error({ err, requestId: context.requestId }, "admin categories: could not be read");
    return null;
  });
  const params = new URL(request.url).searchParams;
  const find = (id: string | null) => categories?.find((c) => c._id === id?.toLowerCase()) ?? null;
  const edit = params.get("edit");
  const editing = edit === "new" ? { category: null } : find(edit) ? { category: find(edit) } : null;
  return { categories, editing, confirmDelete: find(params.get("delete")) };
}

/** The screen's forms, told apart by `intent`: create (name), rename (id, name) and delete (id). */
const categoryForms = z.discriminatedUnion(
  "intent",
  [
    categorySchema.extend({ intent: z.literal("create") }),
    categorySchema.extend({ intent: z.literal("rename"), id: z.string().trim().toLowerCase() }),
    z.object({ intent: z.literal("delete"), id: z.string().trim().toLowerCase() }),
  ],
  { error: blogAdminMessages.actions.unknownIntent },
);

/** A name of 60 characters URL-encoded, an id and an intent. */
const MAX_FORM_BYTES = 4 * 1024;

/** Back to the list, in place of the page the post was sent from, with the toast. */
const backToList = (context: Route.ActionArgs["context"], title: string) =>
  redirectWithToast(context, LIST, { type: "success", title }, { headers: { "X-Remix-Replace": "true" } });

/**
 * Create, rename and delete, through the same functions as POST, PUT and DELETE /api/categories,
 * posted by the browser itself or by React Router once hydrated. A change done goes back to the list
 * with its toast; a name refused (empty, or taken) is answered in the form.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    { form: CATEGORY_FORM, schema: categoryForms, maxBytes: MAX_FORM_BYTES, access: "admin", invalid: text.saveFailure },
    async ({ value, admin }) => {
      if (value.intent === "delete") {
        if (!(await deleteCategory(context.db, value.id))) return refuse(404, text.deleteFailure);
        context.contentChanged();
        context.logger.info({ categoryId: value.id, adminId: admin.id }, "blog category deleted");
        return backToList(context, m.categoryDeleted);
      }
      const result =
        value.intent === "create" ? await createCategory(context.db, value.name) : await updateCategory(context.db, value.id, value.name);
      if (!result.ok) {
        if (result.reason === "not-found") return refuse(404, text.saveFailure, { name: m.categoryNotFound });
        return refuse(409, text.saveFailure, { name: m.categoryExists(result.existing) });
      }
      // A rename carries the category's posts along.
      context.contentChanged();
      context.logger.info(
        { categoryId: result.category._id, adminId: admin.id },
        value.intent === "create" ? "blog category created" : "blog category renamed",
      );
      return backToList(context, value.intent === "create" ? m.categoryCreated : m.categoryUpdated);
    },
  );
}

/** The list is read again after every post, a refused delete included. */
export const shouldRevalidate = revalidateAfterPost;

const createdDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

const rowButton = "rounded-md px-3 py-1.5 font-semibold";

/**
 * /admin/categories: the blog's categories, with add, edit and delete. Once scripts run, adding and
 * editing happen in a dialog and delete asks in one; before, the same buttons open the form or the
 * confirmation on the page itself (`?edit=...`, `?delete=...`). A change done comes back to the list
 * (a new page, so the dialog closes).
 */
export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, confirmDelete } = loaderData;
  const { key } = useLocation();
  /** The dialog's category, on the page it was opened on: a save done comes back as a new page of the list, and the dialog closes. */
  const [dialog, setDialog] = useState<{ category: CategoryRecord | null; page: string } | null>(null);
  const editing = dialog?.page === key ? dialog : null;
  const remove = useDeleteWithConfirm<CategoryRecord>({ key: "delete-category", action: LIST, failure: text.deleteFailure });

  // The form on the page: asked for by the address, or a form posted without scripts that was refused.
  const refusedForm = isFormAnswer(actionData) && actionData.form === CATEGORY_FORM && !actionData.ok ? actionData : undefined;
  const refusedId = refusedForm?.result.initialValue?.id;
  const refusedIntent = refusedForm?.result.initialValue?.intent;
  const pageForm =
    loaderData.editing ??
    (refusedForm && refusedIntent !== "delete"
      ? { category: categories?.find((c) => typeof refusedId === "string" && c._id === refusedId) ?? null }
      : null);
  const answer = pageForm ? undefined : actionData;

  /** With scripts and no form on the page: the dialog instead of the page's own form. */
  const open = (event: React.FormEvent<HTMLFormElement>, category: CategoryRecord | null) => {
    if (pageForm) return;
    event.preventDefault();
    setDialog({ category, page: key });
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
      {pageForm && <CategoryFormSection key={pageForm.category?._id ?? "new"} category={pageForm.category} />}
      <ListBody
        text={text}
        action={LIST}
        answer={answer}
        confirming={confirmDelete && { id: confirmDelete._id, name: confirmDelete.name }}
        failed={categories === null}
        dialog={remove.dialog}
      >
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={categories?.length === 0}>
          {categories?.map((category) => (
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
                  <DeleteButton
                    id={category._id}
                    subject={category.name}
                    label={text.delete}
                    action={LIST}
                    onAsk={(event) => remove.ask(event, category)}
                    className={`${rowButton} text-red-700 hover:bg-red-50`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </ListBody>
      {!pageForm && <CategoryModal open={editing !== null} category={editing?.category ?? null} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
