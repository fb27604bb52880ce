import { AdminFormFrame } from "~/components/admin/form-frame";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { staffLeadSources } from "~/content/admin-options";
import { contactInsuranceTypes } from "~/content/options";
import { limits } from "~/lib/field-rules";
import { fieldError, textDefault, useActionForm } from "~/lib/form";
import { inboxMessages } from "../messages";
import { NOTE_MAX_LENGTH } from "../schema";

const text = inboxMessages.newLead;
const loadSchema = () => import("../staff-lead-schema").then((m) => m.staffLeadSchema);

type Fields = { name: string; phone: string; email: string; service: string; source: string; note: string };

/**
 * /admin/leads/new: a person who phoned, walked in or was referred, with what they need and a note.
 * Posted to the route's action with or without scripts; once added, the lead's screen opens.
 */
export function NewLeadForm() {
  const actionForm = useActionForm<Fields>({
    id: "new-lead",
    schema: loadSchema,
    invalidToast: text.invalid,
    failure: text.failed,
    eager: true,
  });
  const { fields, values } = actionForm;
  const sourceError = fieldError(fields.source);

  return (
    <AdminFormFrame
      title={text.title}
      back={text.subtitle}
      form={actionForm}
      label={text.title}
      legend={text.legend}
      submitLabel={text.submit}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/leads", label: text.cancel }}
    >
      <fieldset aria-describedby={sourceError ? "new-lead-source-error" : undefined}>
        <legend className="block text-sm font-medium text-slate-800">
          {text.source}
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        </legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {staffLeadSources.map((source) => (
            <label key={source} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="source"
                value={source}
                required
                defaultChecked={textDefault(values.source) === source}
                aria-invalid={sourceError ? true : undefined}
                className="h-4 w-4 text-brand-700 focus:ring-brand-600"
              />
              {source}
            </label>
          ))}
        </div>
        {sourceError && (
          <p id="new-lead-source-error" className="mt-1 text-sm font-medium text-red-700" data-testid="error-new-lead-source">
            {sourceError}
          </p>
        )}
      </fieldset>
      <TextField
        id="new-lead-name"
        name="name"
        label={text.name}
        required
        autoComplete="off"
        maxLength={limits.name}
        defaultValue={textDefault(values.name)}
        error={fieldError(fields.name)}
      />
      <TextField
        id="new-lead-phone"
        name="phone"
        type="tel"
        label={text.phone}
        required
        autoComplete="off"
        maxLength={limits.phone}
        defaultValue={textDefault(values.phone)}
        error={fieldError(fields.phone)}
      />
      <TextField
        id="new-lead-email"
        name="email"
        type="email"
        label={text.email}
        hint={text.emailHint}
        autoComplete="off"
        maxLength={limits.email}
        defaultValue={textDefault(values.email)}
        error={fieldError(fields.email)}
      />
      <SelectField
        id="new-lead-service"
        name="service"
        label={text.service}
        required
        options={contactInsuranceTypes}
        placeholder={text.servicePlaceholder}
        defaultValue={textDefault(values.service) ?? ""}
        error={fieldError(fields.service)}
      />
      <TextAreaField
        id="new-lead-note"
        name="note"
        label={text.note}
        hint={text.noteHint}
        rows={5}
        maxLength={NOTE_MAX_LENGTH}
        defaultValue={textDefault(values.note)}
        error={fieldError(fields.note)}
      />
    </AdminFormFrame>
  );
}
