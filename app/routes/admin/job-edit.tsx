import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminApiError, adminApi, messageOf } from "~/features/admin/api";
import { AdminPage } from "~/features/admin/components/admin-page";
import { Spinner } from "~/features/admin/components/spinner";
import { JobForm } from "~/features/jobs/components/job-form";
import { jobMessages } from "~/features/jobs/messages";
import type { JobInput, JobRecord } from "~/features/jobs/schema";
import { notifyError, notifySuccess } from "~/lib/notify";

const text = jobMessages.edit;

const formValues = (job: JobRecord): JobInput => ({
  title: job.title,
  description: job.description,
  type: job.type,
  workType: job.workType,
  location: job.location,
});

/**
 * /admin/jobs/edit/{id}: the job handed over by the list (navigation state) when there is one,
 * otherwise loaded from GET /api/jobs/{id}.
 */
export default function JobEdit() {
  const { id } = useParams();
  const navigate = useNavigate();
  const passed = (useLocation().state as { job?: JobRecord } | null)?.job;
  const fromList = passed && passed._id === id ? passed : undefined;
  const [state, setState] = useState<{ job?: JobRecord; error?: string }>(() =>
    fromList ? { job: fromList } : id ? {} : { error: text.missingId },
  );

  useEffect(() => {
    if (fromList || !id) {
      if (!id) notifyError(text.missingId);
      return;
    }
    const controller = new AbortController();
    adminApi<JobRecord>(`/api/jobs/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (job) => setState({ job }),
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        const message = messageOf(error, text.loadFailure);
        setState({ error: message });
        notifyError(message);
      },
    );
    return () => controller.abort();
    // fromList comes from the location's state: the same object for as long as the address stays the same.
  }, [id, fromList]);

  const { job } = state;
  return (
    <AdminPage title={text.title}>
      {state.error ? (
        <div role="alert" className="max-w-3xl rounded-lg border border-red-200 bg-red-50 p-6">
          <p className="font-medium text-red-800">{state.error}</p>
          <button type="button" onClick={() => navigate("/admin/jobs")} className={buttonClass("outline", "mt-4")}>
            {text.back}
          </button>
        </div>
      ) : !job ? (
        <Spinner label="Loading job..." />
      ) : (
        <JobForm
          initial={formValues(job)}
          submitLabel={text.submit}
          submittingLabel={text.submitting}
          onSubmit={async (values) => {
            try {
              await adminApi(`/api/jobs/${encodeURIComponent(job._id)}`, { method: "PUT", body: values });
            } catch (error) {
              notifyError(messageOf(error, text.failure));
              return error instanceof AdminApiError ? error.errors : undefined;
            }
            notifySuccess(text.success);
            navigate("/admin/jobs");
          }}
        />
      )}
    </AdminPage>
  );
}
