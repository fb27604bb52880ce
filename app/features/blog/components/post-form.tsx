import { Fragment, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useFailureToast } from "~/components/admin/failure-toast";
import { AdminFormFrame } from "~/components/admin/form-frame";
import { SelectField, TextField } from "~/components/form/fields";
import { blogStatuses } from "~/content/admin-options";
import { fieldError, useActionForm } from "~/lib/form";
import { blogAdminMessages } from "../admin-messages";
import type { PostDraftFields } from "../post-drafts";
import type { PostInput } from "../schema";
import { CoverUpload } from "./cover-upload";
import { DraftNotice } from "./draft-notice";
import { usePostDraft } from "./use-post-draft";

// Tiptap is loaded only here, on the admin post screens, and only in the browser.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

const t = blogAdminMessages.form;
const loadSchema = () => import("../schema").then((m) => m.postSchema);

/** The form's fields as posted (every one a string). */
type PostFields = PostDraftFields;

/** A post screen's own texts: blogAdminMessages.create or .edit. */
type PostScreenTexts = { title: string; submit: string; submitting: string; failure: string };

/**
 * The post screen of /admin/posts/new and /admin/posts/{id}/edit, in the back office's form frame:
 * title, category, status and content required, image URL optional (spec 001 section 5; once scripts
 * run, the cover image can be uploaded instead, ./cover-upload.tsx), checked with
 * the API's schema in the browser and again by the screen's action. The content is HTML: without
 * scripts a plain text area holds it; once scripts run, the rich-text editor writes it into a hidden
 * field of the same name on every change. The categories come from the screen's loader
 * (`categoriesFailed`: the fallback list, said in a toast). Cancel goes to the dashboard, the link
 * under the title to the list (spec 001 section 2).
 *
 * Once scripts run, what the admin writes is kept in this browser as a draft of `post` (the post's id,
 * or "new") by `account`, and a draft that differs from what the form starts with is offered back
 * (./use-post-draft.ts): Restore puts every field back, the rich-text editor included.
 */
