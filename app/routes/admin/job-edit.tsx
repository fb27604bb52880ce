import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LoadFailure } from "~/components/admin/list-parts";
import { JobForm } from "~/features/jobs/components/job-form";
import { getJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import type { JobRecord } from "~/features/jobs/schema";
import { requireAdmin } from "~/lib/post.server";
import type { Route } from "./+types/job-edit";
import { saveJob } from "./job-form.server";

const text = jobMessages.edit;

type JobEditData = {
  /** Null for an unknown job, or when it could not be read (`error` says which). */
  job: JobRecord | null;
  error: string | null;
};

/** The job being edited, for a signed-in admin; 404 for an unknown job. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  try {
    const job = await getJob(context.db, params.id.toLowerCase());
    return data<JobEditData>({ job, error: job ? null : jobMessages.api.notFound }, { status: job ? 200 : 404 });
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, "admin job form: the job could not be read");
    return data<JobEditData>({ job: null, error: text.loadFailure }, { status: 500 });
  }
}

/** The job form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveJob(request, context, params.id);
}

/**
 * /admin/jobs/edit/{id}: the job's form; back to the list once it is saved. A job that cannot be
 * loaded: the message ('Job not found', or the spec's text) in the page and as a toast, and Back to Jobs.
 */
export default function JobEdit({ loaderData }: Route.ComponentProps) {
  const { job, error } = loaderData;
  if (!job) {
    return (
      <AdminPage title={text.title}>
        <LoadFailure message={error ?? text.loadFailure} retryLabel={text.back} action="/admin/jobs" />
      </AdminPage>
    );
  }
  const { title, description, type, workType, location } = job;
  return <JobForm key={job._id} text={text} initial={{ title, description, type, workType, location }} />;
}
