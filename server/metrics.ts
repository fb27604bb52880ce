/**
 * GET /metrics: the figures a Prometheus server scrapes, in its text format (prom-client).
 *
 * Per process (each process of a site is scraped on its own):
 *   - `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`, every
 *     answered request, the fast paths ahead of Hono included (server/fast-static.ts, server/fast-pages.ts).
 *     `route` is never the address asked for, so the number of series stays bounded whatever crawlers
 *     send: an /api or other Hono route's pattern (`/api/leads/:id`), else one of ROUTES (`routeOf`);
 *   - Node's own figures (prom-client's default metrics: CPU, resident memory, heap, event-loop lag,
 *     garbage collection), once per process;
 *   - the render cache's hits, misses, renders and drops since start, and what it holds.
 * The same from any process of a site, read from the database at each scrape, in one query:
 *   - mail: `agency_mail_outbox_pending` (waiting to be delivered, retries included), `_failing` (of those,
 *     the ones that failed at least once: app/features/mail/failures.server.ts), `_dead` (given up after
 *     MAIL_MAX_ATTEMPTS, until Retry on the dashboard), and the age of the oldest waiting mail;
 *   - `agency_leads_overdue`: new leads past their call-back time, as the dashboard counts them;
 *   - each scheduled job's last run and lag (how long past its next run time it has not been run);
 *   - `agency_backup_last_success_age_seconds` (NaN until a backup succeeds) and `agency_backup_last_failed`.
 * `agency_database_up` is 0 when that query failed; the database's figures are NaN (or absent) then.
 *
 * The figures are not public: without METRICS_TOKEN every request is answered 401, and with it a request
 * must carry `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). Answers are not stored
 * by any cache, and a successful scrape is logged at debug level only (server/app.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import Counter from "prom-client/lib/counter.js";
import Gauge from "prom-client/lib/gauge.js";
import Registry from "prom-client/lib/registry.js";
import { promiseSettings } from "~/features/leads/arrival.server";
import { overdueLead } from "~/features/leads-inbox/inbox.server";
import { failing } from "~/features/mail/failures.server";
import { isBackOfficePath } from "~/lib/paths";
import { APP_VERSION } from "~/version";
import type { AppServices } from "./context";
import { apiError } from "./http";
import type { RenderCache } from "./render-cache";
import type { BuildFiles } from "./static";

export const METRICS_PATH = "/metrics";

export const metricsMessages = {
  notConfigured: "Metrics are turned off: set METRICS_TOKEN on the server and send it as Authorization: Bearer <token>.",
  unauthorized: "Send the metrics token as Authorization: Bearer <token>.",
} as const;

/** The `route` of requests no Hono route pattern names. */
export const ROUTES = {
  /** A file of the client build other than a prerendered page (scripts, styles, images, robots.txt...). */
  static: "static",
  /** A page prerendered at build, or the render cache's copy standing in for it after a settings change. */
  prerendered: "prerendered",
  /** A public page React Router answered (rendered, or from the render cache), and its data requests. */
  page: "page",
  /** A back-office page or its data. */
  admin: "admin",
  /** An address no route has (the not-found page). */
  notFound: "not_found",
} as const;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** From a fast path's 0.1 ms to a slow render's seconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = {
  /** Counts one answered request: `route` is a route pattern or one of ROUTES, never a raw path. */
  request: (route: string, method: string, status: number, seconds: number) => void;
  /** The scrape's text: this process's figures, then the site's from the database. */
  text: () => Promise<string>;
  contentType: string;
};

export type MetricsOptions = {
  services: Pick<AppServices, "db" | "config" | "site" | "logger">;
  renderCache?: RenderCache;
};

/**
 * Node's own figures: one set per process, however many apps a process makes (tests make many). prom-client's
 * default metrics (and the modules they load) are loaded by the first scrape, not at start; the event loop's
 * percentiles count from then.
 */
let processRegistry: Promise<Registry> | undefined;
function processMetrics(): Promise<Registry> {
  processRegistry ??= import("prom-client").then(
    ({ collectDefaultMetrics }) => {
      const registry = new Registry();
      collectDefaultMetrics({ register: registry });
      return registry;
    },
    (error: unknown) => {
      processRegistry = undefined;
      throw error;
    },
  );
  return processRegistry;
}

