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
import { createJob, deleteJob, getJob, listApplications, listJobs, submitApplication, updateJob } from "~/features/jobs/jobs.server";
import { jobMessages } from "~/features/jobs/messages";
import { applicationSchema, jobSchema } from "~/features/jobs/schema";
import { requireAdmin } from "../auth";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { apiError, apiPost } from "../http";

const m = jobMessages.api;

export function jobRoutes(services: AppServices) {
  const { config, logger, db } = services;
  const jobPost = { admin: true, schema: jobSchema, invalid: m.invalid } as const;

  return (
    new Hono()
      .get("/jobs", async (c) => c.json(await listJobs(db)))
      .get("/jobs/:id", async (c) => {
        const job = await getJob(db, c.req.param("id"));
        return job ? c.json(job) : apiError(c, 404, m.notFound);
      })
      .post(
        ...apiPost(services, "/jobs", jobPost, async (c, { value }) => {
          const job = await createJob(db, value);
          logger.info({ jobId: job._id, adminId: c.get("admin").id }, "job created");
          return c.json({ success: true, message: m.created, data: job }, 201);
        }),
      )
      .put(
        ...apiPost(services, "/jobs/:id", jobPost, async (c, { value }) => {
          const job = await updateJob(db, c.req.param("id"), value);
          if (!job) return apiError(c, 404, m.notFound);
          logger.info({ jobId: job._id, adminId: c.get("admin").id }, "job updated");
          return c.json({ success: true, message: m.updated, data: job });
        }),
      )
      .delete(
        ...apiPost(services, "/jobs/:id", { admin: true }, async (c) => {
          const id = c.req.param("id");
          if (!(await deleteJob(db, id))) return apiError(c, 404, m.notFound);
          logger.info({ jobId: id, adminId: c.get("admin").id }, "job deleted with its applications");
          return c.json({ success: true, message: m.deleted });
        }),
      )
      // Applications get the public forms' budget per address, counted on their own (the careers page's action charges the same limit).
      .post(
        ...apiPost(
          services,
          "/applications",
          {
            rateLimit: "applications",
            schema: applicationSchema,
            invalid: m.invalid,
            honeypot: { form: "job-application", answer: (c) => c.json({ success: true, message: m.applicationReceived }, 201) },
          },
          async (c, { value }) => {
            const userAgent = c.req.header("user-agent")?.trim().slice(0, 500) || null;
            const application = await submitApplication({ ...services, site: services.site.current() }, value, {
              ip: clientIp(c, config.TRUST_PROXY),
              userAgent,
            });
            if (!application) return apiError(c, 404, m.notFound);
            return c.json({ success: true, message: m.applicationReceived }, 201);
          },
        ),
      )
      .get("/applications/job/:jobId", requireAdmin(services), async (c) => {
        const applications = await listApplications(db, c.req.param("jobId"));
        return applications ? c.json(applications) : apiError(c, 404, m.notFound);
      })
  );
}
