import type { ShouldRevalidateFunctionArgs } from "react-router";
import { buttonClass, CallButton } from "~/components/ui/button";
import { PageHero } from "~/components/ui/page-hero";
import { agency, promises } from "~/content/agency";
import { quoteDocuments, quotePage, quoteSections } from "~/content/quote";
import { QuoteForm } from "~/features/quote/components/quote-form";
import { QUOTE_FORM_ID, type QuoteAnswer, quoteMessages } from "~/features/quote/messages";
import { acceptedFileTypes } from "~/features/uploads/messages";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/quote";
import { quoteAction } from "./quote.server";

/** The form's copy (labels, hints, option lists) reaches the page through the loader, not a JavaScript chunk. */
export function loader() {
  return { page: quotePage, sections: quoteSections, documents: { ...quoteDocuments, accept: acceptedFileTypes } };
}

/** The trucking quote, sent by the form (app/routes/quote.server.ts). */
export function action({ request, context }: Route.ActionArgs) {
  return quoteAction(request, context);
}

/** A refusal for too many requests tells the browser when to try again (Retry-After), as the API's does. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/**
 * In the browser: the server's answer, or, when there is none (offline, or the server failed), the
 * spec's failure text as the answer, so the visitor gets the failure toast and keeps every answer.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<QuoteAnswer> {
  try {
    return (await serverAction()) as QuoteAnswer;
  } catch {
    return { form: QUOTE_FORM_ID, ok: false, message: quoteMessages.failure, result: { status: "error", error: {} } };
  }
}

/** Sending the form changes nothing the page's loader reads. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo(matches, {
    title: loaderData.page.title,
    description: loaderData.page.metaDescription,
    path: "/quote",
    breadcrumb: [{ name: "Get a Quote", path: "/quote" }],
  });
}

export default function Quote({ loaderData }: Route.ComponentProps) {
  const { page, sections, documents } = loaderData;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} subtitle={page.subtitle}>
        <a href="#quote-form" className={buttonClass("accent")}>
          Start the form
        </a>
        <CallButton variant="outline-light" label={`Prefer to talk? Call ${agency.phone.primary.display}`} />
      </PageHero>

      <div className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <div className="mb-8 grid gap-6 lg:grid-cols-4 lg:gap-8">
            <div className="lg:col-span-3 lg:col-start-2">
              <h2 id="quote-form" className="scroll-mt-24 text-2xl font-bold text-brand-900">
                {page.formHeading}
              </h2>
              <p className="mt-2 text-slate-700">{page.formIntro}</p>
              <p className="mt-2 text-slate-700">
                A licensed agent contacts you within {promises.contactMinutes} minutes during office hours (
                {agency.hours.availability.replace(/^Available /, "")}).
              </p>
            </div>
            <div className="rounded-lg border border-slate-200 bg-white p-5 text-sm shadow-sm lg:col-start-1 lg:row-start-1">
              <h3 className="font-semibold text-brand-900">{page.checklistHeading}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {page.checklist.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </div>
          <QuoteForm sections={sections} documents={documents} />
        </div>
      </div>
    </>
  );
}
