import { type FormEvent, useRef, useState } from "react";
import { SelectField, TextField } from "~/components/form/fields";
import { chatInsuranceTypes } from "~/content/options";
import { flattenIssues } from "~/lib/issues";
import type { VisitorInfo } from "./session-store";
import { widgetTexts as t } from "./texts";

export type FieldErrors = Partial<Record<keyof VisitorInfo, string>>;

/** Zod arrives when the form is first used, not with the widget. */
const loadSchema = () => import("../schema").then((m) => m.chatIntakeSchema);

const FIELDS = ["name", "email", "phone", "insuranceType"] as const;

/**
 * "Please provide your information to start chatting": the four required fields, validated with the
 * API's own schema. `onStart` answers the server's per-field errors when it refused the details.
 */
export function IntakeForm({
  defaults,
  onStart,
}: {
  defaults?: VisitorInfo;
  onStart: (info: VisitorInfo) => Promise<FieldErrors | undefined>;
}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const data = new FormData(form);
      const raw = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? "")])) as VisitorInfo;
      let info = raw;
      const schema = await loadSchema().catch(() => null);
      // Without the validation code (offline, or the site was updated) the server still validates.
      if (schema) {
        const result = schema.safeParse(raw);
        if (!result.success) {
          const next: FieldErrors = flattenIssues(result.error.issues);
          setErrors(next);
          form.querySelector<HTMLElement>(`[name="${FIELDS.find((f) => next[f])}"]`)?.focus();
          return;
        }
        info = result.data as VisitorInfo;
      }
      setErrors({});
      setBusy(true);
      const serverErrors = await onStart(info);
      setBusy(false);
      if (serverErrors) setErrors(serverErrors);
    } finally {
      inFlight.current = false;
    }
  }

  /** Editing a field clears that field's error. */
  function onEdit(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as keyof VisitorInfo;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onInput={onEdit}
      onChange={onEdit}
      onFocusCapture={() => void loadSchema().catch(() => undefined)}
      className="space-y-4 p-4"
      aria-labelledby="chat-intake-heading"
    >
      <h3 id="chat-intake-heading" className="text-base font-semibold text-brand-900">
        {t.intakeHeading}
      </h3>
      <TextField
        id="chat-name"
        name="name"
        label={t.labels.name}
        required
        autoComplete="name"
        defaultValue={defaults?.name}
        error={errors.name}
        disabled={busy}
      />
      <TextField
        id="chat-email"
        name="email"
        type="email"
        label={t.labels.email}
        required
        autoComplete="email"
        defaultValue={defaults?.email}
        error={errors.email}
        disabled={busy}
      />
      <TextField
        id="chat-phone"
        name="phone"
        type="tel"
        label={t.labels.phone}
        required
        autoComplete="tel"
        defaultValue={defaults?.phone}
        error={errors.phone}
        disabled={busy}
      />
      <SelectField
        id="chat-insuranceType"
        name="insuranceType"
        label={t.labels.insuranceType}
        required
        options={chatInsuranceTypes}
        placeholder={t.insurancePlaceholder}
        defaultValue={defaults?.insuranceType ?? ""}
        error={errors.insuranceType}
        disabled={busy}
      />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? t.starting : t.start}
      </button>
    </form>
  );
}
