/**
 * Caddy as production runs it (deploy/Caddyfile, the file compose.yaml mounts), on this machine: Debian's
 * `caddy` with its own local certificate authority in place of a public one, its files in a temporary
 * folder, no admin endpoint, and the site on a free port.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
export const productionCaddyfile = path.join(root, "deploy", "Caddyfile");

/** The caddy binary: CADDY_PATH, else the first `caddy` on PATH; null when there is none. */
export function findCaddy(): string | null {
  const candidates = process.env.CADDY_PATH
    ? [process.env.CADDY_PATH]
    : (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "caddy"));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/** The JSON configuration Caddy makes of a Caddyfile with this environment (`caddy adapt`). */
export function adaptCaddyfile(caddy: string, file: string, env: Record<string, string>): unknown {
  const result = spawnSync(caddy, ["adapt", "--config", file, "--adapter", "caddyfile"], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...env },
  });
  if (result.status !== 0) throw new Error(`caddy adapt failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

export type RunningCaddy = {
  /** The root certificate of Caddy's local authority (PEM), which signed the site's certificate. */
  rootCertificate: () => string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts deploy/Caddyfile for `siteHost` (e.g. localhost:8443) in front of `upstream`, listening on `bind`
 * only, and resolves once the site answers over https with a certificate from Caddy's local authority.
 */
export async function startCaddy(
  caddy: string,
  {
    siteHost,
    httpsPort,
    httpPort,
    upstream,
    bind,
  }: { siteHost: string; httpsPort: number; httpPort: number; upstream: string; bind: string },
): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "caddy-"));
  const storage = path.join(dir, "storage");
  const config = path.join(dir, "Caddyfile");
  // The production file imported whole, after the options that differ on a test machine.
  writeFileSync(
    config,
    [
      "{",
      "\tadmin off",
      "\tlocal_certs",
      "\tskip_install_trust",
      `\tdefault_bind ${bind}`,
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      `\tstorage file_system ${storage}`,
      "}",
      `import ${productionCaddyfile}`,
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(caddy, ["run", "--config", config, "--adapter", "caddyfile"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
      SITE_HOST: siteHost,
      APP_UPSTREAM: upstream,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => {
    output += d;
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const rootCertificate = () => readFileSync(path.join(storage, "pki", "authorities", "local", "root.crt"), "utf8");
  const [hostname, port] = [siteHost.replace(/:\d+$/, ""), httpsPort];

  const deadline = Date.now() + 60_000;
  let last = "";
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited before serving the site:\n${output}`);
    }
    try {
      // Verified against Caddy's own root, as a browser that trusts it would.
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: bind,
            port,
            servername: hostname,
            path: "/api/health",
            headers: { host: siteHost },
            ca: rootCertificate(),
            timeout: 5_000,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("timeout", () => req.destroy(new Error("no answer in 5 s")));
        req.on("error", reject);
        req.end();
      });
      if (status === 200) return { rootCertificate, output: () => output, stop };
      last = `status ${status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not serve the site over https within 60 s (${last}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
