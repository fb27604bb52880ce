import { Link, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPage, LoadError } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { Spinner } from "~/features/admin/components/spinner";
import { useAdminData } from "~/features/admin/use-admin-data";
import { useConfirmedDelete } from "~/features/admin/use-confirmed-delete";
import { jobMessages } from "~/features/jobs/messages";
import type { JobRecord } from "~/features/jobs/schema";
import { notifyError } from "~/lib/notify";

const text = jobMessages.list;

/** /admin/jobs: the job listings as cards in two columns, with edit, delete and add. */
export default function Jobs() {
  const navigate = useNavigate();
  const { loading, data, error, reload, setData } = useAdminData<JobRecord[]>("/api/jobs", () => notifyError(text.loadFailure));
  const jobs = data ?? [];
  const remove = useConfirmedDelete<JobRecord>({
    path: (j) => `/api/jobs/${encodeURIComponent(j._id)}`,
    setData,
    success: text.deleteSuccess,
    failure: text.deleteFailure,
  });

  return (
    <AdminPage
      title={text.title}
      actions={
        <Link to="/admin/jobs/add" className={buttonClass("primary")}>
          {text.add}
        </Link>
      }
    >
      {loading ? (
        <Spinner label="Loading jobs..." />
      ) : error !== undefined ? (
        <LoadError message={text.loadFailure} onRetry={reload} retryLabel={text.retry} />
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
                <button
                  type="button"
                  className={buttonClass("outline", "px-4 py-2 text-sm")}
                  onClick={() => navigate(`/admin/jobs/edit/${job._id}`, { state: { job } })}
                >
                  {text.edit}
                  <span className="sr-only"> {job.title}</span>
                </button>
                <button
                  type="button"
                  className={buttonClass("primary", "bg-red-700 px-4 py-2 text-sm hover:bg-red-800")}
                  onClick={() => remove.ask(job)}
                >
                  {text.delete}
                  <span className="sr-only"> {job.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
    </AdminPage>
  );
}
