import { Link } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { buttonClass } from "~/components/ui/button";
import { SitePicture } from "~/components/ui/site-picture";
import { initialsOf } from "~/content/team";
import { OrderCell, RowActions } from "~/features/settings/components/list-parts";
import { deleteTeamMember } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/team";
import { listScreenData, siteListAction, teamServices } from "./site-list.server";

const text = siteListMessages.team;
const LIST = "/admin/team";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The team in its order (null when it could not be read), and the member a delete is being confirmed for (`?delete={id}`). */
export function loader({ request, context }: Route.LoaderArgs) {
  return listScreenData(request, context, "team");
}

/** Move a member up or down, or delete one (with their photo). */
export function action({ request, context }: Route.ActionArgs) {
  return siteListAction(request, context, "team", LIST, async (id, actor) => {
    const deleted = await deleteTeamMember(teamServices(context), id, actor);
    return deleted && { label: deleted.name };
  });
}

export const shouldRevalidate = revalidateAfterPost;

/**
 * /admin/team: the people of /team in its order, with their photos; move each up or down, edit,
 * delete (asked first: in a dialog once scripts run, on the page itself before), or add one.
 */
export default function TeamScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, confirmDelete } = loaderData;
  const remove = useDeleteWithConfirm<{ _id: string }>({ key: "delete-team-member", action: LIST, failure: text.deleteFailure });
  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle}
      actions={
        <Link to="/admin/team/new" className={buttonClass("primary")}>
          {text.add}
        </Link>
      }
    >
      <ListBody
        text={text}
        action={LIST}
        answer={actionData}
        confirming={confirmDelete && { id: confirmDelete.id, name: confirmDelete.name }}
        failed={entries === null}
        dialog={remove.dialog}
      >
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={entries?.length === 0}>
          {entries?.map((member, i) => (
            <tr key={member.id} data-testid="team-row">
              <td className="px-4 py-3">
                <OrderCell id={member.id} subject={member.name} place={i + 1} count={entries.length} action={LIST} text={text} />
              </td>
              <td className="px-4 py-3">
                {member.photo ? (
                  <SitePicture image={member.photo} alt="" sizes="40px" className="h-10 w-10 rounded-full object-cover" />
                ) : (
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700"
                    title={text.noPhoto}
                  >
                    <span aria-hidden="true">{initialsOf(member.name)}</span>
                    <span className="sr-only">{text.noPhoto}</span>
                  </span>
                )}
              </td>
              <td className="px-4 py-3 font-medium text-slate-900">{member.name}</td>
              <td className="px-4 py-3 text-slate-700">{member.role}</td>
              <td className="px-4 py-3">
                <RowActions
                  id={member.id}
                  subject={member.name}
                  editTo={`/admin/team/${member.id}`}
                  action={LIST}
                  onAsk={(event) => remove.ask(event, { _id: member.id })}
                  text={text}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      </ListBody>
    </AdminPage>
  );
}
