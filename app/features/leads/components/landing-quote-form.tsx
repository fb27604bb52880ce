import { useMemo } from "react";
import { Honeypot, SelectField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import type { LandingSlug } from "~/content/landing-pages";
import { landingFormSchema, landingForms } from "../landing-forms";
import { landingLeadTypes } from "../lead-types";
import { formMessages } from "../messages";
import { useLeadForm } from "./use-lead-form";

const text = formMessages.landingQuote;

/**
 * The quote form inside a landing page's "Start Your Quote Online" modal: name, phone and email,
 * then the page's own fields. A success closes the modal.
 */
export function LandingQuoteForm({ slug, onSubmitted }: { slug: LandingSlug; onSubmitted: () => void }) {
  const { leadType, fields } = landingForms[slug];
  const options = useMemo(
    () => ({
      schema: () => landingFormSchema(leadType),
      url: "/api/submit-lead",
      toBody: (v: Record<string, unknown>) => ({
        ...v,
        leadType,
        submissionType: landingLeadTypes[leadType].submissionType,
        source: landingLeadTypes[leadType].source,
        submissionDate: new Date().toISOString(),
      }),
      messages: text,
      onSuccess: onSubmitted,
    }),
    [leadType, onSubmitted],
  );
  const { formProps, errors, submitting } = useLeadForm(options);
  const id = (name: string) => `landing-${name}`;

  return (
    <form {...formProps} aria-label={text.title} className="relative">
      <fieldset disabled={submitting} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <TextField id={id("name")} name="name" label="Full Name" required autoComplete="name" error={errors.name} autoFocus />
        <TextField id={id("phone")} name="phone" label="Phone Number" type="tel" required autoComplete="tel" error={errors.phone} />
        <TextField id={id("email")} name="email" label="Email Address" type="email" required autoComplete="email" error={errors.email} />
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
              error={errors[field.name]}
            />
          ),
        )}
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("accent", "w-full")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </form>
  );
}
