/**
 * The trucking quote form's action (POST /quote). It applies what POST /api/submit-lead applies to a
 * trucking quote, through the same server function: the "forms" rate limit per client address (the
 * same count as the API's), the honeypot, the form's schema (the one the browser checks with), the
 * documents already uploaded (checked by the schema, then claimed in the lead's own transaction), the
 * submission's context, and the mail. A browser without scripts posts here itself and gets the page
 * back with the answer in place; with scripts the form's fetcher posts here and the answer is a toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, data } from "react-router";
import { withPhone } from "~/content/agency";
import { acceptLead, callBackPromise, newReference } from "~/features/leads/leads.server";
import { formMessages } from "~/features/leads/messages";
import { requestSubmissionContext } from "~/features/leads/visit-context.server";
import { QUOTE_FORM_ID, type QuoteAnswer, quoteMessages } from "~/features/quote/messages";
import { truckingLeadBody, truckingQuoteFormSchema } from "~/features/quote/trucking-quote-schema";
import { UploadLinkError } from "~/features/uploads/uploads.server";
import { accepted, readSubmission, refused } from "~/lib/form.server";

/**
 * The longest body a real quote makes: about 11,000 characters of answers at most, each up to nine
 * bytes once URL-encoded (a three-byte character as %XX%XX%XX), plus the documents' ids and the page's
 * address. Anything longer is refused before it is read.
 */
const MAX_FORM_BYTES = 256 * 1024;

const blank: SubmissionResult<string[]> = { status: "error", error: {} };

/** A refusal made before the answers were read (nothing to put back in the fields). */
function refusedUnread(status: number, message: string, headers?: HeadersInit) {
  const answer: QuoteAnswer = { form: QUOTE_FORM_ID, ok: false, message, result: { ...blank, error: { "": [message] } } };
  return data(answer, { status, headers });
}

/** The success answer: the spec's text, the call-back notice when office hours stretch the promise, the reference. */
function success(submission: Parameters<typeof accepted>[1], reference: string, callBackNotice: string | null) {
  const answer = accepted(QUOTE_FORM_ID, submission, quoteMessages.success, callBackNotice);
  return data<QuoteAnswer>({ ...answer.data, reference }, answer.init ?? undefined);
}

export async function quoteAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return refusedUnread(403, quoteMessages.crossSite);
  const { config, logger } = context;
  // Counted like the API's middleware counts: every post, before its body is read.
  const limiter = context.limits.rate("forms", config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const wait = await limiter.hit(context.clientIp);
  if (wait > 0) return refusedUnread(429, withPhone(formMessages.tooManyRequests), { "Retry-After": String(wait) });

  const read = await readSubmission(request, truckingQuoteFormSchema, MAX_FORM_BYTES, { coerce: true });
  if (!read.ok) return refusedUnread(read.status, read.status === 413 ? withPhone(quoteMessages.tooLarge) : quoteMessages.notAForm);
  const { formData, submission } = read;

  const website = formData.get("website");
  if (typeof website === "string" && website.trim() !== "") {
    // A bot filled the hidden field: answered as if accepted, stored nowhere.
    logger.info({ reqId: context.requestId, form: "quote", ip: context.clientIp }, "honeypot filled: submission discarded");
    return success(submission, newReference(), callBackPromise(config, new Date()).notice);
  }
  if (submission.status !== "success") {
    return refused(QUOTE_FORM_ID, 400, quoteMessages.validationToast, submission);
  }

  const body = truckingLeadBody(submission.value, new Date());
  const { pageUrl, referrer, utm } = submission.value;
  let result: Awaited<ReturnType<typeof acceptLead>>;
  try {
    result = await acceptLead(
      { db: context.db, config },
      body,
      requestSubmissionContext(context.clientIp, request.headers, { pageUrl, referrer, utm }),
    );
  } catch (error) {
    // A document expired, unknown, someone else's or over the quote's limits: nothing was stored.
    if (error instanceof UploadLinkError) {
      return refused(QUOTE_FORM_ID, 400, quoteMessages.failure, submission, { attachments: error.errors?.attachments ?? error.message });
    }
    throw error;
  }
  const { reference } = result;
  if (!reference) throw new Error("a stored lead has no reference");
  context.mail.nudge();
  logger.info({ reference, leadType: body.leadType, form: "quote" }, "lead stored");
  return success(submission, reference, result.callBackNotice);
}
