/**
 * /admin/jobs/add and /admin/jobs/edit/{id} on the server. The edit loader answers the job being
 * edited (404 for an unknown one), once the session is checked. The actions take the job form, posted
 * by the browser itself with or without scripts, checked with the API's schema and saved through the
 * same functions as POST /api/jobs and PUT /api/jobs/:id; a saved job goes back to the list, which
 * shows the success text.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import { noticeCookie } from "~/features/admin/notice.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { createJob, getJob, updateJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import { type JobRecord, jobSchema } from "~/features/jobs/schema";
import { readSubmission, refused } from "~/lib/form.server";
import type { JobNotice } from "./jobs.server";

/** The form's id on the page, and the name of its answers. */
export const JOB_FORM = "job";
/** The longest description URL-encoded (up to 9 bytes a character), with room for the other fields. */
const MAX_FORM_BYTES = 10_000 * 9 + 8 * 1024;
const a = jobMessages.actions;

/** Lets the admin layout render the screen at once, before and without scripts. */
export type JobAddLoaderData = { signedInAdmin: AdminIdentity };

export type JobEditLoaderData = JobAddLoaderData & {
  /** Null for an unknown job, or when it could not be read (`error` says which). */
  job: JobRecord | null;
  error: string | null;
};

export async function jobAddLoader(request: Request, context: AppLoadContext): Promise<JobAddLoaderData> {
  return { signedInAdmin: await requireAdminSession(request, context) };
}

export async function jobEditLoader(request: Request, context: AppLoadContext, id: string) {
  const signedInAdmin = await requireAdminSession(request, context);
  try {
    const job = await getJob(context.db, id.toLowerCase());
    return data<JobEditLoaderData>({ signedInAdmin, job, error: job ? null : jobMessages.api.notFound }, { status: job ? 200 : 404 });
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, "admin job form: the job could not be read");
    return data<JobEditLoaderData>({ signedInAdmin, job: null, error: jobMessages.edit.loadFailure }, { status: 500 });
  }
}

/** Creates the job (no `id`) or replaces job `id`, then back to the list with the success text. */
export async function saveJobAction(request: Request, context: AppLoadContext, id?: string) {
  const text = id === undefined ? jobMessages.add : jobMessages.edit;
  if (context.crossSite) return refused(JOB_FORM, 403, a.crossSite);
  const admin = await requireAdminSession(request, context);
  const read = await readSubmission(request, jobSchema, MAX_FORM_BYTES);
  if (!read.ok) return refused(JOB_FORM, read.status, read.status === 413 ? a.formTooLarge : a.formNotSupported);
  const { submission } = read;
  if (submission.status !== "success") return refused(JOB_FORM, 400, jobMessages.form.validationToast, submission);

  let job: JobRecord | null;
  try {
    job =
      id === undefined ? await createJob(context.db, submission.value) : await updateJob(context.db, id.toLowerCase(), submission.value);
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, id === undefined ? "job could not be created" : "job could not be updated");
    return refused(JOB_FORM, 500, text.failure, submission);
  }
  if (!job) return refused(JOB_FORM, 404, jobMessages.api.notFound, submission);
  context.contentChanged();
  context.logger.info({ reqId: context.requestId, jobId: job._id, adminId: admin.id }, id === undefined ? "job created" : "job updated");
  const notice: JobNotice = id === undefined ? "job-created" : "job-updated";
  return redirect("/admin/jobs", { status: 303, headers: { "Set-Cookie": noticeCookie(context, notice) } });
}
