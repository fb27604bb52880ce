import { memo } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import type { QuoteField } from "~/content/quote";

const fieldId = (name: string) => `quote-${name}`;

/** A radio or checkbox group: a fieldset whose legend names it, its hint or error linked to it. */
function ChoiceGroup({
  field,
  type,
  error,
  initial,
}: {
  field: Extract<QuoteField, { kind: "radio" | "checkboxes" }>;
  type: "radio" | "checkbox";
  error?: string;
  initial?: string | string[];
}) {
  const chosen = initial === undefined ? [] : [initial].flat();
  const id = fieldId(field.name);
  const required = !field.optional;
  const suffix = field.kind === "radio" ? (field.suffix ?? "") : "";
  const group = {
    id,
    "aria-labelledby": `${id}-legend`,
    "aria-describedby": error ? `${id}-error` : field.hint ? `${id}-hint` : undefined,
    "aria-invalid": error ? true : undefined,
    className: "min-w-0",
  };
  const content = (
    <>
      <legend id={`${id}-legend`} className="text-sm font-medium text-slate-800">
        {field.label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className={`mt-2 grid gap-2 ${type === "checkbox" ? "sm:grid-cols-2" : "sm:flex sm:flex-wrap"}`}>
        {field.options.map((option) => (
          <label
            key={option}
            className={`flex cursor-pointer items-center gap-3 rounded-md border bg-white px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600/40 has-disabled:cursor-not-allowed has-disabled:bg-slate-100 ${error ? "border-red-600" : "border-slate-300"}`}
          >
            <input
              type={type}
              name={field.name}
              value={option}
              defaultChecked={chosen.includes(option)}
              className="h-4 w-4 shrink-0 border-slate-400 text-brand-700 focus:outline-none"
            />
            {option}
            {suffix}
          </label>
        ))}
      </div>
      {field.hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </>
  );
  // A radio group can be marked required as a whole; a group of checkboxes (role "group") cannot.
  return type === "radio" ? (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role="radiogroup" on a fieldset, whose legend names the group.
    <fieldset role="radiogroup" aria-required={required || undefined} {...group}>
      {content}
    </fieldset>
  ) : (
    <fieldset {...group}>{content}</fieldset>
  );
}

/**
 * One field of the quote form, drawn from its description in content/quote.ts. `initial` is the value
 * the page shows in it: what a request the browser sent itself had in it, when it was refused. Drawn
 * again only when one of these changes: the form's own state (its progress, a draft put back, the
 * documents) changes often and touches none of its fields' markup.
 */
export const QuoteFieldView = memo(function QuoteFieldView({
  field,
  error,
  initial,
}: {
  field: QuoteField;
  error?: string;
  initial?: string | string[];
}) {
  const common = {
    id: fieldId(field.name),
    name: field.name,
    label: field.label,
    hint: field.hint,
    required: !field.optional,
    error,
    defaultValue: typeof initial === "string" ? initial : undefined,
  };
  switch (field.kind) {
    case "radio":
      return <ChoiceGroup field={field} type="radio" error={error} initial={initial} />;
    case "checkboxes":
      return <ChoiceGroup field={field} type="checkbox" error={error} initial={initial} />;
    case "select":
      return <SelectField {...common} options={field.options} placeholder={field.placeholder} />;
    case "textarea":
      return <TextAreaField {...common} rows={field.rows ?? 3} autoComplete={field.autoComplete} />;
    case "number":
      return <TextField {...common} type="number" min={field.min} step={1} inputMode="numeric" />;
    default:
      return (
        <TextField
          {...common}
          type={field.kind}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          placeholder={field.placeholder}
        />
      );
  }
});
