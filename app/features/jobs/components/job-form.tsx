import { AdminFormFrame } from "~/components/admin/form-frame";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { jobTypes, jobWorkTypes } from "~/content/admin-options";
import { fieldError, useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { jobMessages } from "../messages";
import type { JobInput } from "../schema";

const loadSchema = () => import("../schema").then((m) => m.jobSchema);

/** The form's fields as posted (every one a string). */
type JobFields = { title: string; description: string; type: string; workType: string; location: string };

/** A job screen's own texts: jobMessages.add or .edit. */
type JobScreenTexts = { title: string; submit: string; submitting: string; failure: string };

/**
 * The job screen of /admin/jobs/add and /admin/jobs/edit/{id}, in the back office's form frame: every
 * field required, checked with the API's schema in the browser and again by the screen's action, which
 * saves the job and goes back to the list. Without scripts the browser posts it itself; a refused post
 * comes back with the errors beside their fields and the values kept.
 */
export function JobForm({ text, initial }: { text: JobScreenTexts; initial: JobInput }) {
  const { agency } = useSite();
  const actionForm = useActionForm<JobFields>({
    id: "job",
    schema: loadSchema,
    invalidToast: jobMessages.form.validationToast,
    failure: text.failure,
    eager: true,
  });
  const { fields, pageAnswer } = actionForm;
  // After a post sent without scripts was refused, the form shows what was sent.
  const shown = (name: keyof JobFields, fallback: string) => (pageAnswer ? String(fields[name].initialValue ?? "") : fallback);
  const errors = {
    title: fieldError(fields.title),
    description: fieldError(fields.description),
    type: fieldError(fields.type),
    workType: fieldError(fields.workType),
    location: fieldError(fields.location),
  };

  return (
    <AdminFormFrame
      title={text.title}
      form={actionForm}
      label="Job"
      legend="Job details"
      submitLabel={text.submit}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/jobs", label: jobMessages.form.cancel }}
    >
      <TextField
        id="job-title"
        name="title"
        label="Job Title"
        required
        maxLength={200}
        defaultValue={shown("title", initial.title)}
        error={errors.title}
      />
      <TextAreaField
        id="job-description"
        name="description"
        label="Description"
        required
        rows={8}
        maxLength={10_000}
        defaultValue={shown("description", initial.description)}
        error={errors.description}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="job-type"
          name="type"
          label="Job Type"
          required
          placeholder="Select job type"
          options={jobTypes}
          defaultValue={shown("type", initial.type)}
          error={errors.type}
        />
        <SelectField
          id="job-work-type"
          name="workType"
          label="Work Type"
          required
          placeholder="Select work type"
          options={jobWorkTypes}
          defaultValue={shown("workType", initial.workType)}
          error={errors.workType}
        />
      </div>
      <TextField
        id="job-location"
        name="location"
        label="Location"
        required
        maxLength={200}
        placeholder={`e.g. ${agency.address.city}, ${agency.address.region}`}
        defaultValue={shown("location", initial.location)}
        error={errors.location}
      />
    </AdminFormFrame>
  );
}
