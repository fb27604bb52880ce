import { siteListMessages } from "../site-lists-messages";

export type PlaceholderItem = { token: string; describe: string; value: string };

/** The placeholders a text may hold, what each prints and its value now (site-lists.ts placeholderList). */
export function PlaceholderList({ items }: { items: PlaceholderItem[] }) {
  const text = siteListMessages.placeholders;
  return (
    <section aria-labelledby="placeholders-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="placeholders-title" className="text-lg font-semibold text-brand-900">
        {text.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{text.intro}</p>
      <dl className="mt-4 divide-y divide-slate-100 text-sm" data-testid="placeholders">
        {items.map((item) => (
          <div key={item.token} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
            <dt>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{item.token}</code>
            </dt>
            <dd className="text-slate-700">
              {item.describe}: <span className="font-medium text-slate-900">{item.value}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
