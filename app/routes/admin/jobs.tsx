import { Link } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { DeleteButton, ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { buttonClass } from "~/components/ui/button";
import { deleteJob, listJobs } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import type { JobRecord } from "~/features/jobs/schema";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/jobs";

const text = jobMessages.list;
const LIST = "/admin/jobs";

/** Every job (null when they could not be read), and the one a delete is being confirmed for without scripts (`?delete={id}`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const jobs = await listJobs(context.db).catch((err: unknown) => {
    context.logger.error({ err, reqId: context.requestId }, "admin jobs: the jobs could not be read");
    return null;
  });
  const asked = new URL(request.url).searchParams.get("delete")?.toLowerCase();
  return { jobs, confirmDelete: jobs?.find((j) => j._id === asked) ?? null };
}

/** The list's one form: delete a job (intent=delete, id), posted by the confirmation. */
const deleteForm = z.object({
  intent: z.literal("delete", { error: jobMessages.actions.unknownIntent }),
  id: z.string().trim().toLowerCase(),
});

/**
 * Deletes a job with its applications, through the same function as DELETE /api/jobs/:id, posted by
 * the confirmation (the dialog with scripts, the page without); back to the list with the toast.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    { form: "delete-job", schema: deleteForm, maxBytes: 4 * 1024, access: "admin" },
    async ({ value, admin }) => {
      if (!(await deleteJob(context.db, value.id))) return refuse(404, text.deleteFailure);
      context.contentChanged();
      context.logger.info({ reqId: context.requestId, jobId: value.id, adminId: admin.id }, "job deleted with its applications");
      return redirectWithToast(context, LIST, { type: "success", title: text.deleteSuccess }, { headers: { "X-Remix-Replace": "true" } });
    },
  );
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
  const { jobs, confirmDelete } = loaderData;
  const remove = useDeleteWithConfirm<JobRecord>({ key: "delete-job", action: LIST, failure: text.deleteFailure });

  return (
    <AdminPage
      title={text.title}
      actions={
        <Link to="/admin/jobs/add" className={buttonClass("primary")}>
          {text.add}
        </Link>
      }
    >
      <ListBody
        text={text}
        action={LIST}
        answer={actionData}
        confirming={confirmDelete && { id: confirmDelete._id, name: confirmDelete.title }}
        failed={jobs === null}
        dialog={remove.dialog}
      >
        {jobs?.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">{text.empty}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2" aria-label="Jobs">
            {jobs?.map((job) => (
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
                  <DeleteButton
                    id={job._id}
                    subject={job.title}
                    label={text.delete}
                    action={LIST}
                    onAsk={(event) => remove.ask(event, job)}
                    className={buttonClass("primary", "bg-red-700 px-4 py-2 text-sm hover:bg-red-800")}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </AdminPage>
  );
}
