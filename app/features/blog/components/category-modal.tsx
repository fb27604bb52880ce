import { type FormEvent, useState } from "react";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { AdminApiError, adminApi } from "~/features/admin/api";
import { notifyError, notifySuccess } from "~/lib/notify";
import { blogAdminMessages } from "../admin-messages";
import { type CategoryRecord, categorySchema, firstIssue } from "../schema";

const t = blogAdminMessages.categories;

/**
 * "Add New Category" / "Edit Category" (spec 001 section 2): one field, Category Name, saved with
 * Save or Update. An empty name is refused here ('Category name is required'); a name already taken
 * is refused by the server and shown under the field.
 */
export function CategoryModal({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The category being edited; null to add one. */
  category: CategoryRecord | null;
  onClose: () => void;
  onSaved: (saved: CategoryRecord, mode: "created" | "updated") => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={category ? t.editTitle : t.addTitle} titleId="category-modal-title">
      {open && <CategoryForm key={category?._id ?? "new"} category={category} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function CategoryForm({
  category,
  onClose,
  onSaved,
}: {
  category: CategoryRecord | null;
  onClose: () => void;
  onSaved: (saved: CategoryRecord, mode: "created" | "updated") => void;
}) {
  const [name, setName] = useState(category?.name ?? "");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = categorySchema.safeParse({ name });
    if (!parsed.success) {
      setError(firstIssue(parsed.error).message);
      (event.currentTarget.elements.namedItem("name") as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { data } = await adminApi<{ data: CategoryRecord }>(
        category ? `/api/categories/${encodeURIComponent(category._id)}` : "/api/categories",
        {
          method: category ? "PUT" : "POST",
          body: parsed.data,
        },
      );
      notifySuccess(category ? t.updated : t.created);
      onSaved(data, category ? "updated" : "created");
    } catch (e) {
      // A name already taken (409) or refused (400): the server's words under the field.
      if (e instanceof AdminApiError && e.errors?.name) setError(e.errors.name);
      notifyError(t.saveFailure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-5">
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">{category ? t.editTitle : t.addTitle}</legend>
        <TextField
          id="category-name"
          name="name"
          label={t.name}
          required
          maxLength={60}
          autoComplete="off"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className={buttonClass("primary")}>
            {busy ? t.saving : category ? t.update : t.save}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
