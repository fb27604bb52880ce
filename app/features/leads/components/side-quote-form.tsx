import { useMemo } from "react";
import { Honeypot, TextAreaField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";
import { useLeadForm } from "./use-lead-form";

const schema = () => import("../schema").then((m) => m.sideQuoteFormSchema);

/** The quote form beside each product page; the lead carries the page's service type. */
export function SideQuoteForm({ serviceType }: { serviceType: string }) {
  const toBody = useMemo(
    () => (v: Record<string, unknown>) => ({
      ...v,
      serviceType,
      leadType: "product_page_quote",
      submissionType: "Product Page Quote Request",
      source: "Product Page Quote Form",
      submissionDate: new Date().toISOString(),
    }),
    [serviceType],
  );
  const { formProps, errors, submitting } = useLeadForm({ schema, url: "/api/submit-lead", toBody, messages: formMessages.sideQuote });
  return (
    <form {...formProps} aria-label={`${serviceType} quote form`} className="relative">
      <fieldset disabled={submitting} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <PersonFields idPrefix="quote" errors={errors} />
        <TextAreaField id="quote-message" name="message" label="What do you need covered?" required rows={4} error={errors.message} />
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("accent", "w-full")}>
          {submitting ? formMessages.sideQuote.submitting : formMessages.sideQuote.submit}
        </button>
      </fieldset>
    </form>
  );
}
