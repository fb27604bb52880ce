import { type FormEvent, useCallback, useRef, useState } from "react";
import type { ZodType } from "zod";
import { notifyError, notifySuccess } from "~/lib/notify";
import { postJson } from "~/lib/post-json";
import { submissionContext } from "~/lib/submission-context";
import { formMessages } from "../messages";

type Options = {
  /** Loads the form's schema; Zod arrives when the form is first used, not with the page. */
  schema: () => Promise<ZodType>;
  url: string;
  /** The API body for the schema's valid output. */
  toBody: (values: Record<string, unknown>) => Record<string, unknown>;
  messages: { success: string; failure: string };
  /** API field names that differ from the form's. */
  serverFieldMap?: Record<string, string>;
  /** Runs after a successful submission, once the form is reset. */
  onSuccess?: () => void;
};

/** A form's values: text fields as strings, checkboxes as booleans. */
function readForm(form: HTMLFormElement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const element of Array.from(form.elements)) {
    const el = element as HTMLInputElement;
    if (!el.name) continue;
    values[el.name] = el.type === "checkbox" ? el.checked : el.value;
  }
  return values;
}

/**
 * What every public form does: validate on submit with the shared schema (inline messages and the
 * "Please correct the form errors" toast); editing a field clears its error; inputs disabled while
 * submitting; success toast and reset; failure toast on a non-OK answer, success false or a network
 * error. Fields are uncontrolled: their values live in the DOM until submit.
 */
export function useLeadForm({ schema, url, toBody, messages, serverFieldMap = {}, onSuccess }: Options) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set before the first await, so a second Enter or tap cannot send the form twice. */
  const inFlight = useRef(false);

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

  async function submit(form: HTMLFormElement) {
    const raw = readForm(form);
    let validator: ZodType;
    try {
      validator = await schema();
    } catch {
      // The validation code could not be loaded (offline, or the site was updated since this page
      // was opened): the server validates anyway, so send the form as it is.
      validator = { safeParse: (v: unknown) => ({ success: true, data: v }) } as unknown as ZodType;
    }
    const result = validator.safeParse(raw);
    if (!result.success) {
      const next: Record<string, string> = {};
      for (const issue of result.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      notifyError(formMessages.validationToast);
      form.querySelector<HTMLElement>(`[name="${Object.keys(next)[0]}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    const response = await postJson(url, {
      ...toBody(result.data as Record<string, unknown>),
      website: raw.website ?? "",
      ...submissionContext(),
    });
    setSubmitting(false);
    if (response.ok) {
      form.reset();
      // When office hours stretch the promise, the API says when to expect the call, under the success text.
      notifySuccess(messages.success, typeof response.data.callBackNotice === "string" ? response.data.callBackNotice : null);
      onSuccess?.();
      return;
    }
    if (response.errors) {
      setErrors(Object.fromEntries(Object.entries(response.errors).map(([k, v]) => [serverFieldMap[k] ?? k, v])));
    }
    notifyError(messages.failure);
  }

  /** Editing a field clears that field's error. */
  const onInput = useCallback((event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setErrors((current) => (name in current ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)) : current));
  }, []);

  return {
    // POST, so that a submission the browser sends itself never carries the visitor's details in the address.
    formProps: {
      method: "post",
      noValidate: true,
      onSubmit,
      onInput,
      onChange: onInput,
      onFocusCapture: () => void schema().catch(() => undefined),
    },
    errors,
    submitting,
  };
}
