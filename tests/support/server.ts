/** Starts the built server in-process on a free port with a fresh database. */
import { existsSync } from "node:fs";
import path from "node:path";
import type { DestinationStream } from "pino";
import { type RunningServer, startServer } from "../../server/main";
import { databaseEnv, type TestDatabaseKind } from "./databases";

export const root = path.resolve(import.meta.dirname, "../..");

export function requireBuild() {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error('Integration tests serve the production build: run "npm run build" first (npm test does).');
  }
}

/**
 * A server on a fresh database: by default a copy of the run's database as a first start leaves it
 * (tests/support/started-database.ts); `{ started: false }` for a first start on an empty one.
 * `logs` receives the server's log lines (tests/support/logs.ts; set LOG_LEVEL too, silent by default).
 */
export async function startTestServer(
  kind: TestDatabaseKind,
  extraEnv: Record<string, string> = {},
  { started = true, logs }: { started?: boolean; logs?: DestinationStream } = {},
) {
  requireBuild();
  const db = await databaseEnv(kind, { started });
  let server: RunningServer;
  try {
    server = await startServer(
      {
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "silent",
        AUTH_SCRYPT_N: "1024",
        ...db.env,
        ...extraEnv,
      },
      { logDestination: logs },
    );
  } catch (error) {
    await db.cleanup();
    throw error;
  }
  return {
    ...server,
    close: async () => {
      await server.close();
      await db.cleanup();
    },
  };
}
