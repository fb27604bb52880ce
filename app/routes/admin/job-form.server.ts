/**
 * The job form's action, shared by /admin/jobs/add and /admin/jobs/edit/{id}: posted by the browser
 * itself with or without scripts, through the one POST pipeline (app/lib/post.server.ts) with the
 * API's schema, and saved through the same functions as POST /api/jobs and PUT /api/jobs/:id; a saved
 * job goes back to the list with its success toast.
 */
import type { AppLoadContext } from "react-router";
import { createJob, updateJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import { type JobRecord, jobSchema } from "~/features/jobs/schema";
import { postForm, refuse } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The longest description URL-encoded (up to 9 bytes a character), with room for the other fields. */
const MAX_FORM_BYTES = 10_000 * 9 + 8 * 1024;

/** Creates the job (no `id`) or replaces job `id`, then back to the list with the success toast. */
export function saveJob(request: Request, context: AppLoadContext, id?: string) {
  const text = id === undefined ? jobMessages.add : jobMessages.edit;
  return postForm(
    request,
    context,
    { form: "job", schema: jobSchema, maxBytes: MAX_FORM_BYTES, access: "admin", invalid: jobMessages.form.validationToast },
    async ({ value, admin }) => {
      let job: JobRecord | null;
      try {
        job = id === undefined ? await createJob(context.db, value) : await updateJob(context.db, id.toLowerCase(), value);
      } catch (err) {
        context.logger.error({ err, reqId: context.requestId }, id === undefined ? "job could not be created" : "job could not be updated");
        return refuse(500, text.failure);
      }
      if (!job) return refuse(404, jobMessages.api.notFound);
      context.contentChanged();
      context.logger.info(
        { reqId: context.requestId, jobId: job._id, adminId: admin.id },
        id === undefined ? "job created" : "job updated",
      );
      return redirectWithToast(context, "/admin/jobs", { type: "success", title: text.success });
    },
  );
}
