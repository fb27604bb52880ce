import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { AdminApiError, adminApi } from "~/features/admin/api";
import { AdminPage } from "~/features/admin/components/admin-page";
import { Spinner } from "~/features/admin/components/spinner";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { BackToBlogLink, PostForm } from "~/features/blog/components/post-form";
import type { BlogPostRecord, PostInput } from "~/features/blog/schema";
import { notifyError, notifySuccess } from "~/lib/notify";

const text = blogAdminMessages.edit;

const formValues = (post: BlogPostRecord): PostInput => ({
  title: post.title,
  content: post.content,
  category: post.category,
  imageUrl: post.imageUrl,
  status: post.status,
});

/**
 * /admin/posts/{id}/edit: loads the post (drafts included: the admin is signed in); when it cannot
 * be loaded, the toast 'Failed to load post' and the dashboard (spec 001 sections 2 and 8).
 */
export default function PostEdit() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [post, setPost] = useState<BlogPostRecord>();

  useEffect(() => {
    const controller = new AbortController();
    adminApi<BlogPostRecord>(`/api/blogs/${encodeURIComponent(id ?? "")}`, { signal: controller.signal }).then(
      setPost,
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        notifyError(text.loadFailure);
        navigate("/admin/dashboard", { replace: true });
      },
    );
    return () => controller.abort();
  }, [id, navigate]);

  return (
    <AdminPage title={text.title} subtitle={<BackToBlogLink />}>
      {!post ? (
        <Spinner label="Loading post..." />
      ) : (
        <PostForm
          key={post._id}
          initial={formValues(post)}
          submitLabel={text.submit}
          submittingLabel={text.submitting}
          onSubmit={async (values) => {
            try {
              await adminApi(`/api/blogs/${encodeURIComponent(post._id)}`, { method: "PUT", body: values });
            } catch (error) {
              notifyError(text.failure);
              return error instanceof AdminApiError ? error.errors : undefined;
            }
            notifySuccess(text.success);
            navigate("/admin/blog");
          }}
        />
      )}
    </AdminPage>
  );
}
