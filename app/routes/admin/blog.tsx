import { useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { AdminPage, AdminTable } from "~/features/admin/components/admin-page";
import { ConfirmDialog } from "~/features/admin/components/confirm-dialog";
import { InlineConfirm, LoadFailure, Notice, revalidateAfterPost, useDeleteWithConfirm } from "~/features/admin/components/list-parts";
import { localDateTime } from "~/features/admin/format";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { GenerateModal } from "~/features/blog/components/generate-modal";
import type { BlogStatus } from "~/features/blog/schema";
import { notifyError, notifySuccess } from "~/lib/toast";
import type { Route } from "./+types/blog";
import { blogAction, blogLoader, type PostRow } from "./blog.server";

const text = blogAdminMessages.list;

/** Every post for a signed-in admin; anyone else is sent to sign in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return blogLoader(request, context);
}

/** The list is read again after every post, a refused delete included. */
export const shouldRevalidate = revalidateAfterPost;

/** Deleting a post, posted by the confirmation (the dialog with scripts, the page without). */
export function action({ request, context }: Route.ActionArgs) {
  return blogAction(request, context);
}

/** Spec 001 section 4: green for published, yellow for draft. */
const statusBadge: Record<BlogStatus, string> = {
  published: "bg-green-100 text-green-800 ring-green-600/20",
  draft: "bg-yellow-100 text-yellow-800 ring-yellow-600/30",
};

const postDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/**
 * /admin/blog: every post (drafts too), with view, edit, delete, New Post and Generate by AI. Delete
 * asks first: in a dialog once scripts run, on the page itself (`?delete={id}`) before.
 */
export default function BlogManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, categories, confirmDelete, notice } = loaderData;
  const revalidator = useRevalidator();
  const [generating, setGenerating] = useState(false);
  const remove = useDeleteWithConfirm<PostRow>({ key: "delete-post", action: "/admin/blog", failure: text.deleteFailure });

  // A saved post's notice (left by the post screen before it came back here) and a failed load, as toasts.
  const announced = useRef<object | null>(null);
  useEffect(() => {
    if (announced.current === loaderData) return;
    announced.current = loaderData;
    if (notice) notifySuccess(notice);
    if (posts === null) notifyError(text.loadFailure);
  }, [loaderData, notice, posts]);

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
      <Notice answer={actionData ?? (notice ? { ok: true, message: notice } : undefined)} />
      {confirmDelete && (
        <InlineConfirm
          title={text.deleteTitle}
          message={text.deleteConfirm}
          subject={confirmDelete.title}
          cancelTo="/admin/blog"
          action="/admin/blog"
          fields={{ intent: "delete", id: confirmDelete._id }}
          confirmLabel={text.delete}
        />
      )}
      {posts === null ? (
        <LoadFailure message={text.loadFailure} retryLabel={text.retry} />
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
                  {/* Without scripts: this page again, asking to confirm; with scripts: the dialog. */}
                  <Form method="get" action="/admin/blog" onSubmit={(event) => remove.ask(event, post)}>
                    <button
                      type="submit"
                      name="delete"
                      value={post._id}
                      className="rounded-md px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                    >
                      {text.delete}
                      <span className="sr-only"> {post.title}</span>
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ConfirmDialog title={text.deleteTitle} message={text.deleteConfirm} {...remove.dialog} />
      <GenerateModal
        open={generating}
        categories={categories}
        onClose={() => setGenerating(false)}
        onGenerated={() => {
          setGenerating(false);
          void revalidator.revalidate();
        }}
      />
    </AdminPage>
  );
}
