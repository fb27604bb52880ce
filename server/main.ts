/**
 * Start-up: validate the environment, open the database, migrate, seed, serve.
 * `npm start` runs the bundled form of this file (build/server.js).
 */

import { existsSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { DestinationStream } from "pino";
import type { ServerBuild } from "react-router";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { seed } from "#db/seed";
import { siteFacts } from "~/content/site-profile";
import {
  type Config,
  ConfigError,
  insecureSiteWarning,
  loadConfig,
  mailFrom,
  publicConfig,
  textingOn,
  twoFactorKeyProblem,
} from "~/env.server";
import { issueSetupCode, setupLink } from "~/features/admin-users/setup.server";
import { setupMessages } from "~/features/admin-users/setup-messages";
import { createAiProvider } from "~/features/ai/client.server";
import { bootstrapAdmin } from "~/features/auth/auth.server";
import { loginThrottleSettings } from "~/features/auth/login-throttle.server";
import { agencyNames } from "~/features/auth/password-policy.server";
import { resolveTwoFactorKeys, sealTwoFactorSecrets, type TwoFactorKeyring } from "~/features/auth/two-factor-key.server";
import { Backups } from "~/features/backup/service.server";
import { ChatAssistant } from "~/features/chat/chat.server";
import { CarrierChecks } from "~/features/fmcsa/checks.server";
import { createFmcsaLookup } from "~/features/fmcsa/lookup.server";
import { sweepLeadClock } from "~/features/leads/escalation.server";
import { mailFilesDir } from "~/features/mail/mail-files.server";
import { fileTransport, MailSender, smtpTransport } from "~/features/mail/outbox.server";
import { runRetention } from "~/features/privacy/retention.server";
import { sweepRenewals } from "~/features/renewals/renewals.server";
import { PageViews } from "~/features/reports/page-views.server";
import { sharedSecret, storedSecret } from "~/features/settings/settings.server";
import { readProfile, SiteStore, seedSiteContent } from "~/features/settings/site.server";
import { textGate } from "~/features/sms/texts.server";
import { twilioTransport } from "~/features/sms/twilio.server";
import { createFileStorage, uploadsDir } from "~/features/uploads/storage.server";
import { sweepOrphanUploads } from "~/features/uploads/uploads.server";
import { POST_IMAGES_PATH } from "./api/post-images";
import { createApp, securityOptions } from "./app";
import { addressKey } from "./client-info";
import type { AppServices } from "./context";
import { openControlChannel } from "./control-channel";
import { createFastPages, storedPageFiles } from "./fast-pages";
import { createFastStatic, withFastPaths } from "./fast-static";
import { REQUEST_TIMEOUT_MESSAGE } from "./http";
import { InFlight } from "./in-flight";
import { createLimits } from "./limits";
import { createLogger } from "./logger";
import { createMetrics } from "./metrics";
import { createRenderCache, followContentChanges, type RenderCache } from "./render-cache";
import { applyRequestDeadline } from "./request-deadline";
import { Scheduler } from "./scheduler";
import { exportInChildProcess } from "./snapshot-process";
import { loadStaticManifest, type StaticManifest, serveBuild } from "./static";

/** The project root: this file sits one level below it, in source (server/) and bundled (build/). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildDir = path.join(projectRoot, "build");

/**
 * React Router's server build. build/server-main.js carries it in the same bundle as this file and the packages
 * both use (scripts/build.ts): one bundle for Node to load where the two bundles and their packages were about
 * 800 modules, 0.2 s of every start (docs/decisions/069). Run from source (the tests), the server imports it
 * from build/server/index.js.
 */
let bundledBuild: ServerBuild | undefined;

/** Called once by build/server-main.js with the build it bundles, before build/server.js calls `main`. */
export function provideServerBuild(build: ServerBuild) {
  bundledBuild = build;
}

async function importServerBuild(): Promise<ServerBuild> {
  const serverBuild = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverBuild)) throw new Error(`No build found at ${serverBuild}. Run "npm run build" first.`);
  return (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
}

