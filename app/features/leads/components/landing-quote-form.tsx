import { useCallback } from "react";
import { Honeypot, SelectField, TextField } from "~/components/form/fields";
import { FormAnswerNotice, VisitFields } from "~/components/form/form-answer";
import { buttonClass } from "~/components/ui/button";
import type { LandingSlug } from "~/content/landing-pages";
import { textDefault, useActionForm } from "~/lib/form";
import { landingFormSchema, landingForms } from "../landing-forms";
import { formMessages } from "../messages";

const text = formMessages.landingQuote;

/**
 * The quote form inside a landing page's "Start Your Quote Online" modal: name, phone and email,
 * then the page's own fields, posted to the page's action. A success closes the modal and empties the
 * form; a post sent without scripts is answered in the page (`pageAnswer`).
 */
export function LandingQuoteForm({ slug, onSubmitted }: { slug: LandingSlug; onSubmitted: () => void }) {
  const { leadType, fields } = landingForms[slug];
  const schema = useCallback(() => landingFormSchema(leadType), [leadType]);
  const { fetcher, formProps, errors, values, submitting, pageAnswer, fieldsKey } = useActionForm({
    id: "landing-quote",
    schema,
    failure: text.failure,
    onSuccess: onSubmitted,
  });
  const id = (name: string) => `landing-${name}`;

  return (
    <fetcher.Form {...formProps} aria-label={text.title} className="relative space-y-4">
      {pageAnswer && !pageAnswer.ok && <FormAnswerNotice answer={pageAnswer} />}
      <fieldset key={fieldsKey} disabled={submitting} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <TextField
          id={id("name")}
          name="name"
          label="Full Name"
          required
          autoComplete="name"
          defaultValue={textDefault(values.name)}
          error={errors.name}
        />
        <TextField
          id={id("phone")}
          name="phone"
          label="Phone Number"
          type="tel"
          required
          autoComplete="tel"
          defaultValue={textDefault(values.phone)}
          error={errors.phone}
        />
        <TextField
          id={id("email")}
          name="email"
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          defaultValue={textDefault(values.email)}
          error={errors.email}
        />
        {fields.map((field) =>
          field.options.length === 0 ? (
            <TextField
              key={field.name}
              id={id(field.name)}
              name={field.name}
              label={field.label}
              placeholder={field.placeholder}
              required={field.required}
              inputMode="numeric"
              defaultValue={textDefault(values[field.name])}
              error={errors[field.name]}
            />
          ) : (
            <SelectField
              key={field.name}
              id={id(field.name)}
              name={field.name}
              label={field.required ? field.label : `${field.label} (optional)`}
              placeholder={field.placeholder}
              options={field.options}
              required={field.required}
              defaultValue={textDefault(values[field.name])}
              error={errors[field.name]}
            />
          ),
        )}
        <Honeypot />
        <VisitFields />
        <button type="submit" className={buttonClass("accent", "w-full")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
