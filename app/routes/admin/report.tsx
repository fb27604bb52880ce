import { data, Form, Link } from "react-router";
import { AdminPage, columnLabels } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { promiseSettings } from "~/features/leads/arrival.server";
import { FunnelChart, TrendChart } from "~/features/reports/components/report-charts";
import { reportMessages as text } from "~/features/reports/messages";
import { periodReport } from "~/features/reports/report.server";
import {
  REPORT_GROUPS,
  REPORT_PERIODS,
  type Report,
  type ReportFigures,
  type ReportGroup,
  type ReportPeriod,
  reportScreenQuery,
} from "~/features/reports/schema";
import { agencyDay } from "~/lib/calendar-day";
import { requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/report";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

type ReportData = {
  period: ReportPeriod | null;
  by: ReportGroup;
  /** The custom form's days as sent (or the period's, to start from). */
  values: { from: string; to: string };
  errors: Record<string, string>;
  report: Report | null;
};

/**
 * The report of the period the address names (docs/decisions/061-report.md): a named period, or a custom
 * one from the screen's GET form, grouped by channel, campaign or landing page. A wrong address is answered
 * with its message and status 400, never a server error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const settings = promiseSettings(context.config, context.site.facts);
  const today = agencyDay(settings.office.timeZone);
  const params = new URL(request.url).searchParams;
  const raw = {
    period: params.get("period") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    by: params.get("by") ?? "",
  };
  const parsed = reportScreenQuery(raw, today);
  const by = (REPORT_GROUPS as readonly string[]).includes(raw.by) ? (raw.by as ReportGroup) : "channel";
  if (!parsed.ok) {
    const values = { from: raw.from.slice(0, 32), to: raw.to.slice(0, 32) };
    return data<ReportData>({ period: null, by, values, errors: parsed.errors, report: null }, { status: 400 });
  }
  const { period, query } = parsed.value;
  const report = await periodReport(context.db, query, { hours: settings.hours, office: settings.office });
  return data<ReportData>({ period, by: query.by, values: { from: query.from, to: query.to }, errors: {}, report });
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";
const chipClass = (current: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium ${
    current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
  }`;

function href(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) q.set(name, value);
  const s = q.toString();
  return s ? `?${s}` : "";
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

const columns = [
  text.columns.pageViews,
  text.columns.leads,
  text.columns.conversion,
  text.columns.contacted,
  text.columns.quoted,
  text.columns.won,
  text.columns.wonPremium,
  text.columns.medianFirstResponse,
] as const;

function Cells({ figures }: { figures: ReportFigures }) {
  const values = [
    text.count(figures.pageViews),
    text.count(figures.leads),
    text.percent(figures.conversionPercent),
    text.count(figures.contacted),
    text.count(figures.quoted),
    text.count(figures.won),
    text.usd(figures.wonPremium),
    text.minutes(figures.medianFirstResponseMinutes),
  ];
  return values.map((value, i) => (
    <td key={columns[i]} className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
      <span>{value}</span>
    </td>
  ));
}

function ReportTable({ report }: { report: Report }) {
  const groupName = text.by[report.by];
  const header = [groupName, ...columns];
  const caption = text.caption(groupName, text.range(report.from, report.to));
  return (
    // Wider than its frame on a narrow window: it scrolls sideways, which the keyboard can reach and scroll too.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled with the keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="admin-table min-w-full divide-y divide-slate-200 text-sm" style={columnLabels(header)} data-testid="report-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {header.map((column, i) => (
              <th key={column} scope="col" className={`px-4 py-3 whitespace-nowrap ${i === 0 ? "text-left" : "text-right"}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.rows.map((row) => (
            <tr key={row.key ?? "(none)"} data-row={row.key ?? ""}>
              <td className="max-w-xs px-4 py-3 font-medium break-words text-slate-900">
                <span>{row.label}</span>
              </td>
              <Cells figures={row} />
            </tr>
          ))}
          <tr className="bg-slate-50 font-semibold" data-row="total">
            <td className="px-4 py-3 text-slate-900">
              <span>{text.total}</span>
            </td>
            <Cells figures={report.total} />
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/**
 * /admin/report: for a period, leads by channel, campaign or landing page, with page views, conversion,
 * how far each got and the premium won; the funnel and the weekly trend drawn on the server; the same
 * table as CSV. Every choice is a link or a GET form, so the screen works without scripts.
 */
export default function ReportScreen({ loaderData }: Route.ComponentProps) {
  const { period, by, values, errors, report } = loaderData;
  const custom = period === null ? { from: values.from, to: values.to } : {};
  const csvHref = report ? `/api/admin/report.csv${href({ from: report.from, to: report.to, by: report.by })}` : null;
  return (
    <AdminPage
      title={text.title}
      subtitle={report ? text.range(report.from, report.to) : text.subtitle}
      actions={
        csvHref ? (
          <a href={csvHref} download className={buttonClass("outline")}>
            {text.downloadCsv}
          </a>
        ) : null
      }
    >
      <p className="text-slate-600">{text.subtitle}</p>
      <div className="mt-6 flex flex-wrap items-end gap-6">
        <nav aria-label={text.periods.legend}>
          <p className="text-sm font-semibold text-slate-700">{text.periods.legend}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {REPORT_PERIODS.map((p) => (
              <li key={p}>
                <Link to={href({ period: p, by })} aria-current={period === p ? "page" : undefined} className={chipClass(period === p)}>
                  {text.periods[p]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={text.custom.legend}>
          <input type="hidden" name="by" value={by} />
          <div>
            <label htmlFor="report-from" className="text-sm font-semibold text-slate-700">
              {text.custom.from}
            </label>
            <input
              id="report-from"
              name="from"
              type="date"
              defaultValue={values.from}
              className={fieldClass}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? "report-from-error" : undefined}
            />
            <FieldError id="report-from-error" message={errors.from} />
          </div>
          <div>
            <label htmlFor="report-to" className="text-sm font-semibold text-slate-700">
              {text.custom.to}
            </label>
            <input
              id="report-to"
              name="to"
              type="date"
              defaultValue={values.to}
              className={fieldClass}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? "report-to-error" : undefined}
            />
            <FieldError id="report-to-error" message={errors.to} />
          </div>
          <button type="submit" className={buttonClass("primary")} aria-current={period === null && report ? "true" : undefined}>
            {text.custom.show}
          </button>
        </Form>
      </div>
      <nav aria-label={text.by.legend} className="mt-6">
        <p className="text-sm font-semibold text-slate-700">{text.by.legend}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {REPORT_GROUPS.map((g) => (
            <li key={g}>
              <Link
                to={href({ ...(period ? { period } : custom), by: g })}
                aria-current={by === g ? "page" : undefined}
                className={chipClass(by === g)}
              >
                {text.by[g]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {errors.period || errors.by || (!report && Object.keys(errors).length) ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{text.invalid}</p>
          {errors.period || errors.by ? <p className="mt-1 text-sm">{errors.period ?? errors.by}</p> : null}
        </div>
      ) : null}

      {report && report.total.leads === 0 ? (
        <p className="mt-8 rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-600" data-testid="report-empty">
          {text.empty}
        </p>
      ) : null}

      {report && report.total.leads > 0 ? (
        <>
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <FunnelChart funnel={report.funnel} />
            <TrendChart weeks={report.weeks} />
          </div>
          <div className="mt-8">
            <ReportTable report={report} />
            <p className="mt-3 text-sm text-slate-600">{report.by === "page" ? text.pageNote : text.viewsNote}</p>
          </div>
        </>
      ) : null}
    </AdminPage>
  );
}