export type RunningServer = {
  url: string;
  services: AppServices;
  renderCache?: RenderCache;
  /** The first-run setup link this start made (no admin account exists yet), else undefined. */
  setupLink?: string;
  /** Every route the app registers (method and path), as the role table's test reads them. */
  routes: { method: string; path: string }[];
  close: () => Promise<void>;
};
type Logger = AppServices["logger"];

/** The public settings a prerendered page depends on; a build made with others is not served as files. */
export function bakedPublicSettings(config: Config) {
  return publicConfig(config);
}

function builtWith(manifest: StaticManifest, config: Config): boolean {
  return JSON.stringify(manifest.publicConfig) === JSON.stringify(bakedPublicSettings(config));
}

/**
 * Whether the build's prerendered pages carry other public settings than `env` asks for (`npm start`
 * rebuilds then). False without a build, and for an invalid environment (the server says what is wrong).
 */
export function buildHasOtherSettings(env: Record<string, string | undefined> = process.env): boolean {
  const manifest = loadStaticManifest(buildDir);
  if (!manifest) return false;
  try {
    return !builtWith(manifest, loadConfig(env));
  } catch {
    return false;
  }
}

export function mailTransport(config: Config, logger: Logger) {
  if (config.SMTP_URL) return smtpTransport(config.SMTP_URL);
  return fileTransport(mailFilesDir(config), (file, mail) =>
    logger.info({ file, kind: mail.kind, to: mail.toAddress }, "SMTP_URL is not set: mail written to a file"),
  );
}

/** The name the two-factor encryption key is kept under when the server makes it (`secret:two-factor` in site_settings). */
export const TWO_FACTOR_KEY_NAME = "two-factor";

/**
 * Opens the database (migrated and seeded) and creates the mail sender; `start()` begins background work.
 * `setupCode` is the first-run setup code this start made while no admin account exists (the caller
 * prints its link once it knows the server's address), else null.
 */
export async function createServices(
  config: Config,
  { logDestination }: { logDestination?: DestinationStream } = {},
): Promise<
  AppServices & {
    setupCode: string | null;
    /** Follows the agency's settings as other processes change them (at once: pages depend on them). */
    follow: () => void;
    /** Begins background work: mail, the scheduler's jobs, the chat's knowledge index. */
    start: () => void;
    stop: () => Promise<void>;
  }
