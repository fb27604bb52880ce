import { useCallback } from "react";
import { CheckboxField, Honeypot } from "~/components/form/fields";
import { FormAnswerNotice, VisitFields } from "~/components/form/form-answer";
import { buttonClass } from "~/components/ui/button";
import { InlineText } from "~/components/ui/inline-text";
import { smsConsent } from "~/content/sms-consent";
import { useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";

const text = formMessages.smsConsent;

/** The form of /sms-consent, posted to the page's action with the version of the wording shown. */
export function SmsConsentForm() {
  const site = useSite();
  const consent = smsConsent(site);
  // The schema checks the version of the wording this page shows.
  const schema = useCallback(() => import("../schema").then((m) => m.smsConsentFormSchema(site)), [site]);
  const { fetcher, formProps, errors, values, submitting, pageAnswer, fieldsKey } = useActionForm({
    id: "sms-consent",
    schema,
    failure: text.failure,
  });
  return (
    <fetcher.Form {...formProps} aria-label="SMS consent form" className="relative space-y-5">
      <FormAnswerNotice answer={pageAnswer} />
      {errors.consentVersion && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.consentVersion}
        </p>
      )}
      <fieldset key={fieldsKey} disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your details and consent</legend>
        <PersonFields idPrefix="sms" errors={errors} values={values} phoneLabel="Mobile Phone Number" />
        <CheckboxField
          id="sms-consent"
          name="smsConsent"
          label={<InlineText parts={consent.checkboxLabel} />}
          required
          defaultChecked={values.smsConsent === "on"}
          error={errors.smsConsent}
        />
        <input type="hidden" name="consentVersion" value={consent.version} />
        <Honeypot />
        <VisitFields />
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
