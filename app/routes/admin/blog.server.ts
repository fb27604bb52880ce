/**
 * /admin/blog on the server. The loader answers every post (drafts too), the category names the AI
 * form offers, the post a delete is being confirmed for (`?delete={id}`, the confirmation without
 * scripts) and the notice a saved post left, once the session is checked. The action deletes a post
 * (intent=delete, id) through the same function as DELETE /api/blogs/:id, and has the AI write a draft
 * (intent=generate, category, prompt) through the same function as POST /api/blogs/generate.
 */
import { type AppLoadContext, data } from "react-router";
import { isUrlEncodedForm, readUrlEncodedForm, requireAdminSession } from "~/features/admin/guard.server";
import { takeNotice } from "~/features/admin/notice.server";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { categoryOptions } from "~/features/blog/categories.server";
import { generateDraft } from "~/features/blog/generate.server";
import { deletePost, isPostId, listPosts } from "~/features/blog/posts.server";
import { type BlogPostRecord, firstIssue, generateSchema } from "~/features/blog/schema";

const text = blogAdminMessages.list;
const a = blogAdminMessages.actions;
/** An intent and an id, or a category and a prompt of up to 2,000 characters, URL-encoded. */
const MAX_FORM_BYTES = 32 * 1024;

/** What the list shows of a post (its content stays on the server). */
export type PostRow = Pick<BlogPostRecord, "_id" | "title" | "category" | "status" | "createdAt">;

/** The notices a post screen leaves for the list after a save (spec 001 section 8's success toasts). */
export const postNotices = { "post-created": blogAdminMessages.create.success, "post-updated": blogAdminMessages.edit.success };
export type PostNotice = keyof typeof postNotices;

export type BlogLoaderData = {
  /** Lets the admin layout render the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  /** Null when the posts could not be read (the screen says 'Failed to load posts'). */
  posts: PostRow[] | null;
  categories: string[];
  /** The post whose delete is being confirmed without scripts. */
  confirmDelete: PostRow | null;
  notice: string | null;
};

export type BlogActionData = {
  ok: boolean;
  intent?: "delete" | "generate";
  id?: string;
  message: string;
  /** A refused AI request's field errors, by field. */
  errors?: Record<string, string>;
};

export async function blogLoader(request: Request, context: AppLoadContext) {
  const signedInAdmin = await requireAdminSession(request, context);
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
  const asked = new URL(request.url).searchParams.get("delete");
  const confirmDelete = (asked && posts?.find((p) => p._id === asked.toLowerCase())) || null;
  const notice = takeNotice(request, context, postNotices);
  const body: BlogLoaderData = { signedInAdmin, posts, categories: categories.names, confirmDelete, notice: notice.message };
  return data(body, notice.clear ? { headers: { "Set-Cookie": notice.clear } } : undefined);
}

const answer = (status: number, body: BlogActionData) => data<BlogActionData>(body, { status });

export async function blogAction(request: Request, context: AppLoadContext) {
  if (context.crossSite) return answer(403, { ok: false, message: a.crossSite });
  const admin = await requireAdminSession(request, context);
  if (!isUrlEncodedForm(request)) return answer(415, { ok: false, message: a.formNotSupported });
  const form = await readUrlEncodedForm(request, MAX_FORM_BYTES);
  if (!form) return answer(413, { ok: false, message: a.formTooLarge });
  if (form.get("intent") === "generate") return generate(context, admin, form);
  if (form.get("intent") !== "delete") return answer(400, { ok: false, message: a.unknownIntent });
  const id = (form.get("id") ?? "").trim().toLowerCase();
  if (!isPostId(id) || !(await deletePost(context.db, id)))
    return answer(404, { ok: false, intent: "delete", id, message: text.deleteFailure });
  context.contentChanged();
  context.logger.info({ reqId: context.requestId, postId: id, adminId: admin.id }, "blog post deleted");
  return answer(200, { ok: true, intent: "delete", id, message: blogAdminMessages.api.deleted });
}

/** An AI draft from a category and a prompt, saved as a draft for the admin to review. */
async function generate(context: AppLoadContext, admin: AdminIdentity, form: URLSearchParams) {
  const parsed = generateSchema.safeParse({ category: form.get("category") ?? "", prompt: form.get("prompt") ?? "" });
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    return answer(400, { ok: false, intent: "generate", message: issue.message, errors: { [issue.field]: issue.message } });
  }
  const started = performance.now();
  const result = await generateDraft(context, parsed.data, admin.email, (err) =>
    context.logger.warn({ err, reqId: context.requestId }, "AI blog draft: provider call failed"),
  );
  if (!result.ok) {
    if (result.status === 400)
      return answer(400, { ok: false, intent: "generate", message: blogAdminMessages.api.invalid, errors: result.errors });
    return answer(result.status, { ok: false, intent: "generate", message: result.message });
  }
  context.logger.info(
    { reqId: context.requestId, postId: result.post._id, adminId: admin.id, ms: Math.round(performance.now() - started) },
    "AI blog draft saved",
  );
  return answer(201, { ok: true, intent: "generate", id: result.post._id, message: blogAdminMessages.api.generated });
}
