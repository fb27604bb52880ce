import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LoadFailure } from "~/components/admin/list-parts";
import { FaqForm } from "~/features/settings/components/faq-form";
import { type FaqRecord, placeholderList } from "~/features/settings/site-lists";
import { addFaq, changeFaq, getFaq } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { faqSchema } from "~/features/settings/site-lists-schema";
import { formClientAction } from "~/lib/form";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/faq";
import { actorOf, published } from "./site-list.server";

const text = siteListMessages.faqs;

export function meta({ params, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(params.id ? text.editTitle : text.addTitle, siteFromMatches(matches)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The question being edited (none for /admin/faqs/new; 404 for an unknown one) and the placeholders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const placeholders = placeholderList(context.site.facts);
  if (!params.id) return data({ faq: null as FaqRecord | null, missing: false, placeholders });
  const faq = await getFaq(context.db, params.id);
  return data({ faq, missing: !faq, placeholders }, { status: faq ? 200 : 404 });
}

/** The form, through the schema; back to the list with the toast. */
export function action({ request, context, params }: Route.ActionArgs) {
  const id = params.id;
  return postForm(
    request,
    context,
    // An answer of 3,000 characters at up to 9 bytes each URL-encoded, and the question.
    { form: "faq", schema: faqSchema, maxBytes: 3300 * 9 + 4 * 1024, access: "admin", invalid: text.validationToast },
    async ({ value, admin }) => {
      const actor = actorOf(admin, context);
      try {
        if (id === undefined) await addFaq(context.db, value, actor);
        else if (!(await changeFaq(context.db, id, value, actor))) return refuse(404, text.notFound);
      } catch (err) {
        context.logger.error({ err, reqId: context.requestId }, "question could not be saved");
        return refuse(500, text.failure);
      }
      await published(context);
      return redirectWithToast(context, "/admin/faqs", { type: "success", title: id === undefined ? text.created : text.updated });
    },
  );
}

export const clientAction = formClientAction;

/** /admin/faqs/new and /admin/faqs/{id}: the question's form with its preview. */
export default function FaqScreen({ loaderData }: Route.ComponentProps) {
  const { faq, missing, placeholders } = loaderData;
  if (missing) {
    return (
      <AdminPage title={text.editTitle}>
        <LoadFailure message={text.notFound} retryLabel={text.back} action="/admin/faqs" />
      </AdminPage>
    );
  }
  return <FaqForm key={faq?.id ?? "new"} faq={faq} placeholders={placeholders} />;
}
