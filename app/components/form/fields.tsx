/**
 * Labelled form controls. Each has a visible label, and when invalid, aria-invalid and an error
 * message linked by aria-describedby.
 */
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

const control =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100";

function FieldShell({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error?: string, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

type Common = { id: string; label: ReactNode; error?: string; hint?: string };

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { id, label, error, hint, required, className, ...rest },
  ref,
) {
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described(id, error, hint)}
        className={`${control} ${error ? "border-red-600" : "border-slate-300"} ${className ?? ""}`}
        {...rest}
      />
    </FieldShell>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { id, label, error, hint, required, className, ...rest },
  ref,
) {
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <textarea
        ref={ref}
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described(id, error, hint)}
        className={`${control} ${error ? "border-red-600" : "border-slate-300"} ${className ?? ""}`}
        {...rest}
      />
    </FieldShell>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  Common &
    SelectHTMLAttributes<HTMLSelectElement> & {
      /** Each option's text, which is also its value, or a value with the text shown for it. */
      options: readonly (string | { value: string; label: string })[];
      placeholder: string;
    }
>(function SelectField({ id, label, error, hint, required, options, placeholder, className, ...rest }, ref) {
  return (
    <FieldShell id={id} label={label} error={error} required={required} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described(id, error, hint)}
        className={`${control} ${error ? "border-red-600" : "border-slate-300"} ${className ?? ""}`}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
});

export const CheckboxField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(function CheckboxField(
  { id, label, error, required, ...rest },
  ref,
) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 focus:ring-brand-600"
          {...rest}
        />
        <label htmlFor={id} className="text-sm leading-6 text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
});

/** A field people never see and bots fill in; a filled one marks the submission as spam. */
export const Honeypot = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Honeypot(props, ref) {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Website
        <input ref={ref} type="text" tabIndex={-1} autoComplete="off" name={HONEYPOT_FIELD} {...props} />
      </label>
    </div>
  );
});
