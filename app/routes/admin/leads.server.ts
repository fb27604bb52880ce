/**
 * /admin/leads on the server. The loader answers the list as GET /api/leads does (newest first, the
 * filters and how many rows to show read from the address), once the session is checked. The action
 * takes a row's status form (intent=status, id, status), posted by the browser itself with or without
 * scripts, through the same function as PATCH /api/leads/:id (audit and timeline entries included).
 */
import { type AppLoadContext, data } from "react-router";
import { isUrlEncodedForm, readUrlEncodedForm, requireAdminSession } from "~/features/admin/guard.server";
import { leadTypesPresent, listLeads, updateLead } from "~/features/leads-inbox/inbox.server";
import { inboxMessages } from "~/features/leads-inbox/messages";
import {
  isUuid,
  LEADS_PAGE_SIZE,
  type LeadListItem,
  type LeadStatus,
  leadFiltersSchema,
  leadStatusSchema,
} from "~/features/leads-inbox/schema";

/** Three short fields. */
const MAX_FORM_BYTES = 4 * 1024;
/** "Load more" adds a page at a time, up to this many rows on one screen (the CSV export has all of them). */
export const LEADS_MAX_SHOWN = 1000;

export type LeadsFilters = { status: LeadStatus | ""; type: string; limit: number };
export type LeadsLoaderData = {
  data: LeadListItem[];
  /** Leads matching the filters, all of them. */
  total: number;
  /** Whether more leads match than are shown. */
  more: boolean;
  /** The leadTypes present in the store, for the type filter. */
  types: string[];
  /** The server's clock, so the waiting clocks do not depend on the admin's computer's clock. */
  now: string;
  filters: LeadsFilters;
};
export type LeadsActionData = { ok: boolean; intent?: "status"; id?: string; message: string; errors?: Record<string, string> };

/**
 * The address's filters. A hand-edited or stale address must not break the screen: a filter that is
 * not valid is ignored, and a row count out of range is brought back into it.
 */
export function leadsFilters(url: URL): LeadsFilters {
  const status = leadFiltersSchema.shape.status.safeParse(url.searchParams.get("status"));
  const type = leadFiltersSchema.shape.type.safeParse(url.searchParams.get("type"));
  const asked = Number.parseInt(url.searchParams.get("limit") ?? "", 10);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), LEADS_MAX_SHOWN) : LEADS_PAGE_SIZE;
  return { status: (status.success && status.data) || "", type: (type.success && type.data) || "", limit };
}

export async function leadsLoader(request: Request, context: AppLoadContext): Promise<LeadsLoaderData> {
  await requireAdminSession(request, context);
  const filters = leadsFilters(new URL(request.url));
  const query = { status: filters.status || undefined, type: filters.type || undefined, limit: filters.limit };
  const [list, types] = await Promise.all([listLeads(context.db, query), leadTypesPresent(context.db)]);
  return { data: list.items, total: list.total, more: list.nextCursor !== null, types, now: new Date().toISOString(), filters };
}

const refused = (status: number, message: string, extra: Omit<LeadsActionData, "ok" | "message"> = {}) =>
  data<LeadsActionData>({ ok: false, message, ...extra }, { status });

export async function leadsAction(request: Request, context: AppLoadContext) {
  const text = inboxMessages;
  if (context.crossSite) return refused(403, text.form.crossSite);
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return refused(415, text.form.notSupported);
  const form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  if (!form) return refused(413, text.form.tooLarge);
  if (form.get("intent") !== "status") return refused(400, text.form.unknownIntent, { errors: { intent: text.form.unknownIntent } });
  const intent = "status" as const;
  const id = form.get("id") ?? "";
  if (!isUuid(id)) return refused(404, text.detail.notFound, { intent });
  const parsed = leadStatusSchema.safeParse(form.get("status") ?? "");
  if (!parsed.success) return refused(400, text.form.invalidStatus, { intent, id, errors: { status: text.form.invalidStatus } });
  const result = await updateLead(context.db, id, { status: parsed.data }, { admin, ip: context.clientIp });
  if (result.outcome !== "updated") return refused(404, text.detail.notFound, { intent, id });
  context.logger.info({ reqId: context.requestId, adminId: admin.id, leadId: id, status: result.lead.status }, "lead updated");
  return data<LeadsActionData>({ ok: true, intent, id, message: text.statusUpdated });
}
