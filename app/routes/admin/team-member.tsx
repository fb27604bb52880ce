import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LoadFailure } from "~/components/admin/list-parts";
import { TeamMemberForm } from "~/features/settings/components/team-member-form";
import { ImageRefused } from "~/features/settings/site-images.server";
import { placeholderList, type TeamMemberRecord } from "~/features/settings/site-lists";
import { addTeamMember, changeTeamMember, getTeamMember } from "~/features/settings/site-lists.server";
import { PHOTO_MAX_BYTES, siteListMessages } from "~/features/settings/site-lists-messages";
import { teamMemberFormSchema } from "~/features/settings/site-lists-schema";
import { formClientAction } from "~/lib/form";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/team-member";
import { actorOf, published, teamServices } from "./site-list.server";

const text = siteListMessages.team;
const m = text.fields;

export function meta({ params, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(params.id ? text.editTitle : text.addTitle, siteFromMatches(matches)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The member being edited (none for /admin/team/new; 404 for an unknown one) and the placeholders a bio may hold. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const placeholders = placeholderList(context.site.facts);
  if (!params.id) return data({ member: null as TeamMemberRecord | null, missing: false, placeholders });
  const member = await getTeamMember(context.db, params.id);
  return data({ member, missing: !member, placeholders }, { status: member ? 200 : 404 });
}

/**
 * The form: the texts through the schema, then the photo (checked by its bytes and stored before the
 * member is saved; a refused one is the photo field's error and nothing is saved). Back to the list
 * with the toast.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  const id = params.id;
  return postForm(
    request,
    context,
    {
      form: "team-member",
      schema: teamMemberFormSchema,
      // The texts URL-encoded (a bio of 2,000 characters at up to 9 bytes each) and the form's other fields.
      maxBytes: 2000 * 9 + 16 * 1024,
      files: { photo: { maxBytes: PHOTO_MAX_BYTES } },
      access: "admin",
      invalid: text.validationToast,
    },
    async ({ value, files, admin }) => {
      const upload = files.photo;
      if (upload?.tooLarge) return refuse(400, text.validationToast, { photo: m.photo });
      const { removePhoto, photo: _, ...texts } = value;
      const photo = upload ? upload.bytes : removePhoto ? "remove" : undefined;
      const actor = actorOf(admin, context);
      try {
        if (id === undefined) {
          await addTeamMember(teamServices(context), texts, upload?.bytes ?? null, actor);
        } else if (!(await changeTeamMember(teamServices(context), id, texts, photo, actor))) {
          return refuse(404, text.notFound);
        }
      } catch (err) {
        if (err instanceof ImageRefused) return refuse(400, text.validationToast, { photo: err.message });
        context.logger.error({ err, reqId: context.requestId }, "team member could not be saved");
        return refuse(500, text.failure);
      }
      await published(context);
      context.logger.info(
        { reqId: context.requestId, memberId: id, adminId: admin.id },
        id === undefined ? "team member added" : "team member changed",
      );
      return redirectWithToast(context, "/admin/team", { type: "success", title: id === undefined ? text.created : text.updated });
    },
  );
}

export const clientAction = formClientAction;

/** /admin/team/new and /admin/team/{id}: the member's form with the card's preview. */
export default function TeamMemberScreen({ loaderData }: Route.ComponentProps) {
  const { member, missing, placeholders } = loaderData;
  if (missing) {
    return (
      <AdminPage title={text.editTitle}>
        <LoadFailure message={text.notFound} retryLabel={text.back} action="/admin/team" />
      </AdminPage>
    );
  }
  return <TeamMemberForm key={member?.id ?? "new"} member={member} placeholders={placeholders} />;
}
