import { Link } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { buttonClass } from "~/components/ui/button";
import { OrderCell, RowActions } from "~/features/settings/components/list-parts";
import { deleteFaq } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/faqs";
import { listScreenData, siteListAction } from "./site-list.server";

const text = siteListMessages.faqs;
const LIST = "/admin/faqs";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** The home page's questions in their order (null when they could not be read), and the one a delete is being confirmed for. */
export function loader({ request, context }: Route.LoaderArgs) {
  return listScreenData(request, context, "faqs");
}

/** Move a question up or down, or delete one. */
export function action({ request, context }: Route.ActionArgs) {
  return siteListAction(request, context, "faqs", LIST, async (id, actor) => {
    const deleted = await deleteFaq(context.db, id, actor);
    return deleted && { label: deleted.question };
  });
}

export const shouldRevalidate = revalidateAfterPost;

/** /admin/faqs: the home page's questions in their order; move, edit, delete or add one. */
export default function FaqsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, confirmDelete } = loaderData;
  const remove = useDeleteWithConfirm<{ _id: string }>({ key: "delete-faq", action: LIST, failure: text.deleteFailure });
  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle}
      actions={
        <Link to="/admin/faqs/new" className={buttonClass("primary")}>
          {text.add}
        </Link>
      }
    >
      <ListBody
        text={text}
        action={LIST}
        answer={actionData}
        confirming={confirmDelete && { id: confirmDelete.id, name: confirmDelete.question }}
        failed={entries === null}
        dialog={remove.dialog}
      >
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={entries?.length === 0}>
          {entries?.map((faq, i) => (
            <tr key={faq.id} data-testid="faq-row">
              <td className="px-4 py-3">
                <OrderCell id={faq.id} subject={faq.question} place={i + 1} count={entries.length} action={LIST} text={text} />
              </td>
              <td className="max-w-2xl px-4 py-3">
                <p className="font-medium text-slate-900">{faq.question}</p>
                <p className="mt-1 line-clamp-2 text-slate-600">{faq.answer}</p>
              </td>
              <td className="px-4 py-3">
                <RowActions
                  id={faq.id}
                  subject={faq.question}
                  editTo={`/admin/faqs/${faq.id}`}
                  action={LIST}
                  onAsk={(event) => remove.ask(event, { _id: faq.id })}
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
