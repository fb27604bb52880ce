/**
 * /admin/jobs on the server. The loader answers every job, the job a delete is being confirmed for
 * (`?delete={id}`, the confirmation without scripts) and the notice a saved job left, once the session
 * is checked. The action deletes a job (intent=delete, id) through the same function as
 * DELETE /api/jobs/:id (its applications go with it).
 */
import { type AppLoadContext, data } from "react-router";
import { isUrlEncodedForm, readUrlEncodedForm, requireAdminSession } from "~/features/admin/guard.server";
import { takeNotice } from "~/features/admin/notice.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { deleteJob, isJobId, listJobs } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import type { JobRecord } from "~/features/jobs/schema";

const text = jobMessages.list;
const a = jobMessages.actions;
/** An intent and an id, URL-encoded. */
const MAX_FORM_BYTES = 4 * 1024;

/** The notices the job form leaves for the list after a save (spec 001 section 8's success toasts). */
export const jobNotices = { "job-created": jobMessages.add.success, "job-updated": jobMessages.edit.success };
export type JobNotice = keyof typeof jobNotices;

export type JobsLoaderData = {
  /** Lets the admin layout render the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  /** Null when the jobs could not be read (the screen says 'Failed to load jobs'). */
  jobs: JobRecord[] | null;
  /** The job whose delete is being confirmed without scripts. */
  confirmDelete: JobRecord | null;
  notice: string | null;
};

export type JobsActionData = { ok: boolean; intent?: "delete"; id?: string; message: string };

export async function jobsLoader(request: Request, context: AppLoadContext) {
  const signedInAdmin = await requireAdminSession(request, context);
  const jobs = await listJobs(context.db).catch((err: unknown) => {
    context.logger.error({ err, reqId: context.requestId }, "admin jobs: the jobs could not be read");
    return null;
  });
  const asked = new URL(request.url).searchParams.get("delete");
  const confirmDelete = (asked && jobs?.find((j) => j._id === asked.toLowerCase())) || null;
  const notice = takeNotice(request, context, jobNotices);
  const body: JobsLoaderData = { signedInAdmin, jobs, confirmDelete, notice: notice.message };
  return data(body, notice.clear ? { headers: { "Set-Cookie": notice.clear } } : undefined);
}

const answer = (status: number, body: JobsActionData) => data<JobsActionData>(body, { status });

export async function jobsAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return answer(403, { ok: false, message: a.crossSite });
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return answer(415, { ok: false, message: a.formNotSupported });
  const form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  if (!form) return answer(413, { ok: false, message: a.formTooLarge });
  if (form.get("intent") !== "delete") return answer(400, { ok: false, message: a.unknownIntent });
  const id = (form.get("id") ?? "").trim().toLowerCase();
  if (!isJobId(id) || !(await deleteJob(context.db, id)))
    return answer(404, { ok: false, intent: "delete", id, message: text.deleteFailure });
  context.contentChanged();
  context.logger.info({ reqId: context.requestId, jobId: id, adminId: admin.id }, "job deleted with its applications");
  return answer(200, { ok: true, intent: "delete", id, message: text.deleteSuccess });
}
