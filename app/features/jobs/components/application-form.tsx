import { Honeypot, TextAreaField, TextField } from "~/components/form/fields";
import { FormAnswerNotice } from "~/components/form/form-answer";
import { buttonClass } from "~/components/ui/button";
import { textDefault, useActionForm } from "~/lib/form";
import { careerMessages } from "../careers-messages";

const text = careerMessages;
/** The form's id on /careers, and the name its action's answers carry. */
export const APPLICATION_FORM = "job-application";
const schema = () => import("../schema").then((m) => m.applicationSchema);

/** The application form of /careers, posted to the page's action (stored as POST /api/applications stores it). */
export function ApplicationForm({ jobId, onSuccess }: { jobId: string; onSuccess: () => void }) {
  const { fetcher, formProps, errors, values, submitting, pageAnswer, fieldsKey } = useActionForm({
    id: APPLICATION_FORM,
    schema,
    failure: text.failure,
    onSuccess,
  });
  return (
    <fetcher.Form {...formProps} aria-label="Job application" className="relative mt-6 space-y-5">
      <FormAnswerNotice answer={pageAnswer} />
      <fieldset key={fieldsKey} disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your application</legend>
        <TextField
          id="application-name"
          name="name"
          label="Full Name"
          required
          autoComplete="name"
          maxLength={100}
          defaultValue={textDefault(values.name)}
          error={errors.name}
        />
        <TextField
          id="application-email"
          name="email"
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          defaultValue={textDefault(values.email)}
          error={errors.email}
        />
        <TextAreaField
          id="application-cover-letter"
          name="coverLetter"
          label="Cover Letter (optional)"
          rows={6}
          maxLength={5000}
          defaultValue={textDefault(values.coverLetter)}
          error={errors.coverLetter}
          hint="Tell us about your experience and why this role interests you."
        />
        <input type="hidden" name="jobId" value={jobId} />
        <Honeypot />
        <button type="submit" className={buttonClass("primary", "w-full")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
