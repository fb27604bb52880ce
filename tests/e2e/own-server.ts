/**
 * A server of the spec's own (`node build/server.js` on a fresh embedded database in a temporary data
 * folder, on its own port): for a spec that changes what every page shows (the agency's settings), so
 * the specs running beside it on the shared server see the defaults they test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export type OwnServer = { url: string; dataDir: string; output: () => string; stop: () => Promise<void> };

/** Starts the server with `env` over the shared suite's settings; resolves once it answers. */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-own-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      SITE_URL: `http://127.0.0.1:${port}`,
      ADMIN_REQUIRE_2FA: "false",
      RATE_LIMIT_FORMS_MAX: "1000",
      RATE_LIMIT_CHAT_SESSIONS_MAX: "1000",
      RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "1000",
      RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "1000",
      ...env,
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
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited before answering:\n${output}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, dataDir, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 2 minutes:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
