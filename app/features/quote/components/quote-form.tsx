import { Fragment, lazy, Suspense } from "react";
import { Honeypot } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import type { QuoteSection } from "~/content/quote";
import { quoteMessages } from "../messages";
import { DocumentUploads, progressClass } from "./document-uploads";
import type { LookupTexts } from "./dot-lookup";
import { QuoteFieldView } from "./quote-fields";
import { useQuoteForm } from "./use-quote-form";
import { storedFiles, useUploads } from "./use-uploads";

type Documents = {
  id: string;
  title: string;
  intro: string;
  /** The file inputs' `accept` list. */
  accept: string;
  /** The largest file the server takes (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  slots: { slot: string; label: string; hint?: string }[];
  /** What the section says while the page runs without scripts. */
  withoutScripts: string[];
};

/** The USDOT lookup's offer: its own chunk, fetched only on a site that has the lookup, after hydration. */
const DotLookup = lazy(() => import("./dot-lookup").then((m) => ({ default: m.DotLookup })));

const sectionClass = "scroll-mt-24 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8";

/**
 * The long trucking quote form of /quote: sections, a progress indicator, a kept draft and document
 * uploads. It posts to the route's action; without scripts the browser posts it and the page answers
 * in place.
 */
export function QuoteForm({
  sections,
  documents,
  lookup,
}: {
  sections: QuoteSection[];
  documents: Documents;
  /** The USDOT lookup's words when FMCSA_WEB_KEY is set (docs/decisions/063); null: the form as without it. */
  lookup?: LookupTexts | null;
}) {
  const required = sections.map((s) => s.fields.filter((f) => !f.optional).map((f) => f.name));
  const requiredNames = required.flat();
  const uploads = useUploads(documents.maxBytes);
  const {
    fetcher,
    formProps,
    errorOf,
    initialOf,
    documentsError,
    submitting,
    pageAnswer,
    filled,
    savedAt,
    reference,
    origin,
    discardDraft,
  } = useQuoteForm({
    uploads,
    requiredNames,
    slotNames: documents.slots.map((s) => s.slot),
  });
  const done = new Set(filled);
  const percent = Math.round((filled.length / requiredNames.length) * 100);
  /** The page's scripts run (the documents can be uploaded, the visitor's origin is known). */
  const scripted = origin !== null;
  const files = storedFiles(uploads.items);
  /** The answer to a request the browser sent itself, until the form is sent again. */
  const shownAnswer = pageAnswer && !fetcher.data ? pageAnswer : undefined;
  const errorId = `${formProps.id}-form-error`;

  return (
    <div className="lg:grid lg:grid-cols-4 lg:gap-8">
      {shownAnswer && (
        <div
          role={shownAnswer.ok ? "status" : "alert"}
          data-testid="quote-answer"
          className={`mb-8 rounded-lg border p-5 lg:col-span-4 ${shownAnswer.ok ? "border-green-700 bg-green-50 text-green-900" : "border-red-700 bg-red-50 text-red-900"}`}
        >
          <p id={shownAnswer.ok ? undefined : errorId} className="font-semibold">
            {shownAnswer.message}
          </p>
          {shownAnswer.detail && <p className="mt-1">{shownAnswer.detail}</p>}
          {shownAnswer.ok && shownAnswer.data?.reference && <p className="mt-1">{quoteMessages.reference(shownAnswer.data.reference)}</p>}
          {!shownAnswer.ok && (
            <p className="mt-1">
              <a href="#quote-form" className="font-medium underline">
                Review your answers below
              </a>
            </p>
          )}
        </div>
      )}
      <div className="mb-8 lg:mb-0">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-24">
          <p id="quote-progress-label" className="text-sm font-semibold text-brand-900">
            {filled.length} of {requiredNames.length} required answers ({percent}%)
          </p>
          <progress
            id="quote-progress"
            max={requiredNames.length}
            value={filled.length}
            aria-labelledby="quote-progress-label"
            className={`mt-2 ${progressClass}`}
          />
          <nav aria-label="Quote form sections" className="mt-4 hidden lg:block">
            <ol className="space-y-1 text-sm">
              {sections.map((section, i) => {
                const total = required[i].length;
                const complete = required[i].filter((n) => done.has(n)).length;
                return (
                  <li key={section.id}>
                    <a
                      href={`#quote-${section.id}`}
                      className="flex justify-between gap-2 rounded px-2 py-1 text-slate-700 hover:bg-slate-50 hover:text-brand-700"
                    >
                      <span>{section.title}</span>
                      {total > 0 && (
                        <span className={complete === total ? "font-semibold text-green-800" : "text-slate-600"}>
                          {complete}/{total}
                        </span>
                      )}
                    </a>
                  </li>
                );
              })}
              <li>
                <a
                  href={`#quote-${documents.id}`}
                  className="block rounded px-2 py-1 text-slate-700 hover:bg-slate-50 hover:text-brand-700"
                >
                  {documents.title}
                </a>
              </li>
            </ol>
          </nav>
          {savedAt !== null && (
            <div className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600" data-testid="draft-note">
              <p>
                Draft saved on this device at {new Date(savedAt).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}. On a
                shared computer, clear it when you are done.
              </p>
              <button type="button" onClick={discardDraft} disabled={submitting} className="mt-1 font-medium text-brand-700 underline">
                Clear form and draft
              </button>
            </div>
          )}
        </div>
      </div>

      <fetcher.Form {...formProps} aria-label="Commercial trucking quote form" className="relative lg:col-span-3">
        {!shownAnswer || shownAnswer.ok ? <p id={errorId} className="sr-only" /> : null}
        <fieldset disabled={submitting} className="space-y-8">
          <legend className="sr-only">Commercial trucking quote request</legend>
          {sections.map((section) => (
            <section key={section.id} id={`quote-${section.id}`} aria-labelledby={`quote-${section.id}-heading`} className={sectionClass}>
              <h2 id={`quote-${section.id}-heading`} className="text-xl font-bold text-brand-900">
                {section.title}
              </h2>
              {section.intro && <p className="mt-1 text-sm text-slate-600">{section.intro}</p>}
              <div className="mt-5 grid gap-5 sm:grid-cols-2">
                {section.fields.map((field) => (
                  <div key={field.name} className={field.wide || field.kind === "checkboxes" ? "sm:col-span-2" : undefined}>
                    <QuoteFieldView field={field} error={errorOf(field.name)} initial={initialOf(field.name)} />
                    {field.name === "dotNumber" && lookup && scripted && (
                      <Suspense>
                        <DotLookup texts={lookup} />
                      </Suspense>
                    )}
                  </div>
                ))}
              </div>
            </section>
          ))}

          <section id={`quote-${documents.id}`} aria-labelledby={`quote-${documents.id}-heading`} className={sectionClass}>
            <h2 id={`quote-${documents.id}-heading`} className="text-xl font-bold text-brand-900">
              {documents.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{documents.intro}</p>
            {documentsError && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="error-quote-documents">
                {documentsError}
              </p>
            )}
            {scripted ? (
              <div className="mt-5">
                <DocumentUploads slots={documents.slots} accept={documents.accept} uploads={uploads} />
              </div>
            ) : (
              <div
                className="mt-5 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700"
                data-testid="documents-without-scripts"
              >
                {documents.withoutScripts.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            {files.map((file, i) => (
              <Fragment key={file.id}>
                <input type="hidden" name={`attachments[${i}].slot`} value={file.slot} />
                <input type="hidden" name={`attachments[${i}].id`} value={file.id} />
              </Fragment>
            ))}
          </section>

          {origin && (
            <>
              <input type="hidden" name="pageUrl" value={origin.pageUrl} />
              {origin.referrer && <input type="hidden" name="referrer" value={origin.referrer} />}
              {Object.entries(origin.utm ?? {}).map(([key, value]) => (
                <input key={key} type="hidden" name={`utm.${key}`} value={value} />
              ))}
            </>
          )}
          <Honeypot />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button type="submit" className={buttonClass("accent", "w-full sm:w-auto")}>
              {submitting ? quoteMessages.submitting : quoteMessages.submit}
            </button>
            <p role="status" className="text-sm font-medium text-green-800">
              {reference ? quoteMessages.reference(reference) : ""}
            </p>
          </div>
        </fieldset>
      </fetcher.Form>
    </div>
  );
}
