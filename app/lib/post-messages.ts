/**
 * The texts of the one POST pipeline (app/lib/post.server.ts): what a post refused before its form is
 * read is answered with, whichever form it was. A form's own texts (its success, its failure, its
 * field messages) stay with its schema.
 */
export const postMessages = {
  /** The spec's toast for a form with errors, whether the browser or the server found them. */
  invalid: "Please correct the form errors",
  crossSite: "This form was sent from another site. Reload the page and try again.",
  tooLarge: "The form is too large.",
  notAForm: "Send the form as the page does (application/x-www-form-urlencoded).",
  notJson: "Send the request body as JSON (Content-Type: application/json).",
  badJson: "The request body is not valid JSON.",
  notAnObject: "The request body must be a JSON object.",
  /** "call us" gains the agency's number (content/site-profile.ts withPhone, the stored profile's). */
  tooManyRequests: "Too many submissions from your network. Please wait a few minutes and try again, or call us.",
} as const;
