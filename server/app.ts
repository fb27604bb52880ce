/**
 * The one Hono application: /api routes, the client build (assets and prerendered pages),
 * then React Router for everything else.
 */

import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { createRequestHandler, type ServerBuild } from "react-router";
import { adminFromRequest, sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { confirmIdentity } from "~/features/auth/step-up.server";
import { UploadError } from "~/features/uploads/uploads.server";
import { loggedPath } from "~/lib/logged-path";
import { backOfficeSpelling, isBackOfficePath } from "~/lib/paths";
import { backOfficeRoutes } from "./api/back-office";
import { blogRoutes } from "./api/blogs";
import { categoryRoutes } from "./api/categories";
import { chatRoutes } from "./api/chat";
import { fmcsaRoutes } from "./api/fmcsa";
import { formRoutes } from "./api/forms";
import { healthRoutes } from "./api/health";
import { jobRoutes } from "./api/jobs";
import { leadRoutes } from "./api/leads";
import { POST_IMAGES_PATH, postImageRoutes } from "./api/post-images";
import { renewalRoutes } from "./api/renewals";
import { reportRoutes } from "./api/reports";
import { settingsRoutes } from "./api/settings";
import { smsRoutes } from "./api/sms";
import { teamRoutes } from "./api/team";
import { uploadRoutes } from "./api/uploads";
import { userRoutes } from "./api/users";
import { authRoutes } from "./auth";
import { addressKey, clientIp } from "./client-info";
import { compressAnswers } from "./compress";
import type { AppServices, RequestContext } from "./context";
import { ApiException, apiError } from "./http";
import { LogThrottle } from "./log-throttle";
import { logRequest } from "./logger";
import { mediaRoutes } from "./media";
import { createMetrics, METRICS_PATH, type Metrics, metricsHandler, routeOf } from "./metrics";
import { isCrossSite } from "./origin";
import type { PartEntry, RenderCache } from "./render-cache";
import { RenderGate } from "./render-gate";
import { type SecurityOptions, securityHeaders } from "./security";
import { siteImageRoutes } from "./site-images";

type Env = { Variables: { nonce: string; requestId: string } };

/**
 * Pages rendered at once in a process (server/render-gate.ts). One: under 32 connections of a page rendered every
 * time, a lead's post was answered in 24 ms (p50) and 95 to 203 ms (p99) with one, 36 and 613 ms with two, and
 * 202 and 1,783 ms with no gate, the pages as fast with one as without (64 to 75 against 72 req/s); on PostgreSQL
 * 143 to 151 ms and 243 to 370 ms with one, 263 to 306 ms and 874 to 1,405 ms with two (decision 065).
 */
export const RENDER_SLOTS = 1;

/** The status of a page not rendered because its visitor left while it waited its turn (nginx's "client closed request"). */
export const VISITOR_LEFT_STATUS = 499;

export type AppOptions = {
  services: AppServices;
  /** The React Router server build, or a loader of it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves the client build ahead of React Router (production). */
  staticFiles?: MiddlewareHandler;
  /** Keeps public pages rendered once per content version (server/render-cache.ts). */
  renderCache?: RenderCache;
  /** Counts requests for GET /metrics (server/metrics.ts), shared with the fast paths; made here when not given. */
  metrics?: Metrics;
  development?: boolean;
};

/** The entry module's exports for the pages with a part rendered per request (app/entry.server.tsx). */
async function entryOf(build: AppOptions["build"]): Promise<PartEntry> {
  return (typeof build === "function" ? await build() : build).entry.module as PartEntry;
}

export function createApp({ services, build, staticFiles, renderCache, metrics: given, development = false }: AppOptions) {
  const { config, logger } = services;
  const app = new Hono<Env>();
  const metrics = given ?? createMetrics({ services, renderCache });

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    try {
      c.res.headers.set("X-Request-Id", c.get("requestId"));
      // While stopping, a kept-alive client is told to reconnect, which lands it on another process.
      if (services.lifecycle.draining) c.res.headers.set("Connection", "close");
    } catch {
      // immutable headers (handled by securityHeaders)
    }
    const ms = performance.now() - started;
    metrics.request(routeOf(c, staticFiles), c.req.method, c.res.status, ms / 1000);
    // A public page rendered here (the fast paths count their own): a view, unless a bot asked.
    if (
      c.req.method === "GET" &&
      (c.res.status === 200 || c.res.status === 304) &&
      c.res.headers.get("content-type")?.startsWith("text/html")
    )
      services.pageViews?.count(c.req.path, c.req.header("user-agent"));
    if (c.req.path.startsWith("/assets/")) return;
    // Prometheus scrapes every few seconds: a successful scrape is a debug line, not one in every screenful.
    const level = c.req.path === METRICS_PATH && c.res.status === 200 ? "debug" : "info";
    logRequest(
      logger,
      { reqId: c.get("requestId"), method: c.req.method, path: loggedPath(c.req.path), status: c.res.status, ms: Math.round(ms) },
      level,
    );
  });
  app.use(securityHeaders(securityOptions(config, development, services.site)));
  app.use(compressAnswers());
  // React Router matches a path in any case and with its letters percent-escaped: "/Admin/leads" and
  // "/%61dmin/leads" open the back office as "/admin/leads" does. Each such spelling is sent to the
  // back office's own before anything renders, so every protection that goes by path (no analytics,
  // no-store, never cached) sees "/admin". 301 for GET and HEAD (the answer never changes, a browser
  // may keep it); 308 for any other method, which keeps the method and the body: a form posted to a
  // misspelt address is posted again to the right one rather than turned into a GET.
  app.use(async (c, next) => {
    const url = new URL(c.req.url);
    const canonical = backOfficeSpelling(url.pathname);
    if (canonical === null) return next();
    return c.redirect(`${canonical}${url.search}`, c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308);
  });

  // ---- /api ----
  const api = new Hono<Env>();
  api.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  if (renderCache) {
    // Other processes hear of a change by notification, a moment after it commits; the admin who made
    // it here gets the answer only after this, so their next page shows it. Any admin write counts.
    api.use(async (c, next) => {
      try {
        await next();
      } finally {
        if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.get("admin")) renderCache.invalidate("write");
      }
    });
  }
  const jsonBodyLimit = bodyLimit({
    maxSize: config.JSON_BODY_LIMIT_KB * 1024,
    onError: (c) => apiError(c, 413, `The request body is larger than ${config.JSON_BODY_LIMIT_KB} KB.`),
  });
  // Uploads stream to storage under their own limit (UPLOAD_MAX_BYTES), enforced while they arrive; a
  // post's image is read up to POST_IMAGE_MAX_BYTES.
  const ownLimit = new Set(["/api/uploads", POST_IMAGES_PATH]);
  api.use((c, next) => (ownLimit.has(c.req.path) ? next() : jsonBodyLimit(c, next)));
  api.route("/health", healthRoutes(services));
  api.route("/auth", authRoutes(services));
  api.route("/", formRoutes(services));
  api.route("/", fmcsaRoutes(services));
  api.route("/", uploadRoutes(services));
  api.route("/", leadRoutes(services));
  api.route("/", reportRoutes(services));
  api.route("/", jobRoutes(services));
  api.route("/", backOfficeRoutes(services));
  api.route("/", renewalRoutes(services));
  api.route("/", postImageRoutes(services));
  api.route("/", blogRoutes(services));
  api.route("/", categoryRoutes(services));
  api.route("/", chatRoutes(services));
  api.route("/", userRoutes(services));
  api.route("/", settingsRoutes(services));
  api.route("/", teamRoutes(services));
  api.route("/", smsRoutes(services));
  api.all("*", (c) => apiError(c, 404, `No API endpoint at ${c.req.method} ${c.req.path}.`));
  app.route("/api", api);
  // Not under /api: a monitoring endpoint, answered 401 unless METRICS_TOKEN is set and sent.
  app.get(METRICS_PATH, metricsHandler(metrics, config));

  // ---- images uploaded in the back office, the client build, then pages ----
  app.route("/", siteImageRoutes(services));
  app.route("/", mediaRoutes(services));
  if (staticFiles) app.use(staticFiles);
  // Back-office pages and their data show leads, mail and audit entries: no copy is kept by the
  // browser or a proxy, so Back after signing out shows nothing.
  app.use(async (c, next) => {
    await next();
    if (!isBackOfficePath(c.req.path)) return;
    try {
      c.res.headers.set("Cache-Control", "no-store");
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Cache-Control", "no-store");
    }
  });
  // React Router refuses an action whose Origin is not the request's own. Behind a proxy that ends
  // TLS the request arrives as http while the browser's Origin says https: SITE_URL's host is ours too.
  const siteHost = new URL(config.SITE_URL).host;
  const withOrigins = (b: ServerBuild): ServerBuild => ({ ...b, allowedActionOrigins: [siteHost] });
  // One window per address (an IPv6 /64, as the rate limits count): a flood from one is a line a minute.
  const throttled = new LogThrottle(60_000);
  const gate = new RenderGate(RENDER_SLOTS);
  const handle = createRequestHandler(
    typeof build === "function" ? async () => withOrigins(await build()) : withOrigins(build),
    development ? "development" : "production",
  );
  app.all("*", (c) => {
    const nonce = c.get("nonce");
    const ip = clientIp(c, config.TRUST_PROXY);
    const warnOncePerMinute = (data: Record<string, unknown>, message: string) => {
      const skipped = throttled.take(`${message}\n${addressKey(ip)}`);
      if (skipped !== null) logger.warn({ ...data, ip, ...(skipped > 0 ? { skipped } : {}) }, message);
    };
    const loadContext = (): RequestContext => ({
      ...services,
      site: services.site.current(),
      siteStore: services.site,
      nonce,
      requestId: c.get("requestId"),
      clientIp: ip,
      crossSite: isCrossSite(c, config),
      warnOncePerMinute,
      contentChanged: () => renderCache?.invalidate("write"),
      contentVersion: () => renderCache?.contentVersion ?? null,
      admin: (request: Request) => adminFromRequest(services, request),
      confirmIdentity: (admin, secret) =>
        confirmIdentity(services, admin, secret, { ip: clientIp(c, config.TRUST_PROXY), requestId: c.get("requestId") }),
    });
    const renderNow = (request: Request) => handle(request, loadContext());
    // A visitor who left while the page waited its turn gets nothing rendered: under load, the pages of those still
    // waiting come sooner. A render the cache shares (its own request) is made whoever asked for it.
    const left = (request: Request) => request === c.req.raw && (c.env as Partial<HttpBindings> | undefined)?.outgoing?.closed === true;
    // Public pages take turns. A post (a form sent without JavaScript: a lead) is never in line behind them, nor is
    // a back-office screen, whose slower queries would hold the public pages up.
    const render = (request: Request) =>
      (request.method === "GET" || request.method === "HEAD") && !isBackOfficePath(c.req.path)
        ? gate.run(async () => (left(request) ? new Response(null, { status: VISITOR_LEFT_STATUS }) : renderNow(request)))
        : renderNow(request);
    if (!renderCache) return render(c.req.raw);
    // The admin's session may show drafts: such a request is neither answered from nor stored in the cache.
    // A flash toast is shown once to the browser that carries it.
    const cookies = c.req.header("cookie");
    const personal = sessionTokenFromCookieHeader(config, cookies) !== undefined || Boolean(cookies?.includes("flash_toast="));
    const renderPart = async (url: URL) => (await entryOf(build)).renderPart?.(url, loadContext()) ?? null;
    return renderCache.serve(c, render, { nonce, personal, renderPart });
  });

  app.onError((error, c) => onError(error, c, services));
  return app;
}

