import { useState } from "react";
import { CheckboxField, Honeypot, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { InlineText } from "~/components/ui/inline-text";
import { contactInsuranceTypes } from "~/content/options";
import { smsConsent } from "~/content/sms-consent";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";
import { useLeadForm } from "./use-lead-form";

const schema = () => import("../schema").then((m) => m.contactFormSchema);
const toBody = (v: Record<string, unknown>) => ({
  fullName: v.name,
  email: v.email,
  phoneNumber: v.phone,
  insuranceType: v.insuranceType === "Other" ? v.otherInsurance : v.insuranceType,
  message: v.message,
  smsConsent: v.smsConsent === true,
});
const serverFieldMap = { fullName: "name", phoneNumber: "phone" };

/** The contact form of /contact: posts to /api/contacts. */
export function ContactForm() {
  const { formProps, errors, submitting } = useLeadForm({
    schema,
    url: "/api/contacts",
    toBody,
    messages: formMessages.contact,
    serverFieldMap,
  });
  const [type, setType] = useState("");

  return (
    <form {...formProps} onReset={() => setType("")} aria-label="Contact form" className="relative">
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your details and message</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <PersonFields idPrefix="contact" errors={errors} />
          <SelectField
            id="contact-insurance-type"
            name="insuranceType"
            label="Insurance Type"
            required
            placeholder="Select insurance type"
            options={contactInsuranceTypes}
            error={errors.insuranceType}
            onChange={(e) => setType(e.target.value)}
          />
        </div>
        {type === "Other" && (
          <TextField
            id="contact-other-insurance"
            name="otherInsurance"
            label="Other Insurance Type"
            required
            error={errors.otherInsurance}
          />
        )}
        <TextAreaField id="contact-message" name="message" label="Message" required rows={5} error={errors.message} />
        <CheckboxField
          id="contact-sms-consent"
          name="smsConsent"
          label={<InlineText parts={smsConsent.checkboxLabel} />}
          required
          error={errors.smsConsent}
        />
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? formMessages.contact.submitting : formMessages.contact.submit}
        </button>
      </fieldset>
    </form>
  );
}
