/**
 * Two server processes on one PostgreSQL database (here two servers in this process, each with its
 * own pool): the public forms' rate limit, the upload byte budget and the admin sign-in throttle
 * hold for the site, not per server. PostgreSQL only: the embedded database serves one process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/main";
import { TEST_ADMIN } from "../support/admin";
import { createPostgresDatabase, databaseKinds, testFilesFolder } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { requireBuild } from "../support/server";

const KB = 1024;

describe.runIf(databaseKinds.includes("postgres"))("limits shared by two servers on PostgreSQL", () => {
  let servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let files: ReturnType<typeof testFilesFolder> | undefined;

  beforeAll(async () => {
    requireBuild();
    // One folder for both processes' files, as two processes on one machine share DATA_DIR.
    files = testFilesFolder();
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = {
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SCRYPT_N: "1024",
      DATABASE_URL: database.url,
      DATA_DIR: files.dir,
      TRUST_PROXY: "true",
      RATE_LIMIT_FORMS_MAX: "4",
      UPLOAD_BYTES_PER_ADDRESS_MAX: String(100 * KB),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMIT_LOGIN_PAIR_FREE_FAILURES: "2",
    };
    // One after the other: the first migrates and creates the admin, the second finds both done.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    servers = [];
    await drop?.();
    files?.remove();
  });

  const post = (server: RunningServer, path: string, ip: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    });

  it("counts a form limit once for the site, whichever server answers", async () => {
    const ip = "203.0.113.70";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post(servers[i % 2], "/api/contacts", ip, contactBody({ email: `shared-${i}@example.com` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it("lets no more form posts through than the limit when both servers are sent them at once", async () => {
    const ip = "203.0.113.71";
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(servers[i % 2], "/api/contacts", ip, contactBody({ email: `burst-${i}@example.com` }))),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
  });

  it("charges one upload budget per address across both servers", async () => {
    const ip = "203.0.113.72";
    const upload = (server: RunningServer, size: number) => {
      const form = new FormData();
      form.append("slot", "lossRuns");
      const bytes = new Uint8Array(size).fill(0x20);
      bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
      form.append("file", new Blob([bytes], { type: "application/pdf" }), "loss-runs.pdf");
      return fetch(`${server.url}/api/uploads`, { method: "POST", headers: { "x-forwarded-for": ip }, body: form });
    };
    expect((await upload(servers[0], 60 * KB)).status).toBe(201);
    const second = await upload(servers[1], 60 * KB);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await upload(servers[1], 40 * KB)).status).toBe(201);
  });

  it("makes a failing admin sign-in wait on every server", async () => {
    const ip = "203.0.113.73";
    const login = (server: RunningServer, password: string) => post(server, "/api/auth/login", ip, { email: TEST_ADMIN.email, password });
    expect((await login(servers[0], "wrong one")).status).toBe(401);
    expect((await login(servers[1], "wrong two")).status).toBe(401);
    // Two free failures for the pair, spent on two servers: the third failure begins the waits.
    expect((await login(servers[0], "wrong three")).status).toBe(401);
    const refused = await login(servers[1], TEST_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
  });
});
