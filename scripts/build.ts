/**
 * The production build:
 *  1. React Router builds the client and server bundles and prerenders the static pages;
 *  2. esbuild bundles the Hono server with React Router's server build and the packages they use
 *     (build/server-main.js), and build/server.js runs it with React's production build (serverLauncher);
 *     it also bundles the commands (scripts/cli.ts) as build/cli.js;
 *  3. every compressible client file is stored brotli- and gzip-compressed beside the original,
 *     and a manifest records each file's type, ETag and, for prerendered HTML, the CSP hashes
 *     of its inline scripts.
 */

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { loadConfig } from "../app/env.server";
import { defaultSnapshot } from "../app/features/settings/site.server";
import { pageTrimmer } from "../server/critical-css";
import { bakedPublicSettings } from "../server/main";
import { inlineScriptHashes } from "../server/security";
import { STATIC_MANIFEST, type StaticEntry, type StaticManifest } from "../server/static";
import { sourceFingerprint } from "./fingerprint.mjs";
import { buildImages } from "./images";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "build");
const clientDir = path.join(buildDir, "client");

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".pdf": "application/pdf",
};
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".xml", ".data", ".webmanifest", ".ico"]);

function run(command: string, args: string[]) {
  execFileSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

function files(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel)).flatMap((name) => {
    const r = path.join(rel, name);
    return statSync(path.join(dir, r)).isDirectory() ? files(dir, r) : [r];
  });
}

function styleBytes(html: string): number {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].reduce((n, m) => n + m[1].length, 0);
}

function urlPathFor(file: string): string {
  const posix = file.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

const USAGE = `Usage: npm run build

Builds the production site into build/: client and server bundles, prerendered pages with their
critical CSS, precompressed (brotli and gzip) files and their manifest. Reads the same settings as
the server (SITE_URL, GA_MEASUREMENT_ID, WHATSAPP_NUMBER and UPLOAD_MAX_BYTES are baked into prerendered pages).`;

/**
 * build/server.js, the command that runs the site (`npm start`, `node build/server.js`, the container):
 * it loads React's production build whatever NODE_ENV says (React picks its build from NODE_ENV when it
 * first loads, and an unset NODE_ENV means its development build: several times slower to render),
 * then the server bundle (build/server-main.js) with NODE_ENV as it was, and re-exports the bundle's
 * exports (`npm start` reads `buildHasOtherSettings` and calls `main`).
 *
 * Where Node has a compile cache (22.1 and later, the container's 24 among them), the launcher turns it on: V8's
 * compiled code for the bundle is kept between starts (in NODE_COMPILE_CACHE, else the system's temporary folder; a
 * folder it cannot write leaves it off), so a restart skips most of the bundle's compiling (docs/decisions/069).
 *
 * React's server renderer keeps the request it renders in an AsyncLocalStorage, which it enters around each
 * step of a render (it passes the request along itself, and reads the storage only for a float call made
 * after an await, which server-side rendering never makes). Where AsyncLocalStorage rests on async hooks
 * (Node 20 and 22; Node 24 has its own context frames, and the launcher leaves it alone), an entered storage
 * turns the hooks on for the whole process and for good: a JavaScript call on every promise and tick, a
 * tenth or more of what a stored page costs once one page has been rendered (docs/decisions/068). So the
 * renderer is given a storage that leaves itself once its step has run, and the hooks are on only while
 * React renders.
 */
export function serverLauncher(exports: string[]): string {
  const names = exports.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== "default");
  return `// Written by scripts/build.ts: see serverLauncher there.
import module, { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Node 22.1 and later keep V8's compiled code for the bundle between starts (docs/decisions/069).
module.enableCompileCache?.();

const hooks = createRequire(import.meta.url)("node:async_hooks");
const Storage = hooks.AsyncLocalStorage;
const exported = Object.getOwnPropertyDescriptor(hooks, "AsyncLocalStorage");
const stepStorage = Object.hasOwn(new Storage(), "kResourceStore") && exported?.configurable;
if (stepStorage)
  Object.defineProperty(hooks, "AsyncLocalStorage", {
    value: class StepStorage extends Storage {
      depth = 0;
      run(store, callback, ...args) {
        this.depth++;
        try {
          return super.run(store, callback, ...args);
        } finally {
          if (--this.depth === 0) this.disable();
        }
      }
    },
    configurable: true,
    enumerable: exported.enumerable,
    writable: true,
  });
const configured = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
await Promise.all([import("react"), import("react/jsx-runtime"), import("react-dom"), import("react-dom/server")]);
if (stepStorage) Object.defineProperty(hooks, "AsyncLocalStorage", exported);
if (configured === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = configured;

const server = await import("./server-main.js");
export const { ${names.join(", ")} } = server;

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) await server.main();
`;
}

/**
 * The bundle's entry: the server, handed React Router's server build (build/server/index.js, which React Router
 * has just written) before anything runs. Bundled together, the two load as one bundle with one copy of each
 * package they share: about 800 modules and 0.2 s less at every start (docs/decisions/069).
 */
const SERVER_ENTRY = `import * as build from "./server/index.js";
import { provideServerBuild } from "../server/main.ts";
provideServerBuild(build);
export * from "../server/main.ts";
`;

