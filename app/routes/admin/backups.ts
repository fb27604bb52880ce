/**
 * POST /admin/backups: the dashboard's "Back up now" (intent=backup), posted by the browser itself with
 * or without scripts. The backup is made while the admin waits (seconds for an agency's site), recorded
 * in the audit trail, and the dashboard shows its outcome as a toast and in its panel. A GET leads to
 * the dashboard.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { backupMessages, formatBytes } from "~/features/backup/messages";
import { postForm, requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/backups";

const DASHBOARD = "/admin/dashboard";

const backupForm = z.object({ intent: z.literal("backup", { error: backupMessages.unknownIntent }) });

/** A GET leads to the dashboard, for the roles that make backups (every loader answers the role table). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect(DASHBOARD);
}

export function action({ request, context }: Route.ActionArgs) {
  return postForm(request, context, { form: "backup", schema: backupForm, maxBytes: 1024, access: "admin" }, async ({ admin }) => {
    try {
      const result = await context.backups.backUp("manual", { admin: { id: admin.id, email: admin.email }, ip: context.clientIp });
      return redirectWithToast(
        context,
        DASHBOARD,
        { type: "success", title: backupMessages.done(formatBytes(result.bytes)) },
        { status: 303 },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return redirectWithToast(context, DASHBOARD, { type: "error", title: backupMessages.failed(message).slice(0, 500) }, { status: 303 });
    }
  });
}
