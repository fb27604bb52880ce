/**
 * `npm run bench:pages`: builds, starts the production server on a fresh embedded database, runs
 * Lighthouse (mobile, Debian Chromium) on the main public pages and prints the four category
 * scores with LCP, TBT, CLS and the JavaScript transferred on first load.
 *
 *   npm run bench:pages              build first, then measure every page of the sitemap and /quote
 *   npm run bench:pages -- --no-build   measure the existing build
 *   BENCH_PAGES=/,/about npm run bench:pages   measure only these pages
 *   BENCH_RUNS=3 npm run bench:pages          runs per page (the median is reported; default 5)
 *   BENCH_JSON_DIR=/tmp/lh npm run bench:pages   also write each run's Lighthouse report (JSON) there
 *   BENCH_LIGHTHOUSE=12.2.3 npm run bench:pages  measure with that version of Lighthouse instead of the pinned one
 *
 * Lighthouse is not one of the project's dependencies (it and its own dependencies would be a
 * quarter of the lockfile, for this one script): the first run installs the pinned version into
 * node_modules/.cache/bench-tools. The pin is the newest Lighthouse that runs on Node 20 (12.8.2;
 * Lighthouse 13 needs Node 22.19), the one PageSpeed Insights ran when it was chosen.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { findChromium } from "./ensure-chromium.mjs";

const USAGE = `Usage: npm run bench:pages [-- --no-build]

Builds the site (unless --no-build), serves it on a fresh embedded database and runs Lighthouse
(mobile) on every page of the sitemap and /quote. Settings: BENCH_PAGES, BENCH_EXTRA_PAGES, BENCH_RUNS, BENCH_PORT,
BENCH_JSON_DIR, BENCH_LIGHTHOUSE (see the top of scripts/bench-pages.ts).`;

const root = path.resolve(import.meta.dirname, "..");
/** BENCH_LIGHTHOUSE=12.2.3 measures with another version (each installed once, in a folder of its own). */
const LIGHTHOUSE_VERSION = process.env.BENCH_LIGHTHOUSE ?? "12.8.2";
const CHROME_LAUNCHER_VERSION = "1.2.1";
const toolsDir = path.join(root, "node_modules", ".cache", "bench-tools", LIGHTHOUSE_VERSION);

/** The parts of Lighthouse's report this script reads. */
type Report = {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; details?: unknown } | undefined>;
};
type Lighthouse = (url: string, flags: { port: number; output: "json"; logLevel: "error" }) => Promise<{ lhr: Report } | undefined>;
type ChromeLauncher = {
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => unknown }>;
};

/** Lighthouse and chrome-launcher at their pinned versions, installed on first use. */
async function benchTools(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const entry = (name: string, file: string) => path.join(toolsDir, "node_modules", name, file);
  const installedVersion = (name: string) =>
    existsSync(entry(name, "package.json"))
      ? (JSON.parse(readFileSync(entry(name, "package.json"), "utf8")) as { version: string }).version
      : undefined;
  if (installedVersion("lighthouse") !== LIGHTHOUSE_VERSION || installedVersion("chrome-launcher") !== CHROME_LAUNCHER_VERSION) {
    console.log(`Installing Lighthouse ${LIGHTHOUSE_VERSION} for the benchmark (once) into ${path.relative(root, toolsDir)}...`);
    const installed = spawnSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--prefix",
        toolsDir,
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        `chrome-launcher@${CHROME_LAUNCHER_VERSION}`,
      ],
      { stdio: "inherit" },
    );
    if (installed.status !== 0) throw new Error("Lighthouse could not be installed from the npm registry.");
  }
  const lighthouse = (await import(pathToFileURL(entry("lighthouse", "core/index.js")).href)).default as Lighthouse;
  const chromeLauncher = (await import(pathToFileURL(entry("chrome-launcher", "dist/index.js")).href)) as ChromeLauncher;
  return { lighthouse, chromeLauncher };
}
/** BENCH_PAGES, else every page of the running site's sitemap and the quote form (which the sitemap leaves to the pages linking it). */
async function pagesToMeasure(): Promise<string[]> {
  const extra = process.env.BENCH_EXTRA_PAGES?.split(",").filter(Boolean) ?? [];
  const given = process.env.BENCH_PAGES?.split(",").filter(Boolean);
  if (given) return [...given, ...extra];
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...new Set([...listed, "/quote", ...extra])];
}
const TARGETS = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, cls: 0, jsKb: 120 };
const port = Number(process.env.BENCH_PORT ?? 3400);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const base = `http://localhost:${port}`;

