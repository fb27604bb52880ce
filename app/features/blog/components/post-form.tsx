import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { SelectField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { blogStatuses } from "~/content/options";
import { notifyError } from "~/lib/notify";
import { blogAdminMessages } from "../admin-messages";
import { type PostInput, postSchema } from "../schema";
import { useCategoryOptions } from "./use-category-options";

// Tiptap is loaded only here, on the admin post screens, and only in the browser.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

const t = blogAdminMessages.form;
type Field = keyof PostInput;
const FIELD_ORDER: Field[] = ["title", "category", "status", "imageUrl", "content"];

/**
 * The post form of /admin/posts/new and /admin/posts/{id}/edit: title, category, status and content
 * required, image URL optional (spec 001 section 5), checked here with the API's own schema.
 * `onSubmit` answers the server's field errors when it refused the values.
 */
export function PostForm({
  initial,
  submitLabel,
  submittingLabel,
  onSubmit,
}: {
  initial: PostInput;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: PostInput) => Promise<Record<string, string> | undefined>;
}) {
  const [values, setValues] = useState<PostInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [mounted, setMounted] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusEditor = useRef<(() => void) | null>(null);
  const categories = useCategoryOptions({ announceFallback: true });
  // A post keeps the category it has even when that one is no longer in the list.
  const categoryOptions =
    initial.category && !categories.names.includes(initial.category) ? [initial.category, ...categories.names] : categories.names;

  useEffect(() => setMounted(true), []);

  const set = (field: Field, value: string | null) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const focusFirst = (found: Partial<Record<string, string>>) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (!first) return;
    if (first === "content") focusEditor.current?.();
    else formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = postSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      notifyError(t.validationToast);
      focusFirst(found);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      const serverErrors = await onSubmit(parsed.data);
      if (serverErrors) {
        setErrors(serverErrors);
        focusFirst(serverErrors);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={submit}
      aria-label="Blog post"
      className="max-w-4xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Post details</legend>
        <TextField
          id="post-title"
          name="title"
          label={t.labels.title}
          required
          maxLength={200}
          value={values.title}
          onChange={(e) => set("title", e.target.value)}
          error={errors.title}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            id="post-category"
            name="category"
            label={t.labels.category}
            required
            placeholder={t.categoryPlaceholder}
            options={categoryOptions}
            value={values.category}
            onChange={(e) => set("category", e.target.value)}
            error={errors.category}
            aria-busy={categories.loading || undefined}
          />
          <fieldset aria-describedby={errors.status ? "post-status-error" : undefined}>
            <legend className="block text-sm font-medium text-slate-800">
              {t.labels.status}
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="mt-2 flex gap-6">
              {blogStatuses.map((status) => (
                <label key={status} className="flex items-center gap-2 text-base text-slate-800">
                  <input
                    type="radio"
                    name="status"
                    value={status}
                    checked={values.status === status}
                    onChange={() => set("status", status)}
                    className="h-4 w-4 text-brand-700 focus:ring-brand-600"
                  />
                  {t.statusLabels[status]}
                </label>
              ))}
            </div>
            {errors.status && (
              <p id="post-status-error" className="mt-1 text-sm font-medium text-red-700" data-testid="error-post-status">
                {errors.status}
              </p>
            )}
          </fieldset>
        </div>
        <TextField
          id="post-image-url"
          name="imageUrl"
          type="url"
          label={t.labels.imageUrl}
          hint={t.imageUrlHint}
          maxLength={2000}
          value={values.imageUrl ?? ""}
          onChange={(e) => set("imageUrl", e.target.value)}
          error={errors.imageUrl}
        />
        <div>
          <p id="post-content-label" className="block text-sm font-medium text-slate-800">
            {t.labels.content}
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </p>
          {mounted ? (
            <Suspense fallback={<EditorPlaceholder />}>
              <RichTextEditor
                id="post-content"
                initialValue={initial.content}
                onChange={(html) => set("content", html)}
                labelId="post-content-label"
                describedBy={errors.content ? "post-content-error" : undefined}
                invalid={Boolean(errors.content)}
                focusRef={focusEditor}
              />
            </Suspense>
          ) : (
            <EditorPlaceholder />
          )}
          {errors.content && (
            <p id="post-content-error" className="mt-1 text-sm font-medium text-red-700" data-testid="error-post-content">
              {errors.content}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Link to="/admin/dashboard" className={buttonClass("outline")}>
            {t.cancel}
          </Link>
          <button type="submit" className={buttonClass("primary")}>
            {submitting ? submittingLabel : submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** The post screens' link back to the list (spec 001 section 2). */
export function BackToBlogLink() {
  return (
    <Link to="/admin/blog" className="font-medium text-brand-700 underline-offset-2 hover:underline">
      <span aria-hidden="true">← </span>
      {t.back}
    </Link>
  );
}

function EditorPlaceholder() {
  return (
    <div
      role="status"
      className="mt-1 flex min-h-76 items-center justify-center rounded-md border border-slate-300 bg-slate-50 text-sm text-slate-600"
    >
      {blogAdminMessages.editor.loading}
    </div>
  );
}
