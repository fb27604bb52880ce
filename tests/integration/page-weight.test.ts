/**
 * The first-load JavaScript budget of every public page (docs/decisions/007 and 029): what a phone
 * downloads before the page works, counted as Lighthouse counts it (each file's compressed body and
 * its response's headers), from the route manifest of the production build and a real asset answer.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuild, root, startTestServer } from "../support/server";

/** The budget of any public page's first load, in KB of 1024 bytes. */
const BUDGET_KB = 120;
/** Fewer requests than this: each beyond the first six costs a phone a round trip. */
const MAX_FILES = 10;

type ManifestEntry = { module: string; imports?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string; hasDefaultExport: boolean }> };

const clientDir = path.join(root, "build", "client");

function readManifest(): Manifest {
  const file = readdirSync(path.join(clientDir, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("The client build has no route manifest");
  const source = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** The size of the file the server answers a browser with: its brotli form, or itself when too small to compress. */
function answeredSize(asset: string): number {
  const file = path.join(clientDir, asset);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

/** The bytes of the status line and headers of one answer, as they cross the wire. */
function headerBytes(url: string, target: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept-Encoding: br\r\nConnection: keep-alive\r\n\r\n`);
    });
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end >= 0) {
        socket.destroy();
        resolve(end + 4);
      }
    });
    socket.on("error", reject);
  });
}

describe("first-load JavaScript", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    requireBuild();
    server = await startTestServer("pglite");
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`stays within ${BUDGET_KB} KB and ${MAX_FILES} files on every public page`, async () => {
    const manifest = readManifest();
    const { entry, routes } = manifest;
    const root = routes.root;
    const pages = Object.values(routes).filter((r) => r.id !== "root" && r.hasDefaultExport && !r.id.startsWith("routes/admin/"));
    expect(pages.length).toBeGreaterThanOrEqual(15);

    // Every file is answered with the same headers but its length and tag: measure the largest file's.
    const framework = [...(root.imports ?? [])].find((f) => f.includes("/framework-"));
    expect(framework).toBeTruthy();
    const perFile = await headerBytes(server.url, framework as string);
    expect(perFile).toBeLessThan(600);

    const report: string[] = [];
    for (const page of pages) {
      const files = new Set([
        entry.module,
        ...(entry.imports ?? []),
        root.module,
        ...(root.imports ?? []),
        page.module,
        ...(page.imports ?? []),
      ]);
      const bytes = [...files].reduce((sum, file) => sum + answeredSize(file) + perFile, 0);
      const kb = bytes / 1024;
      report.push(`${page.id}: ${files.size} files, ${kb.toFixed(1)} KB`);
      expect(kb, `${page.id} (${[...files].join(", ")})`).toBeLessThanOrEqual(BUDGET_KB);
      expect(files.size, page.id).toBeLessThanOrEqual(MAX_FILES);
    }
    console.info(`first-load JavaScript (brotli bodies + ${perFile} B of headers per file):\n  ${report.join("\n  ")}`);
  });
});
