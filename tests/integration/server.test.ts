import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, scheduledJobs } from "#db/schema";
import { AFTER_PAINT } from "../../app/lib/deferred-hydration.server";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { requireBuild, root, startTestServer } from "../support/server";
import { startSmtp } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs, body]) => !/\bsrc=/.test(attrs) && body.length > 0)
    .map(([, , body]) => body);
}

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get("strict-transport-security")).toMatch(/max-age=(\d+)/);
  expect(Number(/max-age=(\d+)/.exec(res.headers.get("strict-transport-security")!)![1])).toBeGreaterThanOrEqual(31536000);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("x-request-id")).toBeTruthy();
}

describe.each(databaseKinds)("server on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("GET /api/health answers after a real query, with the version package.json names", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as { ok: boolean; db: string; version: string; memory: { residentMB: number } };
    const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body).toEqual({ ok: true, db: "up", version, memory: { residentMB: expect.any(Number) } });
    // The process's resident memory, as the operating system counts it.
    expect(body.memory.residentMB).toBeGreaterThan(50);
    expect(body.memory.residentMB).toBeLessThan(4096);
    expectSecurityHeaders(res);
  });

  it("GET /api/health/live and /api/health/ready answer a load balancer; ready turns 503 once the process is stopping", async () => {
    const live = await fetch(`${server.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ ok: true, db: "up" });

    server.services.lifecycle.draining = true;
    try {
      const stopping = await fetch(`${server.url}/api/health/ready`);
      expect(stopping.status).toBe(503);
      expect(await stopping.json()).toEqual({ ok: false, success: false, message: "The server is stopping." });
      // Everything else is still answered, each telling a kept-alive client to reconnect elsewhere.
      const page = await fetch(`${server.url}/api/health/live`);
      expect(page.status).toBe(200);
      expect(page.headers.get("connection")).toBe("close");
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      server.services.lifecycle.draining = false;
    }
  });

  it("serves prerendered pages as stored, compressed files with a hash-based CSP", async () => {
    const res = await fetch(`${server.url}/`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("etag")).toBeTruthy();
    expectSecurityHeaders(res);
    const csp = res.headers.get("content-security-policy")!;
    const html = await res.text(); // fetch decodes brotli
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const body of scripts) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    }
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    const again = await fetch(`${server.url}/`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("renders other pages per request with a fresh nonce on every inline script", async () => {
    // A search with a parameter the page does not know: rendered whole per request (the not-found page is rendered
    // once, like a stored page, and a search alone is the stored /blog with its list rendered for it).
    const first = await fetch(`${server.url}/blog?q=hail&page=2`);
    const second = await fetch(`${server.url}/blog?q=hail&page=2`);
    expect(first.status).toBe(200);
    expectSecurityHeaders(first);
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1];
    expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(second.headers.get("content-security-policy")!)![1]);
    const html = await first.text();
    expect(html).toContain("hail");
    const tags = [...html.matchAll(/<script\b([^>]*)>/gi)]
      .map(([, attrs]) => attrs)
      .filter((attrs) => !attrs.includes("application/ld+json"));
    expect(tags.length).toBeGreaterThan(0);
    for (const attrs of tags) expect(attrs).toContain(`nonce="${nonce}"`);
    await second.text();
  });

  it("loads the page's scripts after its first paint, on prerendered and per-request pages alike", async () => {
    for (const page of ["/", "/insurance/commercial-trucking", "/blog", "/no-such-page"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      expect(html, page).not.toContain('<link rel="modulepreload"');
      const bootstrap = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(bootstrap.startsWith(AFTER_PAINT), page).toBe(true);
      expect(bootstrap, page).toMatch(/\/assets\/framework-[\w-]+\.js/);
      expect(bootstrap, page).not.toMatch(/^\s*import\s/m);
    }
  });

  it("serves hashed assets compressed with immutable caching", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/framework-[\w.-]+\.js/.exec(html)![0];
    const res = await fetch(`${server.url}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    await res.arrayBuffer();
  });

  it("answers /api errors as JSON with the right status and no stack trace", async () => {
    const missing = await fetch(`${server.url}/api/no-such-endpoint`);
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body).toEqual({ success: false, message: expect.stringContaining("/api/no-such-endpoint") });

    const big = await fetch(`${server.url}/api/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(200 * 1024) }),
    });
    expect(big.status).toBe(413);
    const bigBody = await big.json();
    expect(bigBody.success).toBe(false);
    expect(bigBody.message).toMatch(/larger than 100 KB/);
    expect(JSON.stringify(bigBody)).not.toMatch(/at \w+ \(|node_modules/);
  });

  it("renders an unknown path as the not-found page with status 404", async () => {
    const res = await fetch(`${server.url}/insurance/space-tourism`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<title>Page not found | ");
    expect(html).toMatch(/href="\/quote"/);
  });
});

describe("a web-only process (BACKGROUND_JOBS=false)", () => {
  it("stores submissions and their mail, and leaves delivery and scheduled jobs to the processes that run them", async () => {
    const smtp = await startSmtp();
    const server = await startTestServer("pglite", {
      BACKGROUND_JOBS: "false",
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "50",
      UPLOAD_SWEEP_INTERVAL_MS: "100",
    });
    try {
      const res = await fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(contactBody()),
      });
      expect(res.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received).toHaveLength(0);
      const { db } = server.services;
      const queued = await db.select({ status: mailOutbox.status }).from(mailOutbox);
      expect(queued.map((m) => m.status)).toEqual(["pending", "pending"]);
      expect(await db.select().from(scheduledJobs)).toEqual([]);
      // A process that runs background work delivers what this one queued.
      expect(await server.services.mail.drain()).toBe(2);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe("start-up", () => {
  it("stops with a message naming the bad variable", async () => {
    requireBuild();
    const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "mysql://x" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number between 0 and 65535 (got "not-a-port")');
    expect(stderr).toContain("DATABASE_URL must be a PostgreSQL URL");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("closes the server and the embedded database cleanly on SIGTERM", async () => {
    requireBuild();
    const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: "memory://", LOG_LEVEL: "info", DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        stdout += d;
        const m = /"url":"(http:\/\/localhost:\d+)"/.exec(stdout);
        if (m) resolve(m[1]);
      });
      child.on("exit", () => reject(new Error(`server exited early: ${stdout}`)));
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    child.kill("SIGTERM");
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(0);
    expect(stdout).toContain('"msg":"server stopped"');
    // A whole server's start on a fresh embedded database, as the hooks allow for it on a busy machine.
  }, 120_000);
});
