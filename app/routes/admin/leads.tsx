import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useLocation, useSubmit } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListCount, Pager } from "~/components/admin/pager";
import { ScreenLoadError } from "~/components/admin/screen-load-error";
import { StepUpPrompt } from "~/components/admin/step-up-prompt";
import { buttonClass } from "~/components/ui/button";
import { leadStatuses } from "~/content/admin-options";
import { flagCounts } from "~/features/fmcsa/checks.server";
import { fmcsaMessages } from "~/features/fmcsa/messages";
import { promiseSettings } from "~/features/leads/arrival.server";
import { assignableAdmins } from "~/features/leads-inbox/activity.server";
import { ShortcutsDialog, useListKeys } from "~/features/leads-inbox/components/list-keys";
import { StatusSelect } from "~/features/leads-inbox/components/status-select";
import { useHydrated, useLeadForm } from "~/features/leads-inbox/components/use-lead-action";
import { useServerClock, WaitingClock } from "~/features/leads-inbox/components/waiting-clock";
import {
  BULK_MAX,
  bulkUpdateLeads,
  countLeads,
  leadTypesPresent,
  leadView,
  listLeads,
  updateLead,
} from "~/features/leads-inbox/inbox.server";
import { leadTypeLabel, statusOptions, typeOptions } from "~/features/leads-inbox/labels";
import { leadUpdateMessage, inboxMessages as text } from "~/features/leads-inbox/messages";
import {
  LEAD_FILTER_NAMES,
  LEADS_PAGE_SIZE,
  type LeadFilters,
  type LeadListItem,
  type LeadStatus,
  leadFilterFields,
  leadFormSchemas,
} from "~/features/leads-inbox/schema";
import { useLiveInbox } from "~/features/leads-inbox/use-live-inbox";
import { telLink, useAdminTimes } from "~/lib/admin-format";
import { type Paged, pageAsked, pageHref, pageWindow } from "~/lib/paging";
import { accept, firstError, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { can, roleMessages } from "~/lib/roles";
import { SEARCH_MAX_LENGTH, searchMessages } from "~/lib/search";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import { isUuid, UUID_PATTERN } from "~/lib/uuid";
import type { Route } from "./+types/leads";

/** Typing in the search applies after this pause (a choice in a list applies at once). */
const SEARCH_PAUSE_MS = 300;

/** The view as an address's query: the filters set, in one order. */
function filterQuery(values: Partial<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const name of LEAD_FILTER_NAMES) {
    const value = values[name];
    if (typeof value === "string" && value) query.set(name, value);
  }
  return query.toString();
}

type ScreenFilters = { [K in (typeof LEAD_FILTER_NAMES)[number]]: string };

/**
 * The view the address asks for. A hand-edited or stale address must not break the screen: a filter that
 * is not valid is left out (and the screen says so), as is a "to" day before "from".
 */
function leadsView(url: URL): { filters: ScreenFilters; query: LeadFilters; invalid: boolean } {
  const filters = Object.fromEntries(LEAD_FILTER_NAMES.map((name) => [name, ""])) as ScreenFilters;
  const query: Record<string, unknown> = {};
  let invalid = false;
  for (const name of LEAD_FILTER_NAMES) {
    const raw = url.searchParams.get(name);
    if (raw === null || raw === "") continue;
    const parsed = leadFilterFields.shape[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) {
      filters[name] = raw;
      query[name] = parsed.data;
    } else invalid = true;
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    filters.to = "";
    delete query.to;
    invalid = true;
  }
  return { filters, query: query as LeadFilters, invalid };
}

