/**
 * /admin/categories on the server. The loader answers the categories and the one being added or
 * edited on the page itself (`?edit=new` or `?edit={id}`, the form without scripts) or whose delete is
 * being confirmed (`?delete={id}`), once the session is checked. The action takes the screen's forms,
 * told apart by `intent`: create (name), rename (id, name) and delete (id), through the same functions
 * as POST, PUT and DELETE /api/categories.
 */
import { type AppLoadContext, data } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { createCategory, deleteCategory, listCategories, updateCategory } from "~/features/blog/categories.server";
import { type CategoryRecord, categorySchema } from "~/features/blog/schema";
import { accepted, readSubmission, refused } from "~/lib/form.server";

/** The category form's id on the page, and the name of its answers. */
export const CATEGORY_FORM = "category";
/** A name of 60 characters URL-encoded, an id and an intent. */
const MAX_FORM_BYTES = 4 * 1024;
const t = blogAdminMessages.categories;
const a = blogAdminMessages.actions;
const m = blogAdminMessages.api;

export type CategoriesLoaderData = {
  /** Lets the admin layout render the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  /** Null when the categories could not be read. */
  categories: CategoryRecord[] | null;
  /** The form shown on the page: a new category (`category: null`) or that one. */
  editing: { category: CategoryRecord | null } | null;
  confirmDelete: CategoryRecord | null;
};

export type CategoryDeleteAnswer = { intent: "delete"; ok: boolean; id?: string; message: string };

export async function categoriesLoader(request: Request, context: AppLoadContext): Promise<CategoriesLoaderData> {
  const signedInAdmin = await requireAdminSession(request, context);
  const categories = await listCategories(context.db).catch((err: unknown) => {
    context.logger.error({ err, requestId: context.requestId }, "admin categories: could not be read");
    return null;
  });
  const params = new URL(request.url).searchParams;
  const find = (id: string | null) => (id && categories?.find((c) => c._id === id.toLowerCase())) || null;
  const edit = params.get("edit");
  const editing = edit === "new" ? { category: null } : find(edit) ? { category: find(edit) } : null;
  return { signedInAdmin, categories, editing, confirmDelete: find(params.get("delete")) };
}

const deleteAnswer = (status: number, body: CategoryDeleteAnswer) => data<CategoryDeleteAnswer>(body, { status });

export async function categoriesAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return refused(CATEGORY_FORM, 403, a.crossSite);
  const admin = await requireAdminSession(request, context);
  const read = await readSubmission(request, categorySchema, MAX_FORM_BYTES);
  if (!read.ok) return refused(CATEGORY_FORM, read.status, read.status === 413 ? a.formTooLarge : a.formNotSupported);
  const { formData, submission } = read;
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "").trim();

  if (intent === "delete") {
    if (!(await deleteCategory(context.db, id))) return deleteAnswer(404, { intent, ok: false, id, message: t.deleteFailure });
    context.contentChanged();
    context.logger.info({ categoryId: id, adminId: admin.id }, "blog category deleted");
    return deleteAnswer(200, { intent, ok: true, id, message: m.categoryDeleted });
  }
  if (intent !== "create" && intent !== "rename") return refused(CATEGORY_FORM, 400, a.unknownIntent, submission);
  if (submission.status !== "success") return refused(CATEGORY_FORM, 400, t.saveFailure, submission);

  const { name } = submission.value;
  const result = intent === "create" ? await createCategory(context.db, name) : await updateCategory(context.db, id, name);
  if (!result.ok) {
    if (result.reason === "not-found") return refused(CATEGORY_FORM, 404, t.saveFailure, submission, { name: m.categoryNotFound });
    return refused(CATEGORY_FORM, 409, t.saveFailure, submission, { name: m.categoryExists(result.existing) });
  }
  // A rename carries the category's posts along.
  context.contentChanged();
  context.logger.info(
    { categoryId: result.category._id, adminId: admin.id },
    intent === "create" ? "blog category created" : "blog category renamed",
  );
  return accepted(CATEGORY_FORM, submission, intent === "create" ? m.categoryCreated : m.categoryUpdated);
}
