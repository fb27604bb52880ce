/**
 * /admin/jobs/{jobId}/submissions on the server: the job and the applications received for it, newest
 * first, through the same functions as GET /api/jobs/:id and GET /api/applications/job/:jobId, once
 * the session is checked. The screen changes nothing, so there is no action.
 */
import { type AppLoadContext, data } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { getJob, listApplications } from "~/features/jobs/jobs.server";
import type { ApplicationRecord, JobRecord } from "~/features/jobs/schema";

export type JobSubmissionsLoaderData = {
  /** Lets the admin layout render the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  /** Null for an unknown job, or when the applications could not be read (the screen says so, with Reload). */
  job: JobRecord | null;
  applications: ApplicationRecord[] | null;
};

export async function jobSubmissionsLoader(request: Request, context: AppLoadContext, jobId: string) {
  const signedInAdmin = await requireAdminSession(request, context);
  const id = jobId.toLowerCase();
  try {
    const [job, applications] = await Promise.all([getJob(context.db, id), listApplications(context.db, id)]);
    const found = job && applications ? { job, applications } : { job: null, applications: null };
    return data<JobSubmissionsLoaderData>({ signedInAdmin, ...found }, { status: found.job ? 200 : 404 });
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, "admin job submissions: the applications could not be read");
    return data<JobSubmissionsLoaderData>({ signedInAdmin, job: null, applications: null }, { status: 500 });
  }
}
