import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppServices } from "../context";

/** GET /api/health: answers after a real query, so a monitor sees the database too. */
export function healthRoutes(services: AppServices) {
  return new Hono().get("/", async (c) => {
    try {
      await services.db.execute(sql`select 1`);
      c.header("Cache-Control", "no-store");
      return c.json({ ok: true, db: "up" });
    } catch (error) {
      services.logger.error({ err: error }, "health check: database query failed");
      c.header("Cache-Control", "no-store");
      return c.json({ ok: false, db: "down", success: false, message: "The database is not answering." }, 503);
    }
  });
}
