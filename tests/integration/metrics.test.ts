/**
 * GET /metrics (server/metrics.ts): refused without the token, or with none configured; with it, the
 * Prometheus text with Node's figures, requests counted by route pattern on every path a request may
 * take (the fast paths ahead of Hono included), and the site's figures read from the database at each
 * scrape: the mail outbox, overdue leads, scheduled jobs and the last backup.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backups, leads, mailOutbox, scheduledJobs } from "#db/schema";
import { loadConfig } from "../../app/env.server";
import { createApp } from "../../server/app";
import { metricsMessages } from "../../server/metrics";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const TOKEN = "metrics-test-token-0123456789abcdef";

/** The value of one series in a scrape's text: `name` with exactly these labels (in the text's order), or undefined. */
function seriesValue(text: string, name: string, labels = ""): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  if (line === undefined) return undefined;
  const raw = line.slice(prefix.length).trim();
  return /^nan$/i.test(raw) ? Number.NaN : Number(raw);
}

describe.each(databaseKinds)("GET /metrics on %s", (kind) => {
  let server: Server;
  const db = () => server.services.db;
  const scrape = (authorization: string | null = `Bearer ${TOKEN}`) =>
    fetch(`${server.url}/metrics`, { headers: authorization === null ? {} : { authorization } });
  const scrapeText = async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    // No background work: the mail rows below stay as they are put, and no job runs meanwhile.
    server = await startTestServer(kind, { METRICS_TOKEN: TOKEN, BACKGROUND_JOBS: "false" });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 in the API's error shape without the token or with a wrong one, never stored", async () => {
    const wrong = ["Bearer not-the-token", `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, "Bearer "];
    for (const authorization of [null, ...wrong]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({ success: false, message: metricsMessages.unauthorized });
    }
  });

  it("answers 401 to everyone, saying to set METRICS_TOKEN, when none is set", async () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.METRICS_TOKEN).toBeUndefined();
    const app = createApp({ services: { ...server.services, config }, build: () => Promise.reject(new Error("no pages in this test")) });
    for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer undefined", "Bearer "]) {
      const res = await app.request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body).toEqual({ success: false, message: metricsMessages.notConfigured });
      expect(body.message).toContain("METRICS_TOKEN");
    }
  });

  it("refuses a METRICS_TOKEN shorter than 16 characters at start", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short-token" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it("answers the Prometheus text with the token: Node's figures and the version, not stored, as often as asked", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      await res.arrayBuffer();
    }
    const text = await scrapeText();
    for (const name of ["process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes"]) {
      expect(seriesValue(text, name), name).toBeGreaterThan(0);
    }
    expect(text).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
    const { version } = (await (await fetch(`${server.url}/api/health`)).json()) as { version: string };
    expect(seriesValue(text, "agency_build_info", `version="${version}"`)).toBe(1);
    expect(seriesValue(text, "agency_database_up")).toBe(1);
  });

  it("counts requests by route pattern and status, whichever path answered them, never by the address asked for", async () => {
    const secret = randomUUID();
    const sent: [string, number][] = [
      ["/api/blogs", 200],
      [`/api/blogs/${secret}`, 404],
      [`/api/no-such-endpoint-${secret}`, 404],
      [`/no-such-page-${secret}`, 404],
      ["/admin/login", 200],
      ["/blog", 200],
      ["/blog", 200],
      ["/", 200],
      ["/", 200],
      ["/", 200],
      ["/favicon.svg", 200],
      ["/favicon.svg", 200],
    ];
    const before = await scrapeText();
    const count = (text: string, labels: string) => seriesValue(text, "http_requests_total", labels) ?? 0;
    for (const [path, status] of sent) {
      const res = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.status, path).toBe(status);
      await res.arrayBuffer();
    }
    const after = await scrapeText();
    const grew = (labels: string) => count(after, labels) - count(before, labels);

    expect(grew('method="GET",route="/api/blogs",status="200"')).toBe(1);
    expect(grew('method="GET",route="/api/blogs/:id",status="404"')).toBe(1);
    expect(grew('method="GET",route="/api/*",status="404"')).toBe(1);
    expect(grew('method="GET",route="not_found",status="404"')).toBe(1);
    expect(grew('method="GET",route="admin",status="200"')).toBe(1);
    // /blog: rendered once, then answered from the render cache (server/fast-pages.ts).
    expect(grew('method="GET",route="page",status="200"')).toBe(2);
    // The home page and an icon, files of the build: Hono answers a file's first request, the fast path the others.
    expect(grew('method="GET",route="prerendered",status="200"')).toBe(3);
    expect(grew('method="GET",route="static",status="200"')).toBe(2);
    // Each scrape is counted under its own route.
    expect(count(after, 'method="GET",route="/metrics",status="200"')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, "http_request_duration_seconds_count", 'method="GET",route="prerendered"')).toBeGreaterThanOrEqual(3);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0\.0005",method="GET",route="\/api\/blogs"\} \d+$/m);
    // The render cache's own counts, from the same requests.
    expect(seriesValue(after, "agency_render_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, "agency_render_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(secret);
  });

  it("reads the mail outbox's pending, failing and dead mail from the database at each scrape", async () => {
    await db().delete(mailOutbox);
    const empty = await scrapeText();
    expect(seriesValue(empty, "agency_mail_outbox_pending")).toBe(0);
    expect(seriesValue(empty, "agency_mail_outbox_failing")).toBe(0);
    expect(seriesValue(empty, "agency_mail_outbox_dead")).toBe(0);
    expect(seriesValue(empty, "agency_mail_outbox_oldest_pending_age_seconds")).toBeNaN();

    const mail = (fields: Partial<typeof mailOutbox.$inferInsert>) => ({
      messageId: `<${randomUUID()}@metrics.example>`,
      kind: "agency_notification",
      toAddress: "quotes@metrics.example",
      subject: "New lead",
      textBody: "A lead arrived.",
      ...fields,
    });
    await db()
      .insert(mailOutbox)
      .values([
        mail({ status: "pending", createdAt: sql`now() - interval '10 minutes'` as unknown as Date }),
        mail({ status: "pending", attempts: 3, lastError: "451 try again later" }),
        mail({ status: "dead", attempts: 8, lastError: "550 mailbox unavailable" }),
        mail({ status: "sent", attempts: 1, sentAt: new Date() }),
      ]);
    const text = await scrapeText();
    expect(seriesValue(text, "agency_mail_outbox_pending")).toBe(2);
    expect(seriesValue(text, "agency_mail_outbox_failing")).toBe(1);
    expect(seriesValue(text, "agency_mail_outbox_dead")).toBe(1);
    const oldest = seriesValue(text, "agency_mail_outbox_oldest_pending_age_seconds") ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(660);
  });

  it("counts new leads past their call-back time, as the dashboard does", async () => {
    const overdue = async () => seriesValue(await scrapeText(), "agency_leads_overdue") ?? Number.NaN;
    const before = await overdue();
    expect(before).toBeGreaterThanOrEqual(0);
    const lead = (name: string, status: string, due: string) => ({
      reference: `L-${randomUUID().slice(0, 6).toUpperCase()}`,
      leadType: "contact_form",
      submissionType: "Contact Form Submission",
      source: "Website Contact Form",
      status,
      name,
      email: `${name.toLowerCase()}@metrics.example`,
      phone: "(737) 555-0100",
      payload: {},
      dueAt: sql.raw(`now() + interval '${due}'`) as unknown as Date,
    });
    await db()
      .insert(leads)
      .values([lead("Late", "new", "-5 minutes"), lead("Answered", "contacted", "-5 minutes"), lead("Early", "new", "1 hour")]);
    expect(await overdue()).toBe(before + 1);
  });

  it("reports each scheduled job's last run and lag", async () => {
    await db()
      .insert(scheduledJobs)
      .values([
        {
          name: "metrics-late",
          nextRunAt: sql`now() - interval '120 seconds'` as unknown as Date,
          lastRunAt: sql`now() - interval '300 seconds'` as unknown as Date,
        },
        { name: "metrics-on-time", nextRunAt: sql`now() + interval '1 hour'` as unknown as Date, lastRunAt: new Date() },
      ]);
    const text = await scrapeText();
    const lag = seriesValue(text, "agency_scheduled_job_lag_seconds", 'job="metrics-late"') ?? 0;
    expect(lag).toBeGreaterThanOrEqual(120);
    expect(lag).toBeLessThan(180);
    expect(seriesValue(text, "agency_scheduled_job_lag_seconds", 'job="metrics-on-time"')).toBe(0);
    const lastRun = seriesValue(text, "agency_scheduled_job_last_run_timestamp_seconds", 'job="metrics-late"') ?? 0;
    expect(Math.abs(lastRun - (Date.now() / 1000 - 300))).toBeLessThan(60);
  });

  it("reports the last successful backup's age, NaN before there is one, and whether the newest backup failed", async () => {
    await db().delete(backups);
    const none = await scrapeText();
    expect(seriesValue(none, "agency_backup_last_success_age_seconds")).toBeNaN();
    expect(seriesValue(none, "agency_backup_last_failed")).toBe(0);

    await db()
      .insert(backups)
      .values({
        trigger: "command",
        status: "ok",
        startedAt: sql`now() - interval '3700 seconds'` as unknown as Date,
        finishedAt: sql`now() - interval '3600 seconds'` as unknown as Date,
        location: "/data/backups/metrics-test.tar",
        sizeBytes: 1024,
      });
    const ok = await scrapeText();
    const age = seriesValue(ok, "agency_backup_last_success_age_seconds") ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
    expect(seriesValue(ok, "agency_backup_last_failed")).toBe(0);

    // A later attempt that failed: the age still counts from the last success, and the failure shows.
    await db()
      .insert(backups)
      .values({
        trigger: "daily",
        status: "failed",
        startedAt: sql`now() - interval '60 seconds'` as unknown as Date,
        finishedAt: sql`now() - interval '50 seconds'` as unknown as Date,
        error: "disk full",
      });
    const failed = await scrapeText();
    expect(seriesValue(failed, "agency_backup_last_success_age_seconds")).toBeGreaterThanOrEqual(3600);
    expect(seriesValue(failed, "agency_backup_last_failed")).toBe(1);
    // One still running does not hide that the last finished one failed.
    await db().insert(backups).values({ trigger: "manual", status: "running" });
    expect(seriesValue(await scrapeText(), "agency_backup_last_failed")).toBe(1);
  });
});
