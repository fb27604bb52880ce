/**
 * Blog categories (spec 001 section 7):
 *   GET /api/categories            everybody: [{ _id, name, createdAt }] by name
 *   POST /api/categories           admin: { name } -> 201 { success, message, data }
 *   PUT /api/categories/:id        admin: { name } -> 200 { success, message, data }
 *   DELETE /api/categories/:id     admin           -> 200 { success, message }
 * Names are trimmed and unique whatever their case (409 otherwise).
 */
import { type Context, Hono } from "hono";
import { blogAdminMessages } from "~/features/blog/admin-messages";
import {
  type CategoryWriteResult,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from "~/features/blog/categories.server";
import { categorySchema } from "~/features/blog/schema";
import type { AppServices } from "../context";
import { apiError, apiPost, firstError } from "../http";

const m = blogAdminMessages.api;

function answer(c: Context, result: CategoryWriteResult, message: string, status: 200 | 201) {
  if (result.ok) return c.json({ success: true, message, data: result.category }, status);
  if (result.reason === "not-found") return apiError(c, 404, m.categoryNotFound);
  const text = m.categoryExists(result.existing);
  return apiError(c, 409, text, { name: text });
}

export function categoryRoutes(services: AppServices) {
  const { db, logger } = services;
  const write = { admin: true, schema: categorySchema, invalid: firstError } as const;
  return new Hono()
    .get("/categories", async (c) => c.json(await listCategories(db)))
    .post(
      ...apiPost(services, "/categories", write, async (c, { value }) => {
        const result = await createCategory(db, value.name);
        if (result.ok) logger.info({ categoryId: result.category._id, adminId: c.get("admin").id }, "blog category created");
        return answer(c, result, m.categoryCreated, 201);
      }),
    )
    .put(
      ...apiPost(services, "/categories/:id", write, async (c, { value }) => {
        const result = await updateCategory(db, c.req.param("id"), value.name);
        if (result.ok) logger.info({ categoryId: result.category._id, adminId: c.get("admin").id }, "blog category renamed");
        return answer(c, result, m.categoryUpdated, 200);
      }),
    )
    .delete(
      ...apiPost(services, "/categories/:id", { admin: true }, async (c) => {
        const id = c.req.param("id");
        if (!(await deleteCategory(db, id))) return apiError(c, 404, m.categoryNotFound);
        logger.info({ categoryId: id, adminId: c.get("admin").id }, "blog category deleted");
        return c.json({ success: true, message: m.categoryDeleted });
      }),
    );
}
