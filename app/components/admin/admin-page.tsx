import type { CSSProperties, ReactNode } from "react";

/** An admin screen: its h1, an optional line under it, actions on the right, then the content. */
export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** The error state of a list: the message and a button to try again. */
export function LoadError({ message, onRetry, retryLabel = "Try Again" }: { message: string; onRetry: () => void; retryLabel?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-800">{message}</p>
      <button type="button" onClick={onRetry} className="mt-4 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
        {retryLabel}
      </button>
    </div>
  );
}

/** A column's name as a CSS string, for `content:` (app.css reads it to label a cell on a narrow screen). */
function cssString(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\A ")}"`;
}

/**
 * The columns' names as custom properties (`--admin-col-1`, ...): below the `sm` breakpoint app.css lays
 * each row out as a card and writes each cell's column name above it, from one markup at every width.
 */
export function columnLabels(columns: readonly string[]): CSSProperties {
  const labels: Record<string, string> = {};
  columns.forEach((column, i) => {
    if (column.trim()) labels[`--admin-col-${i + 1}`] = cssString(column);
  });
  return labels as CSSProperties;
}

/**
 * A back-office list as a table: its columns, and the empty text in one row when there is nothing to show.
 * Below the `sm` breakpoint each row reads as a card, each cell under its column's name (app.css,
 * `.admin-table`), so a phone never scrolls sideways; the table's semantics stay the same at every width.
 */
export function AdminTable({
  caption,
  columns,
  empty,
  isEmpty,
  children,
}: {
  caption: string;
  columns: readonly string[];
  empty: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="admin-table min-w-full divide-y divide-slate-200 text-sm" style={columnLabels(columns)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`px-4 py-3 whitespace-nowrap ${column === "Actions" ? "text-right" : ""}`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {isEmpty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-slate-600" data-empty="">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
