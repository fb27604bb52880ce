/**
 * What the server's error log holds: a render that fails names its path with an invitation's token
 * masked and no query, and the posts any other website can make its visitors send (refused by React
 * Router's origin check) are one warning a minute per address, without a stack, never an error each.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { captureLogs, LOG_LEVELS } from "../support/logs";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const REFUSED = "cross-site action refused";

describe.each(databaseKinds)("the error log on %s", (kind) => {
  let server: Server;
  const logs = captureLogs();

  beforeAll(async () => {
    server = await startTestServer(kind, { LOG_LEVEL: "info", TRUST_PROXY: "true" }, { logs: logs.destination });
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

  /** A form posted to a page's action from another website's page, as a browser sends it for that site. */
  const crossSitePost = (path: string, address: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address,
      },
      body: "fullName=Mallory&email=mallory%40evil.example&message=hello",
    });

  it("50 cross-site posts from one address are one warning without a stack; a second address gets its own", async () => {
    logs.clear();
    const answers = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await crossSitePost("/contact", "203.0.113.7");
      answers.add(`${res.status} ${await res.text()}`);
    }
    // A script's post (single fetch) is refused the same way and counts for the same address.
    for (let i = 0; i < 5; i++) {
      const res = await crossSitePost("/contact.data", "203.0.113.7");
      expect(res.status).toBe(400);
      await res.arrayBuffer();
    }
    // The answer is React Router's refusal, as before.
    expect([...answers]).toEqual(["400 Bad Request"]);

    const refused = () => logs.lines.filter((line) => line.msg === REFUSED);
    expect(refused()).toHaveLength(1);
    const [first] = refused();
    expect(first.level).toBe(LOG_LEVELS.warn);
    expect(first).toMatchObject({ ip: "203.0.113.7", method: "POST", path: "/contact", origin: "https://evil.example" });
    expect(first.err).toBeUndefined();
    expect(JSON.stringify(first)).not.toMatch(/stack|\n\s+at /);
    expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.error)).toEqual([]);

    const res = await crossSitePost("/contact", "203.0.113.8");
    expect(res.status).toBe(400);
    expect(refused()).toHaveLength(2);
    expect(refused()[1]).toMatchObject({ level: LOG_LEVELS.warn, ip: "203.0.113.8" });
    expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.error)).toEqual([]);
    // Every request still has its line in the request log.
    expect(logs.lines.filter((line) => line.msg === "request" && line.path === "/contact" && line.status === 400)).toHaveLength(51);
  });
});