/**
 * A page of the list (newest first, 50 at a time, the page and the view read from the address), once the
 * session is checked. `now` is the server's clock, so the waiting clocks do not depend on the admin's
 * computer's; `types` are the leadTypes present, for the type filter; `admins` the owners to filter by.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const { filters, query, invalid } = leadsView(url);
  const view = leadView(admin.id, promiseSettings(context.config, context.site.facts));
  const total = await countLeads(context.db, query, view);
  const at = pageWindow(total, pageAsked(url), LEADS_PAGE_SIZE);
  const [list, types, admins] = await Promise.all([
    listLeads(context.db, { ...query, limit: at.pageSize, offset: at.offset }, view),
    leadTypesPresent(context.db),
    assignableAdmins(context.db),
  ]);
  const paged: Paged<LeadListItem> = {
    items: list.items,
    page: at.page,
    pageSize: at.pageSize,
    total: list.total,
    pageCount: at.pageCount,
  };
  // Leads whose answers disagree with FMCSA's record (docs/decisions/063): marked in the list.
  const fmcsaFlags = Object.fromEntries(
    await flagCounts(
      context.db,
      list.items.map((item) => item._id),
    ),
  );
  return {
    list: paged,
    fmcsaFlags,
    types,
    admins: admins.filter((a) => a.id !== admin.id).map((a) => ({ id: a.id, name: a.name ?? a.email })),
    now: new Date().toISOString(),
    filters,
    invalid,
    mayExport: can(admin.role, "exports"),
    me: admin.id,
  };
}

/** A row's status form (intent=status, id, status): the row's lead, and the status chosen. */
const rowStatusSchema = leadFormSchemas.status.extend({
  intent: z.literal("status", { error: text.form.unknownIntent }),
  id: z.string().max(64),
});

/** "Export CSV" (intent=export, with the list's filters): the file itself is GET /api/leads/export.csv. */
const exportSchema = leadFilterFields.extend({ intent: z.literal("export") });

/** `a` on a row: the row's lead to an owner (intent=assign, id, assigneeId; "" for Unassigned). */
const rowAssignSchema = leadFormSchemas.assign.extend({ id: z.string().max(64) });

/**
 * The bar above the list (intent=bulk): the leads ticked (`ids`, repeated), and a status, an owner ("none"
 * for Unassigned), or both; "" keeps what each lead has.
 */
const bulkSchema = z
  .object({
    intent: z.literal("bulk"),
    // One box ticked arrives as a single value.
    ids: z.preprocess(
      (v) => (typeof v === "string" ? [v] : v),
      z
        .array(z.string().regex(UUID_PATTERN, text.bulk.noneSelected), { error: text.bulk.noneSelected })
        .min(1, text.bulk.noneSelected)
        .max(BULK_MAX, text.bulk.tooMany(BULK_MAX)),
    ),
    status: z.enum(["", ...leadStatuses], { error: text.form.invalidStatus }).default(""),
    assigneeId: z
      .string()
      .refine((v) => v === "" || v === "none" || isUuid(v), text.assignment.invalidAdmin)
      .default(""),
  })
  .refine((v) => v.status !== "" || v.assigneeId !== "", { message: text.bulk.nothingToChange, path: ["status"] });

const listSchemas = { status: rowStatusSchema, assign: rowAssignSchema, bulk: bulkSchema, export: exportSchema } as const;
type ListForm = { [K in keyof typeof listSchemas]: z.output<(typeof listSchemas)[K]> }[keyof typeof listSchemas];

