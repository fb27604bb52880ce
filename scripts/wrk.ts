/**
 * wrk (Debian's package) as the benchmarks' load generator: one thread in a process of its own, its
 * CPU time measured with bash's `time`, and the rule that says when its figures describe the servers.
 */
import { spawn, spawnSync } from "node:child_process";

export type WrkMeasured = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  statuses: Record<string, number>;
  /** wrk's CPU time over the measured seconds (1 = its core busy throughout: then wrk is the limit). */
  generatorCpu?: number;
};

export type Wrk = { binary: string; version: string };

/** wrk, when it is installed (BENCH_WRK names another binary; BENCH_WRK=none: none). */
export function findWrk(): Wrk | null {
  const binary = process.env.BENCH_WRK || "wrk";
  if (binary === "none") return null;
  const found = spawnSync(binary, ["-v"], { encoding: "utf8" });
  if (found.error) return null;
  return { binary, version: /wrk (?:\S*\/)?([\d.]+)/.exec(`${found.stdout}${found.stderr}`)?.[1] ?? "?" };
}

/**
 * How much faster than the product the generator must drive the fastest reference (nginx serving the
 * same file) for a comparison to mean anything: below it, the generator, not the product, may be what
 * limits the product's figure.
 */
export const GENERATOR_HEADROOM = 1.5;

/** Whether a run is generator-bound: the reference's figure is not at least GENERATOR_HEADROOM times the product's. */
export function generatorBound(referenceRps: number, productRps: number): boolean {
  return !(referenceRps >= GENERATOR_HEADROOM * productRps);
}

/** One wrk run with --latency; `wrap` may put the command on a core of its own (taskset). */
export function runWrk(
  wrk: Wrk,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  {
    connections,
    wrap = (command, args) => [command, args],
  }: { connections: number; wrap?: (command: string, args: string[]) => [string, string[]] },
): Promise<WrkMeasured> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = wrap(wrk.binary, args);
    const child = spawn("bash", ["-c", 'TIMEFORMAT="cpu %U %S"; time "$@"', "bash", command, ...commandArgs], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk failed (${code}): ${err}`));
      resolve(parseWrk(out, err, seconds));
    });
  });
}

/** The figures of wrk's --latency report. */
export function parseWrk(out: string, err: string, seconds: number): WrkMeasured {
  const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[unit];
  const latency = (p: number) => {
    const found = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(out);
    return found ? ms(found[1], found[2]) : NaN;
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(err);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: latency(50),
    p99: latency(99),
    failed: non2xx + errors,
    statuses: { "2xx": requests - non2xx, ...(non2xx ? { "non-2xx": non2xx } : {}), ...(errors ? { "socket errors": errors } : {}) },
    generatorCpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) / seconds : undefined,
  };
}

/**
 * wrk, installed from Debian's packages when it is missing and this runs as root (as `npm test` installs
 * Chromium); otherwise null after one line saying how to install it.
 */
export function ensureWrk(): Wrk | null {
  const found = findWrk();
  if (found || process.env.BENCH_WRK === "none") return found;
  if (process.getuid?.() === 0 && !process.env.BENCH_WRK) {
    console.log("Installing wrk (Debian's package) to drive the load from a process of its own...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () => spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "inherit", env }).status === 0;
    if (install() || (spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env }).status === 0 && install())) return findWrk();
  }
  console.log("wrk is not installed (apt-get install wrk): the GET rows are measured with autocannon, in this process.");
  return null;
}
