import { JobForm } from "~/features/jobs/components/job-form";
import { jobMessages } from "~/features/jobs/messages";
import { emptyJob } from "~/features/jobs/schema";
import { requireAdmin } from "~/lib/post.server";
import type { Route } from "./+types/job-add";
import { saveJob } from "./job-form.server";

/** A signed-in admin only; anyone else is sent to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** The job form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return saveJob(request, context);
}

/** /admin/jobs/add: a new job; back to the list once it is saved. */
export default function JobAdd() {
  return <JobForm text={jobMessages.add} initial={emptyJob} />;
}
