import { useId, useState } from "react";
import { Icon } from "~/components/ui/icon";
import type { FaqItem } from "~/content/home";

/**
 * Questions and answers, at most one open at a time; choosing the open one closes it.
 * Each question is a button with aria-expanded controlling its answer region.
 */
export function FaqAccordion({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as "h3";
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="faq">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={item.question}>
            <Heading className="m-0">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-brand-900 hover:bg-slate-50"
              >
                <span>{item.question}</span>
                <Icon
                  name="chevron-down"
                  className={`h-5 w-5 shrink-0 text-brand-600 transition-transform ${expanded ? "rotate-180" : ""}`}
                />
              </button>
            </Heading>
            {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA accordion pattern: a panel region labelled by its button */}
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-slate-700">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