/**
 * The list's forms, posted by the browser itself or by a fetcher once hydrated, each through the same
 * function as PATCH /api/leads/:id (audit and timeline entries included): a row's status, a row's owner
 * (`a`), the bar's change to every lead ticked, and "Export CSV", which asks for the password again
 * (step-up) and then sends the browser to the file.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "lead-status",
      schema: (formData) => (listSchemas[formData.get("intent") as keyof typeof listSchemas] ?? rowStatusSchema) as typeof rowStatusSchema,
      maxBytes: 32 * 1024,
      access: "admin",
      invalid: firstError,
      // Only a role that may export is asked for its password; any other is refused below without it.
      stepUp: (value: { intent: string }, admin) => value.intent === "export" && can(admin.role, "exports"),
    },
    async ({ value: posted, admin }) => {
      const value = posted as unknown as ListForm;
      const by = { admin, ip: context.clientIp, alerts: { config: context.config, site: context.site.facts } };
      if (value.intent === "export") {
        if (!can(admin.role, "exports")) return refuse(403, roleMessages.forbidden);
        const query = filterQuery(value as unknown as Record<string, unknown>);
        return redirect(`/api/leads/export.csv${query ? `?${query}` : ""}`, 303);
      }
      if (value.intent === "bulk") {
        const change = {
          ...(value.status ? { status: value.status as LeadStatus } : {}),
          ...(value.assigneeId ? { assigneeId: value.assigneeId === "none" ? null : value.assigneeId.toLowerCase() } : {}),
        };
        const result = await bulkUpdateLeads(context.db, value.ids, change, by);
        if (result.outcome === "invalid_assignee")
          return refuse(400, text.assignment.invalidAdmin, { assigneeId: text.assignment.invalidAdmin });
        context.logger.info({ reqId: context.requestId, adminId: admin.id, leads: result.updated, ...change }, "leads updated in bulk");
        return accept(result.missing ? text.bulk.partly(result.updated, result.missing) : text.bulk.done(result.updated), null, {
          data: { intent: "bulk" },
        });
      }
      if (!isUuid(value.id)) return refuse(404, text.detail.notFound);
      const change = value.intent === "assign" ? { assigneeId: value.assigneeId } : { status: value.status };
      const result = await updateLead(context.db, value.id, change, by);
      if (result.outcome === "invalid_assignee")
        return refuse(400, text.assignment.invalidAdmin, { assigneeId: text.assignment.invalidAdmin });
      if (result.outcome !== "updated") return refuse(404, text.detail.notFound);
      context.logger.info({ reqId: context.requestId, adminId: admin.id, leadId: value.id, ...change }, "lead updated");
      return accept(value.intent === "assign" ? leadUpdateMessage(change, result.lead) : text.statusUpdated, null, {
        data: { intent: value.intent, id: value.id },
      });
    },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The filters' and the bar's fields, text, date and select alike. */
const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/** The list could not be read: its failure text with Try Again, and a toast. */
export function ErrorBoundary() {
  return <ScreenLoadError title={text.title} message={text.loadFailed} />;
}

