/**
 * `npm test`: the whole suite.
 *   1. finds (or, as root, installs) Chromium;
 *   2. lints and checks formatting (Biome);
 *   3. typechecks, beside 4 and 5;
 *   4. builds the production site;
 *   5. runs unit and integration tests (Vitest: PGlite, and PostgreSQL when TEST_DATABASE_URL is set);
 *   6. measures alone what timing depends on: the built server's start and memory under load, the chat's retrieval speed (tests/measured);
 *   7. runs the end-to-end tests (Playwright in Chromium) against the built server.
 * Ends with the slowest ten files and one line of totals.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");

if (process.argv.includes("--help")) {
  console.log(`Usage: npm test

Runs the whole suite: lint (Biome), typecheck, build, unit and integration tests (Vitest, on PGlite and
on PostgreSQL when TEST_DATABASE_URL is set), the built server's start and memory measured alone
(tests/measured), and the end-to-end tests (Playwright in Chromium).
Ends with one line of totals. Halves: npm run test:unit, npm run test:e2e (after npm run build).`);
  process.exit(0);
}
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const results = path.join(root, "build", "test-summary");

function step(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`== ${title}: ${result.status === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);
// The production path behind Caddy (tests/e2e/production-proxy.spec.ts) runs with Debian's caddy, and is skipped without it.
const caddy = [process.env.CADDY_PATH ?? (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "caddy"))]
  .flat()
  .find((file) => file && existsSync(file));
console.log(`Caddy: ${caddy ?? "not installed (apt-get install caddy): tests/e2e/production-proxy.spec.ts is skipped"}`);

// Lint first: a finding fails the run, and the rest still runs so one report shows everything.
const lintOk = step("lint", bin("biome"), ["check", "--max-diagnostics=50", "."]);
/**
 * A step run beside others: its output is kept and printed whole when it ends, or once `until` has
 * settled if that is later, so two steps' lines never interleave. Answers whether it succeeded.
 */
function stepBeside(title, command, args, { until } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", async (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      await until;
      console.log(`\n== ${title}\n${output.trimEnd()}${output ? "\n" : ""}== ${title}: ${code === 0 ? "ok" : "FAILED"} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

/** A step whose output goes straight to the terminal while other steps run beside it (their output held). */
function stepLive(title, command, args) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    child.on("error", (error) => console.error(error.message));
    child.on("close", (code) => {
      console.log(`== ${title}: ${code === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve(code === 0);
    });
  });
}

let ok = step("images", process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/images.ts"]);
ok = ok && step("route types", bin("react-router"), ["typegen"]);
const vitestJson = path.join(results, "vitest.json");
const measuredJson = path.join(results, "measured.json");
const playwrightJson = path.join(results, "playwright.json");
if (ok) {
  // The typecheck keeps one core busy for about 40 s. It runs beside the build, then beside the first
  // part of the unit and integration tests (whose one-time set-up keeps one core busy too); its output is
  // held until those tests end.
  let unitDone;
  const typed = stepBeside("typecheck", bin("tsc"), ["--noEmit"], { until: new Promise((resolve) => (unitDone = resolve)) });
  const built = await stepBeside("build", process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"]);
  let testsOk = false;
  if (built) {
    mkdirSync(results, { recursive: true });
    testsOk = await stepLive("unit and integration tests", bin("vitest"), [
      "run",
      "--project=shared",
      "--project=own-process",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestJson}`,
    ]);
  }
  unitDone();
  ok = (await typed) && built;
  // With nothing else running: the typecheck has ended.
  testsOk =
    ok &&
    (await stepLive("measurements", bin("vitest"), [
      "run",
      "--project=measured",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${measuredJson}`,
    ])) &&
    testsOk;
  ok =
    ok &&
    step("end-to-end tests", bin("playwright"), ["test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      CHROME_PATH: chromium,
    }) &&
    testsOk;
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** Seconds each test file took, Vitest's and Playwright's, for the list of the slowest at the end. */
const fileSeconds = [];
/** The failed tests by name, repeated under the totals so the end of a long log says what to look at. */
const failures = [];
for (const json of [vitestJson, measuredJson]) {
  if (!existsSync(json)) continue;
  const v = JSON.parse(readFileSync(json, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    if (file.startTime && file.endTime) fileSeconds.push([path.relative(root, file.name), (file.endTime - file.startTime) / 1000]);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`${path.relative(root, file.name)} › ${test.fullName}`);
    }
  }
}
if (existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, "utf8"));
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  /** A Playwright file's time: the sum of its tests' runs (they may run in parallel with other files'). */
  const specSeconds = new Map();
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        specSeconds.set(spec.file, (specSeconds.get(spec.file) ?? 0) + ms / 1000);
        if (test.status === "unexpected") failures.push(`${spec.file} › ${[...titles, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
  for (const [file, seconds] of specSeconds) fileSeconds.push([path.join("tests/e2e", file), seconds]);
}
if (fileSeconds.length > 0) {
  const slowest = fileSeconds.sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`\nSlowest files:\n${slowest.map(([file, seconds]) => `  ${seconds.toFixed(1).padStart(7)} s  ${file}`).join("\n")}`);
}
ok = ok && lintOk;
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join("\n")}`);
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
