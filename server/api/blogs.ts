/**
 * Blog posts (spec 001 section 7):
 *   GET /api/blogs                 published posts, newest first; every post for a signed-in admin
 *   GET /api/blogs/:id             one post (by id, or by slug); a draft only for an admin
 *   POST /api/blogs                admin: create          -> 201 { success, message, data }
 *   PUT /api/blogs/:id             admin: replace         -> 200 { success, message, data }
 *   DELETE /api/blogs/:id          admin                  -> 200 { success, message }
 *   POST /api/blogs/generate       admin: AI draft        -> 201 { success, message, data }; 503 without a provider
 * Lists are plain JSON arrays and one post a plain object, as the spec reads them ("list of posts",
 * "one post"); errors have the API's one shape (docs/decisions/013-blog-cms.md).
 */
import { type Context, Hono } from "hono";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import { generateDraft } from "~/features/blog/generate.server";
import { createPost, deletePost, getPost, listPosts, type PostWriteResult, updatePost } from "~/features/blog/posts.server";
import { generateSchema, postSchema } from "~/features/blog/schema";
import { adminFromRequest } from "../auth";
import type { AppServices } from "../context";
import { apiError, apiPost, firstError } from "../http";

const m = blogAdminMessages.api;

export function blogRoutes(services: AppServices) {
  const { db, logger } = services;
  const postWrite = { admin: true, schema: postSchema, invalid: m.invalid } as const;
  const reqId = (c: Context) => c.get("requestId" as never) as string | undefined;

  const answerWrite = (c: Context, result: PostWriteResult, message: string, status: 200 | 201) => {
    if (result.ok) return c.json({ success: true, message, data: result.post }, status);
    if ("notFound" in result) return apiError(c, 404, m.notFound);
    return apiError(c, 400, m.invalid, result.errors);
  };

  return new Hono()
    .get("/blogs", async (c) => {
      const viewer = await adminFromRequest(services, c.req.raw);
      c.header("Vary", "Cookie");
      return c.json(await listPosts(db, { includeDrafts: viewer !== null }));
    })
    .post(
      ...apiPost(services, "/blogs/generate", { admin: true, schema: generateSchema, invalid: firstError }, async (c, { value }) => {
        const who = c.get("admin");
        const started = performance.now();
        const result = await generateDraft({ ...services, site: services.site.current() }, value, who.email, (err) =>
          logger.warn({ err, reqId: reqId(c) }, "AI blog draft: provider call failed"),
        );
        if (!result.ok) {
          if (result.status === 400) return apiError(c, 400, m.invalid, result.errors);
          return apiError(c, result.status, result.message);
        }
        logger.info(
          { reqId: reqId(c), postId: result.post._id, adminId: who.id, ms: Math.round(performance.now() - started) },
          "AI blog draft saved",
        );
        return c.json({ success: true, message: m.generated, data: result.post }, 201);
      }),
    )
    .get("/blogs/:id", async (c) => {
      const viewer = await adminFromRequest(services, c.req.raw);
      c.header("Vary", "Cookie");
      const post = await getPost(db, c.req.param("id"), { includeDrafts: viewer !== null });
      return post ? c.json(post) : apiError(c, 404, m.notFound);
    })
    .post(
      ...apiPost(services, "/blogs", postWrite, async (c, { value }) => {
        const result = await createPost(db, value, c.get("admin").email);
        if (result.ok)
          logger.info(
            { reqId: reqId(c), postId: result.post._id, adminId: c.get("admin").id, status: result.post.status },
            "blog post created",
          );
        return answerWrite(c, result, m.created, 201);
      }),
    )
    .put(
      ...apiPost(services, "/blogs/:id", postWrite, async (c, { value }) => {
        const result = await updatePost(db, c.req.param("id"), value);
        if (result.ok)
          logger.info(
            { reqId: reqId(c), postId: result.post._id, adminId: c.get("admin").id, status: result.post.status },
            "blog post updated",
          );
        return answerWrite(c, result, m.updated, 200);
      }),
    )
    .delete(
      ...apiPost(services, "/blogs/:id", { admin: true }, async (c) => {
        const id = c.req.param("id");
        if (!(await deletePost(db, id))) return apiError(c, 404, m.notFound);
        logger.info({ reqId: reqId(c), postId: id, adminId: c.get("admin").id }, "blog post deleted");
        return c.json({ success: true, message: m.deleted });
      }),
    );
}
