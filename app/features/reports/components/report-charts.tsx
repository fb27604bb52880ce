/**
 * The report's two charts, drawn as SVG when the page is rendered (d3-scale for the scales, d3-shape
 * for the lines): no chart script of its own, nothing measured in the browser. Each is one image to a
 * screen reader, named by a sentence that says what it shows; the table holds every number.
 */
import { scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";
import { formatShortDay, reportMessages } from "../messages";
import type { Report } from "../schema";

const f = reportMessages.funnel;
const t = reportMessages.trend;

const STAGES = ["leads", "contacted", "quoted", "won"] as const;

/** Leads, contacted, quoted, won: a bar each, its length the share of the period's leads. */
export function FunnelChart({ funnel }: { funnel: Report["funnel"] }) {
  const width = 520;
  const labelWidth = 100;
  const valueWidth = 90;
  const barHeight = 28;
  const gap = 12;
  const height = STAGES.length * (barHeight + gap) - gap;
  const x = scaleLinear()
    .domain([0, Math.max(funnel.leads, 1)])
    .range([0, width - labelWidth - valueWidth]);
  const summary = f.summary(funnel);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="text-sm font-semibold text-slate-700">{f.title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        className="mt-4 h-auto w-full"
        data-testid="funnel-chart"
        preserveAspectRatio="xMinYMin meet"
      >
        <title>{summary}</title>
        {STAGES.map((stage, i) => {
          const y = i * (barHeight + gap);
          const value = funnel[stage];
          const share = funnel.leads ? ` · ${Math.round((value / funnel.leads) * 1000) / 10}%` : "";
          return (
            <g key={stage}>
              <text x={0} y={y + barHeight / 2} dominantBaseline="central" className="fill-slate-700 text-[13px]">
                {f.stages[stage]}
              </text>
              <rect x={labelWidth} y={y} width={Math.max(x(value), value ? 2 : 0)} height={barHeight} rx={3} className="fill-brand-600" />
              <text
                x={labelWidth + x(value) + 8}
                y={y + barHeight / 2}
                dominantBaseline="central"
                className="fill-slate-800 text-[13px] font-semibold tabular-nums"
              >
                {value}
                {share}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Leads and won per ISO week of the period: two lines over the weeks' Mondays. */
export function TrendChart({ weeks }: { weeks: Report["weeks"] }) {
  const width = 560;
  const height = 220;
  const margin = { top: 12, right: 16, bottom: 28, left: 36 };
  const max = Math.max(1, ...weeks.map((w) => w.leads));
  const x = scalePoint<string>()
    .domain(weeks.map((w) => w.week))
    .range([margin.left, width - margin.right])
    .padding(0.5);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const ticks = y.ticks(Math.min(4, y.domain()[1])).filter(Number.isInteger);
  const path = (key: "leads" | "won") =>
    line<Report["weeks"][number]>()
      .x((w) => x(w.week) ?? 0)
      .y((w) => y(w[key]))(weeks) ?? "";
  // At most about eight dates under the axis, whatever the period's length.
  const every = Math.max(1, Math.ceil(weeks.length / 8));
  const summary = t.summary(weeks);
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="flex flex-wrap items-center justify-between gap-3 text-sm font-semibold text-slate-700">
        <span>{t.title}</span>
        <span className="flex gap-4 text-xs font-medium" aria-hidden="true">
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-brand-600" /> {t.leads}
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-emerald-700" /> {t.won}
          </span>
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="mt-4 h-auto w-full" data-testid="trend-chart">
        <title>{summary}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text
              x={margin.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="central"
              className="fill-slate-600 text-[12px] tabular-nums"
            >
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((w, i) =>
          i % every === 0 ? (
            <text key={w.week} x={x(w.week)} y={height - 8} textAnchor="middle" className="fill-slate-600 text-[12px]">
              {formatShortDay(w.week)}
            </text>
          ) : null,
        )}
        <path d={path("leads")} fill="none" strokeWidth={2} className="stroke-brand-600" />
        <path d={path("won")} fill="none" strokeWidth={2} strokeDasharray="5 4" className="stroke-emerald-700" />
        {weeks.map((w) => (
          <g key={w.week}>
            <circle cx={x(w.week)} cy={y(w.leads)} r={3} className="fill-brand-600" />
            <circle cx={x(w.week)} cy={y(w.won)} r={3} className="fill-emerald-700" />
          </g>
        ))}
      </svg>
    </figure>
  );
}
