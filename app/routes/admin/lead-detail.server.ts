/**
 * /admin/leads/:id on the server. The loader answers the lead with its timeline, the admins it can be
 * assigned to and the server's clock, once the session is checked; the action takes the screen's
 * forms (intent=status, intent=assign, intent=note), posted by the browser itself with or without
 * scripts, through the same functions as PATCH /api/leads/:id and POST /api/leads/:id/notes.
 */
import { type AppLoadContext, data } from "react-router";
import { isUrlEncodedForm, readUrlEncodedForm, requireAdminSession } from "~/features/admin/guard.server";
import { type AssignableAdmin, addLeadNote, assignableAdmins, leadTimeline } from "~/features/leads-inbox/activity.server";
import { getLead, updateLead } from "~/features/leads-inbox/inbox.server";
import { inboxMessages, leadUpdateMessage } from "~/features/leads-inbox/messages";
import {
  assigneeIdSchema,
  isUuid,
  type LeadActivityItem,
  type LeadDetail,
  type LeadStatus,
  leadNoteBodySchema,
  leadStatusSchema,
} from "~/features/leads-inbox/schema";

/** A note of 5,000 characters URL-encoded (up to 9 bytes each) and two short fields. */
const MAX_FORM_BYTES = 64 * 1024;

export type LeadIntent = "status" | "assign" | "note";
export type LeadActionData = {
  ok: boolean;
  intent?: LeadIntent;
  message: string;
  errors?: Record<string, string>;
  /** A note that was refused, so the form shows it again rather than losing it. */
  values?: { body?: string };
};
export type LeadLoaderData = {
  signedInAdmin: { id: string; email: string };
  lead: (LeadDetail & { activity: LeadActivityItem[] }) | null;
  admins: AssignableAdmin[];
  now: string;
};

/** The lead with its timeline; null for an unknown lead or an id that is none. */
export async function leadWithTimeline(context: AppLoadContext, id: string) {
  const lead = isUuid(id) ? await getLead(context.db, id) : null;
  return lead ? { ...lead, activity: await leadTimeline(context.db, lead) } : null;
}

export async function leadDetailLoader(request: Request, context: AppLoadContext, id: string) {
  const signedInAdmin = await requireAdminSession(request, context);
  const lead = await leadWithTimeline(context, id);
  const admins = lead ? await assignableAdmins(context.db) : [];
  const body: LeadLoaderData = { signedInAdmin, lead, admins, now: new Date().toISOString() };
  return data(body, { status: lead ? 200 : 404 });
}

const answer = (status: number, body: LeadActionData) => data<LeadActionData>(body, { status });
const refused = (status: number, intent: LeadIntent | undefined, message: string, errors?: Record<string, string>) =>
  answer(status, { ok: false, intent, message, ...(errors ? { errors } : {}) });
const INTENTS: readonly string[] = ["status", "assign", "note"] satisfies LeadIntent[];

export async function leadDetailAction(request: Request, context: AppLoadContext, id: string) {
  const text = inboxMessages;
  if (context.crossSite) return refused(403, undefined, text.form.crossSite);
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return refused(415, undefined, text.form.notSupported);
  const form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  if (!form) return refused(413, undefined, text.form.tooLarge);
  const intentValue = form.get("intent") ?? "";
  if (!INTENTS.includes(intentValue)) return refused(400, undefined, text.form.unknownIntent, { intent: text.form.unknownIntent });
  const intent = intentValue as LeadIntent;
  if (!isUuid(id)) return refused(404, intent, text.detail.notFound);
  const by = { admin, ip: context.clientIp };

  if (intent === "note") {
    const raw = form.get("body") ?? "";
    const parsed = leadNoteBodySchema.safeParse({ body: raw });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? text.notes.empty;
      return answer(400, { ok: false, intent, message, errors: { body: message }, values: { body: raw } });
    }
    const note = await addLeadNote(context.db, id, parsed.data.body, admin);
    if (!note) return refused(404, intent, text.detail.notFound);
    context.logger.info({ reqId: context.requestId, adminId: admin.id, leadId: id }, "lead note added");
    return answer(200, { ok: true, intent, message: text.notes.added });
  }

  let change: { status?: LeadStatus; assigneeId?: string | null };
  if (intent === "status") {
    const parsed = leadStatusSchema.safeParse(form.get("status") ?? "");
    if (!parsed.success) return refused(400, intent, text.form.invalidStatus, { status: text.form.invalidStatus });
    change = { status: parsed.data };
  } else {
    // The select's "Unassigned" option is the empty value.
    const parsed = assigneeIdSchema.safeParse(form.get("assigneeId") || null);
    if (!parsed.success) return refused(400, intent, text.assignment.invalidAdmin, { assigneeId: text.assignment.invalidAdmin });
    change = { assigneeId: parsed.data };
  }
  const result = await updateLead(context.db, id, change, by);
  if (result.outcome === "not_found") return refused(404, intent, text.detail.notFound);
  if (result.outcome === "invalid_assignee") {
    return refused(400, intent, text.assignment.invalidAdmin, { assigneeId: text.assignment.invalidAdmin });
  }
  context.logger.info(
    { reqId: context.requestId, adminId: admin.id, leadId: id, status: result.lead.status, assigneeId: result.lead.assigneeId },
    "lead updated",
  );
  return answer(200, { ok: true, intent, message: leadUpdateMessage(change, result.lead) });
}