/**
 * The options of the app's securityHeaders; the fast paths ahead of Hono answer with the same. The
 * analytics id is read at each answer: the one set in Settings (the stored profile), else
 * GA_MEASUREMENT_ID, as the pages' scripts use it.
 */
export function securityOptions(config: AppServices["config"], development = false, site?: AppServices["site"]): SecurityOptions {
  return {
    https: config.secureCookies,
    development,
    get gaMeasurementId() {
      return site?.current().facts.agency.gaMeasurementId || config.GA_MEASUREMENT_ID;
    },
  };
}

function onError(error: Error, c: Context<Env>, { logger }: AppServices) {
  const isApi = c.req.path.startsWith("/api/") || c.req.path === "/api";
  if (error instanceof ApiException) {
    return apiError(c, error.status as 400, error.message, error.errors);
  }
  // Thrown by feature code, e.g. linkUploads inside a lead's transaction (an expired attachment).
  if (error instanceof UploadError) {
    return apiError(c, error.status, error.message, error.errors);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return isApi ? apiError(c, error.status as 400, error.message || "Bad request.") : c.text(error.message || "Bad request", error.status);
  }
  logger.error({ err: error, reqId: c.get("requestId"), method: c.req.method, path: loggedPath(c.req.path) }, "unhandled error");
  if (isApi) return apiError(c, 500, "Something went wrong on our side. Please try again, or call us.");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><h1>Something went wrong</h1><p>Please try again in a moment. Reference: ${c.get("requestId")}</p></body></html>`,
    500,
  );
}