export function PostForm({
  text,
  initial,
  categories,
  categoriesFailed,
  account,
  post,
}: {
  text: PostScreenTexts;
  initial: PostInput;
  categories: readonly string[];
  categoriesFailed: boolean;
  /** The signed-in account's id. */
  account: string;
  /** The post's id, or "new" (NEW_POST). */
  post: string;
}) {
  const actionForm = useActionForm<PostFields>({
    id: "post",
    schema: loadSchema,
    invalidToast: t.validationToast,
    failure: text.failure,
    eager: true,
  });
  const { fields, formProps, pageAnswer } = actionForm;
  // After a post sent without scripts was refused, the form shows what was sent.
  const shown = (name: keyof PostFields, fallback: string) => (pageAnswer ? String(fields[name].initialValue ?? "") : fallback);
  const startValues: PostFields = {
    title: shown("title", initial.title),
    category: shown("category", initial.category),
    status: shown("status", initial.status),
    imageUrl: shown("imageUrl", initial.imageUrl ?? ""),
    content: shown("content", initial.content),
  };
  /** A restored draft's fields, which the fields start from once restored (`generation` makes them start again). */
  const [restored, setRestored] = useState<PostFields | null>(null);
  const [generation, setGeneration] = useState(0);
  const values = restored ?? startValues;
  const errors = {
    title: fieldError(fields.title),
    category: fieldError(fields.category),
    status: fieldError(fields.status),
    imageUrl: fieldError(fields.imageUrl),
    content: fieldError(fields.content),
  };
  // A post keeps the category it has even when that one is no longer in the list.
  const categoryOptions = values.category && !categories.includes(values.category) ? [values.category, ...categories] : categories;

  const formRef = useRef<HTMLFormElement>(null);
  const plainContent = useRef<HTMLTextAreaElement>(null);
  const hiddenContent = useRef<HTMLInputElement>(null);
  const focusEditor = useRef<(() => void) | null>(null);
  /** The editor replaces the text area once scripts run, starting from what the text area holds then. */
  const [editorStart, setEditorStart] = useState<string | null>(null);

  // Once, when the form comes to life: the text area's value at that moment is the starting point.
  const startingContent = useRef(values.content);
  useEffect(() => {
    setEditorStart(plainContent.current?.value ?? startingContent.current);
  }, []);

  // The hidden field holds the editor's starting HTML, again after a restore (the field is then a new one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a restore gives a new hidden field (`generation`) that needs the value too
  useEffect(() => {
    if (editorStart !== null && hiddenContent.current) hiddenContent.current.value = editorStart;
  }, [editorStart, generation]);

  const draft = usePostDraft({ formRef, account, post, start: startValues });
  const [draftOutcome, setDraftOutcome] = useState<"restored" | "discarded" | null>(null);
  /** After a restore or a discard the notice's buttons are gone: the admin carries on at the title. */
  const toTitle = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("#post-title")?.focus());
  const restoreDraft = () => {
    const kept = draft.restore();
    if (!kept) return;
    setRestored(kept);
    setEditorStart(kept.content);
    setGeneration((g) => g + 1);
    setDraftOutcome("restored");
    toTitle();
  };
  const discardDraft = () => {
    draft.discard();
    setDraftOutcome("discarded");
    toTitle();
  };

  // The categories could not be read: said beside the field, and once as a toast.
  useFailureToast(categoriesFailed ? t.categoriesFallback : null);

  /** The editor's HTML into the hidden field; an input event lets the form check it again as it is typed. */
  const onEditorChange = (html: string) => {
    const input = hiddenContent.current;
    if (!input) return;
    input.value = html;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // Kept before it is sent: a save the server refuses, or one that finds the session ended, loses nothing.
    draft.keepNow();
    formProps.onSubmit(event);
    if (!event.defaultPrevented) return;
    // A check Conform makes as a field is edited comes as a submit of its intent button: not a send.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === "__intent__") return;
    // The content's error is on the editor, which the browser cannot focus as a field: point at it.
    requestAnimationFrame(() => {
      const form = formRef.current;
      if (!form || form.querySelector('[aria-invalid="true"]:focus')) return;
      const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (first?.getAttribute("contenteditable") === "true") focusEditor.current?.();
      else first?.focus();
    });
  };

  return (
    <AdminFormFrame
      title={text.title}
      back={<BackToBlogLink />}
      form={actionForm}
      formRef={formRef}
      onSubmit={onSubmit}
      label="Blog post"
      legend="Post details"
      submitLabel={text.submit}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/dashboard", label: t.cancel }}
      wide
    >
      <DraftNotice offered={draft.offered} outcome={draftOutcome} onRestore={restoreDraft} onDiscard={discardDraft} />
      {/* A restored draft starts the fields again from its values. */}
      <Fragment key={generation}>
        <TextField
          id="post-title"
          name="title"
          label={t.labels.title}
          required
          maxLength={200}
          defaultValue={values.title}
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
            defaultValue={values.category}
            error={errors.category}
            hint={categoriesFailed ? t.categoriesFallback : undefined}
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
                    defaultChecked={values.status === status}
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
          type="text"
          inputMode="url"
          label={t.labels.imageUrl}
          hint={t.imageUrlHint}
          maxLength={2000}
          defaultValue={values.imageUrl}
          error={errors.imageUrl}
        />
        {editorStart !== null && <CoverUpload fieldId="post-image-url" />}
        <div>
          <p id="post-content-label" className="block text-sm font-medium text-slate-800">
            {t.labels.content}
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </p>
          {editorStart === null ? (
            <textarea
              ref={plainContent}
              id="post-content"
              name="content"
              rows={14}
              defaultValue={values.content}
              aria-labelledby="post-content-label"
              aria-required
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? "post-content-error" : undefined}
              className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ${errors.content ? "border-red-600" : "border-slate-300"}`}
            />
          ) : (
            <>
              {/* Its value is the editor's alone (set below): React would put a value prop back at each render. */}
              <input ref={hiddenContent} type="hidden" name="content" />
              <Suspense fallback={<EditorPlaceholder />}>
                <RichTextEditor
                  id="post-content"
                  initialValue={editorStart}
                  onChange={onEditorChange}
                  labelId="post-content-label"
                  describedBy={errors.content ? "post-content-error" : undefined}
                  invalid={Boolean(errors.content)}
                  focusRef={focusEditor}
                />
              </Suspense>
            </>
          )}
          {errors.content && (
            <p id="post-content-error" className="mt-1 text-sm font-medium text-red-700" data-testid="error-post-content">
              {errors.content}
            </p>
          )}
        </div>
      </Fragment>
    </AdminFormFrame>
  );
}

/** The post screens' link back to the list (spec 001 section 2). */
function BackToBlogLink() {
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
