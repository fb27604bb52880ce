import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LoadFailure } from "~/components/admin/list-parts";
import { TestimonialForm } from "~/features/settings/components/testimonial-form";
import { placeholderList, type TestimonialRecord } from "~/features/settings/site-lists";
import { addTestimonial, changeTestimonial, getTestimonial } from "~/features/settings/site-lists.server";
import { siteListMessages } from "~/features/settings/site-lists-messages";
import { testimonialSchema } from "~/features/settings/site-lists-schema";
import { formClientAction } from "~/lib/form";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/testimonial";
import { actorOf, published } from "./site-list.server";

const text = siteListMessages.testimonials;

export function meta({ params, matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(params.id ? text.editTitle : text.addTitle, siteFromMatches(matches)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The testimonial being edited (none for /admin/testimonials/new; 404 for an unknown one) and the placeholders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const placeholders = placeholderList(context.site.facts);
  if (!params.id) return data({ testimonial: null as TestimonialRecord | null, missing: false, placeholders });
  const testimonial = await getTestimonial(context.db, params.id);
  return data({ testimonial, missing: !testimonial, placeholders }, { status: testimonial ? 200 : 404 });
}

/** The form, through the schema; back to the list with the toast. */
export function action({ request, context, params }: Route.ActionArgs) {
  const id = params.id;
  return postForm(
    request,
    context,
    // A quote of 1,500 characters at up to 9 bytes each URL-encoded, and the short fields.
    { form: "testimonial", schema: testimonialSchema, maxBytes: 1500 * 9 + 8 * 1024, access: "admin", invalid: text.validationToast },
    async ({ value, admin }) => {
      const actor = actorOf(admin, context);
      try {
        if (id === undefined) await addTestimonial(context.db, value, actor);
        else if (!(await changeTestimonial(context.db, id, value, actor))) return refuse(404, text.notFound);
      } catch (err) {
        context.logger.error({ err, reqId: context.requestId }, "testimonial could not be saved");
        return refuse(500, text.failure);
      }
      await published(context);
      return redirectWithToast(context, "/admin/testimonials", { type: "success", title: id === undefined ? text.created : text.updated });
    },
  );
}

export const clientAction = formClientAction;

/** /admin/testimonials/new and /admin/testimonials/{id}: the testimonial's form with its preview. */
export default function TestimonialScreen({ loaderData }: Route.ComponentProps) {
  const { testimonial, missing, placeholders } = loaderData;
  if (missing) {
    return (
      <AdminPage title={text.editTitle}>
        <LoadFailure message={text.notFound} retryLabel={text.back} action="/admin/testimonials" />
      </AdminPage>
    );
  }
  return <TestimonialForm key={testimonial?.id ?? "new"} testimonial={testimonial} placeholders={placeholders} />;
}
