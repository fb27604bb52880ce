/**
 * Renewals and X-dates coming up (docs/decisions/062), for API clients (the dashboard reads the same
 * functions through its loader and action):
 *   GET  /api/admin/coming-up                          the open entries, soonest first: { success, data: ComingUpItem[] }
 *   POST /api/leads/:id/renewals/:renewalId/handled    mark one handled: 200 { success, message, data: HandledRenewal },
 *                                                      400 a malformed id, 404 not on the list, 409 already handled
 */
import { Hono } from "hono";
import { renewalMessages } from "~/features/renewals/messages";
import { agencyToday, comingUp, markRenewalHandled } from "~/features/renewals/renewals.server";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "../auth";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

export function renewalRoutes(services: AppServices) {
  const admin = requireAdmin(services);
  return new Hono()
    .get("/admin/coming-up", admin, async (c) => {
      const data = await comingUp(services.db, agencyToday(services.site.current().facts, new Date()));
      return c.json({ success: true, message: `${data.length} coming up`, data });
    })
    .post(
      ...apiPost(services, "/leads/:id/renewals/:renewalId/handled", { admin: true }, async (c) => {
        const leadId = c.req.param("id");
        const renewalId = c.req.param("renewalId");
        if (!isUuid(leadId)) return apiError(c, 400, renewalMessages.invalidLeadId, { id: renewalMessages.invalidLeadId });
        if (!isUuid(renewalId)) return apiError(c, 400, renewalMessages.invalidId, { renewalId: renewalMessages.invalidId });
        const result = await markRenewalHandled(services.db, leadId, renewalId, c.get("admin"));
        if (result.outcome === "not_found") return apiError(c, 404, renewalMessages.notFound);
        if (result.outcome === "already_handled") return apiError(c, 409, renewalMessages.alreadyHandled);
        services.logger.info(
          { reqId: c.get("requestId" as never), adminId: c.get("admin").id, leadId, renewalId },
          "renewal marked handled",
        );
        return c.json({
          success: true,
          message: renewalMessages.handled(renewalMessages.kinds[result.renewal.kind], result.reference),
          data: result.renewal,
        });
      }),
    );
}
