import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { Card } from "~/content/home";

/** Cards for lines of business: icon, title (the link, stretched over the card) and description. */
export function ServiceCards({ cards, columns = "lg:grid-cols-4" }: { cards: Card[]; columns?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {cards.map((card) => (
        <li key={card.title} data-testid="service-card">
          <div className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon name={card.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-brand-900">
              {card.link ? (
                <Link to={card.link} prefetch="intent" className="after:absolute after:inset-0 after:rounded-xl hover:underline">
                  {card.title}
                </Link>
              ) : (
                card.title
              )}
            </h3>
            <p className="mt-2 flex-1 text-slate-600">{card.description}</p>
            {card.link && (
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700" aria-hidden="true">
                Learn more <Icon name="arrow-right" className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Cards with an icon, an h3 and a description, no link (reasons to choose the agency, values). */
export function FeatureCards({ cards, testId, columns = "lg:grid-cols-4" }: { cards: Card[]; testId: string; columns?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-400/20 text-brand-800">
            <Icon name={card.icon} />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-brand-900">{card.title}</h3>
          <p className="mt-2 text-slate-600">{card.description}</p>
        </li>
      ))}
    </ul>
  );
}