/**
 * Packages the bundle leaves to Node: React (build/server.js loads its production build first, and the bundle and
 * React's renderer must share one React), the embedded database (it reads its WebAssembly and data files beside its
 * modules), sharp (native code), and every package the server imports only when it is first used (`await import(...)`):
 * bundled, such a package would save nothing at start, and with code splitting esbuild hands a CommonJS package to
 * `import()` as a default export only, where Node also gives its named exports (`PDFDocument` from pdf-lib). The
 * project test checks that each package imported so is left to Node here.
 */
const SERVER_EXTERNAL = [
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "@electric-sql/*",
  "sharp",
  "@aws-sdk/*",
  "beasties",
  "date-holidays",
  "nodemailer",
  "nodemailer/*",
  "openai",
  "pdf-lib",
  "pg",
  // Its metric classes are loaded at start from their own modules and its index by the first scrape: one copy of each.
  "prom-client",
  "prom-client/*",
  "qrcode",
  "yazl",
];

async function main() {
  if (process.argv.includes("--help")) {
    console.log(USAGE);
    return;
  }
  const started = Date.now();
  // The same settings `npm start` reads, so prerendered pages carry the values the server will use.
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  const config = loadConfig(process.env);
  rmSync(buildDir, { recursive: true, force: true });
  await buildImages(root);

  run(path.join(root, "node_modules/.bin/react-router"), ["build"]);

  // build/server-main.js: the server, React Router's server build and the packages both use, in one bundle.
  const entry = path.join(buildDir, "server-entry.mjs");
  writeFileSync(entry, SERVER_ENTRY);
  const bundled = await esbuild({
    entryPoints: { "server-main": entry },
    outdir: buildDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: SERVER_EXTERNAL,
    // The CommonJS packages in the bundle call `require` for Node's modules.
    banner: {
      js: 'import { createRequire as createBundleRequire } from "node:module";\nconst require = createBundleRequire(import.meta.url);',
    },
    sourcemap: true,
    metafile: true,
    // Modules the server imports only when a setting asks for them (the S3 storage and its AWS SDK) go
    // into chunks of their own, loaded then, not with the site.
    splitting: true,
    chunkNames: "server-chunks/[name]-[hash]",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  rmSync(entry);
  const serverExports = Object.values(bundled.metafile.outputs).find((o) => o.entryPoint?.endsWith("server-entry.mjs"))?.exports ?? [];
  writeFileSync(path.join(buildDir, "server.js"), serverLauncher(serverExports));

  // build/cli.js: the site's commands (scripts/cli.ts) for a production install, which has no tsx. One
  // file, without chunks: db/migrate.ts finds the migrations one folder above the module that holds it.
  await esbuild({
    // build/backup-snapshot.js: the embedded database's export for a backup, in a process of its own (server/backup-snapshot.ts).
    entryPoints: { cli: path.join(root, "scripts/cli.ts"), "backup-snapshot": path.join(root, "server/backup-snapshot.ts") },
    outdir: buildDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });

  // Each prerendered page keeps only the CSS rules its own markup uses; the full stylesheet loads
  // after hydration for the pages a visitor navigates to (root.tsx).
  const trim = pageTrimmer(clientDir);
  let cssBefore = 0;
  let cssAfter = 0;
  for (const file of files(clientDir).filter((f) => f.endsWith(".html"))) {
    const abs = path.join(clientDir, file);
    const html = readFileSync(abs, "utf8");
    const pruned = await trim(html);
    cssBefore += styleBytes(html);
    cssAfter += styleBytes(pruned);
    writeFileSync(abs, pruned);
  }

  const manifest: StaticManifest = { publicConfig: bakedPublicSettings(config), siteVersion: defaultSnapshot.version, files: {} };
  let raw = 0;
  let compressed = 0;
  for (const file of files(clientDir)) {
    const ext = path.extname(file).toLowerCase();
    if (ext === ".br" || ext === ".gz") continue;
    const abs = path.join(clientDir, file);
    const body = readFileSync(abs);
    const entry: StaticEntry = {
      file: file.split(path.sep).join("/"),
      type: TYPES[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
      encodings: [],
    };
    if (ext === ".html" || ext === ".data") entry.prerendered = true;
    if (ext === ".html") entry.scriptSources = inlineScriptHashes(body.toString("utf8"));
    if (COMPRESSIBLE.has(ext) && body.byteLength > 256) {
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.byteLength < body.byteLength) {
        writeFileSync(`${abs}.br`, br);
        entry.encodings.push("br");
      }
      if (gz.byteLength < body.byteLength) {
        writeFileSync(`${abs}.gz`, gz);
        entry.encodings.push("gzip");
      }
      raw += body.byteLength;
      compressed += Math.min(body.byteLength, br.byteLength);
    }
    manifest.files[urlPathFor(file)] = entry;
  }
  writeFileSync(path.join(buildDir, STATIC_MANIFEST), JSON.stringify(manifest, null, 1));
  writeFileSync(
    path.join(buildDir, "build-info.json"),
    JSON.stringify({ fingerprint: sourceFingerprint(root), builtAt: new Date().toISOString() }, null, 1),
  );

  const pages = Object.values(manifest.files).filter((f) => f.file.endsWith(".html")).length;
  console.log(
    `build: ${Object.keys(manifest.files).length} client files (${pages} prerendered pages, inline CSS ${(cssBefore / 1024).toFixed(0)} KB -> ${(cssAfter / 1024).toFixed(0)} KB), ${(raw / 1024).toFixed(0)} KB compressible -> ${(compressed / 1024).toFixed(0)} KB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
