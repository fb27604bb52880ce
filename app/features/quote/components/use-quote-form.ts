import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { notifyError, notifySuccess } from "~/lib/notify";
import { postJson } from "~/lib/post-json";
import { submissionContext } from "~/lib/submission-context";
import { quoteMessages, truckingQuoteLead } from "../messages";
import { clearDraft, loadDraft, saveDraft } from "./draft";
import { type FormValues, isFilled, readForm, writeForm } from "./form-values";
import { loadUploader, storedFiles, type Uploads } from "./use-uploads";

/** Zod and the rules arrive when the form is first focused or submitted, not with the page. */
const loadSchema = () => import("../trucking-quote-schema").then((m) => m.truckingQuoteFormSchema);

/** Where the server's errors about the documents are shown. */
export const DOCUMENTS_ERROR = "documents";

type Options = {
  uploads: Uploads;
  /** The required fields, for the progress indicator. */
  requiredNames: string[];
  /** The document slots in the order the form shows them. */
  slotNames: string[];
};

/**
 * The trucking quote form's behaviour: fields are uncontrolled (values live in the DOM), validated
 * on submit with the shared schema (inline messages and the validation toast); editing a field
 * clears its error; a draft is kept in the browser as the visitor types and restored on the next
 * visit; inputs are disabled while sending; success clears values, errors, files and the draft.
 */
export function useQuoteForm({ uploads, requiredNames, slotNames }: Options) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [filled, setFilled] = useState<string[]>([]);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  /** Set before the first await, so a second Enter or tap cannot send the form twice. */
  const inFlight = useRef(false);
  const restored = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  function measure() {
    if (!formRef.current) return;
    const values = readForm(formRef.current);
    const next = requiredNames.filter((name) => isFilled(values[name]));
    setFilled((prev) => (prev.length === next.length && prev.every((n, i) => n === next[i]) ? prev : next));
  }

  /** Writes the draft now; an empty form is no draft. */
  function persist() {
    clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
    if (!formRef.current) return;
    const { website: _honeypot, ...values } = readForm(formRef.current);
    const files = storedFiles(uploads.current.current);
    if (!files.length && !Object.values(values).some(isFilled)) {
      clearDraft();
      setSavedAt(null);
    } else {
      setSavedAt(saveDraft(values, files));
    }
  }

  /** Saves a moment after the typing stops. */
  function save() {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(persist, 400);
  }

  // After hydration: put back what this browser kept of an unfinished request.
  const restoreDraft = useEffectEvent(() => {
    const draft = loadDraft();
    if (formRef.current && draft) {
      writeForm(formRef.current, draft.values, ["website"]);
      uploads.restore(draft.files);
      setSavedAt(draft.savedAt);
    }
    restored.current = true;
    measure();
  });
  // Leaving or reloading within the debounce: keep the last keystrokes too.
  const flushDraft = useEffectEvent(() => {
    if (saveTimer.current !== undefined) persist();
  });
  useEffect(() => {
    restoreDraft();
    const flush = () => flushDraft();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      clearTimeout(saveTimer.current);
    };
  }, []);

  // A file finished uploading or was removed: keep the draft's file list in step.
  const doneFiles = storedFiles(uploads.items)
    .map((f) => f.id)
    .join();
  const filesChanged = useEffectEvent(() => {
    if (!restored.current) return;
    setErrors((current) => (DOCUMENTS_ERROR in current ? withoutKey(current, DOCUMENTS_ERROR) : current));
    save();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: doneFiles (the finished uploads' ids) is what must re-run this; the work reads the latest state through an Effect Event.
  useEffect(() => filesChanged(), [doneFiles]);

  function clearAll(form: HTMLFormElement) {
    clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
    form.reset();
    uploads.reset();
    clearDraft();
    setSavedAt(null);
    setErrors({});
    setFilled([]);
  }

  async function submit(form: HTMLFormElement) {
    const raw = readForm(form);
    const pending = slotNames.filter((slot) => uploads.current.current.some((i) => i.slot === slot && i.status === "uploading"));
    let result:
      | { success: true; data: FormValues | Record<string, unknown> }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
    try {
      result = (await loadSchema()).safeParse(raw);
    } catch {
      // The validation code could not be loaded (offline, or the site changed since this page was
      // opened): the server validates the same rules, so send the form as it is.
      result = { success: true, data: raw };
    }
    const next: Record<string, string> = {};
    if (!result.success) for (const issue of result.error.issues) next[String(issue.path[0])] ??= issue.message;
    for (const slot of pending) uploads.setSlotError(slot, quoteMessages.uploadsPending);
    if (!result.success || pending.length) {
      setErrors(next);
      notifyError(result.success ? quoteMessages.uploadsPending : quoteMessages.validationToast);
      const first =
        Array.from(form.elements).find((el) => (el as HTMLInputElement).name in next) ??
        (pending[0] ? document.getElementById(`quote-upload-${pending[0]}`) : null);
      (first as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setReference(null);
    setSubmitting(true);
    const files = storedFiles(uploads.current.current);
    const response = await postJson("/api/submit-lead", {
      ...result.data,
      uploadedFiles: slotNames.filter((slot) => files.some((f) => f.slot === slot)),
      attachments: files.map(({ slot, id }) => ({ slot, id })),
      ...truckingQuoteLead,
      submissionDate: new Date().toISOString(),
      website: raw.website ?? "",
      ...submissionContext(),
    });
    setSubmitting(false);
    if (response.ok) {
      clearAll(form);
      setReference(typeof response.data.reference === "string" ? response.data.reference : null);
      // When office hours stretch the promise, the API says when to expect the call, under the success text.
      notifySuccess(quoteMessages.success, typeof response.data.callBackNotice === "string" ? response.data.callBackNotice : null);
      return;
    }
    if (response.errors) {
      const { attachments, uploadedFiles, ...fields } = response.errors;
      const documents = attachments ?? uploadedFiles;
      setErrors(documents ? { ...fields, [DOCUMENTS_ERROR]: documents } : fields);
    }
    notifyError(quoteMessages.failure);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submit(form);
    } finally {
      inFlight.current = false;
    }
  }

  /** Editing a field clears its error, updates the progress and saves the draft. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!name) return;
    setErrors((current) => (name in current ? withoutKey(current, name) : current));
    measure();
    save();
  }

  function discardDraft() {
    if (formRef.current && window.confirm("Clear every answer and uploaded file from this form?")) clearAll(formRef.current);
  }

  /** First use of the form: fetch the validation and upload code before it is needed. */
  function preload() {
    void loadSchema().catch(() => undefined);
    void loadUploader().catch(() => undefined);
  }

  return {
    // POST, so that a submission the browser sends itself never carries the visitor's details in the address.
    formProps: { ref: formRef, method: "post", noValidate: true, onSubmit, onInput, onChange: onInput, onFocusCapture: preload },
    errors,
    submitting,
    filled,
    savedAt,
    reference,
    discardDraft,
  };
}

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}
