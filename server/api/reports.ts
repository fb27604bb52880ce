/**
 * The report (docs/decisions/061-report.md), behind requireAdmin:
 *   GET /api/admin/report?from=&to=&by=       the figures as JSON: rows, total, funnel, weeks
 *   GET /api/admin/report.csv?from=&to=&by=   the same table as CSV
 * from and to are the agency's calendar days (YYYY-MM-DD, both included; to defaults to today, from to
 * 30 days before to); by is channel (the default), campaign or page.
 */
import { type Context, Hono } from "hono";
import { parseApiBody } from "~/features/leads/api-fields";
import { promiseSettings } from "~/features/leads/arrival.server";
import { attachmentDisposition } from "~/features/leads-inbox/content-disposition";
import { reportCsv, reportCsvName } from "~/features/reports/report";
import { periodReport } from "~/features/reports/report.server";
import { reportQuerySchema } from "~/features/reports/schema";
import { agencyDay } from "~/lib/calendar-day";
import { requireAdmin } from "../auth";
import type { AppServices } from "../context";
import { apiError } from "../http";

const INVALID_QUERY = "Some report parameters are not valid.";

export function reportRoutes(services: AppServices) {
  const { config, db } = services;
  const admin = requireAdmin(services);

  /** The report the query asks for, or the 400 naming each wrong parameter. */
  async function report(c: Context) {
    const settings = promiseSettings(config, services.site.current().facts);
    const parsed = parseApiBody(reportQuerySchema(agencyDay(settings.office.timeZone)), c.req.query());
    if (!parsed.ok) return { error: apiError(c, 400, INVALID_QUERY, parsed.errors) };
    return { report: await periodReport(db, parsed.data, { hours: settings.hours, office: settings.office }) };
  }

  return (
    new Hono()
      // Before "/admin/report", which would not take the extension anyway; kept side by side.
      .get("/admin/report.csv", admin, async (c) => {
        const result = await report(c);
        if (result.error) return result.error;
        return new Response(reportCsv(result.report), {
          status: 200,
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": attachmentDisposition(reportCsvName(result.report)),
            "Cache-Control": "private, no-store",
          },
        });
      })
      .get("/admin/report", admin, async (c) => {
        const result = await report(c);
        if (result.error) return result.error;
        return c.json({ success: true, data: result.report });
      })
  );
}
