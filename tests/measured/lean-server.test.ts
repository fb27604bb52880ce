/**
 * The built server as the container runs it (the Dockerfile's CMD, with its V8 settings), on the embedded
 * database, measured alone: `npm test` runs this file after the other tests, with nothing beside it.
 *
 * - Start: how long a restart on an existing data folder takes until GET /api/health/ready answers 200.
 * - Memory: resident memory when idle, and after a fixed mixed load (pages, blog searches, leads, chats
 *   and the back office) of LOAD_SECONDS.
 *
 * The figures are printed for the record (the note of each change that moves them).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { persistentDatabase } from "../support/admin";
import { contactBody } from "../support/lead-fixtures";
import { requireBuild, root } from "../support/server";

/**
 * Budgets: at most 300 MB resident (the product's), and ready within 2 s of a restart (the product's). Measured on
 * a 2-core machine with the container's V8 settings (docs/decisions/050 and 065): 191 MB idle and 231 MB after the
 * load; the median start took 0.94 s with the server in one bundle (docs/decisions/069), 1.1 to 1.25 s before.
 * Machines of this kind differ by twice and more in speed: a slow one took 2.3 s before that change.
 * `LEAN_LOAD_SECONDS` runs a longer load (600 for the ten-minute figure).
 */
const READY_BUDGET_MS = 2_000;
/** `LEAN_DATABASE=postgres` measures the server on PostgreSQL (TEST_DATABASE_URL) instead, within 200 MB. */
const DATABASE = process.env.LEAN_DATABASE === "postgres" ? "postgres" : "pglite";
const MEMORY_BUDGET_MB = DATABASE === "postgres" ? 200 : 300;
const LOAD_SECONDS = Number(process.env.LEAN_LOAD_SECONDS) || 60;
const CONCURRENCY = 4;
const ADMIN = { email: "owner@agency.example", password: "a long and unusual passphrase" };

/** The container's command: node, its V8 settings, build/server.js. */
function containerCommand(): string[] {
  const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
  const line = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (!line) throw new Error("the Dockerfile has no CMD in exec form");
  return JSON.parse(line[1]) as string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; body: string; cookie?: string };

