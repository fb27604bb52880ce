/**
 * `npm run bench:server`: builds, starts the production server as the container runs it (the Dockerfile's
 * `CMD`: node with its V8 settings, `build/server.js`) on a fresh embedded database and measures how many
 * requests a second it answers, and how fast, for each kind of request it serves:
 *
 *   - the prerendered home page (stored brotli and gzip bytes), and the same with a browser's user agent,
 *     whose view the server counts (docs/decisions/059): the cost of counting is the ratio of counted
 *     to uncounted requests;
 *   - the home page after the agency's settings changed (PATCH /api/admin/settings): rendered once
 *     with the stored profile and answered from the render cache, no longer the build's file (the
 *     phone changed and changed back, several times on each process);
 *   - a published blog post, rendered once and then answered from the render cache;
 *   - the same post rendered on every request (a second start with RENDER_CACHE_MAX_MB=0);
 *   - a blog search (/blog?q=zzz): the stored /blog with the list rendered for the search in place;
 *   - a contact-form lead (POST /api/contacts), each from its own address and email, 8 connections;
 *   - "leads first": a lead every 100 ms while 32 connections load a post, cached and not.
 *
 * A ratio of the product to itself (counted / not counted, after / before a settings change) is the median of
 * bracketed runs: one-second runs of the two in turns, each measured run's ratio to the mean of the runs of the
 * reference just before and just after it (docs/decisions/070). A ratio of the product to another server is the
 * median of the ratios of BENCH_DURATION-second runs made next to each other. Every home page row is measured on
 * five product processes one after the other, each with bare servers of its own (docs/decisions/068).
 *
 * Next to it, what this machine can do at all for the same home page bytes: nginx with gzip_static
 * (when `nginx` is installed; brotli_static too when its module is there) and a bare Node `http`
 * server answering from memory, each in its own processes. The comparison uses gzip on all three
 * so they send the same bytes. The bare Node server is measured again in turns with the home page's
 * rows, each of its runs next to one of the product's, and the product's ratio to it is the median of
 * those pairs' ratios (this machine's speed drifts by a fifth or more within a minute). nginx is shown
 * for comparison; the target is against the bare Node server.
 *
 *   npm run bench:server                      build first, then measure
 *   npm run bench:server -- --no-build        measure the existing build
 *   BENCH_DURATION=5 npm run bench:server     seconds each measurement lasts (default 10, at least 2)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:server
 *       also measure on PostgreSQL (TEST_DATABASE_URL is used when this is unset): a fresh database
 *       bench_<random> is created on that server and dropped after
 *   BENCH_NGINX=/usr/sbin/nginx npm run bench:server   the nginx to compare with (default: nginx on PATH)
 *
 * Background jobs are off in the measured server: the thousands of leads a run stores would
 * otherwise have their mail delivered during the measurements that follow.
 *
 * The GET rows are driven by wrk (Debian's package) in its own process when it is installed, else by
 * autocannon in this process; the lead rows by autocannon. With two cores or more, servers run on
 * core 0 and load generators on core 1 (taskset), and each wrk row reports the share of its core wrk
 * used: below 100% it was waiting for the server, so the server is what was measured.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import pg from "pg";
import { envSchema } from "../app/env.server";
import { contactBody } from "../tests/support/lead-fixtures";
import { sourceFingerprint } from "./fingerprint.mjs";
import { ensureWrk, GENERATOR_HEADROOM, generatorBound, type Wrk, type WrkMeasured, runWrk as wrkRun } from "./wrk";

const USAGE = `Usage: npm run bench:server [-- --no-build]

Builds the site (unless --no-build), serves it on a fresh embedded database (and on PostgreSQL when
BENCH_DATABASE_URL or TEST_DATABASE_URL is set) and measures requests per second and latency of the
prerendered home page, a blog post with and without the render cache, and lead POSTs, alone and
under page load, next to nginx (when installed) and a bare Node server. Settings: BENCH_DURATION,
BENCH_DATABASE_URL, BENCH_NGINX (see the top of scripts/bench-server.ts).`;

const root = path.resolve(import.meta.dirname, "..");

/** The container's node arguments (the Dockerfile's CMD without "node"): its V8 settings and build/server.js. */
function containerArgs(): string[] {
  const line = /^CMD (\[.*\])$/m.exec(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  return line ? (JSON.parse(line[1]) as string[]).slice(1) : ["build/server.js"];
}
const clientDir = path.join(root, "build", "client");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 32;
const LEAD_CONNECTIONS = 8;
const LEAD_INTERVAL_MS = 100;
const TARGETS = {
  prerenderedVsBareNode: 0.8,
  assetVsBareNode: 0.8,
  cachedVsPrerendered: 0.5,
  changedVsPrerendered: 0.9,
  countedVsNotCounted: 0.95,
  leadP99Ms: 1000,
};
const BROWSER = { accept: "text/html,application/xhtml+xml", "accept-encoding": "br, gzip" };
const GZIP = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip" };
/**
 * The same request as a browser's: with a user agent, so the server counts the view (docs/decisions/059);
 * without one (the rows above) it is not counted, which makes the pair the cost of counting.
 */
const COUNTED = {
  ...GZIP,
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

/** A measured row: wrk's figures, or autocannon's in the same shape (no generator CPU then). */
type Measured = WrkMeasured;
type LeadStats = { sent: number; p50: number; p99: number; failed: number };
type Row = { target: string; result: Measured };
type ServerResults = {
  database: string;
  rows: {
    gzip: Measured;
    br: Measured;
    changedGzip: Measured;
    changedBr: Measured;
    counted: Measured;
    /** The bare Node server with the same bytes and headers, measured in turns with the rows above. */
    bare: Measured;
    /** The home page's largest script (brotli), and the bare Node server sending its bytes and headers, in turns. */
    asset: Measured;
    bareAsset: Measured;
    /** nginx serving the same file, in turns with the home page's rows (when nginx is installed). */
    nginx?: Measured;
    cached: Measured;
    uncached: Measured;
    /** GET /blog?q=zzz: rendered on every request (a query string is never stored). */
    search: Measured;
    leads: Measured;
  };
  /**
   * Ratios of runs made next to each other (pairedRatios), for the targets measured in turns; the product against
   * itself (after a settings change, counted), of bracketed runs.
   */
  paired: {
    prerenderedVsBare: number[];
    assetVsBare: number[];
    /** The post from the render cache to the prerendered home page, both br. */
    cachedVsBr: number[];
    changedBr: number[];
    changedGzip: number[];
    counted: number[];
    /** The product's runs to nginx's beside them (none without nginx), and the bare Node server's. */
    nginx: number[];
    bareVsNginx: number[];
  };
  /** The views of / the server stored over the counted runs (docs/decisions/059): proof the row counted. */
  homeViews: number;
  leadsFirst: { load: string; background: Measured; leads: LeadStats }[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Lead number n: its own email, and its own client address (the form rate limit counts per address). */
const leadBody = (n: number) =>
  JSON.stringify(
    contactBody({ fullName: `Bench Visitor ${n}`, email: `bench-${n}@load-test.example`, pageUrl: "http://localhost/contact" }),
  );
const leadAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const leadHeaders = (n: number) => ({
  "content-type": "application/json",
  "accept-encoding": "br, gzip",
  "x-forwarded-for": leadAddress(n),
});
/** Lead numbers are never reused within a run: addresses and emails stay distinct across measurements. */
let nextLead = 1;

/** The nearest-rank percentile of ascending values. */
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A GET as it travels: status, headers and the body's size on the wire (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function waitForUp(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/**
 * Waits until a process has used next to no CPU for a second: after start the server indexes the
 * site's content for the chat, which would otherwise run during the first measurement.
 */
async function settle(pid: number | undefined) {
  const statFile = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(statFile)) return sleep(3000);
  // utime and stime, in clock ticks: the 14th and 15th fields, counted after the parenthesised name.
  const cpuTicks = () => {
    const fields = readFileSync(statFile, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  let last = cpuTicks();
  let quiet = 0;
  for (let waited = 0; waited < 30_000 && quiet < 4; waited += 250) {
    await sleep(250);
    const now = cpuTicks();
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * On a machine of two cores or more (and with taskset), every server measured runs on core 0 and every
 * load generator (wrk, this process, the lead probe) on core 1, so neither takes the other's core
 * in turns and runs compare like with like. BENCH_PIN=0 leaves placement to the kernel.
 */
const PIN = process.env.BENCH_PIN !== "0" && availableParallelism() >= 2 && !spawnSync("taskset", ["-V"]).error;
const SERVER_CORE = 0;
const GENERATOR_CORE = 1;

/** A command and its arguments, run on one core when PIN says so. */
function onCore(core: number, command: string, args: string[]): [string, string[]] {
  return PIN ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
}

/**
 * wrk, found (or installed, as root) when the benchmark starts (BENCH_WRK names another binary;
 * BENCH_WRK=none keeps autocannon for every row).
 */
let WRK: Wrk | null = null;

/** One wrk run on the generator's core (scripts/wrk.ts). */
function runWrk(url: string, headers: Record<string, string>, seconds: number): Promise<Measured> {
  if (!WRK) throw new Error("wrk is not installed");
  return wrkRun(WRK, url, headers, seconds, { connections: CONNECTIONS, wrap: (command, args) => onCore(GENERATOR_CORE, command, args) });
}

/** A GET of one address with 32 connections for BRACKET_SECONDS, with no warm-up of its own (bracketed runs). */
async function shortLoad(url: string, headers: Record<string, string>): Promise<Measured> {
  if (WRK) return runWrk(url, headers, BRACKET_SECONDS);
  return summary(await autocannon({ url, headers, connections: CONNECTIONS, duration: BRACKET_SECONDS, timeout: 10 }));
}

/** A GET of one address with 32 connections: with wrk when installed, else autocannon; after a warm-up of the same load. */
async function getLoad(url: string, headers: Record<string, string>): Promise<Measured> {
  if (!WRK) return load({ url, headers });
  await runWrk(url, headers, WARMUP_SECONDS);
  return runWrk(url, headers, DURATION);
}

/** One autocannon run after a warm-up of the same load (so JIT compilation and caches are warm). */
async function load(options: Options): Promise<Measured> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    warmup: { connections: options.connections ?? CONNECTIONS, duration: WARMUP_SECONDS },
    ...options,
  });
  return summary(result);
}

function summary(result: Result): Measured {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
}

/** POST /api/contacts with `connections` connections, each request a new visitor. */
function leadLoad(base: string, connections: number): Promise<Measured> {
  return load({
    url: `${base}/api/contacts`,
    connections,
    method: "POST",
    requests: [
      {
        method: "POST",
        path: "/api/contacts",
        setupRequest: (req) => {
          const n = nextLead++;
          return { ...req, body: leadBody(n), headers: { ...req.headers, ...leadHeaders(n) } };
        },
      },
    ],
  });
}

// ---- helper processes: this script run again with a mode, so each has its own event loop and core share ----

function helper(mode: string, settings: unknown, core: number): ChildProcess {
  const [command, args] = onCore(core, process.execPath, [...process.execArgv, import.meta.filename, mode, JSON.stringify(settings)]);
  return spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a helper process exited (${code}) before it answered`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      resolve(message as T);
    });
  });
}

/** The bare Node reference: a file of the build (its stored forms) from memory, with the headers the server sends for it. */
function referenceServer(settings: { headers: Record<string, string>; file: string }) {
  const bodies = {
    br: readFileSync(path.join(clientDir, `${settings.file}.br`)),
    gzip: readFileSync(path.join(clientDir, `${settings.file}.gz`)),
    identity: readFileSync(path.join(clientDir, settings.file)),
  };
  const server = createServer((req, res) => {
    const accepted = req.headers["accept-encoding"] ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : "identity";
    const body = bodies[encoding];
    res.writeHead(200, {
      ...settings.headers,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "content-length": body.length,
    });
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

/** Sends a lead every `intervalMs` from the go signal on, whatever the answers (a visitor does not wait for others). */
async function leadProbe(settings: { url: string; count: number; intervalMs: number; delayMs: number; firstLead: number }) {
  process.send?.({ ready: true });
  await new Promise((resolve) => process.once("message", resolve));
  await sleep(settings.delayMs);
  const start = performance.now();
  const results = await Promise.all(
    Array.from({ length: settings.count }, async (_, i) => {
      await sleep(start + i * settings.intervalMs - performance.now());
      const n = settings.firstLead + i;
      const sent = performance.now();
      try {
        const res = await fetch(settings.url, {
          method: "POST",
          headers: leadHeaders(n),
          body: leadBody(n),
          signal: AbortSignal.timeout(10_000),
        });
        await res.arrayBuffer();
        return { ms: performance.now() - sent, ok: res.status === 201 };
      } catch {
        return { ms: performance.now() - sent, ok: false };
      }
    }),
  );
  process.send?.({ results }, () => process.exit(0));
}

/** 32 connections on `url` and, from another process, a lead every 100 ms during it. */
async function leadsFirst(base: string, url: string): Promise<{ background: Measured; leads: LeadStats }> {
  // The leads start half a second into the load and end a second before it does.
  const count = Math.floor((DURATION * 1000 - 1000) / LEAD_INTERVAL_MS);
  const probe = helper(
    "--lead-probe",
    {
      url: `${base}/api/contacts`,
      count,
      intervalMs: LEAD_INTERVAL_MS,
      delayMs: 500,
      firstLead: nextLead,
    },
    GENERATOR_CORE,
  );
  nextLead += count;
  try {
    await nextMessage(probe);
    const answered = nextMessage<{ results: { ms: number; ok: boolean }[] }>(probe);
    const background = autocannon({ url, connections: CONNECTIONS, duration: DURATION, timeout: 10, headers: BROWSER });
    probe.send({ go: true });
    const [result, { results }] = await Promise.all([background, answered]);
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    return {
      background: summary(result),
      leads: { sent: results.length, p50: percentile(times, 50), p99: percentile(times, 99), failed: results.filter((r) => !r.ok).length },
    };
  } finally {
    await stop(probe);
  }
}

// ---- references ----

type Nginx = { binary: string; version: string; configure: string };

function findNginx(): Nginx | null {
  const binary = process.env.BENCH_NGINX || "nginx";
  const found = spawnSync(binary, ["-V"], { encoding: "utf8" });
  if (found.error || found.status !== 0) return null;
  const info = `${found.stdout}${found.stderr}`;
  return { binary, version: /nginx\/([\d.]+)/.exec(info)?.[1] ?? "?", configure: /configure arguments:(.*)/.exec(info)?.[1] ?? "" };
}

/** nginx serving build/client with its stored .gz (and .br with the brotli module), as a site's front would. */
async function startNginx(nginx: Nginx): Promise<{ base: string; brotli: boolean; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const port = await freePort();
  const modules = /--modules-path=(\S+)/.exec(nginx.configure)?.[1] ?? "/usr/lib/nginx/modules";
  const brotliModule = path.join(modules, "ngx_http_brotli_static_module.so");
  // Built in (--add-module), or a dynamic module that is installed (--add-dynamic-module alone is not enough).
  const builtIn = /--add-module=\S*brotli/i.test(nginx.configure);
  const brotli = builtIn || existsSync(brotliModule);
  // Temporary files go under this run's folder, for each module the binary has (an unknown directive is an error).
  const temps = [
    "client_body",
    ...["proxy", "fastcgi", "uwsgi", "scgi"].filter((m) => !nginx.configure.includes(`--without-http_${m}_module`)),
  ];
  for (const t of temps) mkdirSync(path.join(dir, t));
  const conf = `daemon off;
${process.getuid?.() === 0 ? "user root;  # the build may sit in a folder the default worker user cannot read\n" : ""}worker_processes ${PIN ? 1 : "auto"};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${brotli && !builtIn ? `load_module ${brotliModule};\n` : ""}events { worker_connections 4096; }
http {
  access_log off;
${temps.map((t) => `  ${t}_temp_path ${dir}/${t};`).join("\n")}
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
${brotli ? "  brotli_static on;\n" : ""}  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    index index.html;
  }
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), conf);
  const [command, args] = onCore(SERVER_CORE, nginx.binary, [
    "-p",
    dir,
    "-c",
    path.join(dir, "nginx.conf"),
    "-e",
    path.join(dir, "error.log"),
  ]);
  const child = spawn(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stopNginx = async () => {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForUp(`${base}/`, child, "nginx", 10_000);
  } catch (error) {
    const log = existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "";
    await stopNginx();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { base, brotli, stop: stopNginx };
}

/** The home page's file in the build. */
const HOME_FILE = "index.html";

/**
 * The largest script the home page loads (it preloads them all), relative to the build's client folder: the asset
 * rows' file. Its stored brotli and gzip forms are what the server sends.
 */
function largestScript(): string {
  const html = readFileSync(path.join(clientDir, HOME_FILE), "utf8");
  const scripts = [...new Set([...html.matchAll(/"\/(assets\/[\w.-]+\.js)"/g)].map((m) => m[1]))].filter((file) =>
    existsSync(path.join(clientDir, `${file}.br`)),
  );
  if (scripts.length === 0) throw new Error("the home page names no stored script");
  return scripts.reduce((a, b) => (statSync(path.join(clientDir, b)).size > statSync(path.join(clientDir, a)).size ? b : a));
}

/** Checks that `url` answers the stored bytes of `file` in `encoding`, so every row measures the same work. */
async function expectStored(url: string, encoding: "gzip" | "br", what: string, file = HOME_FILE) {
  const res = await rawGet(url, encoding === "br" ? BROWSER : GZIP);
  const stored = readFileSync(path.join(clientDir, `${file}.${encoding === "br" ? "br" : "gz"}`)).length;
  if (res.status !== 200 || res.headers["content-encoding"] !== encoding || res.bytes !== stored)
    throw new Error(
      `${what} did not answer the stored ${encoding} ${file} (status ${res.status}, ${res.headers["content-encoding"] ?? "no"} encoding, ${res.bytes} bytes, stored ${stored})`,
    );
  return res;
}

/** Checks that `url` answers the stored home page bytes in `encoding`. */
const expectHomePage = (url: string, encoding: "gzip" | "br", what: string) => expectStored(url, encoding, what);

async function measureReferences(serverBase: string): Promise<Row[]> {
  const rows: Row[] = [];
  const nginx = findNginx();
  if (!nginx) console.log("nginx is not installed: no nginx reference (apt-get install nginx-light adds it).");
  else {
    let running: Awaited<ReturnType<typeof startNginx>> | undefined;
    try {
      running = await startNginx(nginx);
    } catch (error) {
      console.log(`nginx did not start, so no nginx reference: ${(error as Error).message}`);
    }
    if (running) {
      try {
        await expectHomePage(`${running.base}/`, "gzip", "nginx");
        const count = PIN ? 1 : availableParallelism();
        const workers = `${count} worker${count > 1 ? "s" : ""}`;
        rows.push({
          target: `nginx ${nginx.version}, ${workers}, gzip_static`,
          result: await getLoad(`${running.base}/`, GZIP),
        });
        if (running.brotli) {
          await expectHomePage(`${running.base}/`, "br", "nginx");
          rows.push({
            target: `nginx ${nginx.version}, ${workers}, brotli_static`,
            result: await getLoad(`${running.base}/`, BROWSER),
          });
        }
      } finally {
        await running.stop();
      }
    }
  }
  const bare = await startBareServer(serverBase);
  try {
    rows.push({ target: "Node http, same bytes from memory", result: await getLoad(bare.url, GZIP) });
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * The bare Node server (its own process, on the servers' core) sending a file of the build (the home page
 * unless said) with the server's own headers for it.
 */
async function startBareServer(serverBase: string, file = HOME_FILE): Promise<{ url: string; stop: () => Promise<void> }> {
  const urlPath = file === HOME_FILE ? "/" : `/${file}`;
  // The server's own headers (security headers included), so the bare server sends the same bytes.
  const sent = await expectStored(`${serverBase}${urlPath}`, "gzip", "the server", file);
  const headers = Object.fromEntries(
    Object.entries(sent.headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === "string" &&
        !["date", "connection", "keep-alive", "content-length", "content-encoding", "transfer-encoding"].includes(entry[0]),
    ),
  );
  const bare = helper("--reference-server", { headers, file }, SERVER_CORE);
  try {
    const { port } = await nextMessage<{ port: number }>(bare);
    const url = `http://127.0.0.1:${port}${urlPath}`;
    await expectStored(url, "gzip", "the bare Node server", file);
    return { url, stop: () => stop(bare) };
  } catch (error) {
    await stop(bare);
    throw error;
  }
}

// ---- the server ----

type Database = { name: string; url?: string; drop?: () => Promise<void> };

async function postgresDatabase(url: string): Promise<Database> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const maintenance = new pg.Client({ connectionString: url });
  await maintenance.connect();
  try {
    await maintenance.query(`create database ${name}`);
  } finally {
    await maintenance.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    name: "PostgreSQL",
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const ADMIN = { email: "bench-admin@agency.example", password: randomBytes(18).toString("hex") };
/** One key for the run's servers: each start on the same database reads what the one before encrypted. */
const TWO_FACTOR_KEY = randomBytes(32).toString("base64");

async function startServer(database: Database, dataDir: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const [command, args] = onCore(SERVER_CORE, process.execPath, containerArgs());
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Mail files and uploads land here on PostgreSQL too.
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? "",
      // Production on PostgreSQL names its two-factor key (docs/decisions/048).
      TWO_FACTOR_KEY,
      LOG_LEVEL: "warn",
      // Each lead comes from its own X-Forwarded-For address, as visitors behind a proxy would.
      TRUST_PROXY: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The benchmark signs in with the password alone (a second factor is required by default in production).
      ADMIN_REQUIRE_2FA: "false",
      BACKGROUND_JOBS: "false",
      ...extra,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForUp(`${base}/api/health`, child, "the server");
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { base, child, stop: () => stop(child) };
}

const post = {
  title: "Reefer Breakdown Coverage: What It Pays For and What It Does Not",
  category: "Commercial Trucking",
  imageUrl: "",
  status: "published",
  // About the length of the site's real posts: headings, paragraphs and a list.
  content: Array.from(
    { length: 6 },
    (_, i) =>
      `<h2>Part ${i + 1}: when the unit fails on the road</h2>` +
      "<p>Refrigerated freight is only as safe as the unit that keeps it cold. When a compressor quits in July, " +
      "the load can spoil in hours, and a standard motor truck cargo policy often excludes the loss. " +
      "<strong>Reefer breakdown coverage</strong> fills that gap for carriers hauling produce, dairy and pharmaceuticals.</p>" +
      "<p>Underwriters look at the age of the units, the maintenance logs and the driver's training on temperature " +
      "monitoring. Carriers with recorded pre-trip checks and telematics alerts usually see better terms.</p>" +
      "<ul><li>Sudden and accidental breakdown of the refrigeration unit</li><li>Spoilage after a covered accident</li>" +
      "<li>Fuel contamination that stops the unit</li></ul>",
  ).join(""),
};

/** Signs in as the admin from ADMIN_EMAIL; answers the session cookie. */
async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?admin_session=/.test(c))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie;
}

/** Publishes the post measured; answers its address. */
async function seedPost(base: string): Promise<string> {
  const cookie = await signIn(base);
  const created = await fetch(`${base}/api/blogs`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(post),
  });
  if (created.status !== 201) throw new Error(`the post could not be created: ${created.status} ${await created.text()}`);
  const { data } = (await created.json()) as { data: { slug: string } };
  return `/blog/${data.slug}`;
}

/** The phone the agency's settings change to for the "after a settings change" rows. */
const CHANGED_PHONE = "(737) 555-0199";
/**
 * Product processes the home page's rows are measured on, one after the other, each with bare servers of its own
 * started afresh (processes of the same code differ by up to a fifth on this machine: docs/decisions/068).
 */
const PROCESS_CYCLES = 5;
/**
 * Seconds of each bracketed run: the rows a ratio compares within one process (a view counted or not, the home page
 * before and after a settings change) alternate in runs this short, so that both sides of a ratio are measured
 * within seconds of each other (docs/decisions/070).
 */
const BRACKET_SECONDS = 1;
/** Counted runs per product process, each between two uncounted ones. */
const COUNTED_PAIRS = Math.max(3, DURATION);
/** Settings changes per product process, each state measured between two of the first-run settings. */
const CHANGED_PAIRS = Math.max(2, Math.round(DURATION / 2));
/**
 * A blog search that matches no post: the stored /blog with its list rendered for the search in place
 * (server/render-cache.ts, pages with a part), the list rendered on every request.
 */
const SEARCH_PATH = "/blog?q=zzz";

const buildEtag = (pathname: string) =>
  JSON.parse(readFileSync(path.join(root, "build", "static-manifest.json"), "utf8")).files[pathname]?.etag as string | undefined;

/** The agency's main phone as stored. */
async function storedPhone(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/settings`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`the settings could not be read: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { phone: string } }).data.phone;
}

/**
 * Sets the agency's main phone through the API; resolves once the home page shows it, answered by
 * the build's file when `fromBuild` (the first-run settings again) and rendered from the stored ones otherwise.
 */
async function setPhone(base: string, cookie: string, phone: string, fromBuild: boolean) {
  const res = await fetch(`${base}/api/admin/settings`, {
    method: "PATCH",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ phone }),
  });
  if (res.status !== 200) throw new Error(`the settings could not be changed: ${res.status} ${await res.text()}`);
  const home = await fetch(`${base}/`, { headers: BROWSER });
  const html = await home.text();
  if (html.includes(CHANGED_PHONE) === fromBuild) throw new Error(`the home page does not show the phone ${phone}`);
  if ((home.headers.get("etag") === buildEtag("/")) !== fromBuild)
    throw new Error(
      fromBuild
        ? "the home page is not the build's file with the first-run settings"
        : "the home page is still the build's file after the settings changed",
    );
}

