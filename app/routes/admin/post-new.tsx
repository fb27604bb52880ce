import { blogAdminMessages } from "~/features/blog/admin-messages";
import { PostForm } from "~/features/blog/components/post-form";
import { NEW_POST, saveKeepingDrafts } from "~/features/blog/post-drafts";
import { emptyPost } from "~/features/blog/schema";
import { requireAdmin } from "~/lib/post.server";
import type { Route } from "./+types/post-new";
import { useAdmin } from "./layout";
import { postCategories, savePost } from "./post-form.server";

/** The category names the form offers, for a signed-in admin; anyone else is sent to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return postCategories(context);
}

/** The post form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context }: Route.ActionArgs) {
  return savePost(request, context);
}

/** Once scripts run: a save that went through forgets the draft kept in the browser; anything else keeps it. */
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return saveKeepingDrafts(request, NEW_POST, serverAction);
}

/** /admin/posts/new: a new post; back to the blog list once it is saved. */
export default function PostNew({ loaderData }: Route.ComponentProps) {
  const { user } = useAdmin();
  return (
    <PostForm
      account={user.id}
      post={NEW_POST}
      text={blogAdminMessages.create}
      initial={emptyPost}
      categories={loaderData.categories}
      categoriesFailed={loaderData.categoriesFailed}
    />
  );
}
