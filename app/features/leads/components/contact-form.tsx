import { CheckboxField, Honeypot, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { FormAnswerNotice, VisitFields } from "~/components/form/form-answer";
import { buttonClass } from "~/components/ui/button";
import { InlineText } from "~/components/ui/inline-text";
import { contactInsuranceTypes } from "~/content/options";
import { smsConsent } from "~/content/sms-consent";
import { textDefault, useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";

const schema = () => import("../schema").then((m) => m.contactFormSchema);
const text = formMessages.contact;

/**
 * The contact form of /contact, posted to the page's action. "Other Insurance Type" is always in the
 * page and shown by the stylesheet once "Other" is chosen (`.other-insurance` in app.css), so the first
 * choice works before scripts; hidden, it is neither focusable nor announced.
 */
export function ContactForm() {
  const consent = smsConsent(useSite());
  const { fetcher, formProps, errors, values, submitting, pageAnswer, fieldsKey } = useActionForm({
    id: "contact",
    schema,
    failure: text.failure,
  });

  return (
    <fetcher.Form {...formProps} aria-label="Contact form" className="relative space-y-5">
      <FormAnswerNotice answer={pageAnswer} />
      <fieldset key={fieldsKey} disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your details and message</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonFields idPrefix="contact" errors={errors} values={values} />
          <SelectField
            id="contact-insurance-type"
            name="insuranceType"
            label="Insurance Type"
            required
            placeholder="Select insurance type"
            options={contactInsuranceTypes}
            defaultValue={textDefault(values.insuranceType)}
            error={errors.insuranceType}
          />
        </div>
        <div className="other-insurance">
          <TextField
            id="contact-other-insurance"
            name="otherInsurance"
            label="Other Insurance Type"
            required
            defaultValue={textDefault(values.otherInsurance)}
            error={errors.otherInsurance}
          />
        </div>
        <TextAreaField
          id="contact-message"
          name="message"
          label="Message"
          required
          rows={5}
          defaultValue={textDefault(values.message)}
          error={errors.message}
        />
        <CheckboxField
          id="contact-sms-consent"
          name="smsConsent"
          label={<InlineText parts={consent.checkboxLabel} />}
          required
          defaultChecked={values.smsConsent === "on"}
          error={errors.smsConsent}
        />
        <Honeypot />
        <VisitFields />
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