> {
  const logger = createLogger(config.LOG_LEVEL, {
    environment: config.NODE_ENV,
    visibleEmails: [config.AGENCY_INBOX, config.MAIL_FROM],
    destination: logDestination,
  });
  // Before the database is touched: a site on PostgreSQL in production names its two-factor key.
  const keyProblem = twoFactorKeyProblem(config);
  if (keyProblem) throw keyProblem;
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  let setupCode: string | null;
  let twoFactorKeys: TwoFactorKeyring;
  try {
    await runMigrations(database);
    await seed(database.db);
    await seedSiteContent(database.db);
    twoFactorKeys = await resolveTwoFactorKeys(config, {
      read: () => storedSecret(database.db, TWO_FACTOR_KEY_NAME),
      make: () => sharedSecret(database.db, TWO_FACTOR_KEY_NAME),
    });
    // Every stored two-factor key under the current encryption key: plain ones from before, a previous key's.
    const sealed = await sealTwoFactorSecrets(database.db, twoFactorKeys);
    if (sealed.encrypted + sealed.reencrypted > 0)
      logger.info(
        { encrypted: sealed.encrypted, reencrypted: sealed.reencrypted, keyId: twoFactorKeys.current.id },
        "two-factor keys encrypted with the current key",
      );
    if (sealed.unreadable > 0)
      logger.error(
        { unreadable: sealed.unreadable, unknownKeyIds: sealed.unknownKeyIds, keyId: twoFactorKeys.current.id },
        "some admins' two-factor keys cannot be decrypted: their authenticator app codes are refused (recovery codes still sign in) until TWO_FACTOR_KEY or TWO_FACTOR_KEY_PREVIOUS is the key that encrypted them; admin:create --reset-2fa starts an account over",
      );
    const admin = await bootstrapAdmin(database.db, config, agencyNames(siteFacts(await readProfile(database.db))));
    if (admin === "created")
      logger.info({ email: config.ADMIN_EMAIL?.toLowerCase() }, "admin account created from ADMIN_EMAIL and ADMIN_PASSWORD");
    // A new code at each start while no admin exists; once one does, codes left by earlier starts are deleted.
    setupCode = await issueSetupCode(database.db);
    const insecure = insecureSiteWarning(config);
    if (insecure) logger.warn(insecure);
  } catch (error) {
    await database.close();
    throw error;
  }
  // The stored profile, kept in step with every process: mail, the lead clock and the chat read its current facts.
  const site = await SiteStore.open(database.db, { log: (level, data, message) => logger[level](data, message) });
  const mail = new MailSender({
    db: database.db,
    transport: mailTransport(config, logger),
    // Texts share the outbox (docs/decisions/064); without the Twilio settings none is queued or sent.
    texts: textingOn(config)
      ? twilioTransport(
          config,
          textGate(database.db, config, () => site.current().facts),
        )
      : null,
    from: () => mailFrom(config, site.current().facts),
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    pollIntervalMs: config.MAIL_POLL_INTERVAL_MS,
    log: (level, data, message) => logger[level](data, message),
  });
  // The USDOT lookup and the trucking leads' carrier checks, when FMCSA_WEB_KEY is set (docs/decisions/063).
  const fmcsaLog = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => logger[level](data, message);
  const fmcsaLookup = createFmcsaLookup(config, database.db, fmcsaLog);
  const fmcsa = fmcsaLookup
    ? { lookup: fmcsaLookup, checks: new CarrierChecks({ db: database.db, lookup: fmcsaLookup, log: fmcsaLog }) }
    : null;
  const limits = createLimits(database, loginThrottleSettings(config));
  const uploads = uploadsDir(config);
  const storage = await createFileStorage(config, uploads.dir);
  const backups = new Backups({
    config,
    database,
    storage,
    log: (level, data, message) => logger[level](data, message),
    // The embedded database's copy is opened by a process of its own: not the server's memory, nor its thread.
    exportEmbedded: exportInChildProcess,
  });
  // Jobs that run once per site, whichever process wins each run (server/scheduler.ts).
  const scheduler = new Scheduler({
    db: database.db,
    jobs: [
      {
        name: "upload-sweep",
        intervalMs: config.UPLOAD_SWEEP_INTERVAL_MS,
        run: async () => {
          const deleted = await sweepOrphanUploads(database.db, storage, config.UPLOAD_ORPHAN_HOURS * 3_600_000, (level, data, message) =>
            logger[level](data, message),
          );
          if (deleted > 0) logger.info({ deleted }, "orphan uploads deleted");
        },
      },
      {
        // The call-back promise's reminders: escalation and overdue mails, each once (docs/decisions/027).
        name: "lead-clock",
        intervalMs: config.LEAD_SWEEP_INTERVAL_MS,
        run: async () => {
          const counts = await sweepLeadClock(database.db, config, site.current().facts);
          if (counts.escalated + counts.overdue > 0) {
            mail.nudge();
            logger.info({ counts }, "lead clock: escalation and overdue mails queued");
          }
        },
      },
      {
        // Renewals and X-dates within 90 days listed, and their owners mailed once at 60 (docs/decisions/062).
        name: "renewals",
        intervalMs: 24 * 3_600_000,
        run: async () => {
          const run = await sweepRenewals(database.db, config, site.current().facts, new Date());
          if (run.mailed > 0) mail.nudge();
          if (run.listed + run.dropped + run.mailed > 0) logger.info({ run }, "renewals: listed and mailed");
        },
      },
      {
        // Ended rate-limit windows and forgotten sign-in failures (on the embedded database they are in memory).
        name: "limits-prune",
        intervalMs: 10 * 60_000,
        run: async () => {
          await limits.prune();
        },
      },
      {
        // The chat's daily token counts, a row a day, kept for a year.
        name: "chat-token-days-prune",
        intervalMs: 24 * 3_600_000,
        run: async () => {
          await database.db.execute(sql`delete from chat_token_days where day < to_char(now() - interval '366 days', 'YYYY-MM-DD')`);
        },
      },
      ...(config.BACKUP_DAILY && backups.destination
        ? [
            {
              // The database and every document, to BACKUP_DIR or BACKUP_S3_URL (docs/decisions/045). It runs
              // beside the other jobs, not in their turn: a large site's backup must not hold up the lead clock.
              name: "backup",
              intervalMs: 24 * 3_600_000,
              firstRunDelayMs: 3_600_000,
              run: async () => {
                backups.inBackground("daily");
              },
            },
          ]
        : []),
      {
        // Records past their retention period, files included (app/features/privacy/retention.server.ts).
        name: "retention",
        intervalMs: 24 * 3_600_000,
        run: async () => {
          const counts = await runRetention(database.db, storage, config, new Date(), (level, data, message) =>
            logger[level](data, message),
          );
          logger.info({ counts }, "retention run");
        },
      },
    ],
    log: (level, data, message) => logger[level](data, message),
  });
  const ai = await createAiProvider(config);
  // The chat's knowledge index is built (and re-embedded by the AI provider) in the background at start.
  const chat = new ChatAssistant({
    database,
    config,
    ai,
    log: (level, data, message) => logger[level](data, message),
    nudgeMail: () => mail.nudge(),
    site,
  });
  const pageViews = new PageViews({
    db: database.db,
    timeZone: () => site.current().facts.agency.hours.timezone,
    onError: (error) => logger.warn({ err: error }, "page views could not be written; kept for the next try"),
  });
  return {
    config,
    logger,
    database,
    db: database.db,
    pageViews,
    setupCode,
    mail,
    fmcsa,
    storage,
    backups,
    limits,
    ai,
    chat,
    site,
    loginThrottle: limits.signIn({ addressKey }),
    cookieSecret: await sharedSecret(database.db, "cookies", config.SESSION_SECRET),
    twoFactorKeys,
    lifecycle: { draining: false },
    follow: () => {
      void site.follow(database).catch((error: unknown) => logger.warn({ err: error }, "site changes could not be followed"));
    },
    start: () => {
      // A web-only process (BACKGROUND_JOBS=false) queues mail for the others to send and runs no job.
      if (config.BACKGROUND_JOBS) {
        mail.start();
        fmcsa?.checks.start();
        scheduler.start();
      }
      void chat.start();
      pageViews.start();
    },
    stop: async () => {
      await Promise.all([mail.stop(), fmcsa?.checks.stop(), scheduler.stop(), chat.stop(), pageViews.stop()]);
      await site.stop();
      await backups.stop();
      await database.close();
      if (uploads.temporary) rmSync(uploads.dir, { recursive: true, force: true });
    },
  };
}

