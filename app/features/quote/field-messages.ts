/**
 * The trucking quote form's field messages: the spec's "required" and coverage texts (spec 000 section 5)
 * and our own rules beyond them. Read by the schema (in the browser on first focus, and in the action),
 * not by the page's first script.
 */
export const quoteFieldMessages = {
  required: "This field is required",
  coverages: "Please select at least one coverage option",
  invalidChoice: "Please choose one of the listed options",
  fein: "Please enter a valid FEIN (9 digits)",
  dotNumber: "Please enter a valid USDOT number (digits only, up to 8)",
  mcNumber: "Please enter a valid MC number (digits, e.g. MC-123456)",
  date: "Please enter a valid date",
  dateOfBirth: "Please enter a valid date of birth",
  wholeNumber: "Please enter a whole number of at least 1",
  years: "Please enter a whole number of years (0 or more)",
  tooLong: (max: number) => `Please keep this under ${max.toLocaleString("en-US")} characters`,
  singleLine: "Please keep this to one line, without special characters",
} as const;
