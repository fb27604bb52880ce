import { Link } from "react-router";
import { InlineText } from "~/components/ui/inline-text";
import type { LegalDocument } from "~/content/legal";

/** A privacy policy or terms document: title, date, contents, sections, and the link to the other one. */
export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-brand-900">{doc.title}</h1>
        <p className="mt-3 text-sm text-slate-600">
          Last updated: <time dateTime={doc.lastUpdatedIso}>{doc.lastUpdated}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-slate-700">
          <InlineText parts={doc.intro} />
        </p>
      </header>
      <nav aria-label="Contents" className="my-8 rounded-lg bg-slate-50 p-6">
        <h2 className="text-base font-semibold text-brand-900">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-slate-700">
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline hover:text-brand-800">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-24">
          <h2 id={`${section.id}-heading`} className="text-2xl font-semibold text-brand-900">
            {section.heading}
          </h2>
          {section.blocks.map((block, i) =>
            block.type === "p" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
              <p key={i} className="mt-4 leading-7 text-slate-700">
                <InlineText parts={block.content} />
              </p>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
              <ul key={i} className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700">
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
                  <li key={j}>
                    <InlineText parts={item} />
                  </li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <p className="mt-12 border-t border-slate-200 pt-6 text-slate-700">
        See also our{" "}
        <Link to={doc.related.href} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {doc.related.text}
        </Link>
        .
      </p>
    </article>
  );
}
