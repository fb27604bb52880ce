/**
 * The one way a form is sent: a `<fetcher.Form method="post">` (a plain `<form method="post">` in the
 * server's HTML) handled by its route's action, with one Zod schema checked in the browser and in the
 * action (Conform and its Zod adapter).
 *
 * - Without scripts, or before the page has hydrated, the browser posts the form itself; the action
 *   answers the page again with a `FormAnswer`, read through `useActionData`, and the form shows its
 *   message in place, field errors beside the fields and the values kept.
 * - Once hydrated, the form is checked in the browser first (the schema and Zod load on the form's first
 *   focus or tap, not with the page), then sent by a fetcher; the answer becomes a toast. A route whose
 *   forms use this exports `clientAction = formClientAction`, so a server that cannot be reached or
 *   fails answers with the form's own failure toast instead of the error page.
 *
 * - A field's error shows once the form is sent; editing the field clears it, and leaving the field
 *   checks it again.
 *
 * Actions build their answers with the one POST pipeline, `app/lib/post.server.ts`.
 */
import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { ZodType } from "zod";
import { postMessages } from "./post-messages";
import { notifyError, notifySuccess } from "./toast";

/** The name of the button Conform submits its own checks with (`INTENT` in @conform-to/dom). */
const CONFORM_INTENT = "__intent__";

/** What an action answers for a form (app/lib/post.server.ts builds it). */
export type FormAnswer<D = unknown> = {
  /** Which form on the page the answer is for (a page may have more than one). */
  form: string;
  ok: boolean;
  /** The success text, or the form-level failure text. */
  message: string;
  /** A second line under the success text (when office hours stretch the call-back promise, say). */
  detail?: string | null;
  /** Conform's reply: the field errors, and the values to show again (none after a success). */
  result: SubmissionResult<string[]>;
  /** What else the page needs from an accepted form (a quote's reference, the row a screen changed). */
  data?: D;
  /** The server could not be reached, or failed: the form shows its own failure text and keeps its values. */
  unreachable?: boolean;
  /** A dangerous action that needs the password again (app/lib/step-up.ts): the page shows the prompt. */
  stepUp?: boolean;
};

/** Whether a loader or action's data is a form answer. */
export function isFormAnswer(value: unknown): value is FormAnswer {
  return typeof value === "object" && value !== null && "form" in value && "result" in value && "ok" in value;
}

/** A server that could not be reached or failed, as a form answer (see formClientAction). */
const unreachable: FormAnswer = { form: "", ok: false, message: "", unreachable: true, result: { status: "error" } };

/**
 * A route's `clientAction` for its forms: the action's answer, or when the request failed (offline, a
 * 5xx, an answer that is not the action's) an `unreachable` answer, which the form turns into its failure
 * toast with the values kept.
 */
export async function formClientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (a sign-in, a saved post) is the action's answer: the router follows it.
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return unreachable;
  }
}

/**
 * A page's `shouldRevalidate` when its loader's data does not change with what its forms send: a form
 * answered (or failed) leaves the page's data as it was, so a server that could not be reached does not
 * turn the page into an error page.
 */