/** /admin/leads: every lead, newest first, with its clock against the 30-minute promise. */
export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { longTime, shortTime } = useAdminTimes();
  const { filters, list } = loaderData;
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  // The view only (the export takes every matching row; the live list re-reads the same page).
  const query = filterQuery(filters);
  const live = useLiveInbox({ data: list.items, now: loaderData.now, filters: query });
  // The clocks keep the server's time of the first load: setting them again on every refresh would
  // only move them by each answer's time in flight.
  const [firstNow] = useState(loaderData.now);
  const now = useServerClock(firstNow);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  // The search box follows the address (Clear filters, Back), except while someone is typing in it.
  const searchBox = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(filters.q);
  useEffect(() => {
    if (document.activeElement !== searchBox.current) setQ(filters.q);
  }, [filters.q]);

  const rows = list.items;
  // The leads ticked for the bar's change (on this page); cleared once a change is made.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  useEffect(() => {
    if (actionData?.ok && actionData.data?.intent === "bulk") setSelected(new Set());
  }, [actionData]);
  const pageIds = rows.map((r) => r._id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const assigner = useLeadForm("lead-assign-key", text.assignment.failed);
  const [helpOpen, setHelpOpen] = useState(false);
  useListKeys({
    onToggle: toggle,
    onAssignToMe: (id) => void assigner.submit({ intent: "assign", id, assigneeId: loaderData.me }, { method: "post" }),
    onHelp: () => setHelpOpen(true),
  });
  const filtered = query !== "";
  const types = typeOptions(loaderData.types, filters.type || undefined);
  /** Once hydrated, a choice applies at once and typing in the search after a pause: the filters set, from the first page. */
  const apply = (form: HTMLFormElement, delay: number) => {
    clearTimeout(searchTimer.current);
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string" && value) next.set(name, value);
    searchTimer.current = setTimeout(() => void submit(next, { method: "get", replace: true, preventScrollReset: true }), delay);
  };

  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle(site.promises.contactMinutes)}
      actions={
        <>
          <button
            type="button"
            className={buttonClass("outline", "py-2")}
            onClick={() => setHelpOpen(true)}
            aria-haspopup="dialog"
            hidden={!hydrated}
          >
            {text.shortcuts.open} <kbd className="ml-1 font-mono text-xs">?</kbd>
          </button>
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
              {LEAD_FILTER_NAMES.map((name) => filters[name] && <input key={name} type="hidden" name={name} value={filters[name]} />)}
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
        {/* A GET form: the view lives in the address, so it can be bookmarked and shared. */}
        <Form
          method="get"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          // The lists follow the address; the search box is kept (see above).
          key={filterQuery({ ...filters, q: "" })}
          onChange={(e) => apply(e.currentTarget, (e.target as HTMLElement).getAttribute("name") === "q" ? SEARCH_PAUSE_MS : 0)}
          onSubmit={(e) => {
            e.preventDefault();
            apply(e.currentTarget, 0);
          }}
        >
          <div className="sm:col-span-2">
            <label htmlFor="filter-q" className="block text-sm font-medium text-slate-800">
              {text.filters.search}
            </label>
            <input
              id="filter-q"
              name="q"
              type="search"
              ref={searchBox}
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={searchMessages.placeholder}
              aria-describedby="filter-q-hint"
              autoComplete="off"
              data-search-box="list"
              className={fieldClass}
            />
            <p id="filter-q-hint" className="mt-1 text-xs text-slate-600">
              {text.filters.searchHint}
            </p>
          </div>
          <div>
            <label htmlFor="filter-owner" className="block text-sm font-medium text-slate-800">
              {text.filters.owner}
            </label>
            <select id="filter-owner" name="owner" className={fieldClass} defaultValue={filters.owner}>
              <option value="">{text.filters.anyOwner}</option>
              <option value="mine">{text.filters.mine}</option>
              <option value="unassigned">{text.filters.unassigned}</option>
              {loaderData.admins.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
              {text.filters.status}
            </label>
            <select id="filter-status" name="status" className={fieldClass} defaultValue={filters.status}>
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
            <select id="filter-type" name="type" className={fieldClass} defaultValue={filters.type}>
              <option value="">{text.filters.allTypes}</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {leadTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-licensed" className="block text-sm font-medium text-slate-800">
              {text.filters.licensed}
            </label>
            <select id="filter-licensed" name="licensed" className={fieldClass} defaultValue={filters.licensed}>
              <option value="">{text.filters.anyState}</option>
              <option value="inside">{text.filters.inside}</option>
              <option value="outside">{text.filters.outside}</option>
            </select>
          </div>
          <div>
            <label htmlFor="filter-from" className="block text-sm font-medium text-slate-800">
              {text.filters.from}
            </label>
            <input id="filter-from" name="from" type="date" defaultValue={filters.from} className={fieldClass} />
          </div>
          <div>
            <label htmlFor="filter-to" className="block text-sm font-medium text-slate-800">
              {text.filters.to}
            </label>
            <input id="filter-to" name="to" type="date" defaultValue={filters.to} min={filters.from || undefined} className={fieldClass} />
          </div>
          <div className="flex flex-wrap items-center gap-4 self-end sm:col-span-2 lg:col-span-4">
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="overdue"
                value="1"
                defaultChecked={filters.overdue !== ""}
                className="h-4 w-4 rounded border-slate-300"
              />
              {text.filters.overdue}
            </label>
            <button type="submit" className={buttonClass(hydrated ? "outline" : "primary", "py-2")}>
              {hydrated ? searchMessages.submit : text.filters.apply}
            </button>
            {filtered && (
              <Link to="/admin/leads" replace className="py-2 text-sm font-medium text-brand-700 underline">
                {text.clearFilters}
              </Link>
            )}
          </div>
        </Form>
      </search>
      {loaderData.invalid && (
        <p role="status" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {text.filters.invalid}
        </p>
      )}

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
        <div aria-live="polite">
          <ListCount list={list} noun={text.noun} />
        </div>
        {rows.length > 0 && (
          // The rows' checkboxes belong to this form (their `form` attribute), so it works without scripts too.
          <Form
            method="post"
            id="bulk-leads"
            className="mb-4 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
            data-testid="bulk-bar"
          >
            <fieldset className="flex flex-wrap items-end gap-3">
              <legend className="sr-only">{text.bulk.legend}</legend>
              <input type="hidden" name="intent" value="bulk" />
              {hydrated && (
                <label className="inline-flex items-center gap-2 self-center text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
                    className="h-4 w-4 rounded border-slate-300"
                  />
                  {text.bulk.selectPage}
                </label>
              )}
              <div>
                <label htmlFor="bulk-status" className="block text-sm font-medium text-slate-800">
                  {text.bulk.status}
                </label>
                <select id="bulk-status" name="status" className={fieldClass} defaultValue="">
                  <option value="">{text.bulk.keepStatus}</option>
                  {statusOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="bulk-owner" className="block text-sm font-medium text-slate-800">
                  {text.bulk.owner}
                </label>
                <select id="bulk-owner" name="assigneeId" className={fieldClass} defaultValue="">
                  <option value="">{text.bulk.keepOwner}</option>
                  <option value={loaderData.me}>{text.bulk.me}</option>
                  <option value="none">{text.bulk.unassigned}</option>
                  {loaderData.admins.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonClass("primary", "py-2")} disabled={hydrated && selected.size === 0}>
                {text.bulk.apply}
              </button>
              {hydrated && (
                <span className="self-center text-sm text-slate-600" data-testid="bulk-count">
                  {text.bulk.selected(selected.size)}
                </span>
              )}
            </fieldset>
          </Form>
        )}
        <AdminTable
          caption={text.title}
          columns={Object.values(text.columns)}
          empty={filtered ? text.emptyFiltered : text.empty}
          isEmpty={rows.length === 0}
        >
          {rows.map((lead) => (
            <tr key={lead._id} className="align-top focus-within:bg-brand-50" data-testid="lead-row" data-lead-row={lead._id}>
              <td className="px-4 py-3">
                <input
                  type="checkbox"
                  name="ids"
                  value={lead._id}
                  form="bulk-leads"
                  aria-label={text.bulk.select(lead.reference)}
                  checked={selected.has(lead._id)}
                  onChange={() => toggle(lead._id)}
                  className="h-4 w-4 rounded border-slate-300"
                />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <time dateTime={lead.receivedAt} title={longTime(lead.receivedAt)}>
                  {shortTime(lead.receivedAt)}
                </time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <Link to={`/admin/leads/${lead._id}`} className="font-mono font-semibold text-brand-700 underline" data-lead-link>
                  {lead.reference}
                </Link>
                {loaderData.fmcsaFlags[lead._id] ? (
                  <span
                    className="mt-1 block max-w-56 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-normal text-amber-900"
                    data-testid="fmcsa-flags"
                  >
                    {fmcsaMessages.screen.inboxMark(loaderData.fmcsaFlags[lead._id])}
                  </span>
                ) : null}
                {lead.notificationFailed && (
                  <span
                    className="mt-1 block max-w-56 rounded bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-normal text-red-800"
                    data-testid="notification-failed"
                  >
                    {text.notificationFailed.badge}
                  </span>
                )}
                {lead.textedAt && (
                  <span
                    className="mt-1 block max-w-56 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold whitespace-normal text-sky-900"
                    data-testid="texted-back"
                    title={text.textedBack.title(longTime(lead.textedAt))}
                  >
                    {text.textedBack.badge}
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
                <a
                  href={telLink(lead.phone)}
                  className="text-brand-700 underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center max-sm:rounded-md max-sm:border-2 max-sm:border-brand-700 max-sm:px-4 max-sm:font-semibold max-sm:no-underline"
                >
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
        <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
        <Pager page={list.page} pageCount={list.pageCount} href={(page) => pageHref(`${location.pathname}${location.search}`, page)} />
      </div>
    </AdminPage>
  );
}
