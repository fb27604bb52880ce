import { Form, Link, useLocation } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import type { FormAnswer } from "~/lib/form";
import { STEP_UP_FIELD, stepUpMessages as text } from "~/lib/step-up";

/** Conform's nested values back into the names the form posted them under (`a.b`, `list[0]`). */
function postedFields(value: unknown, name = "", out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([name, value]);
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) postedFields(item, `${name}[${i}]`, out);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) postedFields(item, name ? `${name}.${key}` : key, out);
  return out;
}

/**
 * A dangerous action refused until the password is given again (app/lib/step-up.ts): the same form,
 * sent again with everything it carried and the password (or a current code). A document post, so it
 * works without scripts and a download it leads to (the leads CSV) arrives as a file.
 */
export function StepUpPrompt({ answer, action }: { answer: FormAnswer<unknown> | undefined; action?: string }) {
  const location = useLocation();
  if (!answer?.stepUp) return null;
  const cancelTo = `${location.pathname}${location.search}`;
  const fields = postedFields(answer.result.initialValue ?? {}).filter(([name]) => name !== STEP_UP_FIELD);
  const error = answer.result.error?.[STEP_UP_FIELD]?.[0];
  return (
    <section
      aria-labelledby="step-up-heading"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-6 shadow-sm"
      data-testid="step-up"
    >
      <h2 id="step-up-heading" className="text-lg font-semibold text-brand-900">
        {text.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text.required}</p>
      <Form method="post" action={action} reloadDocument className="mt-4 max-w-md space-y-4">
        {fields.map(([name, value], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat (a multiple choice), in the order posted
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <StepUpField id="step-up-secret" error={error} autoFocus />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass("primary")}>
            {text.submit}
          </button>
          {/* The screen as it was, nothing sent. */}
          <Link to={cancelTo} reloadDocument className={buttonClass("outline")}>
            {text.cancel}
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * The password (or code) field of a step-up, for a form that knows before it is sent that it will be asked
 * (Settings, whose logo file a replayed form could not carry) as well as for the prompt.
 */
export function StepUpField({ id, error, autoFocus = false }: { id: string; error?: string; autoFocus?: boolean }) {
  return (
    <TextField
      id={id}
      name={STEP_UP_FIELD}
      type="password"
      label={text.label}
      hint={text.hint}
      autoComplete="current-password"
      required
      autoFocus={autoFocus}
      maxLength={1024}
      error={error}
    />
  );
}
