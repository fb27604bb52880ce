/**
 * The dashboard's loader and action. The loader reads the lead figures (today's, and the promise
 * kept over 7 and 30 days) and the mail that could not be delivered; the
 * action answers the panel's Retry form (POST /admin/dashboard with `intent=retry-mail` and `id`),
 * posted by the browser itself, with or without scripts. Both need a live admin session.
 */
import { type AppLoadContext, data } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import { takeNotice } from "~/features/admin/notice.server";
import { promiseSettings } from "~/features/leads/arrival.server";
import { inboxSummary } from "~/features/leads-inbox/inbox.server";
import type { InboxSummary } from "~/features/leads-inbox/schema";
import { listMailFailures, retryMail } from "~/features/mail/failures.server";
import { mailFailureMessages as text } from "~/features/mail/messages";
import { isUrlEncodedForm, readForm } from "~/lib/form-body.server";
import { isUuid } from "~/lib/uuid";
import { signInNotices } from "./login.server";

/** Two short fields: a few KB is plenty. */
const MAX_FORM_BYTES = 4 * 1024;

export type DashboardActionData = { ok: boolean; message: string; id?: string; errors?: Record<string, string> };

const answer = (status: number, body: DashboardActionData) => data<DashboardActionData>(body, { status });

export async function dashboardLoader(request: Request, context: AppLoadContext) {
  // The session checked here lets the admin layout render the screen at once, before and without scripts.
  const signedInAdmin = await requireAdminSession(request, context);
  const settings = promiseSettings(context.config);
  // The figures failing must not take the mail panel with them: the screen says they could not be loaded.
  let summary: InboxSummary | null = null;
  try {
    summary = await inboxSummary(context.db, settings);
  } catch (error) {
    context.logger.error({ err: error, reqId: context.requestId }, "dashboard lead figures failed");
  }
  // "Login successful!" after a sign-in that came here (app/routes/admin/login.server.ts).
  const notice = takeNotice(request, context, signInNotices);
  const body = {
    signedInAdmin,
    summary,
    promise: { minutes: settings.slaMinutes, officeHours: settings.hours === "business" },
    mailFailures: await listMailFailures(context.db),
    notice: notice.message,
  };
  return data(body, notice.clear ? { headers: { "Set-Cookie": notice.clear } } : undefined);
}

export async function dashboardAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return answer(403, { ok: false, message: text.crossSite });
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return answer(415, { ok: false, message: text.formNotSupported });
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return answer(413, { ok: false, message: text.formTooLarge });
  if (form.get("intent") !== "retry-mail")
    return answer(400, { ok: false, message: text.unknownIntent, errors: { intent: text.unknownIntent } });
  const id = form.get("id") ?? "";
  if (!isUuid(id)) return answer(400, { ok: false, message: text.invalidId, errors: { id: text.invalidId } });

  const result = await retryMail(context.db, id, { admin, ip: context.clientIp });
  switch (result.status) {
    case "queued":
      context.mail.nudge();
      return answer(200, { ok: true, message: text.queued, id });
    case "not_found":
      return answer(404, { ok: false, message: text.notFound, id });
    default:
      return answer(409, { ok: false, message: text.notRetryable, id });
  }
}
