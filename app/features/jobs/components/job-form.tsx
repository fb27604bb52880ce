import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { agency } from "~/content/agency";
import { jobTypes, jobWorkTypes } from "~/content/options";
import { notifyError } from "~/lib/notify";
import { jobMessages } from "../messages";
import { type JobInput, jobSchema } from "../schema";

type Field = keyof JobInput;

/**
 * The job form of /admin/jobs/add and /admin/jobs/edit/{id}: every field required, checked here with
 * the API's own schema. `onSubmit` answers the server's field errors when it refused the values.
 */
export function JobForm({
  initial,
  submitLabel,
  submittingLabel,
  onSubmit,
}: {
  initial: JobInput;
  submitLabel: string;
  submittingLabel: string;
  onSubmit: (values: JobInput) => Promise<Record<string, string> | undefined>;
}) {
  const [values, setValues] = useState<JobInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (field in e ? { ...e, [field]: undefined } : e));
  };

  const focusFirst = (found: Partial<Record<string, string>>) => {
    const first = (["title", "description", "type", "workType", "location"] as const).find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = jobSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      notifyError(jobMessages.form.validationToast);
      focusFirst(found);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      const serverErrors = await onSubmit(parsed.data);
      if (serverErrors) {
        setErrors(serverErrors);
        focusFirst(serverErrors);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={submit}
      aria-label="Job"
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <fieldset disabled={submitting} className="space-y-5">
        <legend className="sr-only">Job details</legend>
        <TextField
          id="job-title"
          name="title"
          label="Job Title"
          required
          maxLength={200}
          value={values.title}
          onChange={set("title")}
          error={errors.title}
        />
        <TextAreaField
          id="job-description"
          name="description"
          label="Description"
          required
          rows={8}
          maxLength={10_000}
          value={values.description}
          onChange={set("description")}
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
            value={values.type}
            onChange={set("type")}
            error={errors.type}
          />
          <SelectField
            id="job-work-type"
            name="workType"
            label="Work Type"
            required
            placeholder="Select work type"
            options={jobWorkTypes}
            value={values.workType}
            onChange={set("workType")}
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
          value={values.location}
          onChange={set("location")}
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
    </form>
  );
}
