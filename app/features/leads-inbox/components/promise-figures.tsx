import { inboxMessages } from "../messages";
import type { InboxSummary, SlaFigures } from "../schema";

const text = inboxMessages.promise;

const percent = (value: number | null) => (value === null ? text.none : text.percent(value));
const minutes = (value: number | null) => (value === null ? text.none : text.minutes(value));

const periods = [
  { key: "last7Days", days: 7, label: text.periods.last7Days },
  { key: "last30Days", days: 30, label: text.periods.last30Days },
] as const;

/**
 * "Is the promise kept?" on the dashboard: for the last 7 and 30 days, the share of leads answered
 * within the promise and the median first response, then the same by assignee.
 */
export function PromiseFigures({
  summary,
  minutes: promised,
  officeHours,
}: {
  summary: InboxSummary;
  minutes: number;
  officeHours: boolean;
}) {
  const empty: SlaFigures = { leads: 0, withinSlaPercent: null, medianFirstResponseMinutes: null };
  // Every lead of the last 7 days is also one of the last 30: the 30 days' assignees are everyone.
  const assignees = summary.last30Days.byAssignee.map((row) => ({
    key: row.assigneeId ?? "unassigned",
    name: row.name,
    last30Days: row,
    last7Days: summary.last7Days.byAssignee.find((r) => r.assigneeId === row.assigneeId) ?? empty,
  }));
  return (
    <section aria-labelledby="promise-title" className="mt-8">
      <h2 id="promise-title" className="text-xl font-semibold text-brand-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.explain(promised, officeHours)}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {periods.map(({ key, days, label }) => {
          const figures = summary[key];
          return (
            <div key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
              <dl className="mt-3 grid grid-cols-3 gap-4">
                <div>
                  <dt className="text-sm text-slate-600">{text.within}</dt>
                  <dd className="mt-1 text-2xl font-bold text-brand-800" data-testid={`promise-${days}-within`}>
                    {percent(figures.withinSlaPercent)}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{text.median}</dt>
                  <dd className="mt-1 text-2xl font-bold text-brand-800" data-testid={`promise-${days}-median`}>
                    {minutes(figures.medianFirstResponseMinutes)}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{text.leads}</dt>
                  <dd className="mt-1 text-2xl font-bold text-slate-800" data-testid={`promise-${days}-leads`}>
                    {figures.leads}
                  </dd>
                </div>
              </dl>
            </div>
          );
        })}
      </div>
      {assignees.length > 0 && (
        // Wider than a phone: it scrolls sideways in its frame, which the keyboard can reach and scroll too.
        <section
          aria-label={text.byAssignee}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard.
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="promise-by-assignee">
            <caption className="px-4 pt-3 text-left font-semibold text-slate-800">{text.byAssignee}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" rowSpan={2} className="px-4 py-2 align-bottom">
                  {text.assignee}
                </th>
                {periods.map(({ key, label }) => (
                  <th key={key} scope="colgroup" colSpan={3} className="px-4 py-2">
                    {label}
                  </th>
                ))}
              </tr>
              <tr>
                {periods.flatMap(({ key }) =>
                  [text.leads, text.within, text.median].map((heading) => (
                    <th key={`${key}-${heading}`} scope="col" className="px-4 py-2">
                      {heading}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {assignees.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                    {row.name}
                  </th>
                  {periods.flatMap(({ key }) => [
                    <td key={`${key}-leads`} className="px-4 py-2 text-slate-700">
                      {row[key].leads}
                    </td>,
                    <td key={`${key}-within`} className="px-4 py-2 text-slate-700">
                      {percent(row[key].withinSlaPercent)}
                    </td>,
                    <td key={`${key}-median`} className="px-4 py-2 text-slate-700">
                      {minutes(row[key].medianFirstResponseMinutes)}
                    </td>,
                  ])}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
