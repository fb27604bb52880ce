import { useId } from "react";
import { Icon } from "~/components/ui/icon";
import type { FaqItem } from "~/content/home";

/**
 * Questions and answers, at most one open at a time; choosing the open one closes it. Each item is a
 * `<details>` of one exclusive group (the shared `name`), so the browser opens and closes them itself:
 * the first tap works as soon as the page is painted, before and without scripts. The summary is the
 * keyboard control (Enter and Space) and carries the expanded state; the question inside it stays a
 * heading for the page's outline.
 */
export function FaqAccordion({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 | 4 }) {
  const group = `faq${useId().replace(/:/g, "")}`;
  const Heading = `h${headingLevel}` as "h3";
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="faq">
      {items.map((item) => (
        <details key={item.question} name={group} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
            <Heading className="m-0 text-base font-semibold text-brand-900">{item.question}</Heading>
            <Icon name="chevron-down" className="h-5 w-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 text-slate-700">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
