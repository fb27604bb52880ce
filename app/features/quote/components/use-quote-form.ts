import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from "react";
import { fieldError, useActionForm } from "~/lib/form";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { submissionContext } from "~/lib/submission-context";
import { notifyError } from "~/lib/toast";
import { QUOTE_FORM_ID, type QuoteAnswer, quoteMessages } from "../messages";
import { clearDraft, loadDraft, saveDraft } from "./draft";
import { isFilled, readForm, writeForm } from "./form-values";
import { loadUploader, storedFiles, type Uploads } from "./use-uploads";

/** Zod and the rules arrive when the form is first focused or tapped, not with the page. */
const loadSchema = () => import("../trucking-quote-schema").then((m) => m.truckingQuoteFormSchema);

/** The name Conform gives the buttons it presses to check one field (`requestIntent`). */
const INTENT = "__intent__";

type Options = {
  uploads: Uploads;
  /** The required fields, for the progress indicator. */
  requiredNames: string[];
  /** The document slots in the order the form shows them. */
  slotNames: string[];
};

/**
 * The trucking quote form's behaviour on top of the form helper (app/lib/form.ts): the form posts to
 * the route's action, checked first in the browser with the same schema (field errors, the validation
 * toast); a draft is kept in the browser as the visitor types and restored on the next visit; files
 * still uploading hold the request back; success clears values, errors, files and the draft.
 */
export function useQuoteForm({ uploads, requiredNames, slotNames }: Options) {
  const formRef = useRef<HTMLFormElement>(null);
  const [filled, setFilled] = useState<string[]>([]);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  /** Where the visitor came from, sent with the form once the page runs its scripts. */
  const [origin, setOrigin] = useState<ReturnType<typeof submissionContext> | null>(null);
  const restored = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const action = useActionForm({
    id: QUOTE_FORM_ID,
    schema: loadSchema,
    invalidToast: quoteMessages.validationToast,
    failure: quoteMessages.failure,
    // The quote's schema is written for Conform's reading of a form (a blank field as missing).
    coerce: true,
    onSuccess: (answer) => {
      if (formRef.current) clearAll(formRef.current);
      setReference((answer as QuoteAnswer).data?.reference ?? null);
    },
  });
  const { form, fields, formProps, pageAnswer } = action;

  // The server refused the form: once the fields are enabled again, take the visitor to the first one it
  // refused (the form helper's own focus can come while the fields are still disabled for the request).
  const focusedFor = useRef<unknown>(null);
  const fetched = action.fetcher.data;
  const fetcherState = action.fetcher.state;
  useEffect(() => {
    if (!fetched || fetched.ok || fetcherState !== "idle" || focusedFor.current === fetched || !formRef.current) return;
    focusedFor.current = fetched;
    const refused = new Set(Object.keys(fetched.result.error ?? {}));
    const first = Array.from(formRef.current.elements).find(
      (el): el is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) &&
        el.type !== "hidden" &&
        el.name !== "" &&
        refused.has(el.name),
    );
    first?.focus();
  }, [fetched, fetcherState]);

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

  // After hydration: put back what this browser kept of an unfinished request, unless the page is the
  // answer to a request the browser sent itself (its answers are on the page; when it was accepted,
  // the draft is done with).
  const restoreDraft = useEffectEvent(() => {
    setOrigin(submissionContext());
    if (pageAnswer?.ok) clearDraft();
    const draft = pageAnswer ? null : loadDraft();
    if (formRef.current && draft) {
      writeForm(formRef.current, draft.values, [HONEYPOT_FIELD]);
      uploads.restore(draft.files);
      setSavedAt(draft.savedAt);
    }
    if (pageAnswer?.ok && pageAnswer.form === QUOTE_FORM_ID) setReference((pageAnswer as QuoteAnswer).data?.reference ?? null);
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
    if (restored.current) save();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: doneFiles (the finished uploads' ids) is what must re-run this; the work reads the latest state through an Effect Event.
  useEffect(() => filesChanged(), [doneFiles]);

  function clearAll(formElement: HTMLFormElement) {
    clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
    formElement.reset();
    uploads.reset();
    clearDraft();
    setSavedAt(null);
    setFilled([]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Checking one field as it is left or edited is the form helper's own submit (it waits for the rules).
    const isIntent = submitter?.getAttribute("name") === INTENT;
    const pending = isIntent
      ? []
      : slotNames.filter((slot) => uploads.current.current.some((i) => i.slot === slot && i.status === "uploading"));
    if (pending.length) {
      event.preventDefault();
      for (const slot of pending) uploads.setSlotError(slot, quoteMessages.uploadsPending);
      notifyError(quoteMessages.uploadsPending);
      document.getElementById(`quote-upload-${pending[0]}`)?.focus();
      return;
    }
    if (!isIntent) setReference(null);
    formProps.onSubmit(event);
  }

  /** Editing a field updates the progress and saves the draft (the form helper clears the field's error). */
  function onInput(event: FormEvent<HTMLFormElement>) {
    if (!(event.target as HTMLInputElement).name) return;
    measure();
    save();
  }

  /** First use of the form: fetch the validation and upload code before it is needed. */
  function preload() {
    formProps.onFocusCapture();
    void loadUploader().catch(() => undefined);
  }

  function discardDraft() {
    if (formRef.current && window.confirm("Clear every answer and uploaded file from this form?")) clearAll(formRef.current);
  }

  /** The first error about the documents (the list, or one of its entries). */
  const documentsError = Object.entries(form.allErrors).find(
    ([name]) => name === "attachments" || name.startsWith("attachments["),
  )?.[1]?.[0];

  return {
    fetcher: action.fetcher,
    formProps: {
      ...formProps,
      ref: formRef,
      onSubmit,
      onInput,
      onChange: onInput,
      onFocusCapture: preload,
      onPointerDownCapture: preload,
    },
    /** A field's error, by name. */
    errorOf: (name: string) => fieldError(fields[name]),
    /** A field's value as the page last answered it (a request sent without scripts and refused), to show again. */
    initialOf: (name: string) => fields[name]?.initialValue as string | string[] | undefined,
    documentsError,
    // Only while the request is on its way: once the answer is in (the fetcher then reloads the page's data,
    // "loading"), the fields are enabled again, so the first field the server refused can take the focus.
    submitting: action.fetcher.state === "submitting",
    pageAnswer: pageAnswer as QuoteAnswer | undefined,
    filled,
    savedAt,
    reference,
    origin,
    discardDraft,
  };
}
