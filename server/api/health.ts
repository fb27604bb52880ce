import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { APP_VERSION } from "~/version";
import type { AppServices } from "../context";

/**
 * GET /api/health: answers after a real query, so a monitor sees the database too, with the process's
 * resident memory in megabytes (what a small server's operator watches; docs/decisions/041) and the
 * product's version (package.json's, as built; CHANGELOG.md).
 * GET /api/health/live: the process runs and answers (a load balancer or orchestrator restarts it otherwise).
 * GET /api/health/ready: it should get requests: the database answers and the process is not stopping
 * (503 from the moment SIGTERM arrives, while the requests in flight finish).
 */
export function healthRoutes(services: AppServices) {
  const databaseUp = async () => {
    try {
      await services.db.execute(sql`select 1`);
      return true;
    } catch (error) {
      services.logger.error({ err: error }, "health check: database query failed");
      return false;
    }
  };
  const noStore = (c: Context) => c.header("Cache-Control", "no-store");
  return new Hono()
    .get("/", async (c) => {
      noStore(c);
      if (await databaseUp())
        return c.json({
          ok: true,
          db: "up",
          version: APP_VERSION,
          memory: { residentMB: Math.round(process.memoryUsage.rss() / 1048576) },
        });
      return c.json({ ok: false, db: "down", version: APP_VERSION, success: false, message: "The database is not answering." }, 503);
    })
    .get("/live", (c) => {
      noStore(c);
      return c.json({ ok: true });
    })
    .get("/ready", async (c) => {
      noStore(c);
      if (services.lifecycle.draining) {
        c.header("Connection", "close");
        return c.json({ ok: false, success: false, message: "The server is stopping." }, 503);
      }
      if (await databaseUp()) return c.json({ ok: true, db: "up" });
      return c.json({ ok: false, db: "down", success: false, message: "The database is not answering." }, 503);
    });
}
