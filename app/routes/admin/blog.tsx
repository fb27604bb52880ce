import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { z } from "zod";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { DeleteButton, ListBody, revalidateAfterPost, useDeleteWithConfirm } from "~/components/admin/list-parts";
import { buttonClass } from "~/components/ui/button";
import { localDateTime } from "~/features/admin/format";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { categoryOptions } from "~/features/blog/categories.server";
import { GenerateModal } from "~/features/blog/components/generate-modal";
import { generateDraft } from "~/features/blog/generate.server";
import { deletePost, listPosts } from "~/features/blog/posts.server";
import { type BlogPostRecord, type BlogStatus, generateSchema } from "~/features/blog/schema";
import { accept, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/blog";

const text = blogAdminMessages.list;
const LIST = "/admin/blog";

/** What the list shows of a post (its content stays on the server). */
type PostRow = Pick<BlogPostRecord, "_id" | "title" | "category" | "status" | "createdAt">;

/**
 * Every post, drafts too (null when they could not be read: 'Failed to load posts'), the category
 * names the AI form offers, and the post a delete is being confirmed for without scripts (`?delete={id}`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const failed = (what: string) => (err: unknown) => context.logger.error({ err, requestId: context.requestId }, `admin blog: ${what}`);
  const [posts, categories] = await Promise.all([
    listPosts(context.db, { includeDrafts: true }).then(
      (list) => list.map(({ _id, title, category, status, createdAt }): PostRow => ({ _id, title, category, status, createdAt })),
      (error: unknown) => {
        failed("posts could not be read")(error);
        return null;
      },
    ),
    categoryOptions(context.db, failed("categories could not be read")),
  ]);
  const asked = new URL(request.url).searchParams.get("delete")?.toLowerCase();
  return { posts, categories: categories.names, confirmDelete: posts?.find((p) => p._id === asked) ?? null };
}

/** The list's forms, told apart by `intent`: delete a post (id), or have the AI write a draft (category, prompt). */
const blogForms = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("delete"), id: z.string().trim().toLowerCase() }),
    generateSchema.extend({ intent: z.literal("generate") }),
  ],
  { error: blogAdminMessages.actions.unknownIntent },
);

/** An intent and an id, or a category and a prompt of up to 2,000 characters, URL-encoded. */
const MAX_FORM_BYTES = 32 * 1024;

/**
 * Deletes a post through the same function as DELETE /api/blogs/:id (back to the list with the
 * server's message as the toast), or has the AI write a draft through the same function as POST
 * /api/blogs/generate, saved for the admin to review (answered in the dialog, with the draft's id).
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    { form: "blog", schema: blogForms, maxBytes: MAX_FORM_BYTES, access: "admin" },
    async ({ value, admin }) => {
      if (value.intent === "delete") {
        if (!(await deletePost(context.db, value.id))) return refuse(404, text.deleteFailure);
        context.contentChanged();
        context.logger.info({ reqId: context.requestId, postId: value.id, adminId: admin.id }, "blog post deleted");
        return redirectWithToast(
          context,
          LIST,
          { type: "success", title: blogAdminMessages.api.deleted },
          { headers: { "X-Remix-Replace": "true" } },
        );
      }
      const started = performance.now();
      const result = await generateDraft(context, value, admin.email, (err) =>
        context.logger.warn({ err, reqId: context.requestId }, "AI blog draft: provider call failed"),
      );
      if (!result.ok) {
        if (result.status === 400) return refuse(400, blogAdminMessages.api.invalid, result.errors);
        return refuse(result.status, result.message);
      }
      context.logger.info(
        { reqId: context.requestId, postId: result.post._id, adminId: admin.id, ms: Math.round(performance.now() - started) },
        "AI blog draft saved",
      );
      return accept(blogAdminMessages.api.generated, null, { data: { id: result.post._id }, status: 201 });
    },
  );
}

/** The list is read again after every post, a refused delete included. */
export const shouldRevalidate = revalidateAfterPost;

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
  const { posts, categories, confirmDelete } = loaderData;
  const revalidator = useRevalidator();
  const [generating, setGenerating] = useState(false);
  const remove = useDeleteWithConfirm<PostRow>({ key: "delete-post", action: LIST, failure: text.deleteFailure });

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
      <ListBody
        text={text}
        action={LIST}
        answer={actionData}
        confirming={confirmDelete && { id: confirmDelete._id, name: confirmDelete.title }}
        failed={posts === null}
        dialog={remove.dialog}
      >
        <AdminTable caption={text.title} columns={text.columns} empty={text.empty} isEmpty={posts?.length === 0}>
          {posts?.map((post) => (
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
                  <DeleteButton
                    id={post._id}
                    subject={post.title}
                    label={text.delete}
                    action={LIST}
                    onAsk={(event) => remove.ask(event, post)}
                    className="rounded-md px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </ListBody>
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
