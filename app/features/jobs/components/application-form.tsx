import { Honeypot, TextAreaField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { useLeadForm } from "~/features/leads/components/use-lead-form";
import { jobMessages } from "../messages";

const text = jobMessages.careers;
const schema = () => import("../schema").then((m) => m.applicationSchema);
const toBody = (v: Record<string, unknown>) => ({ jobId: v.jobId, name: v.name, email: v.email, coverLetter: v.coverLetter ?? "" });

/** The application form of /careers: posts to /api/applications like the other public forms. */
export function ApplicationForm({ jobId, onSuccess }: { jobId: string; onSuccess: () => void }) {
  const { formProps, errors, submitting } = useLeadForm({ schema, url: "/api/applications", toBody, messages: text, onSuccess });
  return (
    <form {...formProps} aria-label="Job application" className="relative mt-6">
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Your application</legend>
        <TextField id="application-name" name="name" label="Full Name" required autoComplete="name" maxLength={100} error={errors.name} />
        <TextField
          id="application-email"
          name="email"
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          error={errors.email}
        />
        <TextAreaField
          id="application-cover-letter"
          name="coverLetter"
          label="Cover Letter (optional)"
          rows={6}
          maxLength={5000}
          error={errors.coverLetter}
          hint="Tell us about your experience and why this role interests you."
        />
        <input type="hidden" name="jobId" value={jobId} />
        <Honeypot name="website" />
        <button type="submit" className={buttonClass("primary", "w-full")}>
          {submitting ? text.submitting : text.submit}
        </button>
      </fieldset>
    </form>
  );
}
