/**
 * Back-office reads the spec names: GET /api/contacts (contact-form submissions, 50 a page: ?page=) and
 * GET /api/chatbot-conversations (chat transcripts, 50 visitors a page: ?page=), both searched with ?q= (the back
 * office's one search, app/lib/search.ts). Admin only. Also mail that could not be
 * delivered, for API clients (the dashboard reads it through its loader):
 *   GET  /api/admin/mail-failures        failing and dead mail, newest first (at most 50)
 *   POST /api/admin/mail/:id/retry       requeue one: 200, 404 unknown, 409 already queued or sent
 */
import { Hono } from "hono";
import { listChatbotConversations, listContactSubmissions } from "~/features/admin/back-office.server";
import { listMailFailures, retryMail } from "~/features/mail/failures.server";
import { mailFailureMessages } from "~/features/mail/messages";
import { ADMIN_PAGE_SIZE, pageAsked } from "~/lib/paging";
import { parseSearch } from "~/lib/search";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

/** The page and the search a list's address asks for. */
function listAsked(href: string) {
  const url = new URL(href);
  return [pageAsked(url), ADMIN_PAGE_SIZE, parseSearch(url.searchParams.get("q"))] as const;
}

export function backOfficeRoutes(services: AppServices) {
  const admin = requireAdmin(services);
  return new Hono()
    .get("/contacts", admin, async (c) => {
      // A page at a time (?page=, 50 each), with where it sits in the whole: total, page, pageCount.
      const { items, total, page, pageCount } = await listContactSubmissions(services.db, ...listAsked(c.req.url));
      return c.json({
        success: true,
        message: `${total} contact submission${total === 1 ? "" : "s"}`,
        data: items,
        total,
        page,
        pageCount,
      });
    })
    .get("/chatbot-conversations", admin, async (c) => {
      const { items, total, page, pageCount } = await listChatbotConversations(services.db, ...listAsked(c.req.url));
      return c.json({ success: true, data: items, total, page, pageCount });
    })
    .get("/admin/mail-failures", admin, async (c) => {
      const data = await listMailFailures(services.db);
      return c.json({ success: true, data });
    })
    .post(
      ...apiPost(services, "/admin/mail/:id/retry", { admin: true }, async (c) => {
        const id = c.req.param("id");
        if (!isUuid(id)) return apiError(c, 400, mailFailureMessages.invalidId, { id: mailFailureMessages.invalidId });
        const result = await retryMail(services.db, id, { admin: c.get("admin"), ip: clientIp(c, services.config.TRUST_PROXY) });
        if (result.status === "not_found") return apiError(c, 404, mailFailureMessages.notFound);
        if (result.status === "not_retryable") return apiError(c, 409, mailFailureMessages.notRetryable);
        services.mail.nudge();
        return c.json({ success: true, message: mailFailureMessages.queued, data: { _id: id, status: "pending" } });
      }),
    );
}
