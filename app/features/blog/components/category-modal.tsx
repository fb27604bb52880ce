import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { fieldError, useActionForm } from "~/lib/form";
import { blogAdminMessages } from "../admin-messages";
import type { CategoryRecord } from "../schema";

/** The category form's id on the page, and the name of its answers (app/routes/admin/categories.tsx). */
export const CATEGORY_FORM = "category";

const t = blogAdminMessages.categories;
const loadSchema = () => import("../schema").then((m) => m.categorySchema);

/**
 * "Add New Category" / "Edit Category" (spec 001 section 2) in a dialog, once scripts run: one field,
 * Category Name, saved with Save or Update. The form stays on the page between openings and is
 * emptied at each one, so an earlier answer is never shown again. A save done comes back as the
 * list's page with its toast, which closes the dialog.
 */
export function CategoryModal({
  open,
  category,
  onClose,
}: {
  open: boolean;
  /** The category being edited; null to add one. */
  category: CategoryRecord | null;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={category ? t.editTitle : t.addTitle} titleId="category-modal-title">
      <CategoryForm category={category} open={open} cancel={{ onClick: onClose }} />
    </Modal>
  );
}

/**
 * The category form on the page itself (`?edit=new` or `?edit={id}`): how it is reached before and
 * without scripts. Cancel and a save go back to the list.
 */
export function CategoryFormSection({ category }: { category: CategoryRecord | null }) {
  return (
    <section aria-labelledby="category-form-title" className="mb-6 max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="category-form-title" className="text-xl font-bold text-brand-900">
        {category ? t.editTitle : t.addTitle}
      </h2>
      <CategoryForm category={category} open cancel={{ to: "/admin/categories" }} />
    </section>
  );
}

/**
 * One field, checked with the API's schema in the browser and by the screen's action (an empty name:
 * 'Category name is required'; a name already taken: the server's words under the field). Posted
 * with intent=create, or intent=rename and the category's id.
 */
function CategoryForm({
  category,
  open,
  cancel,
}: {
  category: CategoryRecord | null;
  open: boolean;
  cancel: { onClick: () => void } | { to: string };
}) {
  const { fields, fetcher, formProps, submitting, pageAnswer } = useActionForm<{ name: string }>({
    id: CATEGORY_FORM,
    schema: loadSchema,
    action: "/admin/categories",
    invalidToast: blogAdminMessages.form.validationToast,
    failure: blogAdminMessages.categories.saveFailure,
    eager: true,
  });

  // Each opening starts afresh: the category's name, no error from the last time (a native reset,
  // which the form helper hears too).
  const formRef = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) formRef.current?.reset();
    wasOpen.current = open;
  }, [open]);

  // After a post sent without scripts was refused, the field shows what was sent.
  const shownName = pageAnswer && !pageAnswer.ok ? String(fields.name.initialValue ?? "") : (category?.name ?? "");

  return (
    <fetcher.Form {...formProps} ref={formRef} className="mt-6 space-y-5">
      {pageAnswer && !pageAnswer.ok && !fieldError(fields.name) && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {pageAnswer.message}
        </div>
      )}
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">{category ? t.editTitle : t.addTitle}</legend>
        <TextField
          key={category?._id ?? "new"}
          id="category-name"
          name="name"
          label={t.name}
          required
          maxLength={60}
          autoComplete="off"
          defaultValue={shownName}
          error={fieldError(fields.name)}
        />
        <div className="flex justify-end gap-3">
          {"to" in cancel ? (
            <Link to={cancel.to} className={buttonClass("outline")}>
              {t.cancel}
            </Link>
          ) : (
            <button type="button" className={buttonClass("outline")} onClick={cancel.onClick}>
              {t.cancel}
            </button>
          )}
          <button type="submit" className={buttonClass("primary")}>
            {submitting ? t.saving : category ? t.update : t.save}
          </button>
        </div>
      </fieldset>
      {/* After the field: the dialog focuses its first input when it opens. */}
      <input type="hidden" name="intent" value={category ? "rename" : "create"} />
      {category && <input type="hidden" name="id" value={category._id} />}
    </fetcher.Form>
  );
}