export function keepDataAfterForms({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
}

type Validate = (formData: FormData) => ReturnType<typeof import("./form-validate").validateWith>;

type Options = {
  /** The form's id, unique on the page; it also names the answer (`FormAnswer.form`) and the fetcher. */
  id: string;
  /** Loads the form's schema (a dynamic import, so Zod is not part of the page's first load). */
  schema: () => Promise<ZodType>;
  /** Where the form posts; the current route's action when omitted. */
  action?: string;
  /** The failure toast when the browser's check finds errors (null: the errors beside the fields say it). */
  invalidToast?: string | null;
  /** The failure toast when the server could not be reached or failed. */
  failure: string;
  /** Runs once per successful answer, after the toast (closing a dialog, say). */
  onSuccess?: (answer: FormAnswer) => void;
  /** Set to false for an answer that must not raise a toast (the form shows it itself). */
  toast?: boolean;
  /**
   * Load the schema as soon as the form is on the page rather than on its first use: for screens
   * where Zod weighs nothing against the rest (the back office's editors), so even the first send is
   * checked in the browser.
   */
  eager?: boolean;
  /**
   * Conform's coercion of the posted text before the schema sees it (an empty field as missing, "on"
   * as true, digits as a number): off by default, since the schemas read every field as text
   * themselves (and serve the JSON API too). A schema written for coerced values sets it (the trucking
   * quote). The action's `postForm` takes the same option.
   */
  coerce?: boolean;
};

/**
 * A form on its route's action. Returns Conform's form and fields, the fetcher whose `Form` renders the
 * form, whether it is being sent, and the answer the page should show in place (a no-script post's).
 */
export function useActionForm<Schema extends Record<string, unknown> = Record<string, unknown>>({
  id,
  schema,
  action,
  invalidToast = postMessages.invalid,
  failure,
  onSuccess,
  toast = true,
  eager = false,
  coerce = false,
}: Options) {
  const fetcher = useFetcher<FormAnswer>({ key: `form:${id}` });
  const actionData = useActionData();
  /** The answer to a post the browser sent itself (no scripts yet): shown in place, not as a toast. */
  const pageAnswer = isFormAnswer(actionData) && actionData.form === id ? actionData : undefined;
  // The fetcher is this form's own (its key is the form's id), so its answer is this form's.
  const fetched = isFormAnswer(fetcher.data) ? fetcher.data : undefined;
  const answer = fetched ?? pageAnswer;

  const [validate, setValidate] = useState<Validate | null>(null);
  /** Set once the check could not be loaded (offline, or the site was updated since the page was opened): the action checks anyway. */
  const [unavailable, setUnavailable] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const prepare = useCallback(() => {
    loading.current ??= Promise.all([import("./form-validate"), schema()])
      .then(([{ validateWith }, zodSchema]) => setValidate(() => (formData: FormData) => validateWith(formData, zodSchema, { coerce })))
      .catch(() => {
        loading.current = null;
        setUnavailable(true);
      });
    return loading.current;
  }, [schema, coerce]);

  useEffect(() => {
    if (eager) void prepare();
  }, [eager, prepare]);

  // A form sent before its check had loaded is sent again once it has (or once it is known it cannot load).
  const pending = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  useEffect(() => {
    const held = pending.current;
    if (!held || !(validate || unavailable)) return;
    pending.current = null;
    if (held.form.isConnected) held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : undefined);
  }, [validate, unavailable]);

  // Checked when sent; after that, a field is checked again as it is left. Editing a field clears its
  // error (the spec's forms: "Editing a field clears that field's error"); leaving it checks it again.
  const [form, fields] = useForm<Schema>({
    id,
    lastResult: answer && !answer.unreachable ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validate ? ({ formData }) => validate(formData) as never : undefined,
  });

  /** Fields whose error was cleared by an edit, to check again when they are left. */
  const edited = useRef(new Set<string>());
  /** Edits made before the check had loaded: their errors are cleared once it has. */
  const editedEarly = useRef(new Set<string>());
  const clearError = useCallback(
    (name: string) => {
      edited.current.add(name);
      // Conform's own way to forget a field's check: its error goes, the other fields keep theirs.
      form.update({ name, validated: false });
    },
    [form],
  );
  useEffect(() => {
    if (!validate || !editedEarly.current.size) return;
    for (const name of editedEarly.current) clearError(name);
    editedEarly.current.clear();
  }, [validate, clearError]);
  const onInputCapture = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!name || !form.allErrors[name]) return;
    if (validate) clearError(name);
    else editedEarly.current.add(name);
  };
  const onBlurCapture = (event: FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (!name || !validate || !edited.current.delete(name)) return;
    form.validate({ name });
  };

  const shown = useRef<FormAnswer | undefined>(undefined);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  useEffect(() => {
    if (!fetched || fetcher.state !== "idle" || shown.current === fetched) return;
    shown.current = fetched;
    if (fetched.ok) {
      if (toast) notifySuccess(fetched.message, fetched.detail ?? null);
      onSuccessRef.current?.(fetched);
    } else if (toast) {
      notifyError(fetched.unreachable || !fetched.message ? failure : fetched.message);
    }
  }, [fetched, fetcher.state, toast, failure]);

  const conformProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Conform checks a field again (or forgets its error) as it is left or edited after a refused send, through
    // a submit of its own (its intent button). Without the check loaded there is nothing to run it: it is not
    // sent to the server.
    const intentSubmit = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.name === CONFORM_INTENT;
    if (!validate && intentSubmit) {
      event.preventDefault();
      return;
    }
    if (!validate && !unavailable) {
      // The check is still loading (a few kilobytes, asked for on the form's first focus or tap): wait for it.
      event.preventDefault();
      pending.current = { form: event.currentTarget, submitter: (event.nativeEvent as SubmitEvent).submitter };
      void prepare();
      return;
    }
    conformProps.onSubmit(event);
    if (!event.defaultPrevented) return;
    // Conform's own submit (its intent button, a field left or edited): that is no send, so no toast and no
    // focus move.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === CONFORM_INTENT) return;
    // The browser's check found errors: say so, and take the visitor to the first one.
    if (invalidToast) notifyError(invalidToast);
    const firstInvalid = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
    firstInvalid?.focus();
  };

  return {
    form,
    fields,
    fetcher,
    /** Spread on `<fetcher.Form>`. */
    formProps: {
      ...conformProps,
      method: "post" as const,
      action,
      onSubmit,
      onFocusCapture: () => void prepare(),
      onPointerDownCapture: () => void prepare(),
      onInputCapture,
      onBlurCapture,
    },
    submitting: fetcher.state !== "idle",
    /** Each field's first error, by name. */
    errors: Object.fromEntries(Object.entries(form.allErrors).map(([name, list]) => [name, list[0]])) as Record<string, string | undefined>,
    /**
     * Changes when the form is emptied after a success: the key of the element holding the fields, so
     * they start again from empty values.
     */
    fieldsKey: form.key,
    /** The values to show again (a refused post's), by name. */
    values: (form.initialValue ?? {}) as Record<string, unknown>,
    /** The answer to show in place: a post the browser sent itself, until the form is sent again. */
    pageAnswer: fetched ? undefined : pageAnswer,
    answer,
  };
}

/** A field's first error in a form's answer ("" for the form as a whole). */
export const fieldErrorOf = (answer: FormAnswer | undefined, name: string): string | undefined => answer?.result.error?.[name]?.[0];

/** What a refused answer puts back in a field (never a hidden one, such as a password). */
export function sentValue(answer: FormAnswer | undefined, name: string): string | undefined {
  const value = answer?.result.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** A value to show again in a text field or select. */
export const textDefault = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The error under a field, from Conform's metadata. */
export const fieldError = (field: FieldMetadata<unknown> | undefined): string | undefined => field?.errors?.[0];