/**
 * How long after it listens `npm start`'s server begins its background work (mail, the scheduler's
 * jobs, the chat's knowledge index): a restarted server answers its readiness check and its first
 * requests before that work competes with them for the processor.
 */
export const BACKGROUND_START_DELAY_MS = 1000;

/**
 * At a stop, how long requests still at work after their connections closed may go on (at least): a lead being
 * stored, a page's data being read. They take milliseconds; the compose file gives a stop 30 seconds.
 */
export const IN_FLIGHT_GRACE_MS = 2000;

/** How much V8's old generation may grow past what was live at its last full collection, once started. */
export const HEAP_GROWING_FLAG = "--heap-growing-percent=10";

export type StartOptions = {
  /** Milliseconds between listening and the start of background work (tests start it at once). */
  backgroundDelayMs?: number;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
};

export async function startServer(
  env: Record<string, string | undefined> = process.env,
  { backgroundDelayMs = 0, logDestination }: StartOptions = {},
): Promise<RunningServer> {
  // While the server starts, V8 compiles the embedded database's WebAssembly on background threads.
  // When the event loop is left with nothing of its own to wait for, Node waits for all of V8's
  // background work to finish before it turns again (NodePlatform::DrainTasks): that held the first
  // requests after listening for 0.3 to 0.6 s. A timer keeps the loop turning until the server listens.
  const holdLoop = setInterval(() => {}, 60_000);
  try {
    return await startListening(env, backgroundDelayMs, logDestination);
  } finally {
    clearInterval(holdLoop);
  }
}

