import { Honeypot, TextAreaField } from "~/components/form/fields";
import { FormAnswerNotice, VisitFields } from "~/components/form/form-answer";
import { buttonClass } from "~/components/ui/button";
import { textDefault, useActionForm } from "~/lib/form";
import { formMessages } from "../messages";
import { PersonFields } from "./person-fields";

const schema = () => import("../schema").then((m) => m.sideQuoteFormSchema);
const text = formMessages.sideQuote;

/** The quote form beside each product page, posted to the page's action (which adds the page's service type). */
export function SideQuoteForm({ serviceType }: { serviceType: string }) {
  const { fetcher, formProps, errors, values, submitting, pageAnswer, fieldsKey } = useActionForm({
    id: "side-quote",
    schema,
    failure: text.failure,
  });
  return (
    <fetcher.Form {...formProps} aria-label={`${serviceType} quote form`} className="relative space-y-4">
      <FormAnswerNotice answer={pageAnswer} />
      <fieldset key={fieldsKey} disabled={submitting} className="space-y-4">
        <legend className="sr-only">Your details</legend>
        <PersonFields idPrefix="quote" errors={errors} values={values} />
        <TextAreaField
          id="quote-message"
          name="message"
          label="What do you need covered?"
          required
          rows={4}
          defaultValue={textDefault(values.message)}
          error={errors.message}
        />
        <Honeypot />
        <VisitFields />
        <button type="submit" className={buttonClass("accent", "w-full")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
