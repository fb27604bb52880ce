import { useState } from "react";
import { Form, Link, redirect, useSearchParams, useSubmit } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ScreenLoadError } from "~/components/admin/screen-load-error";
import { StepUpPrompt } from "~/components/admin/step-up-prompt";
import { buttonClass } from "~/components/ui/button";
import { StatusSelect } from "~/features/leads-inbox/components/status-select";
import { useHydrated } from "~/features/leads-inbox/components/use-lead-action";
import { useServerClock, WaitingClock } from "~/features/leads-inbox/components/waiting-clock";
import { leadTypesPresent, listLeads, updateLead } from "~/features/leads-inbox/inbox.server";
import { leadTypeLabel, statusOptions, typeOptions } from "~/features/leads-inbox/labels";
import { inboxMessages as text } from "~/features/leads-inbox/messages";
import { LEADS_PAGE_SIZE, type LeadStatus, leadFiltersSchema, leadFormSchemas } from "~/features/leads-inbox/schema";
import { useLiveInbox } from "~/features/leads-inbox/use-live-inbox";
import { telLink, useAdminTimes } from "~/lib/admin-format";
import { accept, firstError, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { can, roleMessages } from "~/lib/roles";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/leads";

/** "Load more" adds a page at a time, up to this many rows on one screen (the CSV export has all of them). */
const LEADS_MAX_SHOWN = 1000;

/**
 * The address's filters. A hand-edited or stale address must not break the screen: a filter that is
 * not valid is ignored, and a row count out of range is brought back into it.
 */
function leadsFilters(url: URL): { status: LeadStatus | ""; type: string; limit: number } {
  const status = leadFiltersSchema.shape.status.safeParse(url.searchParams.get("status"));
  const type = leadFiltersSchema.shape.type.safeParse(url.searchParams.get("type"));
  const asked = Number.parseInt(url.searchParams.get("limit") ?? "", 10);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), LEADS_MAX_SHOWN) : LEADS_PAGE_SIZE;
  return { status: (status.success && status.data) || "", type: (type.success && type.data) || "", limit };
}

/**
 * The list as GET /api/leads answers it (newest first, the filters and how many rows to show read from
 * the address), once the session is checked. `now` is the server's clock, so the waiting clocks do not
 * depend on the admin's computer's; `types` are the leadTypes present, for the type filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const filters = leadsFilters(new URL(request.url));
  const query = { status: filters.status || undefined, type: filters.type || undefined, limit: filters.limit };
  const [list, types] = await Promise.all([listLeads(context.db, query), leadTypesPresent(context.db)]);
  return {
    data: list.items,
    total: list.total,
    more: list.nextCursor !== null,
    types,
    now: new Date().toISOString(),
    filters,
    mayExport: can(admin.role, "exports"),
  };
}

/** A row's status form (intent=status, id, status): the row's lead, and the status chosen. */
const rowStatusSchema = leadFormSchemas.status.extend({
  intent: z.literal("status", { error: text.form.unknownIntent }),
  id: z.string().max(64),
});

/** "Export CSV" (intent=export, with the list's filters): the file itself is GET /api/leads/export.csv. */
const exportSchema = leadFiltersSchema.pick({ status: true, type: true }).extend({ intent: z.literal("export") });

/**
 * A row's status form, posted by the browser itself or by a fetcher once hydrated, through the same
 * function as PATCH /api/leads/:id (audit and timeline entries included); and "Export CSV", which asks
 * for the password again (step-up) and then sends the browser to the file.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "lead-status",
      schema: (formData) => (formData.get("intent") === "export" ? exportSchema : rowStatusSchema) as typeof rowStatusSchema,
      maxBytes: 4 * 1024,
      access: "admin",
      invalid: firstError,
      // Only a role that may export is asked for its password; any other is refused below without it.
      stepUp: (value: { intent: string }, admin) => value.intent === "export" && can(admin.role, "exports"),
    },
    async ({ value, admin }) => {
      if ((value as { intent: string }).intent === "export") {
        if (!can(admin.role, "exports")) return refuse(403, roleMessages.forbidden);
        const { status, type } = value as unknown as { status?: string; type?: string };
        const query = new URLSearchParams({ ...(status ? { status } : {}), ...(type ? { type } : {}) }).toString();
        return redirect(`/api/leads/export.csv${query ? `?${query}` : ""}`, 303);
      }
      if (!isUuid(value.id)) return refuse(404, text.detail.notFound);
      const result = await updateLead(context.db, value.id, { status: value.status }, { admin, ip: context.clientIp });
      if (result.outcome !== "updated") return refuse(404, text.detail.notFound);
      context.logger.info({ reqId: context.requestId, adminId: admin.id, leadId: value.id, status: result.lead.status }, "lead updated");
      return accept(text.statusUpdated, null, { data: { id: value.id } });
    },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:w-64";

/** The list could not be read: its failure text with Try Again, and a toast. */
export function ErrorBoundary() {
  return <ScreenLoadError title={text.title} message={text.loadFailed} />;
}