export function createMetrics({ services, renderCache }: MetricsOptions): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const requests = requestSeries();
  registry.registerMetric(requests.counted as never);
  registry.registerMetric(requests.timed as never);

  new Gauge({ name: "agency_build_info", help: "The product's version (package.json), always 1.", labelNames: ["version"], registers }).set(
    { version: APP_VERSION },
    1,
  );

  if (renderCache) registerRenderCache(renderCache, registers);
  registerSiteFigures(services, registers);

  return {
    request(route, method, status, seconds) {
      requests.add(route, METHODS.has(method) ? method : "OTHER", status, seconds);
    },
    text: async () => {
      const [own, site] = await Promise.all([processMetrics().then((r) => r.metrics()), registry.metrics()]);
      return `${own}\n${site}`;
    },
    contentType: registry.contentType,
  };
}

type Series = { labels: { method: string; route: string }; statuses: Map<number, number>; buckets: number[]; sum: number; count: number };
type Exported = { labels: Record<string, string | number>; sharedLabels?: Record<string, string>; value: number; metricName?: string };

/**
 * The requests answered and their durations (`http_requests_total`, `http_request_duration_seconds`),
 * kept as plain numbers per route and method and read by the registry at each scrape, in prom-client's
 * own shape and order. prom-client's Counter and Histogram hash and check their labels on every call:
 * a twentieth of the work of answering a stored page.
 */
