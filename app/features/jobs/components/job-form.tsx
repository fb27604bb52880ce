import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { jobTypes, jobWorkTypes } from "~/content/admin-options";
import { agency } from "~/content/agency";
import { fieldError, useActionForm } from "~/lib/form";
import { jobMessages } from "../messages";
import type { JobInput } from "../schema";

const loadSchema = () => import("../schema").then((m) => m.jobSchema);

/** The form's fields as posted (every one a string). */
type JobFields = { title: string; description: string; type: string; workType: string; location: string };

/**
 * The job form of /admin/jobs/add and /admin/jobs/edit/{id}: every field required, checked with the
 * API's schema in the browser and again by the screen's action, which saves the job and goes back to
 * the list. Without scripts the browser posts it itself; a refused post comes back with the errors
 * beside their fields and the values kept.
 */
export function JobForm({
  initial,
  submitLabel,
  submittingLabel,
  failure,
}: {
  initial: JobInput;
  submitLabel: string;
  submittingLabel: string;
  /** The failure toast when the server could not be reached or failed. */
  failure: string;
}) {
  const { fields, fetcher, formProps, submitting, pageAnswer, answer } = useActionForm<JobFields>({
    id: "job",
    schema: loadSchema,
    invalidToast: jobMessages.form.validationToast,
    failure,
    eager: true,
  });
  // After a post sent without scripts was refused, the form shows what was sent.
  const shown = (name: keyof JobFields, fallback: string) => (pageAnswer ? String(fields[name].initialValue ?? "") : fallback);
  const errors = {
    title: fieldError(fields.title),
    description: fieldError(fields.description),
    type: fieldError(fields.type),
    workType: fieldError(fields.workType),
    location: fieldError(fields.location),
  };

  // A save the server refused: take the admin to the first field it named.
  const formRef = useRef<HTMLFormElement>(null);
  const focused = useRef<unknown>(undefined);
  useEffect(() => {
    if (!answer || answer.ok || focused.current === answer || fetcher.state !== "idle") return;
    focused.current = answer;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer, fetcher.state]);

  return (
    <fetcher.Form
      {...formProps}
      ref={formRef}
      noValidate
      aria-label="Job"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      {pageAnswer && !pageAnswer.ok && (
        <div role="alert" className="mb-5 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {pageAnswer.message}
        </div>
      )}
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Job details</legend>
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
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Link to="/admin/jobs" className={buttonClass("outline")}>
            {jobMessages.form.cancel}
          </Link>
          <button type="submit" className={buttonClass("primary")}>
            {submitting ? submittingLabel : submitLabel}
          </button>
        </div>
      </fieldset>
    </fetcher.Form>
  );
}
