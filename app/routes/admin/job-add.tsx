import { AdminPage } from "~/features/admin/components/admin-page";
import { JobForm } from "~/features/jobs/components/job-form";
import { jobMessages } from "~/features/jobs/messages";
import { emptyJob } from "~/features/jobs/schema";
import type { Route } from "./+types/job-add";
import { jobAddLoader, saveJobAction } from "./job-form.server";

const text = jobMessages.add;

/** A signed-in admin only; anyone else is sent to sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return jobAddLoader(request, context);
}

/** The job form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return saveJobAction(request, context);
}

/** /admin/jobs/add: a new job; back to the list once it is saved. */
export default function JobAdd() {
  return (
    <AdminPage title={text.title}>
      <JobForm initial={emptyJob} submitLabel={text.submit} submittingLabel={text.submitting} failure={text.failure} />
    </AdminPage>
  );
}
