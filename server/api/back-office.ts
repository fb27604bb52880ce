/**
 * Back-office reads the spec names: GET /api/contacts (contact-form submissions) and
 * GET /api/chatbot-conversations (chat transcripts). Admin only.
 */
import { Hono } from "hono";
import { listChatbotConversations, listContactSubmissions } from "~/features/admin/back-office.server";
import { requireAdmin } from "../auth";
import type { AppServices } from "../context";

export function backOfficeRoutes(services: AppServices) {
  const admin = requireAdmin(services);
  return new Hono()
    .get("/contacts", admin, async (c) => {
      const data = await listContactSubmissions(services.db);
      return c.json({ success: true, message: `${data.length} contact submission${data.length === 1 ? "" : "s"}`, data });
    })
    .get("/chatbot-conversations", admin, async (c) => {
      const data = await listChatbotConversations(services.db);
      return c.json({ success: true, data });
    });
}
