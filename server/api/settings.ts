/**
 * The agency's settings for API clients (admin only):
 *   GET /api/admin/settings    `{ success, data }`: the stored profile (`phone` as the agency typed it,
 *                              `closedDays` as "YYYY-MM-DD" strings, hours per weekday)
 *   PATCH /api/admin/settings  some or all of the same fields; 400 with `errors.<field>` (dotted for
 *                              hours and social links: `errors["hours.friday.closes"]`), nothing saved in part
 * The Settings screen saves through the same function (app/features/settings/profile.server.ts).
 */
import { Hono } from "hono";
import { securityNoticeMessages, sendSecurityNotice } from "~/features/mail/security-notice.server";
import { settingsMessages } from "~/features/settings/messages";
import { changeProfile } from "~/features/settings/profile.server";
import { readProfile } from "~/features/settings/site.server";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

export function settingsRoutes(services: AppServices) {
  const { db, logger, config } = services;
  return new Hono()
    .get("/admin/settings", requireAdmin(services), async (c) => c.json({ success: true, data: await readProfile(db) }))
    .patch(
      ...apiPost(services, "/admin/settings", { admin: true, stepUp: true, body: true }, async (c, { body }) => {
        if (typeof body !== "object" || body === null || Array.isArray(body)) return apiError(c, 400, settingsMessages.failure);
        const admin = c.get("admin");
        const outcome = await changeProfile(db, body as Record<string, unknown>, admin, { ip: clientIp(c, config.TRUST_PROXY) });
        if (!outcome.ok) return apiError(c, outcome.status, outcome.message, outcome.errors);
        if (outcome.changed.length > 0) {
          await services.site.reload();
          await sendSecurityNotice(
            { ...services, site: services.site.current() },
            { what: securityNoticeMessages.events.settingsChanged(admin.email), actor: admin, ip: clientIp(c, config.TRUST_PROXY) },
          );
          logger.info({ adminId: admin.id, fields: outcome.changed }, "settings changed");
        }
        return c.json({
          success: true,
          message: outcome.changed.length ? settingsMessages.saved : settingsMessages.unchanged,
          data: outcome.profile,
        });
      }),
    );
}
