/**
 * The trucking quote form's texts (spec 000 sections 5 and 8), in one place; its fields' messages are in
 * field-messages.ts, read by the schema alone. Browser-safe and tiny (no Zod): the form imports it statically. The texts every public form shares come from their single
 * source: the validation toast from lib/post-messages, the email and phone messages with their rules
 * (lib/field-rules, used by the schema).
 */
import type { FormAnswer } from "~/lib/form";
import { postMessages } from "~/lib/post-messages";

export const quoteMessages = {
  validationToast: postMessages.invalid,
  submit: "Submit Quote Request",
  submitting: "Submitting Your Quote...",
  success: "Quote request submitted successfully! We will contact you within minutes.",
  failure: "Failed to submit quote request. Please try again later.",

  /** The form's post refused unread for its length (the other guards answer with app/lib/post-messages.ts). */
  tooLarge: "This quote request is too large to send. Please shorten your notes and try again, or call us.",
  /** The line under the success text: the reference a visitor can quote on the phone. */
  reference: (reference: string) => `Thank you! Your reference is ${reference}.`,

  // Documents.
  uploadsPending: "Please wait for your files to finish uploading",
  uploadFailed: "The upload failed. Please try again.",
  tooManyFiles: (max: number) => `You can attach up to ${max} files here`,
} as const;

/** What the form sends as its lead type (spec 000 section 7, call 4). */
export const truckingQuoteLead = {
  leadType: "commercial_trucking_quote",
  submissionType: "Commercial Trucking Quote",
  source: "Website Quote Form",
} as const;

/** Each slot holds at most this many files. */
export const MAX_FILES_PER_SLOT = 10;

/** The form's id on /quote, and the name its action's answers carry. */
export const QUOTE_FORM_ID = "trucking-quote";

/** What an accepted quote's answer carries (`FormAnswer.data`): the reference a visitor can quote on the phone. */
export type QuoteData = { reference: string };

/** The action's answer: the form helper's, with the quote's reference once accepted. */
export type QuoteAnswer = FormAnswer<QuoteData>;