/** /admin/leads: every lead, newest first, with its clock against the 30-minute promise. */
export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { longTime, shortTime } = useAdminTimes();
  const { filters, total, more } = loaderData;
  const { status, type } = filters;
  const [params] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useHydrated();
  // The filters only (the export takes every matching row).
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(type ? { type } : {}) }).toString();
  const live = useLiveInbox({ data: loaderData.data, now: loaderData.now, filters: query });
  // The clocks keep the server's time of the first load: setting them again on every refresh would
  // only move them by each answer's time in flight.
  const [firstNow] = useState(loaderData.now);
  const now = useServerClock(firstNow);

  /** The address of the list with one more page of rows. */
  const loadMore = new URLSearchParams(params);
  loadMore.set("limit", String(filters.limit + LEADS_PAGE_SIZE));

  const rows = loaderData.data;
  const filtered = Boolean(status || type);
  const types = typeOptions(loaderData.types, type || undefined);

  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle(site.promises.contactMinutes)}
      actions={
        <>
          <Link to="/admin/leads/new" className={buttonClass("primary", "py-2")}>
            {text.newLead.link}
          </Link>
          {live.notifications === "default" && (
            <button type="button" className={buttonClass("outline", "py-2")} onClick={() => void live.enableNotifications()}>
              {text.live.enableNotifications}
            </button>
          )}
          {loaderData.mayExport && (
            // A document post: the answer is the file (after the password, when it is asked again).
            <Form method="post" reloadDocument>
              <input type="hidden" name="intent" value="export" />
              {status && <input type="hidden" name="status" value={status} />}
              {type && <input type="hidden" name="type" value={type} />}
              <button type="submit" className={buttonClass("outline", "py-2")}>
                {text.exportCsv}
              </button>
            </Form>
          )}
        </>
      }
    >
      {/* "block" for browsers older than <search>, which would lay it out inline. */}
      <search aria-label={text.filters.legend} className="block">
        {/* A GET form: the filters live in the address. Once hydrated, a choice applies at once. */}
        <Form
          method="get"
          className="flex flex-wrap items-end gap-4"
          onChange={(e) => {
            // Only the filters chosen, and from the first page again.
            const next = new URLSearchParams();
            for (const [name, value] of new FormData(e.currentTarget)) if (typeof value === "string" && value) next.set(name, value);
            void submit(next, { method: "get", replace: true, preventScrollReset: true });
          }}
        >
          <div>
            <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
              {text.filters.status}
            </label>
            <select id="filter-status" name="status" className={selectClass} defaultValue={status} key={`status-${status}`}>
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
            <select id="filter-type" name="type" className={selectClass} defaultValue={type} key={`type-${type}`}>
              <option value="">{text.filters.allTypes}</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {leadTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          {!hydrated && (
            <button type="submit" className={buttonClass("outline", "py-2")}>
              {text.filters.apply}
            </button>
          )}
          {filtered && (
            <Link to="/admin/leads" replace className="py-2 text-sm font-medium text-brand-700 underline">
              {text.clearFilters}
            </Link>
          )}
        </Form>
      </search>

      <div className="mt-6">
        <StepUpPrompt answer={actionData} action="/admin/leads" />
        {actionData && !actionData.stepUp && (
          // The answer to a status form posted without scripts (with scripts, a toast says it).
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mb-4 rounded-md border px-4 py-3 text-sm font-medium ${actionData.ok ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-800"}`}
          >
            {actionData.message}
          </p>
        )}
        {rows.length > 0 && (
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {text.showing(rows.length, total)}
          </p>
        )}
        <AdminTable
          caption={text.title}
          columns={Object.values(text.columns)}
          empty={filtered ? text.emptyFiltered : text.empty}
          isEmpty={rows.length === 0}
        >
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
                <StatusSelect lead={lead} id={`status-${lead._id}`} label={text.statusFor(lead.reference)} />
              </td>
              <td className="px-4 py-3">
                <WaitingClock lead={lead} now={now} />
              </td>
            </tr>
          ))}
        </AdminTable>
        {more && rows.length > 0 && (
          <div className="mt-4 text-center">
            <Link to={`?${loadMore}`} replace preventScrollReset className={buttonClass("outline", "py-2")}>
              {text.loadMore}
            </Link>
          </div>
        )}
      </div>
    </AdminPage>
  );
}
