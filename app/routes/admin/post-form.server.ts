/**
 * /admin/posts/new and /admin/posts/{id}/edit on the server. The loaders answer the post being edited
 * (404 for an unknown one) and the category names the form offers, once the session is checked. The
 * actions take the post form, posted by the browser itself with or without scripts, checked with the
 * API's schema and saved through the same functions as POST and PUT /api/blogs (which sanitise the
 * content and check the category); a saved post goes back to the list, which shows the success text.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import { noticeCookie } from "~/features/admin/notice.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { categoryOptions } from "~/features/blog/categories.server";
import { createPost, getPost, isPostId, updatePost } from "~/features/blog/posts.server";
import { MAX_CONTENT_LENGTH, type PostInput, postSchema } from "~/features/blog/schema";
import { readSubmission, refused } from "~/lib/form.server";
import type { PostNotice } from "./blog.server";

/** The form's id on the page, and the name of its answers. */
export const POST_FORM = "post";
/** The longest content URL-encoded (up to 9 bytes a character), with room for the other fields. */
const MAX_FORM_BYTES = MAX_CONTENT_LENGTH * 9 + 16 * 1024;
const a = blogAdminMessages.actions;

export type PostFormLoaderData = {
  /** Lets the admin layout render the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  /** The names the category list offers; `categoriesFailed` when they are the fallback list because reading failed. */
  categories: string[];
  categoriesFailed: boolean;
};

export type PostEditLoaderData = PostFormLoaderData & { post: (PostInput & { _id: string }) | null };

async function formData(request: Request, context: AppLoadContext): Promise<PostFormLoaderData> {
  const signedInAdmin = await requireAdminSession(request, context);
  const categories = await categoryOptions(context.db, (err) =>
    context.logger.error({ err, requestId: context.requestId }, "admin post form: categories could not be read"),
  );
  return { signedInAdmin, categories: categories.names, categoriesFailed: categories.failed };
}

export function postNewLoader(request: Request, context: AppLoadContext): Promise<PostFormLoaderData> {
  return formData(request, context);
}

export async function postEditLoader(request: Request, context: AppLoadContext, id: string) {
  const common = await formData(request, context);
  // By id only: the form saves to the post's id.
  const found = isPostId(id) ? await getPost(context.db, id, { includeDrafts: true }) : null;
  const post = found
    ? {
        _id: found._id,
        title: found.title,
        content: found.content,
        category: found.category,
        imageUrl: found.imageUrl,
        status: found.status,
      }
    : null;
  return data<PostEditLoaderData>({ ...common, post }, { status: post ? 200 : 404 });
}

/** Creates the post (no `id`) or replaces post `id`, then back to the list with the success text. */
export async function savePostAction(request: Request, context: AppLoadContext, id?: string) {
  const text = id === undefined ? blogAdminMessages.create : blogAdminMessages.edit;
  if (context.crossSite) return refused(POST_FORM, 403, a.crossSite);
  const admin = await requireAdminSession(request, context);
  const read = await readSubmission(request, postSchema, MAX_FORM_BYTES);
  if (!read.ok) return refused(POST_FORM, read.status, read.status === 413 ? a.formTooLarge : a.formNotSupported);
  const { submission } = read;
  if (submission.status !== "success") return refused(POST_FORM, 400, text.failure, submission);

  const result =
    id === undefined ? await createPost(context.db, submission.value, admin.email) : await updatePost(context.db, id, submission.value);
  if (!result.ok) {
    if ("notFound" in result) return refused(POST_FORM, 404, blogAdminMessages.api.notFound, submission);
    return refused(POST_FORM, 400, text.failure, submission, result.errors);
  }
  context.contentChanged();
  context.logger.info(
    { reqId: context.requestId, postId: result.post._id, adminId: admin.id, status: result.post.status },
    id === undefined ? "blog post created" : "blog post updated",
  );
  const notice: PostNotice = id === undefined ? "post-created" : "post-updated";
  return redirect("/admin/blog", { status: 303, headers: { "Set-Cookie": noticeCookie(context, notice) } });
}
