/**
 * The public /careers page's texts (ours: the spec does not show them). Apart from the back office's job
 * texts, so the page's script carries only its own.
 */
export const careerMessages = {
  apply: "Apply",
  applyTitle: (jobTitle: string) => `Apply for ${jobTitle}`,
  submit: "Submit Application",
  submitting: "Submitting...",
  success: "Application submitted successfully! We will be in touch soon.",
  failure: "Failed to submit your application. Please try again, or email us your resume.",
} as const;
