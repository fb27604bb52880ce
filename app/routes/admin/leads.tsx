import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { promises } from "~/content/agency";
import { adminApi } from "~/features/admin/api";
import { AdminPage, LoadError } from "~/features/admin/components/admin-page";
import { Spinner } from "~/features/admin/components/spinner";
import { useAdminData } from "~/features/admin/use-admin-data";
import { StatusSelect } from "~/features/leads-inbox/components/status-select";
import { useServerClock, WaitingClock } from "~/features/leads-inbox/components/waiting-clock";
import { longTime, shortTime, telLink } from "~/features/leads-inbox/format";
import { leadTypeLabel, statusOptions, typeOptions } from "~/features/leads-inbox/labels";
import { inboxMessages as text } from "~/features/leads-inbox/messages";
import type { LeadListAnswer, LeadListItem } from "~/features/leads-inbox/schema";
import { useLiveInbox } from "~/features/leads-inbox/use-live-inbox";
import { notifyError } from "~/lib/notify";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [{ title: pageTitle(text.title) }, { name: "robots", content: "noindex, nofollow" }];
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:w-64";

/** /admin/leads: every lead, newest first, with its clock against the 30-minute promise. */
export default function Leads() {
  const [params, setParams] = useSearchParams();
  // A hand-edited or stale address must not break the screen: unknown filters are ignored.
  const askedStatus = params.get("status") ?? "";
  const status = statusOptions.some((o) => o.value === askedStatus) ? askedStatus : "";
  const askedType = params.get("type") ?? "";
  const type = /^[a-z][a-z0-9_]{0,63}$/.test(askedType) ? askedType : "";
  const filters = new URLSearchParams();
  if (status) filters.set("status", status);
  if (type) filters.set("type", type);
  const query = filters.toString();

  const { loading, data, error, reload, setData } = useAdminData<LeadListAnswer>(`/api/leads${query ? `?${query}` : ""}`, () =>
    notifyError(text.loadFailed),
  );
  const live = useLiveInbox({ query, data, loading, setData });
  const now = useServerClock(data?.now);
  const [loadingMore, setLoadingMore] = useState(false);

  function setFilter(name: "status" | "type", value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  async function loadMore() {
    if (!data?.nextCursor) return;
    setLoadingMore(true);
    try {
      const more = new URLSearchParams(filters);
      more.set("before", data.nextCursor);
      const next = await adminApi<LeadListAnswer>(`/api/leads?${more}`);
      setData(
        (current) => current && { ...current, data: [...current.data, ...next.data], nextCursor: next.nextCursor, total: next.total },
      );
    } catch {
      notifyError(text.loadMoreFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  const updated = (lead: LeadListItem) =>
    setData((current) => current && { ...current, data: current.data.map((l) => (l._id === lead._id ? lead : l)) });

  const rows = data?.data ?? [];
  const filtered = Boolean(status || type);
  const types = typeOptions(data?.types ?? [], type || undefined);

  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle(promises.contactMinutes)}
      actions={
        <>
          {live.notifications === "default" && (
            <button type="button" className={buttonClass("outline", "py-2")} onClick={() => void live.enableNotifications()}>
              {text.live.enableNotifications}
            </button>
          )}
          <a href={`/api/leads/export.csv${query ? `?${query}` : ""}`} download className={buttonClass("outline", "py-2")}>
            {text.exportCsv}
          </a>
        </>
      }
    >
      {/* "block" for browsers older than <search>, which would lay it out inline. */}
      <search aria-label={text.filters.legend} className="block">
        <form className="flex flex-wrap items-end gap-4" onSubmit={(e) => e.preventDefault()}>
          <div>
            <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
              {text.filters.status}
            </label>
            <select id="filter-status" className={selectClass} value={status} onChange={(e) => setFilter("status", e.target.value)}>
              <option value="">{text.filters.allStatuses}</option>
              {statusOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-type" className="block text-sm font-medium text-slate-800">
              {text.filters.type}
            </label>
            <select id="filter-type" className={selectClass} value={type} onChange={(e) => setFilter("type", e.target.value)}>
              <option value="">{text.filters.allTypes}</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {leadTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          {filtered && (
            <button
              type="button"
              className="py-2 text-sm font-medium text-brand-700 underline"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              {text.clearFilters}
            </button>
          )}
        </form>
      </search>

      <div className="mt-6">
        {loading ? (
          <Spinner label={text.loading} />
        ) : error !== undefined ? (
          <LoadError message={text.loadFailed} onRetry={reload} />
        ) : rows.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white px-4 py-12 text-center text-slate-600 shadow-sm">
            <p className="text-lg font-medium text-slate-800">{filtered ? text.emptyFiltered : text.empty}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {text.showing(rows.length, data?.total ?? rows.length)}
            </p>
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">{text.title}</caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    {Object.values(text.columns).map((label) => (
                      <th key={label} scope="col" className="px-4 py-3 whitespace-nowrap">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((lead) => (
                    <tr key={lead._id} className="align-top" data-testid="lead-row">
                      <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                        <time dateTime={lead.receivedAt} title={longTime(lead.receivedAt)}>
                          {shortTime(lead.receivedAt)}
                        </time>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <Link to={`/admin/leads/${lead._id}`} className="font-mono font-semibold text-brand-700 underline">
                          {lead.reference}
                        </Link>
                        {lead.notificationFailed && (
                          <span
                            className="mt-1 block max-w-56 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-normal text-red-800"
                            data-testid="notification-failed"
                          >
                            {text.notificationFailed.badge}
                          </span>
                        )}
                        {lead.attachments > 0 && (
                          <span className="mt-1 block text-xs text-slate-600">
                            {lead.attachments} {lead.attachments === 1 ? "document" : "documents"}
                          </span>
                        )}
                      </td>
                      <td className="px-4 py-3 text-slate-700">{leadTypeLabel(lead.leadType)}</td>
                      <td className="px-4 py-3 text-slate-700">{lead.source}</td>
                      <td className="px-4 py-3 font-medium text-slate-900">{lead.name}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <a href={telLink(lead.phone)} className="text-brand-700 underline">
                          {lead.phone}
                        </a>
                      </td>
                      <td className="px-4 py-3 text-slate-700" data-testid="lead-assignee">
                        {lead.assigneeName ?? text.assignment.unassigned}
                      </td>
                      <td className="px-4 py-3">
                        <StatusSelect lead={lead} id={`status-${lead._id}`} label={text.statusFor(lead.reference)} onUpdated={updated} />
                      </td>
                      <td className="px-4 py-3">
                        <WaitingClock lead={lead} now={now} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data?.nextCursor && (
              <div className="mt-4 text-center">
                <button type="button" className={buttonClass("outline", "py-2")} onClick={() => void loadMore()} disabled={loadingMore}>
                  {loadingMore ? text.loadingMore : text.loadMore}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </AdminPage>
  );
}