/** One request over a connection of its own (as a new visitor's would be). */
function send(port: number, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path: pathname, headers: { ...headers, connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          cookie: res.headers["set-cookie"]?.find((c) => /admin_session=/.test(c))?.split(";")[0],
        }),
      );
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${pathname}: no answer in 30 s`)));
    req.end(body);
  });
}

const residentMB = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};

type Started = { child: ChildProcess; port: number; readyMs: number; output: () => string };

async function startServer(env: Record<string, string>): Promise<Started> {
  const [node, ...args] = containerCommand();
  expect(node).toBe("node");
  const port = await freePort();
  const { NODE_ENV: _, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr?.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (performance.now() - started > 120_000) throw new Error(`the server was not ready in 120 s:\n${output}`);
    const answer = await send(port, "GET", "/api/health/ready").catch(() => undefined);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { child, port, readyMs: Math.round(performance.now() - started), output: () => output };
}

async function stop({ child }: Started) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

// Resident memory is read from /proc: Linux, as in the container and CI.
describe.runIf(process.platform === "linux")(
  `the container's server on ${DATABASE === "postgres" ? "PostgreSQL" : "the embedded database"}`,
  () => {
    let database: Awaited<ReturnType<typeof persistentDatabase>>;
    let env: Record<string, string>;

    beforeAll(async () => {
      requireBuild();
      database = await persistentDatabase(DATABASE);
      env = { ...database.env, TRUST_PROXY: "true", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_REQUIRE_2FA: "false" };
      // On PostgreSQL the production server requires the two-factor key (docs/decisions/048).
      if (DATABASE === "postgres") env.TWO_FACTOR_KEY = Buffer.alloc(32, 7).toString("base64");
      // The first start on this copy stores the admin account; the measured starts find it.
      await stop(await startServer(env));
    }, 180_000);

    afterAll(async () => {
      await database?.cleanup();
    });

    it(`is ready within ${READY_BUDGET_MS / 1000} s of starting on an existing data folder`, async () => {
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        const server = await startServer(env);
        times.push(server.readyMs);
        await stop(server);
      }
      const median = [...times].sort((a, b) => a - b)[1];
      console.log(`start to ready: ${times.join(", ")} ms (median ${median} ms)`);
      expect(median).toBeLessThanOrEqual(READY_BUDGET_MS);
    }, 180_000);

    it(
      `holds at most ${MEMORY_BUDGET_MB} MB when idle and after ${LOAD_SECONDS} s of mixed load`,
      async () => {
        const server = await startServer(env);
        const { port } = server;
        const pid = server.child.pid as number;
        try {
          // Idle: the background work that starts a second after listening has run.
          await new Promise((resolve) => setTimeout(resolve, 5_000));
          const idle = residentMB(pid);

          const admin = await send(port, "POST", "/api/auth/login", { "content-type": "application/json" }, JSON.stringify(ADMIN));
          expect(admin.status, admin.body).toBe(200);
          const cookie = admin.cookie as string;
          const blog = await send(port, "GET", "/blog");
          const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog.body)?.[1];
          expect(post).toBeDefined();

          let n = 0;
          const address = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          const json = (from: string) => ({ "content-type": "application/json", "x-forwarded-for": from });
          const mix: (() => Promise<Answer>)[] = [
            () => send(port, "GET", "/", { "accept-encoding": "br" }),
            () => send(port, "GET", "/about", { "accept-encoding": "gzip" }),
            () => send(port, "GET", "/blog"),
            () => send(port, "GET", post as string),
            () => send(port, "GET", `/blog?q=${["trucking", "roof", "cyber", "hoa", "zzz"][n % 5]}${n}`),
            () => send(port, "GET", "/insurance/commercial-trucking"),
            () => send(port, "GET", `/no-such-page-${n}`),
            () => send(port, "GET", "/careers"),
            () => {
              const from = address();
              return send(port, "POST", "/api/contacts", json(from), JSON.stringify(contactBody({ email: `load${n}@roofing.example` })));
            },
            async () => {
              const from = address();
              const chat = await send(
                port,
                "POST",
                "/api/chat/sessions",
                json(from),
                JSON.stringify({
                  name: `Visitor ${n}`,
                  email: `visitor${n}@chat.example`,
                  phone: "(512) 555-0142",
                  insuranceType: "Commercial Trucking",
                }),
              );
              const id = chat.status === 201 ? (JSON.parse(chat.body) as { id: string }).id : undefined;
              if (!id) return chat;
              return send(
                port,
                "POST",
                `/api/chat/sessions/${id}/messages`,
                json(from),
                JSON.stringify({ content: "Do you cover owner-operators with their own authority?" }),
              );
            },
            () => send(port, "GET", "/admin/leads", { cookie }),
            () => send(port, "GET", "/api/leads", { cookie }),
            () => send(port, "GET", "/admin/dashboard", { cookie }),
          ];
          const statuses = new Map<number, number>();
          let peak = idle;
          const until = performance.now() + LOAD_SECONDS * 1000;
          const sampler = setInterval(() => (peak = Math.max(peak, residentMB(pid))), 500);
          await Promise.all(
            Array.from({ length: CONCURRENCY }, async () => {
              while (performance.now() < until) {
                const answer = await mix[n++ % mix.length]();
                statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              }
            }),
          );
          clearInterval(sampler);
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          const after = residentMB(pid);
          const counts = Object.fromEntries(statuses);
          console.log(
            `resident memory: idle ${idle} MB, peak ${peak} MB, after ${n} requests ${after} MB; answers ${JSON.stringify(counts)}`,
          );
          expect(Object.keys(counts).filter((status) => Number(status) >= 500)).toEqual([]);
          expect(idle).toBeLessThanOrEqual(MEMORY_BUDGET_MB);
          expect(after).toBeLessThanOrEqual(MEMORY_BUDGET_MB);
        } finally {
          await stop(server);
        }
      },
      240_000 + LOAD_SECONDS * 1000,
    );
  },
);