/**
 * The views of / stored so far, from the report (GET /api/admin/report?by=page), once the server has
 * written its counts (every 10 seconds).
 */
async function storedHomeViews(base: string, cookie: string): Promise<number> {
  await sleep(11_000);
  const res = await fetch(`${base}/api/admin/report?by=page`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/admin/report answered ${res.status}`);
  const { data } = (await res.json()) as { data: { rows: { key: string; pageViews: number | null }[] } };
  return data.rows.find((row) => row.key === "/")?.pageViews ?? 0;
}

function median(runs: Measured[]): Measured {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];
}

/** The ratios of runs made next to each other: the i-th run of `rows` to the i-th of `references`. */
function pairedRatios(rows: Measured[], references: Measured[]): number[] {
  return rows.slice(0, references.length).map((m, i) => m.rps / references[i].rps);
}

async function expectPost(url: string) {
  const res = await fetch(url, { headers: BROWSER });
  const html = await res.text();
  if (res.status !== 200 || !html.includes("Reefer Breakdown Coverage")) throw new Error(`${url} did not answer the post (${res.status})`);
}

async function measureServer(database: Database, references: { rows?: Row[] }): Promise<ServerResults> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-server-"));
  try {
    let cached = await startServer(database, dataDir);
    let slug: string;
    let rows: Partial<ServerResults["rows"]>;
    let paired: ServerResults["paired"] | undefined;
    let homeViews = 0;
    const leadsFirstRows: ServerResults["leadsFirst"] = [];
    try {
      slug = await seedPost(cached.base);
      // A build made with other public settings (SITE_URL ...) is rendered per request, not served as files.
      const { etag } = (await expectHomePage(`${cached.base}/`, "br", "the server")).headers;
      if (etag !== buildEtag("/")) throw new Error("the home page was not served from the build's stored files");
      await expectPost(`${cached.base}${slug}`);
      await settle(cached.child.pid);
      references.rows ??= await measureReferences(cached.base);
      console.log(`Measuring the server on ${database.name}...`);
      // Two kinds of ratio, each measured so that the machine's drift weighs on both sides alike (this machine's
      // speed drifts by a fifth or more within a minute, so medians of rows measured minutes apart would compare
      // two speeds; docs/decisions/068 and 070):
      //   - the product against other servers (the bare Node server, nginx): runs of BENCH_DURATION seconds in
      //     turns, each of the product's next to one of theirs, and the ratio the median of those pairs' ratios;
      //   - the product against itself (a view counted or not, the home page before and after a settings change):
      //     bracketed runs of BRACKET_SECONDS, the reference before and after each measured run, and the ratio the
      //     median of each run's ratio to the mean of the two around it.
      const cookie = await signIn(cached.base);
      const firstPhone = await storedPhone(cached.base, cookie);
      const home: Record<
        | "gzip"
        | "br"
        | "uncounted"
        | "counted"
        | "beforeGzip"
        | "beforeBr"
        | "changedGzip"
        | "changedBr"
        | "bare"
        | "asset"
        | "bareAsset"
        | "nginx"
        | "cached",
        Measured[]
      > = {
        gzip: [],
        br: [],
        uncounted: [],
        counted: [],
        beforeGzip: [],
        beforeBr: [],
        changedGzip: [],
        changedBr: [],
        bare: [],
        asset: [],
        bareAsset: [],
        nginx: [],
        cached: [],
      };
      const bracketedRatios = { counted: [] as number[], changedGzip: [] as number[], changedBr: [] as number[] };
      const script = largestScript();
      let bare = await startBareServer(cached.base);
      let bareAsset = await startBareServer(cached.base, script).catch(async (error: unknown) => {
        await bare.stop();
        throw error;
      });
      // nginx too, in the same turns: whether the generator can drive a server clearly faster than the product
      // (generatorBound) is judged on runs made beside the product's, not on one run made minutes before.
      const nginxFound = findNginx();
      const nginx = nginxFound ? await startNginx(nginxFound).catch(() => null) : null;
      const measure = async (row: keyof typeof home, url: string, headers: Record<string, string>) =>
        home[row].push(await getLoad(url, headers));
      const short = async (row: keyof typeof home | null, headers: Record<string, string>) => {
        const measured = await shortLoad(`${cached.base}/`, headers);
        if (row) home[row].push(measured);
        return measured.rps;
      };
      try {
        for (let cycle = 0; cycle < PROCESS_CYCLES; cycle++) {
          // Processes of the same code differ by up to a fifth on this machine (docs/decisions/068): each cycle
          // runs on a product process and bare servers of its own, started afresh, so the ratios are judged over
          // several processes of each, not one against one.
          if (cycle > 0) {
            await Promise.all([bare.stop(), bareAsset.stop(), cached.stop()]);
            cached = await startServer(database, dataDir);
            // A process that has rendered a page, as one that has served for a while has.
            await expectPost(`${cached.base}${slug}`);
            await settle(cached.child.pid);
            bare = await startBareServer(cached.base);
            bareAsset = await startBareServer(cached.base, script);
          }
          const nginxRun = () => (nginx ? measure("nginx", `${nginx.base}/`, GZIP) : Promise.resolve());
          const bareRun = () => measure("bare", bare.url, GZIP);
          const assetRuns = [
            () => measure("asset", `${cached.base}/${script}`, BROWSER),
            () => measure("bareAsset", bareAsset.url, BROWSER),
          ];
          // The product and the servers it is compared with, in turns: the script from the product and from the
          // bare server next to each other (in alternate order from cycle to cycle), then nginx, the bare server,
          // the home page's two encodings and the post from the render cache; after the bracketed runs, the same in
          // reverse.
          const opening = [
            ...(cycle % 2 ? assetRuns.reverse() : assetRuns),
            nginxRun,
            bareRun,
            () => measure("gzip", `${cached.base}/`, GZIP),
            () => measure("br", `${cached.base}/`, BROWSER),
            () => measure("cached", `${cached.base}${slug}`, BROWSER),
          ];
          for (const run of opening) await run();

          // Counted against not counted: the same gzip request with a browser's user agent (counted as a view) and
          // without (not counted), in bracketed runs, after a run of the counted request that warms its path.
          await short(null, COUNTED);
          let before = await short("uncounted", GZIP);
          for (let i = 0; i < COUNTED_PAIRS; i++) {
            const counted = await short("counted", COUNTED);
            const after = await short("uncounted", GZIP);
            bracketedRatios.counted.push(counted / ((before + after) / 2));
            before = after;
          }

          // Before and after a settings change (the phone changed, then back), each state's two encodings in
          // bracketed runs, alternating which comes first; the first state after the change warms its path.
          const state = async (changed: boolean, index: number) => {
            const order: ["gzip" | "br", Record<string, string>][] = [
              ["gzip", GZIP],
              ["br", BROWSER],
            ];
            if (index % 2) order.reverse();
            const measured: Record<"gzip" | "br", number> = { gzip: 0, br: 0 };
            for (const [encoding, headers] of order)
              measured[encoding] = await short(
                changed ? (encoding === "gzip" ? "changedGzip" : "changedBr") : encoding === "gzip" ? "beforeGzip" : "beforeBr",
                headers,
              );
            return measured;
          };
          let unchanged = await state(false, 0);
          for (let i = 0; i < CHANGED_PAIRS; i++) {
            await setPhone(cached.base, cookie, CHANGED_PHONE, false);
            await settle(cached.child.pid);
            if (i === 0) for (const headers of [GZIP, BROWSER]) await short(null, headers);
            const changed = await state(true, 2 * i + 1);
            await setPhone(cached.base, cookie, firstPhone, true);
            await settle(cached.child.pid);
            const next = await state(false, 2 * i + 2);
            bracketedRatios.changedGzip.push(changed.gzip / ((unchanged.gzip + next.gzip) / 2));
            bracketedRatios.changedBr.push(changed.br / ((unchanged.br + next.br) / 2));
            unchanged = next;
          }

          const closing = [
            () => measure("cached", `${cached.base}${slug}`, BROWSER),
            () => measure("br", `${cached.base}/`, BROWSER),
            () => measure("gzip", `${cached.base}/`, GZIP),
            bareRun,
            nginxRun,
          ];
          for (const run of closing) await run();
        }
      } finally {
        await Promise.all([bare.stop(), bareAsset.stop(), nginx?.stop()]);
      }
      rows = {
        gzip: median(home.gzip),
        br: median(home.br),
        changedGzip: median(home.changedGzip),
        changedBr: median(home.changedBr),
        counted: median(home.counted),
        cached: median(home.cached),
        bare: median(home.bare),
        asset: median(home.asset),
        bareAsset: median(home.bareAsset),
        ...(home.nginx.length ? { nginx: median(home.nginx) } : {}),
      };
      paired = {
        prerenderedVsBare: pairedRatios(home.gzip, home.bare),
        assetVsBare: pairedRatios(home.asset, home.bareAsset),
        cachedVsBr: pairedRatios(home.cached, home.br),
        ...bracketedRatios,
        nginx: pairedRatios(home.gzip, home.nginx),
        bareVsNginx: pairedRatios(home.bare, home.nginx),
      };
      for (const [row, runs] of Object.entries(home))
        console.log(`  ${row}: ${runs.map((m) => Math.round(m.rps).toLocaleString("en-US")).join(", ")} requests/s`);
      homeViews = await storedHomeViews(cached.base, cookie);
      // A search of the blog: a query string, so rendered on every request whatever the cache holds.
      rows.search = await getLoad(`${cached.base}${SEARCH_PATH}`, BROWSER);
      rows.leads = await leadLoad(cached.base, LEAD_CONNECTIONS);
      leadsFirstRows.push({ load: "cached post", ...(await leadsFirst(cached.base, `${cached.base}${slug}`)) });
    } finally {
      await cached.stop();
    }
    // The same database, started again without a render cache: every request renders the post.
    const uncached = await startServer(database, dataDir, { RENDER_CACHE_MAX_MB: "0" });
    try {
      await expectPost(`${uncached.base}${slug}`);
      await settle(uncached.child.pid);
      rows.uncached = await getLoad(`${uncached.base}${slug}`, BROWSER);
      leadsFirstRows.push({ load: "uncached post", ...(await leadsFirst(uncached.base, `${uncached.base}${slug}`)) });
    } finally {
      await uncached.stop();
    }
    return {
      database: database.name,
      rows: rows as ServerResults["rows"],
      paired: paired as ServerResults["paired"],
      homeViews,
      leadsFirst: leadsFirstRows,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- output ----

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

const failedCell = (m: Measured) =>
  m.failed === 0
    ? "0"
    : `${m.failed} (${Object.entries(m.statuses)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, n]) => `${code}: ${n}`)
        .join(", ")})`;
const latencyCell = (ms: number) => (Number.isInteger(ms) ? String(ms) : ms.toFixed(2));
const measuredRow = (target: string, m: Measured) => [
  target,
  Math.round(m.rps).toLocaleString("en-US"),
  latencyCell(m.p50),
  latencyCell(m.p99),
  failedCell(m),
  m.generatorCpu === undefined ? "-" : `${Math.round(m.generatorCpu * 100)}%`,
];
const MEASURED_HEADER = ["target", "requests/s", "p50 ms", "p99 ms", "failed", "generator CPU"];

/** The middle value (the mean of the two middle ones for an even count). */
function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

/**
 * Prints the ratio line; answers whether it meets its target (an absent reference is no failure). Paired
 * ratios (runs made next to each other) are judged by their median, and their range is printed.
 */
function ratio(label: string, value: number | number[] | undefined, target: number, runs = "pairs of runs side by side"): boolean {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) {
    console.log(`  ${label}: not measured`);
    return true;
  }
  const judged = Array.isArray(value) ? middle(value) : value;
  const spread = Array.isArray(value)
    ? ` (median of ${value.length} ${runs}, ${Math.min(...value).toFixed(2)} to ${Math.max(...value).toFixed(2)})`
    : "";
  const ok = judged >= target;
  console.log(`  ${label}: ${judged.toFixed(2)}${spread} (target >= ${target}) ${ok ? "ok" : "BELOW TARGET"}`);
  return ok;
}

function report(references: Row[], results: ServerResults[]): boolean {
  let ok = true;
  const version = JSON.parse(readFileSync(path.join(root, "node_modules", "autocannon", "package.json"), "utf8")).version;
  console.log(
    WRK
      ? `\nGET rows: wrk ${WRK.version} in its own process, 1 thread, ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP_SECONDS} s of warm-up ` +
          `(bracketed rows: ${BRACKET_SECONDS} s each, in turns with their reference); ` +
          "generator CPU is wrk's CPU time over the run (100% = its core busy throughout: then wrk, not the server, is the limit). " +
          `POST rows and the load under "leads first": autocannon ${version} in this process; latency at 1 ms resolution.`
      : `\nautocannon ${version}: ${CONNECTIONS} connections unless said, ${DURATION} s each after ${WARMUP_SECONDS} s of warm-up; latency at 1 ms resolution (apt-get install wrk measures the GET rows from a process of their own).`,
  );
  console.log("\nReferences: the prerendered home page's stored gzip bytes, Accept-Encoding: gzip");
  table(
    MEASURED_HEADER,
    references.map((r) => measuredRow(r.target, r.result)),
  );
  const nginxOnce = references.find((r) => r.target.includes("gzip_static"))?.result;
  const bareOnce = references.find((r) => r.target.startsWith("Node http"))?.result;
  for (const r of references) if (r.result.failed) ok = false;
  for (const { database, rows, paired, homeViews, leadsFirst } of results) {
    console.log(`\nThe server (node ${containerArgs().join(" ")}) on ${database}:`);
    table(MEASURED_HEADER, [
      measuredRow("GET / prerendered, gzip", rows.gzip),
      measuredRow("GET / prerendered, br", rows.br),
      measuredRow(`GET / after a settings change, gzip (${BRACKET_SECONDS} s bracketed runs)`, rows.changedGzip),
      measuredRow(`GET / after a settings change, br (${BRACKET_SECONDS} s bracketed runs)`, rows.changedBr),
      measuredRow(`GET / prerendered, gzip, a browser's user agent: view counted (${BRACKET_SECONDS} s bracketed runs)`, rows.counted),
      measuredRow("bare Node server, same bytes and headers, in turns with the rows above", rows.bare),
      ...(rows.nginx ? [measuredRow("nginx, gzip_static, in turns with the rows above", rows.nginx)] : []),
      measuredRow(`GET /${largestScript()}, br (the home page's largest script)`, rows.asset),
      measuredRow("bare Node server, same script bytes and headers, in turns with the row above", rows.bareAsset),
      measuredRow("GET /blog/<slug>, render cache, in turns with the home page", rows.cached),
      measuredRow("GET /blog/<slug>, RENDER_CACHE_MAX_MB=0", rows.uncached),
      measuredRow(`GET ${SEARCH_PATH}: stored /blog, its list rendered per request`, rows.search),
      measuredRow(`POST /api/contacts, ${LEAD_CONNECTIONS} connections`, rows.leads),
    ]);
    console.log(`\nLeads first on ${database}: a lead POST every ${LEAD_INTERVAL_MS} ms while ${CONNECTIONS} connections load a post`);
    table(
      ["load", "requests/s", "leads", "lead p50 ms", "lead p99 ms", "failed leads", `p99 < ${TARGETS.leadP99Ms} ms`],
      leadsFirst.map(({ load: name, background, leads }) => {
        const met = leads.failed === 0 && leads.p99 < TARGETS.leadP99Ms;
        if (!met) ok = false;
        return [
          name,
          Math.round(background.rps).toLocaleString("en-US"),
          String(leads.sent),
          leads.p50.toFixed(1),
          leads.p99.toFixed(1),
          String(leads.failed),
          met ? "ok" : "BELOW TARGET",
        ];
      }),
    );
    console.log("\nRatios:");
    // What the generator drove beside the product's runs: nginx in the same turns (the product's runs to its, paired),
    // else the references measured once.
    const once = nginxOnce ?? bareOnce;
    const toFastest = paired.nginx.length ? middle(paired.nginx) : once && rows.gzip.rps / once.rps;
    if (!toFastest || generatorBound(1, toFastest)) {
      // The generator could not drive the fastest reference clearly faster than the product: the product's
      // figure may be the generator's limit, so no comparison is made (none passes, none fails).
      const reached = toFastest ? `${(1 / toFastest).toFixed(2)}x` : "no reference measured";
      console.log(
        `  generator-bound: the load generator drove ${nginxOnce ? "nginx" : "the bare Node server"} at ${reached} the product's figure ` +
          `(at least ${GENERATOR_HEADROOM}x is needed); no ratio is printed. Use wrk (apt-get install wrk) on a machine with a core to spare.`,
      );
      if (Object.values(rows).some((m) => m.failed)) ok = false;
      continue;
    }
    if (paired.nginx.length)
      console.log(
        `  prerendered (gzip) / nginx (gzip): ${middle(paired.nginx).toFixed(2)}; the bare Node server's: ${middle(paired.bareVsNginx).toFixed(2)} ` +
          `(medians of ${paired.nginx.length} runs in turns; for comparison, no target: a Node server on one core is held to the bare Node server writing the same bytes)`,
      );
    ok =
      ratio("prerendered (gzip) / bare Node server, same bytes and headers", paired.prerenderedVsBare, TARGETS.prerenderedVsBareNode) && ok;
    ok = ratio("script (br) / bare Node server, same bytes and headers", paired.assetVsBare, TARGETS.assetVsBareNode) && ok;
    ok = ratio("cached post / prerendered (br)", paired.cachedVsBr, TARGETS.cachedVsPrerendered) && ok;
    ok = ratio("home after a settings change / before (br)", paired.changedBr, TARGETS.changedVsPrerendered, "bracketed runs") && ok;
    ok = ratio("home after a settings change / before (gzip)", paired.changedGzip, TARGETS.changedVsPrerendered, "bracketed runs") && ok;
    console.log(`  views of / stored over the counted runs: ${homeViews.toLocaleString("en-US")}`);
    ok = homeViews > 0 && ok;
    ok = ratio("home with its view counted / not counted (gzip)", paired.counted, TARGETS.countedVsNotCounted, "bracketed runs") && ok;
    if (Object.values(rows).some((m) => m.failed)) ok = false;
  }
  if (!("RENDER_CACHE_MAX_MB" in envSchema.shape))
    console.log("\nNote: the server has no RENDER_CACHE_MAX_MB setting, so both post rows render on every request.");
  return ok;
}

