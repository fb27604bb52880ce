import { useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminApiError } from "~/features/admin/api";
import { AdminPage, AdminTable, LoadError } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { Spinner } from "~/features/admin/components/spinner";
import { localDateTime } from "~/features/admin/format";
import { useAdminData } from "~/features/admin/use-admin-data";
import { useConfirmedDelete } from "~/features/admin/use-confirmed-delete";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { GenerateModal } from "~/features/blog/components/generate-modal";
import { useCategoryOptions } from "~/features/blog/components/use-category-options";
import type { BlogPostRecord, BlogStatus } from "~/features/blog/schema";
import { notifyError } from "~/lib/notify";

const text = blogAdminMessages.list;

/** Spec 001 section 8: the server's message, else the error's text, else 'Failed to load posts'. */
function loadFailureMessage(error: unknown): string {
  if (error instanceof AdminApiError) return error.serverMessage || error.message || text.loadFailure;
  return (error instanceof Error && error.message) || text.loadFailure;
}

/** Spec 001 section 4: green for published, yellow for draft. */
const statusBadge: Record<BlogStatus, string> = {
  published: "bg-green-100 text-green-800 ring-green-600/20",
  draft: "bg-yellow-100 text-yellow-800 ring-yellow-600/30",
};

const postDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** /admin/blog: every post (drafts too), with view, edit, delete, New Post and Generate by AI. */
export default function BlogManagement() {
  const { loading, data, error, reload, setData } = useAdminData<BlogPostRecord[]>("/api/blogs", (e) => notifyError(loadFailureMessage(e)));
  const categories = useCategoryOptions({ announceFallback: false });
  const [generating, setGenerating] = useState(false);
  const posts = data ?? [];
  const remove = useConfirmedDelete<BlogPostRecord, { message: string }>({
    path: (p) => `/api/blogs/${encodeURIComponent(p._id)}`,
    setData,
    success: (response) => response.message,
    failure: text.deleteFailure,
  });

  return (
    <AdminPage
      title={text.title}
      actions={
        <>
          <button type="button" className={buttonClass("outline")} onClick={() => setGenerating(true)}>
            {text.generate}
          </button>
          <Link to="/admin/posts/new" className={buttonClass("primary")}>
            {text.newPost}
          </Link>
        </>
      }
    >
      {loading ? (
        <Spinner label="Loading posts..." />
      ) : error !== undefined ? (
        <LoadError message={loadFailureMessage(error)} onRetry={reload} />
      ) : (
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={posts.length === 0}>
          {posts.map((post) => (
            <tr key={post._id} data-testid="post-row">
              <td className="max-w-md px-4 py-3 font-medium text-slate-900">{post.title}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{post.category}</td>
              <td className="px-4 py-3">
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${statusBadge[post.status]}`}
                  data-status={post.status}
                >
                  {blogAdminMessages.form.statusLabels[post.status]}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={post.createdAt} title={localDateTime(post.createdAt)}>
                  {postDate(post.createdAt)}
                </time>
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2 whitespace-nowrap">
                  <a
                    href={`/blog/${post._id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="rounded-md px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {text.view}
                    <span className="sr-only">
                      {" "}
                      {post.title} {text.newTab}
                    </span>
                  </a>
                  <Link
                    to={`/admin/posts/${post._id}/edit`}
                    className="rounded-md px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    {text.edit}
                    <span className="sr-only"> {post.title}</span>
                  </Link>
                  <button
                    type="button"
                    onClick={() => remove.ask(post)}
                    className="rounded-md px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                  >
                    {text.delete}
                    <span className="sr-only"> {post.title}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
      <GenerateModal
        open={generating}
        categories={categories.names}
        onClose={() => setGenerating(false)}
        onGenerated={() => {
          setGenerating(false);
          reload();
        }}
      />
    </AdminPage>
  );
}
