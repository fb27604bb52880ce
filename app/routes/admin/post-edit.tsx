import { blogAdminMessages } from "~/features/blog/admin-messages";
import { PostForm } from "~/features/blog/components/post-form";
import { saveKeepingDrafts } from "~/features/blog/post-drafts";
import { getPost, isPostId } from "~/features/blog/posts.server";
import { requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/post-edit";
import { useAdmin } from "./layout";
import { postCategories, savePost } from "./post-form.server";

const text = blogAdminMessages.edit;

/**
 * The post (drafts included: the admin is signed in) and the category names. A post that cannot be
 * found: the toast 'Failed to load post' on the dashboard (spec 001 sections 2 and 8), scripts or not.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  // By id only: the form saves to the post's id.
  const found = isPostId(params.id) ? await getPost(context.db, params.id, { includeDrafts: true }) : null;
  if (!found) throw redirectWithToast(context, "/admin/dashboard", { type: "error", title: text.loadFailure }, { status: 302 });
  const { _id, title, content, category, imageUrl, status } = found;
  return { post: { _id, title, content, category, imageUrl, status }, ...(await postCategories(context)) };
}

/** The post form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context, params }: Route.ActionArgs) {
  return savePost(request, context, params.id);
}

/** Once scripts run: a save that went through forgets the draft kept in the browser; anything else keeps it. */
export function clientAction({ request, params, serverAction }: Route.ClientActionArgs) {
  return saveKeepingDrafts(request, params.id, serverAction);
}

/** /admin/posts/{id}/edit: the post's form; back to the blog list once it is saved. */
export default function PostEdit({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const { user } = useAdmin();
  return (
    <PostForm
      key={post._id}
      account={user.id}
      post={post._id}
      text={text}
      initial={post}
      categories={loaderData.categories}
      categoriesFailed={loaderData.categoriesFailed}
    />
  );
}