function requestSeries() {
  const byRoute = new Map<string, Map<string, Series>>();
  const all: Series[] = [];
  return {
    add(route: string, method: string, status: number, seconds: number) {
      let byMethod = byRoute.get(route);
      if (!byMethod) {
        byMethod = new Map();
        byRoute.set(route, byMethod);
      }
      let series = byMethod.get(method);
      if (!series) {
        series = { labels: { method, route }, statuses: new Map(), buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
        byMethod.set(method, series);
        all.push(series);
      }
      series.statuses.set(status, (series.statuses.get(status) ?? 0) + 1);
      // Each observation counts in the first bucket whose bound it does not pass; past the last, in +Inf alone.
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
      if (bucket < DURATION_BUCKETS.length) series.buckets[bucket]++;
      series.sum += seconds;
      series.count++;
    },
    counted: {
      name: "http_requests_total",
      help: "Requests answered, by method, route pattern and status.",
      type: "counter",
      get: () => ({
        name: "http_requests_total",
        help: "Requests answered, by method, route pattern and status.",
        type: "counter",
        aggregator: "sum",
        values: all.flatMap((series) =>
          [...series.statuses].map(([status, value]): Exported => ({ labels: { ...series.labels, status: String(status) }, value })),
        ),
      }),
    },
    timed: {
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's headers, by method and route pattern.",
      type: "histogram",
      get: () => ({
        name: "http_request_duration_seconds",
        help: "Time from a request's arrival to its answer's headers, by method and route pattern.",
        type: "histogram",
        aggregator: "sum",
        values: all.flatMap((series): Exported[] => {
          const name = "http_request_duration_seconds";
          let below = 0;
          return [
            ...DURATION_BUCKETS.map((le, i): Exported => {
              below += series.buckets[i];
              return { labels: { le }, sharedLabels: series.labels, value: below, metricName: `${name}_bucket` };
            }),
            { labels: { le: "+Inf" }, sharedLabels: series.labels, value: series.count, metricName: `${name}_bucket` },
            { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${name}_sum` },
            { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${name}_count` },
          ];
        }),
      }),
    },
  };
}

/** The render cache's counts since start (server/render-cache.ts `stats`) and its size, read at each scrape. */
function registerRenderCache(cache: RenderCache, registers: Registry[]) {
  const count = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  count("agency_render_cache_hits_total", "Public pages answered from the render cache.", () => cache.stats.hits);
  count("agency_render_cache_misses_total", "Cacheable page requests the render cache did not hold.", () => cache.stats.misses);
  count("agency_render_cache_renders_total", "Pages rendered to be stored in the render cache.", () => cache.stats.renders);
  count(
    "agency_render_cache_parts_total",
    "Addresses with a query answered with a stored page and the part rendered for them (a blog search).",
    () => cache.stats.parts,
  );
  new Counter({
    name: "agency_render_cache_drops_total",
    help: "Times the render cache dropped its pages, by cause (write, change, connection, site).",
    labelNames: ["cause"],
    registers,
    collect() {
      this.reset();
      for (const [cause, times] of Object.entries(cache.stats.drops)) this.inc({ cause }, times);
    },
  });
  new Gauge({
    name: "agency_render_cache_entries",
    help: "Pages the render cache holds.",
    registers,
    collect() {
      this.set(cache.size.entries);
    },
  });
  new Gauge({
    name: "agency_render_cache_bytes",
    help: "Bytes the render cache holds, compressed forms included.",
    registers,
    collect() {
      this.set(cache.size.bytes);
    },
  });
}

type SiteFigures = {
  mailPending: number;
  mailFailing: number;
  mailDead: number;
  mailOldestPendingSeconds: number | null;
  leadsOverdue: number;
  backupAgeSeconds: number | null;
  backupFailed: boolean;
  jobs: { name: string; lastRun: number | null; lag: number }[];
};

type Row = {
  mail_pending: number | string;
  mail_failing: number | string;
  mail_dead: number | string;
  mail_oldest_pending_seconds: number | string | null;
  leads_overdue: number | string;
  backup_age_seconds: number | string | null;
  backup_failed: boolean | null;
  jobs: string | { name: string; last_run: number | string | null; lag: number | string }[];
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The site's figures in one statement: the mail outbox's counts over its status index, the rest small tables. */
async function readSiteFigures(services: MetricsOptions["services"]): Promise<SiteFigures> {
  const { slaMinutes } = promiseSettings(services.config, services.site.current().facts);
  const result = await services.db.execute(sql`
    select
      m.pending as mail_pending, m.failing as mail_failing, m.dead as mail_dead, m.oldest as mail_oldest_pending_seconds,
      (select count(*)::int from leads where ${overdueLead(slaMinutes)}) as leads_overdue,
      (select extract(epoch from now() - max(finished_at))::float8 from backups where status = 'ok') as backup_age_seconds,
      (select status <> 'ok' from backups where status <> 'running' or started_at < now() - interval '1 hour'
        order by started_at desc limit 1) as backup_failed,
      (select coalesce(json_agg(json_build_object(
          'name', name,
          'last_run', extract(epoch from last_run_at)::float8,
          'lag', greatest(0, extract(epoch from now() - next_run_at))::float8
        ) order by name), '[]'::json)
        from scheduled_jobs) as jobs
    from (
      select
        count(*) filter (where status in ('pending', 'sending'))::int as pending,
        count(*) filter (where ${failing} and status <> 'dead')::int as failing,
        count(*) filter (where status = 'dead')::int as dead,
        extract(epoch from now() - min(created_at) filter (where status in ('pending', 'sending')))::float8 as oldest
      from mail_outbox where status in ('pending', 'sending', 'dead')
    ) m`);
  const row = result.rows[0] as Row;
  const jobs = typeof row.jobs === "string" ? (JSON.parse(row.jobs) as Exclude<Row["jobs"], string>) : row.jobs;
  return {
    mailPending: Number(row.mail_pending),
    mailFailing: Number(row.mail_failing),
    mailDead: Number(row.mail_dead),
    mailOldestPendingSeconds: num(row.mail_oldest_pending_seconds),
    leadsOverdue: Number(row.leads_overdue),
    backupAgeSeconds: num(row.backup_age_seconds),
    backupFailed: row.backup_failed === true,
    jobs: jobs.map((job) => ({ name: job.name, lastRun: num(job.last_run), lag: Number(job.lag) })),
  };
}

/**
 * The database's figures, read once per scrape: the first gauge collected starts the query and every
 * other gauge of that scrape (prom-client collects them all at once) waits for the same answer.
 */
function registerSiteFigures(services: MetricsOptions["services"], registers: Registry[]) {
  let reading: Promise<SiteFigures | null> | undefined;
  const figures = () =>
    (reading ??= readSiteFigures(services)
      .catch((error: unknown) => {
        services.logger.warn({ err: error }, "metrics: the database's figures could not be read");
        return null;
      })
      .finally(() => {
        reading = undefined;
      }));
  const gauge = (name: string, help: string, read: (f: SiteFigures) => number | null) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const f = await figures();
        this.set(f ? (read(f) ?? Number.NaN) : Number.NaN);
      },
    });

  new Gauge({
    name: "agency_database_up",
    help: "1 when this scrape read the site's figures from the database, else 0.",
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  gauge(
    "agency_mail_outbox_pending",
    "Mail waiting to be delivered (queued, being sent, or waiting for another try).",
    (f) => f.mailPending,
  );
  gauge("agency_mail_outbox_failing", "Mail waiting to be delivered that has failed at least once.", (f) => f.mailFailing);
  gauge(
    "agency_mail_outbox_dead",
    "Mail given up after MAIL_MAX_ATTEMPTS tries (sent again only by Retry on the dashboard).",
    (f) => f.mailDead,
  );
  gauge(
    "agency_mail_outbox_oldest_pending_age_seconds",
    "Age of the oldest mail waiting to be delivered; NaN when none waits.",
    (f) => f.mailOldestPendingSeconds,
  );
  gauge("agency_leads_overdue", "New leads past their call-back time (the dashboard's overdue figure).", (f) => f.leadsOverdue);
  gauge(
    "agency_backup_last_success_age_seconds",
    "Seconds since the newest successful backup finished; NaN until one has.",
    (f) => f.backupAgeSeconds,
  );
  gauge("agency_backup_last_failed", "1 when the newest finished backup failed, else 0.", (f) => (f.backupFailed ? 1 : 0));

  const jobGauge = (name: string, help: string, read: (job: SiteFigures["jobs"][number]) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ["job"],
      registers,
      async collect() {
        const f = await figures();
        this.reset();
        for (const job of f?.jobs ?? []) this.set({ job: job.name }, read(job) ?? Number.NaN);
      },
    });
  jobGauge(
    "agency_scheduled_job_last_run_timestamp_seconds",
    "When each scheduled job last started (Unix time), on any process.",
    (j) => j.lastRun,
  );
  jobGauge(
    "agency_scheduled_job_lag_seconds",
    "How long past its next run time each scheduled job has not been started (0 while on time).",
    (j) => j.lag,
  );
}

