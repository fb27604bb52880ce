import { smsConsent } from "~/content/sms-consent";
import { CheckboxField, Honeypot, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { InlineText } from "~/components/ui/inline-text";
import { formMessages } from "../messages";
import { useLeadForm } from "./use-lead-form";

const schema = () => import("../schema").then((m) => m.smsConsentFormSchema);
const toBody = (v: Record<string, unknown>) => ({ name: v.name, email: v.email, phone: v.phone, smsConsent: v.smsConsent === true ? "Yes" : "No", consentVersion: smsConsent.version });

/** The form of /sms-consent: posts to /api/sms-consent with the wording's version. */
export function SmsConsentForm() {
  const { formProps, errors, submitting } = useLeadForm({ schema, url: "/api/sms-consent", toBody, messages: formMessages.smsConsent });
  return (
    <form {...formProps} aria-label="SMS consent form" className="relative">
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your details and consent</legend>
        <TextField id="sms-name" name="name" label="Full Name" required autoComplete="name" error={errors.name} />
        <TextField id="sms-email" name="email" label="Email Address" type="email" required autoComplete="email" error={errors.email} />
        <TextField id="sms-phone" name="phone" label="Mobile Phone Number" type="tel" required autoComplete="tel" error={errors.phone} />
        <CheckboxField id="sms-consent" name="smsConsent" label={<InlineText parts={smsConsent.checkboxLabel} />} required error={errors.smsConsent} />
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? formMessages.smsConsent.submitting : formMessages.smsConsent.submit}
        </button>
      </fieldset>
    </form>
  );
}
