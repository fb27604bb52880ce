/**
 * What /admin/posts/new and /admin/posts/{id}/edit share on the server: the category names the form
 * offers, and the post form's action. The form is posted by the browser itself with or without
 * scripts, through the one POST pipeline (app/lib/post.server.ts) with the API's schema, and saved
 * through the same functions as POST and PUT /api/blogs (which sanitise the content and check the
 * category); a saved post goes back to the list with its success toast.
 */
import type { AppLoadContext } from "react-router";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { categoryOptions } from "~/features/blog/categories.server";
import { createPost, updatePost } from "~/features/blog/posts.server";
import { MAX_CONTENT_LENGTH, postSchema } from "~/features/blog/schema";
import { postForm, refuse } from "~/lib/post.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The longest content URL-encoded (up to 9 bytes a character), with room for the other fields. */
const MAX_FORM_BYTES = MAX_CONTENT_LENGTH * 9 + 16 * 1024;

/** The names the category list offers; `categoriesFailed` when they are the fallback list because reading failed. */
export async function postCategories(context: AppLoadContext) {
  const categories = await categoryOptions(context.db, (err) =>
    context.logger.error({ err, requestId: context.requestId }, "admin post form: categories could not be read"),
  );
  return { categories: categories.names, categoriesFailed: categories.failed };
}

/** Creates the post (no `id`) or replaces post `id`, then back to the list with the success toast. */
export function savePost(request: Request, context: AppLoadContext, id?: string) {
  const text = id === undefined ? blogAdminMessages.create : blogAdminMessages.edit;
  return postForm(
    request,
    context,
    { form: "post", schema: postSchema, maxBytes: MAX_FORM_BYTES, access: "admin", invalid: text.failure },
    async ({ value, admin }) => {
      const result = id === undefined ? await createPost(context.db, value, admin.email) : await updatePost(context.db, id, value);
      if (!result.ok) {
        if ("notFound" in result) return refuse(404, blogAdminMessages.api.notFound);
        return refuse(400, text.failure, result.errors);
      }
      context.contentChanged();
      context.logger.info(
        { reqId: context.requestId, postId: result.post._id, adminId: admin.id, status: result.post.status },
        id === undefined ? "blog post created" : "blog post updated",
      );
      return redirectWithToast(context, "/admin/blog", { type: "success", title: text.success });
    },
  );
}
