/**
 * Jobs and applications (spec 001 section 7):
 *   GET /api/jobs, GET /api/jobs/:id                      public (the careers page and the back office)
 *   POST /api/jobs, PUT /api/jobs/:id, DELETE /api/jobs/:id admin
 *   POST /api/applications                                public, rate-limited, honeypot
 *   GET /api/applications/job/:jobId                      admin
 * Lists are answered as plain JSON arrays and one job as a plain object, as the spec reads them
 * ("list of jobs", "one job"); errors have the API's one shape (docs/decisions/011).
 */
import { Hono } from "hono";
import { withPhone } from "~/content/agency";
import { createJob, deleteJob, getJob, listApplications, listJobs, submitApplication, updateJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import { applicationSchema, jobSchema } from "~/features/jobs/schema";
import { parseApiBody, sameNames } from "~/features/leads/api-fields";
import { formMessages } from "~/features/leads/messages";
import { fieldErrors } from "~/lib/field-rules";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, readJson } from "../http";
import { rateLimit } from "../rate-limit";

const m = jobMessages.api;

function honeypotFilled(body: Record<string, unknown>): boolean {
  const v = body.website;
  return v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");
}

export function jobRoutes(services: AppServices) {
  const { config, logger, db } = services;
  const admin = requireAdmin(services);
  // Applications get the public forms' budget per address, counted on their own (the careers page's action charges the same limit).
  const limiter = services.limits.rate("applications", config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  const limit = rateLimit(limiter, (c) => clientIp(c, config.TRUST_PROXY), withPhone(formMessages.tooManyRequests));

  return new Hono()
    .get("/jobs", async (c) => c.json(await listJobs(db)))
    .get("/jobs/:id", async (c) => {
      const job = await getJob(db, c.req.param("id"));
      return job ? c.json(job) : apiError(c, 404, m.notFound);
    })
    .post("/jobs", admin, async (c) => {
      const parsed = jobSchema.safeParse(await readJson(c));
      if (!parsed.success) return apiError(c, 400, m.invalid, fieldErrors(parsed.error));
      const job = await createJob(db, parsed.data);
      logger.info({ jobId: job._id, adminId: c.get("admin").id }, "job created");
      return c.json({ success: true, message: m.created, data: job }, 201);
    })
    .put("/jobs/:id", admin, async (c) => {
      const parsed = jobSchema.safeParse(await readJson(c));
      if (!parsed.success) return apiError(c, 400, m.invalid, fieldErrors(parsed.error));
      const job = await updateJob(db, c.req.param("id"), parsed.data);
      if (!job) return apiError(c, 404, m.notFound);
      logger.info({ jobId: job._id, adminId: c.get("admin").id }, "job updated");
      return c.json({ success: true, message: m.updated, data: job });
    })
    .delete("/jobs/:id", admin, async (c) => {
      const id = c.req.param("id");
      if (!(await deleteJob(db, id))) return apiError(c, 404, m.notFound);
      logger.info({ jobId: id, adminId: c.get("admin").id }, "job deleted with its applications");
      return c.json({ success: true, message: m.deleted });
    })
    .post("/applications", limit, async (c) => {
      const body = await readJson(c);
      if (honeypotFilled(body)) {
        logger.info(
          { reqId: c.get("requestId" as never), form: "job-application", ip: clientIp(c, config.TRUST_PROXY) },
          "honeypot filled: submission discarded",
        );
        return c.json({ success: true, message: m.applicationReceived }, 201);
      }
      const parsed = parseApiBody(applicationSchema, body, sameNames);
      if (!parsed.ok) return apiError(c, 400, m.invalid, parsed.errors);
      const userAgent = c.req.header("user-agent")?.trim().slice(0, 500) || null;
      const application = await submitApplication(services, parsed.data, { ip: clientIp(c, config.TRUST_PROXY), userAgent });
      if (!application) return apiError(c, 404, m.notFound);
      return c.json({ success: true, message: m.applicationReceived }, 201);
    })
    .get("/applications/job/:jobId", admin, async (c) => {
      const applications = await listApplications(db, c.req.param("jobId"));
      return applications ? c.json(applications) : apiError(c, 404, m.notFound);
    });
}
