import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SelectField, TextAreaField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { FormAnswer } from "~/lib/form";
import { notifyError, notifySuccess } from "~/lib/toast";
import { blogAdminMessages } from "../admin-messages";
import { firstIssue, generateSchema, MAX_PROMPT_LENGTH } from "../schema";

const t = blogAdminMessages.generate;

/**
 * "Generate by AI" (spec 001 sections 2, 5, 8): a category and a prompt; the prompt is checked
 * first, then the category, one message at a time. The request goes to the list's action
 * (intent=generate), which saves the article as a draft; a failure (no provider configured, provider
 * down) is shown in the dialog and as a toast.
 */
export function GenerateModal({
  open,
  categories,
  onClose,
  onGenerated,
}: {
  open: boolean;
  categories: readonly string[];
  onClose: () => void;
  onGenerated: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={t.title} titleId="generate-post-title">
      {/* Fresh fields each time it opens. */}
      {open && <GenerateForm categories={categories} onClose={onClose} onGenerated={onGenerated} />}
    </Modal>
  );
}

function GenerateForm({
  categories,
  onClose,
  onGenerated,
}: {
  categories: readonly string[];
  onClose: () => void;
  onGenerated: () => void;
}) {
  const [category, setCategory] = useState("");
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<{ field: string; message: string }>();
  const [failure, setFailure] = useState<string>();
  const fetcher = useFetcher<FormAnswer<{ id: string }>>({ key: "generate-post" });
  const busy = fetcher.state !== "idle";
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const parsed = generateSchema.safeParse({ prompt, category });
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      setError(issue);
      notifyError(issue.message);
      (issue.field === "prompt" ? promptRef : categoryRef).current?.focus();
      return;
    }
    fetcher.submit({ intent: "generate", ...parsed.data }, { method: "post", action: "/admin/blog" });
  }

  // The action's answer (app/routes/admin/blog.tsx): the list is read again (the new draft in it), or the failure is shown.
  const shown = useRef<FormAnswer | undefined>(undefined);
  const onGeneratedRef = useRef(onGenerated);
  onGeneratedRef.current = onGenerated;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      notifySuccess(t.success);
      onGeneratedRef.current();
      return;
    }
    // A field the server refused (a category no longer offered, say) is named beside it; anything else in the dialog.
    const message = result.message || t.failure;
    const fieldError = Object.entries(result.result?.error ?? {}).find(([field, messages]) => field !== "" && messages?.[0]);
    if (fieldError?.[1]) setError({ field: fieldError[0], message: fieldError[1][0] });
    else setFailure(message);
    notifyError(message);
  }, [fetcher.state, fetcher.data]);

  return (
    <form method="post" noValidate onSubmit={submit} className="mt-6 space-y-5" aria-busy={busy || undefined}>
      <p className="text-sm text-slate-600">{t.hint}</p>
      {failure && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="generate-failure"
        >
          {failure}
        </div>
      )}
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">{t.title}</legend>
        <SelectField
          ref={categoryRef}
          id="generate-category"
          name="category"
          label={t.category}
          required
          placeholder={t.categoryPlaceholder}
          options={categories}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            if (error?.field === "category") setError(undefined);
          }}
          error={error?.field === "category" ? error.message : undefined}
        />
        <TextAreaField
          ref={promptRef}
          id="generate-prompt"
          name="prompt"
          label={t.prompt}
          required
          rows={5}
          maxLength={MAX_PROMPT_LENGTH}
          placeholder={t.promptPlaceholder}
          value={prompt}
          onChange={(e) => {
            setPrompt(e.target.value);
            if (error?.field === "prompt") setError(undefined);
          }}
          error={error?.field === "prompt" ? error.message : undefined}
        />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            {t.cancel}
          </button>
          <button type="submit" className={buttonClass("primary")}>
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
