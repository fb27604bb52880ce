import { Link } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { StarRating } from "~/components/pages/star-rating";
import { buttonClass } from "~/components/ui/button";
import { companyLine, TESTIMONIAL_PLACEMENTS } from "~/content/testimonials";
import { OrderCell, RowActions } from "~/features/settings/components/list-parts";
import { deleteTestimonial } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/testimonials";
import { listScreenData, siteListAction } from "./site-list.server";

const text = siteListMessages.testimonials;
const LIST = "/admin/testimonials";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/** Every testimonial in its order (null when they could not be read), and the one a delete is being confirmed for. */
export function loader({ request, context }: Route.LoaderArgs) {
  return listScreenData(request, context, "testimonials");
}

/** Move a testimonial up or down among those of its place, or delete one. */
export function action({ request, context }: Route.ActionArgs) {
  return siteListAction(request, context, "testimonials", LIST, async (id, actor) => {
    const deleted = await deleteTestimonial(context.db, id, actor);
    return deleted && { label: deleted.name };
  });
}

export const shouldRevalidate = revalidateAfterPost;

/**
 * /admin/testimonials: the testimonials by where they show (the featured quote, the testimonials
 * page's cards, the home page's reviews), each group in its order; move, edit, delete or add one.
 */
export default function TestimonialsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, confirmDelete } = loaderData;
  const remove = useDeleteWithConfirm<{ _id: string }>({ key: "delete-testimonial", action: LIST, failure: text.deleteFailure });
  return (
    <AdminPage
      title={text.title}
      subtitle={text.subtitle}
      actions={
        <Link to="/admin/testimonials/new" className={buttonClass("primary")}>
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
        <div className="space-y-10">
          {TESTIMONIAL_PLACEMENTS.map((placement) => {
            const group = entries?.filter((t) => t.placement === placement) ?? [];
            return (
              <section key={placement} aria-labelledby={`placement-${placement}`}>
                <h2 id={`placement-${placement}`} className="text-lg font-semibold text-brand-900">
                  {text.placements[placement]}
                </h2>
                <p className="mt-1 mb-4 text-sm text-slate-600">{text.placementNotes[placement]}</p>
                <AdminTable
                  caption={text.placements[placement]}
                  columns={text.columns}
                  empty={text.groupEmpty}
                  isEmpty={group.length === 0}
                >
                  {group.map((t, i) => (
                    <tr key={t.id} data-testid="testimonial-row">
                      <td className="px-4 py-3">
                        <OrderCell id={t.id} subject={t.name} place={i + 1} count={group.length} action={LIST} text={text} />
                      </td>
                      <td className="px-4 py-3 font-medium text-slate-900">{t.name}</td>
                      <td className="px-4 py-3 text-slate-700">{companyLine(t)}</td>
                      <td className="px-4 py-3">
                        <StarRating rating={t.rating} />
                      </td>
                      <td className="px-4 py-3">
                        <RowActions
                          id={t.id}
                          subject={t.name}
                          editTo={`/admin/testimonials/${t.id}`}
                          action={LIST}
                          onAsk={(event) => remove.ask(event, { _id: t.id })}
                          text={text}
                        />
                      </td>
                    </tr>
                  ))}
                </AdminTable>
              </section>
            );
          })}
        </div>
      </ListBody>
    </AdminPage>
  );
}
