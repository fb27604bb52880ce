import { CheckboxField, Honeypot } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { InlineText } from "~/components/ui/inline-text";
import { smsConsent } from "~/content/sms-consent";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";
import { useLeadForm } from "./use-lead-form";

const schema = () => import("../schema").then((m) => m.smsConsentFormSchema);
const toBody = (v: Record<string, unknown>) => ({
  name: v.name,
  email: v.email,
  phone: v.phone,
  smsConsent: v.smsConsent === true ? "Yes" : "No",
  consentVersion: smsConsent.version,
});

/** The form of /sms-consent: posts to /api/sms-consent with the wording's version. */
export function SmsConsentForm() {
  const { formProps, errors, submitting } = useLeadForm({ schema, url: "/api/sms-consent", toBody, messages: formMessages.smsConsent });
  return (
    <form {...formProps} aria-label="SMS consent form" className="relative">
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your details and consent</legend>
        <PersonFields idPrefix="sms" errors={errors} phoneLabel="Mobile Phone Number" />
        <CheckboxField
          id="sms-consent"
          name="smsConsent"
          label={<InlineText parts={smsConsent.checkboxLabel} />}
          required
          error={errors.smsConsent}
        />
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? formMessages.smsConsent.submitting : formMessages.smsConsent.submit}
        </button>
      </fieldset>
    </form>
  );
}
