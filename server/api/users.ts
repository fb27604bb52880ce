/**
 * GET /api/admin/users: the back office's accounts for API clients, `{ success, data: [{ id, email,
 * name, active }] }`. Admin only. The Users screen reads the same through its loader.
 */
import { Hono } from "hono";
import { usersMessages } from "~/features/admin-users/messages";
import { listUsersBrief } from "~/features/admin-users/users.server";
import { requireAdmin } from "../auth";
import type { AppServices } from "../context";

export function userRoutes(services: AppServices) {
  return new Hono().get("/admin/users", requireAdmin(services), async (c) => {
    const data = await listUsersBrief(services.db);
    return c.json({ success: true, message: usersMessages.api.listed(data.length), data });
  });
}