async function startListening(
  env: Record<string, string | undefined>,
  backgroundDelayMs: number,
  logDestination: DestinationStream | undefined,
): Promise<RunningServer> {
  const config = loadConfig(env);
  const build = bundledBuild ?? (await importServerBuild());

  const services = await createServices(config, { logDestination });
  const { logger } = services;
  const renderCache = createRenderCache(config, path.join(buildDir, "client"), build);
  let unfollow: (() => Promise<void>) | undefined;
  try {
    unfollow = renderCache ? await followContentChanges(services.database, renderCache, logger) : undefined;
  } catch (error) {
    await services.stop();
    throw error;
  }
  const manifest = loadStaticManifest(buildDir);
  let staticFiles: ReturnType<typeof serveBuild> | undefined;
  if (manifest) {
    const fresh = builtWith(manifest, config);
    if (!fresh)
      logger.warn(
        renderCache
          ? 'prerendered pages were built with other SITE_URL/GA_MEASUREMENT_ID/WHATSAPP_NUMBER/UPLOAD_MAX_BYTES values: each is rendered once, on its first request, and kept in the render cache; run "npm run build" (or "npm start", which rebuilds) to serve the built files'
          : 'prerendered pages were built with other SITE_URL/GA_MEASUREMENT_ID/WHATSAPP_NUMBER/UPLOAD_MAX_BYTES values and RENDER_CACHE_MAX_MB is 0: rendering them per request; run "npm run build" to rebuild',
      );
    // The prerendered pages show the first-run defaults: served as files while the stored content is still those.
    const builtSite = manifest.siteVersion;
    staticFiles = serveBuild({
      clientDir: path.join(buildDir, "client"),
      manifest,
      servePrerendered: () => fresh && services.site.current().version === builtSite,
    });
  }
  // A new snapshot of the agency's settings changes every page: this process drops them all at once.
  const unwatchSite = services.site.onChange(() => renderCache?.invalidate("site"));
  // GET /metrics' counts: Hono's answers and the fast paths' alike.
  const metrics = createMetrics({ services, renderCache });
  const app = createApp({ services, build, staticFiles, renderCache, metrics });

  let server: Server;
  const inFlight = new InFlight();
  try {
    // Files of the build and stored pages are answered from memory before a request reaches Hono,
    // with the headers the app gives them (server/fast-static.ts, server/fast-pages.ts).
    const security = securityOptions(config, false, services.site);
    const fastPaths = [
      ...(staticFiles
        ? [
            await createFastStatic({
              staticFiles,
              services,
              security,
              metrics,
              replacement: renderCache && storedPageFiles(renderCache, security),
            }),
          ]
        : []),
      ...(renderCache ? [createFastPages({ renderCache, services, security, metrics })] : []),
    ];
    server = await new Promise<Server>((resolve, reject) => {
      const s = serve(
        // Node's default of 5 minutes for a whole request would cut off large uploads on ordinary lines;
        // every other route gets a short deadline (applyRequestDeadline). A post's image may take as long as a
        // document: 10 MB on a slow mobile line is more than the short deadline.
        {
          fetch: (request, bindings) => inFlight.track(async () => app.fetch(request, bindings)),
          port: config.PORT,
          hostname: config.HOST,
          // Node checks header and request deadlines on this interval; a long one would let a short deadline slip.
          serverOptions: { requestTimeout: config.REQUEST_TIMEOUT_MINUTES * 60_000, connectionsCheckingInterval: 1000 },
          createServer: fastPaths.length > 0 ? withFastPaths(fastPaths, logger) : undefined,
        },
        () => resolve(s as Server),
      ) as Server;
      applyRequestDeadline(s, {
        seconds: config.REQUEST_TIMEOUT_SECONDS,
        longPaths: ["/api/uploads", POST_IMAGES_PATH],
        message: REQUEST_TIMEOUT_MESSAGE,
      });
      s.once("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "EADDRINUSE" ? new Error(`port ${config.PORT} is already in use (set PORT to another one)`) : error),
      );
    });
  } catch (error) {
    await unfollow?.();
    await services.stop();
    throw error;
  }
  services.follow();
  // db:backup's way to the embedded database this process holds (server/control-channel.ts).
  const channel =
    services.database.kind === "pglite" && !config.DATA_DIR.startsWith("memory://")
      ? await openControlChannel(
          config.DATA_DIR,
          (sink, location) => services.backups.backUpInto(sink, location),
          (level, data, message) => logger[level](data, message),
        ).catch((error: unknown) => {
          logger.warn({ err: error }, "the local channel for db:backup could not be opened: db:backup needs the server stopped");
          return null;
        })
      : null;
  let background: NodeJS.Timeout | undefined;
  if (backgroundDelayMs > 0)
    background = setTimeout(() => {
      try {
        services.start();
      } catch (error) {
        logger.error({ err: error }, "background work could not start");
      }
    }, backgroundDelayMs);
  else services.start();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  logger.info(
    { url, database: services.database.kind, dataDir: services.database.kind === "pglite" ? path.resolve(config.DATA_DIR) : undefined },
    "server listening",
  );
  const setup = firstRunLink(services, env.SITE_URL ? config.SITE_URL : url);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Readiness fails at once, so a load balancer stops sending requests; they are still answered
      // for SHUTDOWN_DRAIN_MS while it notices. Then stop accepting connections and let requests in
      // flight finish, up to the timeout.
      services.lifecycle.draining = true;
      clearTimeout(background);
      if (config.SHUTDOWN_DRAIN_MS > 0) {
        logger.info({ ms: config.SHUTDOWN_DRAIN_MS }, "stopping: readiness is failing; still answering while the load balancer notices");
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      const deadline = performance.now() + config.SHUTDOWN_TIMEOUT_MS;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, config.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      // A request whose connection is gone (its visitor left, or the deadline closed it) may still be at work and
      // need the database: it stays open until such requests end, for the time left or IN_FLIGHT_GRACE_MS, whichever
      // is longer. Pages still waiting their turn are dropped at once (server/app.ts).
      if (!(await inFlight.idle(Math.max(deadline - performance.now(), IN_FLIGHT_GRACE_MS))))
        logger.warn({ requests: inFlight.size }, "stopping with requests still under way");
      unwatchSite();
      await channel?.close();
      await unfollow?.();
      await services.stop();
      logger.info("server stopped");
    })());
  const routes = app.routes.map(({ method, path }) => ({ method, path }));
  return { url, services, renderCache, setupLink: setup, routes, close };
}