/**
 * The `route` label of a request Hono answered: the pattern of the route that answered it (`/api/leads/:id`,
 * `/api/*` for an unknown /api address, `/metrics`), or for the catch-alls one of ROUTES.
 */
export function routeOf(c: Context, staticFiles?: MiddlewareHandler): string {
  const matched = matchedRoutes(c)[c.req.routeIndex];
  if (matched && matched.path !== "*" && matched.path !== "/*") return matched.path;
  if (staticFiles && matched?.handler === staticFiles) {
    // The build's manifest says which files are prerendered pages (their .data too), as server/fast-static.ts reads it.
    const files = (staticFiles as Partial<BuildFiles>).files;
    const prerendered = files
      ? files.get(c.req.path)?.entry.prerendered === true
      : c.res.headers.get("content-type")?.startsWith("text/html");
    return prerendered ? ROUTES.prerendered : ROUTES.static;
  }
  if (c.res.status === 404) return ROUTES.notFound;
  const path = c.req.path;
  return isBackOfficePath(path) ? ROUTES.admin : ROUTES.page;
}

/** The bearer token's check, in constant time: both sides are hashed first, so their lengths never differ. */
export function bearerCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (!token) return () => false;
  const expected = createHash("sha256").update(token).digest();
  return (authorization) => {
    const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
    if (!sent) return false;
    return timingSafeEqual(createHash("sha256").update(sent).digest(), expected);
  };
}

/** GET /metrics: 401 without the token (or when none is set), else the scrape's text, never stored. */
export function metricsHandler(metrics: Metrics, config: Pick<AppServices["config"], "METRICS_TOKEN">) {
  const authorized = bearerCheck(config.METRICS_TOKEN);
  return async (c: Context) => {
    c.header("Cache-Control", "no-store");
    if (!authorized(c.req.header("authorization"))) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return apiError(c, 401, config.METRICS_TOKEN ? metricsMessages.unauthorized : metricsMessages.notConfigured);
    }
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType });
  };
}
