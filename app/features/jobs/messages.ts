/**
 * The jobs screens' texts: spec 001 sections 2 and 8, verbatim; the field messages are ours (the spec does
 * not show them). The careers page's own texts are in careers-messages.ts. Browser-safe and tiny.
 */
export const jobMessages = {
  list: {
    title: "Job Listings",
    add: "Add New Job",
    edit: "Edit",
    delete: "Delete",
    empty: "No jobs found. Create a new job to get started.",
    loadFailure: "Failed to load jobs. Please try again later.",
    retry: "Try Again",
    deleteTitle: "Delete Job",
    deleteConfirm: "Are you sure you want to delete this job? This action cannot be undone.",
    deleteFailure: "Failed to delete job. Please try again.",
    deleteSuccess: "Job deleted successfully",
  },
  add: {
    title: "Add New Job",
    submit: "Create Job",
    submitting: "Creating...",
    success: "Job created successfully!",
    failure: "Failed to create job. Please try again.",
  },
  edit: {
    title: "Edit Job",
    submit: "Update Job",
    submitting: "Updating...",
    success: "Job updated successfully!",
    failure: "Failed to update job. Please try again.",
    loadFailure: "Failed to load job data. Please try again.",
    missingId: "Job ID is missing",
    back: "Back to Jobs",
  },
  form: {
    cancel: "Cancel",
    validationToast: "Please correct the form errors",
  },
  submissions: {
    title: (jobTitle: string) => `Applications for ${jobTitle}`,
    empty: "No applications found for this job.",
    loadFailure: "Failed to load applications. Please try again later.",
    reload: "Reload",
    noCoverLetter: "No cover letter provided",
    columns: ["Name", "Email", "Cover Letter", "Status", "Submitted"],
    noun: { one: "application", many: "applications" },
    search: "Search applications",
  },
  /** The screens' forms told apart by `intent`: one the screens do not know (the pipeline's own texts are in app/lib/post-messages.ts). */
  actions: {
    unknownIntent: "This form is not one the jobs screens know. Reload the page and try again.",
  },
  /** Answers of the API. */
  api: {
    notFound: "Job not found",
    invalid: "Some fields need attention. Please check them and try again.",
    created: "Job created successfully!",
    updated: "Job updated successfully!",
    deleted: "Job deleted successfully",
    applicationReceived: "Application submitted successfully! We will be in touch soon.",
  },
} as const;

/** Field messages of the job form and the application form. */
export const jobFieldMessages = {
  title: "Please enter a job title",
  description: "Please enter a job description",
  type: "Please select a job type",
  workType: "Please select a work type",
  location: "Please enter a location",
  titleTooLong: "Please keep the title under 200 characters",
  titleInvalid: "Please keep the job title on one line, without control characters",
  locationTooLong: "Please keep the location under 200 characters",
  locationInvalid: "Please keep the location on one line, without control characters",
  descriptionTooLong: "Please keep the description under 10,000 characters",
  jobId: "Please choose the job you are applying for",
  name: "Please enter your name",
  email: "Please enter a valid email",
  coverLetterTooLong: "Please keep the cover letter under 5,000 characters",
} as const;
