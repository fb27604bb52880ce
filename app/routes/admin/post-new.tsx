import { useNavigate } from "react-router";
import { AdminApiError, adminApi } from "~/features/admin/api";
import { AdminPage } from "~/features/admin/components/admin-page";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { BackToBlogLink, PostForm } from "~/features/blog/components/post-form";
import { emptyPost } from "~/features/blog/schema";
import { notifyError, notifySuccess } from "~/lib/notify";

const text = blogAdminMessages.create;

/** /admin/posts/new: a new post; back to the blog list once it is saved. */
export default function PostNew() {
  const navigate = useNavigate();
  return (
    <AdminPage title={text.title} subtitle={<BackToBlogLink />}>
      <PostForm
        initial={emptyPost}
        submitLabel={text.submit}
        submittingLabel={text.submitting}
        onSubmit={async (values) => {
          try {
            await adminApi("/api/blogs", { method: "POST", body: values });
          } catch (error) {
            notifyError(text.failure);
            return error instanceof AdminApiError ? error.errors : undefined;
          }
          notifySuccess(text.success);
          navigate("/admin/blog");
        }}
      />
    </AdminPage>
  );
}
