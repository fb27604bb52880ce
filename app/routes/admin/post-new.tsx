import { AdminPage } from "~/features/admin/components/admin-page";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { BackToBlogLink, PostForm } from "~/features/blog/components/post-form";
import { emptyPost } from "~/features/blog/schema";
import type { Route } from "./+types/post-new";
import { postNewLoader, savePostAction } from "./post-form.server";

const text = blogAdminMessages.create;

/** The category names the form offers, for a signed-in admin; anyone else is sent to sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return postNewLoader(request, context);
}

/** The post form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return savePostAction(request, context);
}

/** /admin/posts/new: a new post; back to the blog list once it is saved. */
export default function PostNew({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={text.title} subtitle={<BackToBlogLink />}>
      <PostForm
        initial={emptyPost}
        categories={loaderData.categories}
        categoriesFailed={loaderData.categoriesFailed}
        submitLabel={text.submit}
        submittingLabel={text.submitting}
        failure={text.failure}
      />
    </AdminPage>
  );
}