/**
 * The first-run setup link of this start (SITE_URL's address, else the server's own), logged; undefined
 * when an admin account exists.
 */
export function firstRunLink(services: Pick<AppServices, "logger"> & { setupCode: string | null }, baseUrl: string): string | undefined {
  if (!services.setupCode) return undefined;
  const link = setupLink(baseUrl, services.setupCode);
  services.logger.warn({ setupUrl: link }, setupMessages.startHint);
  return link;
}

export async function main() {
  let running: RunningServer;
  try {
    running = await startServer(process.env, { backgroundDelayMs: BACKGROUND_START_DELAY_MS });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error("The server could not start:", error instanceof Error ? error.message : error);
    }
    process.exit(1);
  }
  // V8 lets its heap grow to several times what was live at its last full collection before it collects
  // again; a server rendering pages all day then holds hundreds of megabytes of garbage it does not give
  // back. Once started (the start allocates much and briefly), it grows by a tenth (docs/decisions/042).
  v8.setFlagsFromString(HEAP_GROWING_FLAG);
  // Said plainly too, below the log's JSON lines: the first thing someone running `npm start` needs.
  if (running.setupLink) console.log(setupMessages.printed(running.setupLink));
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.close().then(
        () => process.exit(0),
        (error) => {
          console.error("Shutdown failed:", error);
          process.exit(1);
        },
      );
    });
  }
}

const entry = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (entry === import.meta.url) void main();
