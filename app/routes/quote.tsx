import { buttonClass, CallButton } from "~/components/ui/button";
import { PageHero } from "~/components/ui/page-hero";
import { quoteCopy, quoteDocumentsIntro, quoteSections } from "~/content/quote";
import { withPhone } from "~/content/site-facts";
import { publicConfig } from "~/env.server";
import { fmcsaMessages } from "~/features/fmcsa/messages";
import { newReference } from "~/features/leads/leads.server";
import { submitLead, trappedNotice, visitContext } from "~/features/leads/submit.server";
import { QuoteForm } from "~/features/quote/components/quote-form";
import { QUOTE_FORM_ID, type QuoteData, quoteMessages } from "~/features/quote/messages";
import { truckingLeadBody, truckingQuoteFormSchema } from "~/features/quote/trucking-quote-schema";
import { acceptedFileTypes, limitInWords } from "~/features/uploads/messages";
import { UploadLinkError } from "~/features/uploads/uploads.server";
import { formClientAction, keepDataAfterForms } from "~/lib/form";
import { accept, formHeaders, postForm, refuse } from "~/lib/post.server";
import { postMessages } from "~/lib/post-messages";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { requestSite } from "~/lib/site.server";
import type { Route } from "./+types/quote";

/** The form's copy (labels, hints, option lists) reaches the page through the loader, not a JavaScript chunk. */
export function loader({ context }: Route.LoaderArgs) {
  const { page, documents } = quoteCopy(requestSite(context));
  // The server's UPLOAD_MAX_BYTES, which the browser checks each document against (a build made with another
  // value is not served as files: it is one of the settings baked into prerendered pages, env.server.ts publicConfig).
  const { uploadMaxBytes: maxBytes, fmcsaLookup } = publicConfig(context?.config);
  return {
    page,
    sections: quoteSections,
    documents: { ...documents, intro: quoteDocumentsIntro(limitInWords(maxBytes)), accept: acceptedFileTypes, maxBytes },
    // The USDOT lookup's words, only when FMCSA_WEB_KEY is set: without it the form is as it always was. A
    // setting baked into the prerendered page, so a site with a key renders /quote itself (env.server.ts publicConfig).
    lookup: fmcsaLookup ? { ...fmcsaMessages.lookup, unavailable: fmcsaMessages.api.unavailable } : null,
  };
}

/**
 * The longest body a real quote makes: about 11,000 characters of answers at most, each up to nine
 * bytes once URL-encoded (a three-byte character as %XX%XX%XX), plus the documents' ids and the page's
 * address. Anything longer is refused before it is read.
 */
const QUOTE_FORM_BYTES = 256 * 1024;

/**
 * The trucking quote: stored as POST /api/submit-lead stores a trucking quote, through the same server
 * function, counted against the same "forms" limit per address. The documents already uploaded are
 * checked by the schema, then claimed in the lead's own transaction. A browser without scripts posts
 * here itself and gets the page back with the answer in place; with scripts the form's fetcher posts
 * here and the answer is a toast. Either way the answer carries the lead's reference.
 */
export function action({ request, context }: Route.ActionArgs) {
  const answered = (reference: string, callBackNotice: string | null) =>
    accept<QuoteData>(quoteMessages.success, callBackNotice, { data: { reference } });
  return postForm(
    request,
    context,
    {
      form: QUOTE_FORM_ID,
      schema: truckingQuoteFormSchema,
      maxBytes: QUOTE_FORM_BYTES,
      access: "public",
      rateLimit: "forms",
      // The schema is written for Conform's reading of a form (a blank field as missing, digits as numbers).
      coerce: true,
      // A bot's post is answered as if accepted, with a reference of its own, and stored nowhere.
      honeypot: () => answered(newReference(), trappedNotice(context)),
      messages: { tooLarge: withPhone(context.site.facts, quoteMessages.tooLarge) },
    },
    async ({ value }) => {
      const body = truckingLeadBody(value, new Date());
      try {
        const { reference, callBackNotice } = await submitLead(context, body, visitContext(request, context, value));
        return answered(reference, callBackNotice);
      } catch (error) {
        // A document expired, unknown, someone else's or over the quote's limits: nothing was stored.
        if (error instanceof UploadLinkError) {
          return refuse(400, postMessages.invalid, { attachments: error.errors?.attachments ?? error.message });
        }
        throw error;
      }
    },
  );
}

export const headers = formHeaders;
/** In the browser: a server that cannot be reached or fails answers with the form's failure toast, every answer kept. */
export const clientAction = formClientAction;
/** Sending the form changes nothing the page's loader reads. */
export const shouldRevalidate = keepDataAfterForms;

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
  const { page, sections, documents, lookup } = loaderData;
  const { agency, promises } = useSite();
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
          <QuoteForm sections={sections} documents={documents} lookup={lookup} />
        </div>
      </div>
    </>
  );
}
