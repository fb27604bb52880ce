import { useNavigate } from "react-router";
import { AdminApiError, adminApi, messageOf } from "~/features/admin/api";
import { AdminPage } from "~/features/admin/components/admin-page";
import { JobForm } from "~/features/jobs/components/job-form";
import { jobMessages } from "~/features/jobs/messages";
import { emptyJob } from "~/features/jobs/schema";
import { notifyError, notifySuccess } from "~/lib/notify";

const text = jobMessages.add;

/** /admin/jobs/add: a new job; back to the list once it is saved. */
export default function JobAdd() {
  const navigate = useNavigate();
  return (
    <AdminPage title={text.title}>
      <JobForm
        initial={emptyJob}
        submitLabel={text.submit}
        submittingLabel={text.submitting}
        onSubmit={async (values) => {
          try {
            await adminApi("/api/jobs", { method: "POST", body: values });
          } catch (error) {
            notifyError(messageOf(error, text.failure));
            return error instanceof AdminApiError ? error.errors : undefined;
          }
          notifySuccess(text.success);
          navigate("/admin/jobs");
        }}
      />
    </AdminPage>
  );
}
