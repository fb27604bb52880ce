/**
 * What the server's error log holds: a render that fails names its path with an invitation's token
 * masked and no query.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { captureLogs, LOG_LEVELS } from "../support/logs";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(databaseKinds)("the error log on %s", (kind) => {
  let server: Server;
  const logs = captureLogs();

  beforeAll(async () => {
    server = await startTestServer(kind, { LOG_LEVEL: "info" }, { logs: logs.destination });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a failing render of an invitation link logs its path with the token masked and without the query", async () => {
    const token = "Zq8-secretInviteToken_0123456789abcdefghijk";
    expect(token).toHaveLength(43);
    // The invitation's loader fails for real: its table is gone for the length of one request.
    await server.services.db.execute(sql`ALTER TABLE admin_invites RENAME TO admin_invites_away`);
    logs.clear();
    let status: number;
    try {
      status = (await fetch(`${server.url}/admin/invite/${token}?code=setup-secret-in-query`)).status;
    } finally {
      await server.services.db.execute(sql`ALTER TABLE admin_invites_away RENAME TO admin_invites`);
    }
    expect(status).toBe(500);
    const failures = logs.lines.filter((line) => line.msg === "render error");
    expect(failures.length).toBeGreaterThan(0);
    for (const line of failures) {
      expect(line.level).toBe(LOG_LEVELS.error);
      expect(line.path).toBe("/admin/invite/:token");
      expect(line.err?.message).toMatch(/admin_invites/);
    }
    const written = JSON.stringify(logs.lines);
    expect(written).not.toContain(token);
    expect(written).not.toContain("setup-secret-in-query");
  });
});