async function main() {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const { lighthouse, chromeLauncher } = await benchTools();
  // Lighthouse measures the whole browser, as a visitor's.
  const chrome = findChromium({ headless: false });
  if (!chrome) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH.");
  if (!process.argv.includes("--no-build")) {
    const built = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"], {
      cwd: root,
      stdio: "inherit",
    });
    if (built.status !== 0) process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
  const server = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const PAGES = await pagesToMeasure();
    // A running site answers from memory: request every page and its scripts once, so the first
    // measured load is not a cold start (Lighthouse's simulation reuses the observed server times).
    for (const page of PAGES) {
      const html = await (await fetch(`${base}${page}`, { headers: { "accept-encoding": "gzip" } })).text();
      for (const asset of new Set(html.match(/\/assets\/[\w.-]+\.(js|css)/g) ?? []))
        await (await fetch(`${base}${asset}`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();
    }
    const launched = await chromeLauncher.launch({
      chromePath: chrome,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
    const rows: string[][] = [];
    let failures = 0;
    try {
      for (const page of PAGES) {
        // Lighthouse varies from run to run: each page is measured RUNS times and the median run reported.
        const runs: {
          perf: number;
          a11y: number;
          bp: number;
          seo: number;
          lcp: number;
          tbt: number;
          cls: number;
          jsKb: number;
          failed: string[];
        }[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A run Lighthouse could not complete (a runtime error, so no scores) is repeated, not counted as 0.
          let result: Awaited<ReturnType<Lighthouse>>;
          for (let attempt = 1; ; attempt++) {
            result = await lighthouse(`${base}${page}`, { port: launched.port, output: "json", logLevel: "error" });
            if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
            const broken =
              result.lhr.runtimeError ??
              (Object.values(result.lhr.categories).some((c) => c.score == null)
                ? { code: "NO_SCORE", message: "a category has no score" }
                : undefined);
            if (!broken) break;
            if (attempt >= 3) throw new Error(`Lighthouse could not measure ${page}: ${broken.code} ${broken.message}`);
            console.log(`  ${page}: run ${i + 1} failed (${broken.code}), measuring again`);
          }
          if (process.env.BENCH_JSON_DIR)
            writeFileSync(
              path.join(process.env.BENCH_JSON_DIR, `${page.replace(/\W+/g, "_") || "home"}-${i + 1}.json`),
              JSON.stringify(result.lhr),
            );
          const { categories, audits } = result.lhr;
          const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
          const items =
            (audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
          const failed: string[] = [];
          for (const [id, cat] of Object.entries(categories)) {
            if ((cat.score ?? 0) < 1)
              failed.push(
                `${id}: ${cat.auditRefs
                  .filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1)
                  .map((r) => r.id)
                  .join(", ")}`,
              );
          }
          runs.push({
            perf: score("performance"),
            a11y: score("accessibility"),
            bp: score("best-practices"),
            seo: score("seo"),
            lcp: audits["largest-contentful-paint"]?.numericValue ?? 0,
            tbt: audits["total-blocking-time"]?.numericValue ?? 0,
            cls: audits["cumulative-layout-shift"]?.numericValue ?? 0,
            jsKb: (items.find((it) => it.resourceType === "script")?.transferSize ?? 0) / 1024,
            failed,
          });
        }
        // The median run by score; total blocking time varies most from run to run, so its own median is shown.
        const tbts = runs.map((r) => r.tbt).sort((a, b) => a - b);
        const tbt = tbts.length % 2 ? tbts[(tbts.length - 1) / 2] : (tbts[tbts.length / 2 - 1] + tbts[tbts.length / 2]) / 2;
        runs.sort((a, b) => a.perf - b.perf || b.lcp - a.lcp);
        const m = runs[Math.floor(runs.length / 2)];
        const ok =
          m.perf >= TARGETS.performance && m.a11y >= 100 && m.bp >= 100 && m.seo >= 100 && m.cls <= TARGETS.cls && m.jsKb <= TARGETS.jsKb;
        if (!ok) failures++;
        for (const f of m.failed) console.log(`  ${page} ${f}`);
        rows.push([
          page,
          String(m.perf),
          `${runs.map((r) => r.perf).join("/")}`,
          String(m.a11y),
          String(m.bp),
          String(m.seo),
          `${(m.lcp / 1000).toFixed(2)} s`,
          `${Math.round(tbt)} ms`,
          m.cls.toFixed(3),
          `${m.jsKb.toFixed(1)} KB`,
          ok ? "ok" : "BELOW TARGET",
        ]);
      }
    } finally {
      launched.kill();
    }
    const header = ["page", "perf", "runs", "a11y", "best", "seo", "LCP", "TBT", "CLS", "JS (transfer)", "targets"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
    console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, Debian Chromium (median of ${RUNS} runs per page):`);
    console.log(line(header));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const r of rows) console.log(line(r));
    console.log(
      `targets: performance >= ${TARGETS.performance}, accessibility/best practices/SEO = 100, CLS = 0, JS <= ${TARGETS.jsKb} KB`,
    );
    if (failures) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
