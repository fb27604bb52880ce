/**
 * `npm start`: builds the site when there is no build or the sources changed since the last
 * one, then starts the server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sourceFingerprint } from "./fingerprint.mjs";

const root = path.resolve(import.meta.dirname, "..");

if (process.argv.includes("--help")) {
  console.log(`Usage: npm start

Serves the site on PORT (3000) with the settings from the environment and .env. Builds first when
there is no build or the sources changed since the last one (this needs the development
dependencies); with a current build it only runs it.`);
  process.exit(0);
}
// Settings may live in a .env file beside package.json (see .env.example).
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const info = path.join(root, "build", "build-info.json");
const server = path.join(root, "build", "server.js");

function buildIsCurrent() {
  if (!existsSync(server) || !existsSync(info)) return false;
  try {
    return JSON.parse(readFileSync(info, "utf8")).fingerprint === sourceFingerprint(root);
  } catch {
    return false;
  }
}

const buildTools = path.join(root, "node_modules/tsx/dist/cli.mjs");
const current = buildIsCurrent();
if (!current && existsSync(server) && !existsSync(buildTools)) {
  // A production install (npm install --omit=dev) runs the build it was given; it cannot make another.
  console.warn("The sources changed since the last build, and the build tools are not installed: serving the existing build.");
} else if (!current) {
  console.log("Building the site (first start, or the sources changed)...");
  const result = spawnSync(process.execPath, [buildTools, path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The build failed; the server was not started.");
    process.exit(result.status ?? 1);
  }
}

const { main } = await import(pathToFileURL(server).href);
await main();
