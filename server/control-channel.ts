/**
 * The running server's local channel: a Unix socket in DATA_DIR (DATA_DIR/control.sock, readable and
 * writable by the server's own user only), over which `db:backup` asks the server holding the embedded
 * database for an archive, since no second process may open that database (db/client.ts). Not on any
 * network: only a process of the same user (or root) on the same machine reaches it.
 *
 *   POST /backup?out=<the command's file, for the record>  ->  200, the archive as the body, and a trailer
 *   X-Backup-Result with its size, SHA-256 and counts; any failure cuts the body short.
 */
import { once } from "node:events";
import { chmodSync, existsSync, lstatSync, unlinkSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import type { BackupResult } from "~/features/backup/backup.server";

export const CONTROL_SOCKET = "control.sock";
export const BACKUP_RESULT_TRAILER = "X-Backup-Result";
/** The longest path a Unix socket may have on Linux (sun_path, less its terminating byte). */
const MAX_SOCKET_PATH = 107;

export type ControlChannel = { path: string; close: () => Promise<void> };

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;

export async function openControlChannel(
  dataDir: string,
  backUpInto: (sink: Writable, location: string) => Promise<BackupResult>,
  log: Log,
): Promise<ControlChannel | null> {
  const socketPath = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  if (socketPath.length > MAX_SOCKET_PATH) {
    log("warn", { socketPath }, "DATA_DIR's path is too long for the local channel: db:backup needs the server stopped");
    return null;
  }
  // A socket left by a server that died; this process holds the data folder's lock, so it is no one's.
  if (existsSync(socketPath) && lstatSync(socketPath).isSocket()) unlinkSync(socketPath);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://control");
    if (request.method !== "POST" || url.pathname !== "/backup") {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end(JSON.stringify({ message: "Only POST /backup is answered here." }));
      return;
    }
    request.resume();
    const body = new PassThrough();
    response.writeHead(200, { "content-type": "application/gzip", trailer: BACKUP_RESULT_TRAILER });
    body.pipe(response, { end: false });
    // The command went away (its terminal closed) or the server is stopping: the backup stops, and says so.
    response.once("close", () => {
      if (!response.writableFinished) body.destroy(new Error("db:backup stopped reading the archive before it was complete"));
    });
    const location = url.searchParams.get("out")?.slice(0, 1000) || "(sent to the db:backup command)";
    void Promise.all([backUpInto(body, location), once(body, "end")]).then(
      ([result]) => {
        response.addTrailers({
          [BACKUP_RESULT_TRAILER]: JSON.stringify({ bytes: result.bytes, sha256: result.sha256, counts: result.counts }),
        });
        response.end();
      },
      (error: unknown) => {
        log("error", { err: error }, "backup for db:backup failed");
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // The socket is made owner-only from its first moment (the bind happens within listen(), synchronously).
    const umask = process.umask(0o077);
    try {
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      try {
        unlinkSync(socketPath);
      } catch {
        // already gone
      }
    },
  };
}