async function main() {
  const mode = process.argv[2];
  if (mode === "--reference-server") return referenceServer(JSON.parse(process.argv[3]));
  if (mode === "--lead-probe") return leadProbe(JSON.parse(process.argv[3]));
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  if (!Number.isInteger(DURATION) || DURATION < 2 || DURATION > 600)
    throw new Error("BENCH_DURATION must be a whole number of seconds, 2 to 600");
  WRK = ensureWrk();
  if (!process.argv.includes("--no-build")) {
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(1);
  }
  for (const file of [
    "build/server.js",
    "build/build-info.json",
    "build/static-manifest.json",
    "build/client/index.html.gz",
    "build/client/index.html.br",
  ])
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: run "npm run build" first (or leave out --no-build).`);
  const built = JSON.parse(readFileSync(path.join(root, "build", "build-info.json"), "utf8")) as { fingerprint?: string; builtAt?: string };
  if (built.fingerprint !== sourceFingerprint(root))
    console.log(`Note: build/ (made ${built.builtAt ?? "at an unknown time"}) is older than the source: the numbers describe that build.`);

  // Other work on the machine takes cores from the measured processes, and not evenly between rows.
  const [busy] = loadavg();
  if (busy > availableParallelism() / 2)
    console.log(
      `Note: the machine's load average is ${busy.toFixed(1)} on ${availableParallelism()} cores: other work skews these numbers.`,
    );
  // The load this process generates (autocannon) stays off the servers' core.
  if (PIN) spawnSync("taskset", ["-a", "-p", "-c", String(GENERATOR_CORE), String(process.pid)], { stdio: "ignore" });
  const references: { rows?: Row[] } = {};
  const results = [await measureServer({ name: "the embedded database (PGlite)" }, references)];
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const database = await postgresDatabase(postgresUrl);
    try {
      results.push(await measureServer(database, references));
    } finally {
      await database.drop?.();
    }
  }
  if (!report(references.rows ?? [], results)) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
