/**
 * What the Team, Testimonials and FAQ screens share on the server: the list's loader (the entries, and
 * the one a delete is being confirmed for without scripts), the list's action (move an entry up or
 * down, delete one) and the form screens' end (this process shows the change at once, back to the
 * list with the toast). Every form is posted by the browser itself, with or without scripts, through
 * the one POST pipeline.
 */
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { ListName, SiteLists } from "~/features/settings/site-lists";
import { type Actor, moveListEntry, type TeamServices } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { deleteSchema, moveSchema } from "~/features/settings/site-lists-schema";
import { readSiteLists } from "~/features/settings/site-lists-store.server";
import { postForm, refuse, requireAdmin, type SignedInAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";

const TEXTS = { team: siteListMessages.team, testimonials: siteListMessages.testimonials, faqs: siteListMessages.faqs } as const;

export const actorOf = (admin: SignedInAdmin, context: AppLoadContext): Actor => ({
  admin: { id: admin.id, email: admin.email },
  ip: context.clientIp,
});

/** What a change of the team needs of the request's services: photos are kept in the document storage. */
export const teamServices = (context: AppLoadContext): TeamServices => ({
  db: context.db,
  storage: context.storage,
  log: (level, data, message) => context.logger[level]({ ...data, reqId: context.requestId }, message),
});

/** Every entry of `list` (null when it could not be read), and the one named by `?delete={id}`. */
export async function listScreenData<L extends ListName>(request: Request, context: AppLoadContext, list: L) {
  await requireAdmin(request, context);
  const entries = await readSiteLists(context.db).then(
    (lists) => lists[list],
    (err: unknown) => {
      context.logger.error({ err, reqId: context.requestId, list }, "admin lists: the list could not be read");
      return null;
    },
  );
  const asked = new URL(request.url).searchParams.get("delete")?.toLowerCase();
  const confirmDelete = ((entries as { id: string }[] | null)?.find((e) => e.id === asked) ?? null) as SiteLists[L][number] | null;
  return { entries, confirmDelete };
}

const listForm = (formData: FormData) => {
  const intent = formData.get("intent");
  if (intent === "move") return moveSchema;
  if (intent === "delete") return deleteSchema;
  return z.object({ intent: z.literal("move", { error: siteListMessages.unknownIntent }) }) as unknown as typeof moveSchema;
};

/** This process shows the change at once (the others when its announcement reaches them), and drops its stored pages. */
export async function published(context: AppLoadContext): Promise<void> {
  await context.siteStore.reload();
  context.contentChanged();
}

/**
 * The list screen's action: intent=move (id, direction up|down) or intent=delete (id, posted by the
 * confirmation, in the dialog or on the page). Back to the list with the toast.
 */
export function siteListAction(
  request: Request,
  context: AppLoadContext,
  list: ListName,
  path: string,
  remove: (id: string, actor: Actor) => Promise<{ label: string } | null>,
) {
  const text = TEXTS[list];
  return postForm(
    request,
    context,
    { form: `${list}-list`, schema: listForm, maxBytes: 4 * 1024, access: "admin", invalid: siteListMessages.unknownIntent },
    async ({ value, admin }) => {
      const actor = actorOf(admin, context);
      if (value.intent === "delete") {
        const deleted = await remove(value.id, actor);
        if (!deleted) return refuse(404, text.deleteFailure);
        await published(context);
        context.logger.info({ reqId: context.requestId, list, id: value.id, adminId: admin.id }, "list entry deleted");
        return redirectWithToast(context, path, { type: "success", title: text.deleteSuccess }, { headers: { "X-Remix-Replace": "true" } });
      }
      const moved = await moveListEntry(context.db, list, value.id, value.direction, actor);
      if (!moved) return refuse(404, text.notFound);
      if (!moved.moved) return redirectWithToast(context, path, { type: "error", title: siteListMessages.notMoved });
      await published(context);
      return redirectWithToast(context, path, { type: "success", title: siteListMessages.moved(moved.label, value.direction) });
    },
  );
}
