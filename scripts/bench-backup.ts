/**
 * `npm run bench:backup`: a site of 1,000 leads (each with its consent record and two mails) on the built
 * server, then `node build/cli.js db:backup` while one lead is posted every 50 ms: the backup's time, the
 * archive's size, the leads' answer times before and during it (the pause intake sees), and
 * `db:restore` into a fresh embedded database and, with TEST_DATABASE_URL or DATABASE_URL naming a
 * PostgreSQL server, into a fresh PostgreSQL database. Runs on the embedded database, and on PostgreSQL
 * too when one is named.
 *
 *   npm run bench:backup                     1,000 leads
 *   BENCH_LEADS=10000 npm run bench:backup   another size
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");

if (process.argv.includes("--help")) {
  console.log(`Usage: npm run bench:backup

Seeds BENCH_LEADS (1,000) leads through the built server's contact form, then times db:backup while a lead
arrives every 50 ms, and db:restore into a fresh embedded database (and a fresh PostgreSQL database when
TEST_DATABASE_URL or DATABASE_URL names a server). Needs a build (npm run build).`);
  process.exit(0);
}

const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
const postgresServer = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

type Run = { code: number | null; stdout: string; stderr: string; seconds: number };

function run(args: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "build/cli.js"), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr, seconds: (performance.now() - started) / 1000 })),
  );
}

async function database(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: postgresServer });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(postgresServer as string);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The server's resident memory in MB (Linux), or NaN elsewhere. */
function residentMB(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

const letters = (n: number) => `${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(97 + (Math.floor(n / 26) % 26))}`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function bench(kind: "pglite" | "postgres") {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  let server: ChildProcess | undefined;
  try {
    const source = kind === "postgres" ? await database(`bench_backup_${process.pid}`) : null;
    if (source) cleanups.push(source.drop);
    const port = await freePort();
    const env = {
      DATA_DIR: path.join(dir, "data"),
      // Production on PostgreSQL names its two-factor key (docs/decisions/048).
      ...(source ? { DATABASE_URL: source.url, TWO_FACTOR_KEY: randomBytes(32).toString("base64") } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "true",
      RATE_LIMIT_FORMS_MAX: "100000",
      NODE_ENV: "production",
    };
    server = spawn(process.execPath, [path.join(root, "build/server.js")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${port}`;
    let exited = false;
    server.once("exit", () => {
      exited = true;
    });
    for (let i = 0; ; i++) {
      if (exited) throw new Error("the server stopped before it was ready (its error is above)");
      if (i > 600) throw new Error("the server did not start within 60 s");
      if (
        await fetch(`${base}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    let sent = 0;
    const post = async () => {
      const i = sent++;
      const started = performance.now();
      const res = await fetch(`${base}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({
          fullName: `Fleet Owner ${letters(i)}`,
          email: `owner${i}@fleet.example`,
          phoneNumber: "(512) 555-0199",
          insuranceType: "Commercial Trucking Insurance",
          message: "Three tractors hauling dry van freight interstate; we need auto liability and cargo quotes.",
          smsConsent: true,
          pageUrl: "http://localhost/contact",
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`a lead was answered ${res.status}`);
      return performance.now() - started;
    };
    while (sent < LEADS) await Promise.all(Array.from({ length: Math.min(8, LEADS - sent) }, post));
    await new Promise((resolve) => setTimeout(resolve, 2000));

    /** One lead every 50 ms for `ms`, or until `until` settles: their answer times, sorted. */
    const trickle = async (ms: number, until?: Promise<unknown>) => {
      const times: number[] = [];
      const pending: Promise<unknown>[] = [];
      let done = false;
      void until?.finally(() => {
        done = true;
      });
      const end = performance.now() + ms;
      while (until ? !done : performance.now() < end) {
        pending.push(post().then((t) => times.push(t)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(pending);
      return times.sort((a, b) => a - b);
    };
    const before = await trickle(3000);
    const idleMB = residentMB(server.pid);
    const archive = path.join(dir, "site.tar.gz");
    const backingUp = run(["db:backup", "--out", archive], env);
    let peakMB = idleMB;
    const sampler = setInterval(() => {
      peakMB = Math.max(peakMB, residentMB(server?.pid));
    }, 20);
    const during = await trickle(0, backingUp);
    const backup = await backingUp;
    clearInterval(sampler);
    if (backup.code !== 0) throw new Error(`db:backup failed: ${backup.stderr}`);
    server.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
    server = undefined;

    const restores: Record<string, number> = {};
    const intoPglite = await run(["db:restore", archive], { DATA_DIR: path.join(dir, "restored") });
    if (intoPglite.code !== 0) throw new Error(`db:restore failed: ${intoPglite.stderr}`);
    restores.pglite = intoPglite.seconds;
    if (postgresServer) {
      const target = await database(`bench_restore_${process.pid}`);
      cleanups.push(target.drop);
      const intoPostgres = await run(["db:restore", archive], { DATABASE_URL: target.url, DATA_DIR: path.join(dir, "restored-files") });
      if (intoPostgres.code !== 0) throw new Error(`db:restore failed: ${intoPostgres.stderr}`);
      restores.postgres = intoPostgres.seconds;
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(`\n${kind}: ${LEADS.toLocaleString("en-US")} leads`);
    console.log(`  db:backup                 ${backup.seconds.toFixed(2)} s (the command, start to exit)`);
    console.log(`  archive                   ${(statSync(archive).size / 1024).toFixed(0)} KB`);
    console.log(`  server's resident memory  ${idleMB.toFixed(0)} MB before, ${peakMB.toFixed(0)} MB at most during the backup`);
    console.log(
      `  a lead's answer, before   median ${ms(percentile(before, 50))}, slowest ${ms(before.at(-1) ?? 0)} (${before.length} leads)`,
    );
    console.log(
      `  a lead's answer, during   median ${ms(percentile(during, 50))}, slowest ${ms(during.at(-1) ?? 0)} (${during.length} leads)`,
    );
    for (const [target, seconds] of Object.entries(restores))
      console.log(`  db:restore into ${target.padEnd(9)} ${seconds.toFixed(2)} s (the command, start to exit)`);
  } finally {
    server?.kill("SIGKILL");
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

await bench("pglite");
if (postgresServer) await bench("postgres");
