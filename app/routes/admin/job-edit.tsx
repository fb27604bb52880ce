import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPage } from "~/features/admin/components/admin-page";
import { JobForm } from "~/features/jobs/components/job-form";
import { jobMessages } from "~/features/jobs/messages";
import { notifyError } from "~/lib/toast";
import type { Route } from "./+types/job-edit";
import { jobEditLoader, saveJobAction } from "./job-form.server";

const text = jobMessages.edit;

/** The job being edited, for a signed-in admin; 404 for an unknown job. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return jobEditLoader(request, context, params.id);
}

/** The job form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context, params }: Route.ActionArgs) {
  return saveJobAction(request, context, params.id);
}

/**
 * /admin/jobs/edit/{id}: the job's form; back to the list once it is saved. A job that cannot be
 * loaded: the message ('Job not found', or the spec's text) in the page and as a toast, and Back to Jobs.
 */
export default function JobEdit({ loaderData }: Route.ComponentProps) {
  const { job, error } = loaderData;

  const announced = useRef<object | null>(null);
  useEffect(() => {
    if (!error || announced.current === loaderData) return;
    announced.current = loaderData;
    notifyError(error);
  }, [loaderData, error]);

  return (
    <AdminPage title={text.title}>
      {job ? (
        <JobForm
          key={job._id}
          initial={{ title: job.title, description: job.description, type: job.type, workType: job.workType, location: job.location }}
          submitLabel={text.submit}
          submittingLabel={text.submitting}
          failure={text.failure}
        />
      ) : (
        <div role="alert" className="max-w-3xl rounded-lg border border-red-200 bg-red-50 p-6">
          <p className="font-medium text-red-800">{error ?? text.loadFailure}</p>
          <Form method="get" action="/admin/jobs">
            <button type="submit" className={buttonClass("outline", "mt-4")}>
              {text.back}
            </button>
          </Form>
        </div>
      )}
    </AdminPage>
  );
}
