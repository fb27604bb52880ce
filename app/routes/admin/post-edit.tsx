import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { AdminPage } from "~/features/admin/components/admin-page";
import { adminMessages } from "~/features/admin/messages";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { BackToBlogLink, PostForm } from "~/features/blog/components/post-form";
import { notifyError } from "~/lib/toast";
import type { Route } from "./+types/post-edit";
import { postEditLoader, savePostAction } from "./post-form.server";

const text = blogAdminMessages.edit;

/** The post (drafts included: the admin is signed in) and the category names; 404 for an unknown post. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return postEditLoader(request, context, params.id);
}

/** The post form, sent by the browser itself or by React Router once hydrated. */
export function action({ request, context, params }: Route.ActionArgs) {
  return savePostAction(request, context, params.id);
}

/**
 * /admin/posts/{id}/edit. A post that cannot be found: the toast 'Failed to load post' and the
 * dashboard (spec 001 sections 2 and 8); without scripts, the same words and a link there.
 */
export default function PostEdit({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const navigate = useNavigate();
  const left = useRef(false);

  useEffect(() => {
    if (post || left.current) return;
    left.current = true;
    notifyError(text.loadFailure);
    navigate("/admin/dashboard", { replace: true });
  }, [post, navigate]);

  return (
    <AdminPage title={text.title} subtitle={<BackToBlogLink />}>
      {post ? (
        <PostForm
          key={post._id}
          initial={post}
          categories={loaderData.categories}
          categoriesFailed={loaderData.categoriesFailed}
          submitLabel={text.submit}
          submittingLabel={text.submitting}
          failure={text.failure}
        />
      ) : (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
          <p className="font-medium text-red-800">{text.loadFailure}</p>
          <Link to="/admin/dashboard" className="mt-3 inline-block font-semibold text-brand-700 underline">
            {adminMessages.menu.dashboard}
          </Link>
        </div>
      )}
    </AdminPage>
  );
}
