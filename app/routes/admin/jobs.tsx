import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPage } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { InlineConfirm, LoadFailure, Notice, revalidateAfterPost, useDeleteWithConfirm } from "~/features/admin/components/list-parts";
import { jobMessages } from "~/features/jobs/messages";
import type { JobRecord } from "~/features/jobs/schema";
import { notifyError, notifySuccess } from "~/lib/toast";
import type { Route } from "./+types/jobs";
import { jobsAction, jobsLoader } from "./jobs.server";

const text = jobMessages.list;

/** Every job for a signed-in admin; anyone else is sent to sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return jobsLoader(request, context);
}

/** Deleting a job, posted by the confirmation (the dialog with scripts, the page without). */
export function action({ request, context }: Route.ActionArgs) {
  return jobsAction(request, context);
}

/**
 * After any delete, the refused ones too (a job deleted elsewhere meanwhile is a 404): the list is
 * read again, so it shows the jobs as they are.
 */
export const shouldRevalidate = revalidateAfterPost;

/**
 * /admin/jobs: the job listings as cards in two columns, with edit, delete and add. Delete asks
 * first: in a dialog once scripts run, on the page itself (`?delete={id}`) before.
 */
export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, confirmDelete, notice } = loaderData;
  const remove = useDeleteWithConfirm<JobRecord>({ key: "delete-job", action: "/admin/jobs", failure: text.deleteFailure });

  // A saved job's notice (left by the job form before it came back here) and a failed load, as toasts.
  const announced = useRef<object | null>(null);
  useEffect(() => {
    if (announced.current === loaderData) return;
    announced.current = loaderData;
    if (notice) notifySuccess(notice);
    if (jobs === null) notifyError(text.loadFailure);
  }, [loaderData, notice, jobs]);

  return (
    <AdminPage
      title={text.title}
      actions={
        <Link to="/admin/jobs/add" className={buttonClass("primary")}>
          {text.add}
        </Link>
      }
    >
      <Notice answer={actionData ?? (notice ? { ok: true, message: notice } : undefined)} />
      {confirmDelete && (
        <InlineConfirm
          title={text.deleteTitle}
          message={text.deleteConfirm}
          subject={confirmDelete.title}
          cancelTo="/admin/jobs"
          action="/admin/jobs"
          fields={{ intent: "delete", id: confirmDelete._id }}
          confirmLabel={text.delete}
        />
      )}
      {jobs === null ? (
        <LoadFailure message={text.loadFailure} retryLabel={text.retry} />
      ) : jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">{text.empty}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2" aria-label="Jobs">
          {jobs.map((job) => (
            <li key={job._id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="job-card">
              <h2 className="text-lg font-semibold text-brand-900">
                <Link to={`/admin/jobs/${job._id}/submissions`} className="hover:underline focus-visible:underline">
                  {job.title}
                </Link>
              </h2>
              <p className="mt-2 flex flex-wrap gap-2 text-sm">
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800">{job.type}</span>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700">{job.location}</span>
              </p>
              <p className="mt-3 line-clamp-2 text-slate-700">{job.description}</p>
              <div className="mt-auto flex gap-3 pt-5">
                <Link to={`/admin/jobs/edit/${job._id}`} className={buttonClass("outline", "px-4 py-2 text-sm")}>
                  {text.edit}
                  <span className="sr-only"> {job.title}</span>
                </Link>
                {/* Without scripts: this page again, asking to confirm; with scripts: the dialog. */}
                <Form method="get" action="/admin/jobs" onSubmit={(event) => remove.ask(event, job)}>
                  <button
                    type="submit"
                    name="delete"
                    value={job._id}
                    className={buttonClass("primary", "bg-red-700 px-4 py-2 text-sm hover:bg-red-800")}
                  >
                    {text.delete}
                    <span className="sr-only"> {job.title}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
    </AdminPage>
  );
}
