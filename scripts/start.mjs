/**
 * `npm start`: builds the site when there is no build, the sources changed since the last one, or
 * the last one baked other public settings (SITE_URL, GA_MEASUREMENT_ID, WHATSAPP_NUMBER, UPLOAD_MAX_BYTES) into its
 * prerendered pages than the environment gives, then starts the server.
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
there is no build, the sources changed since the last one, or SITE_URL, GA_MEASUREMENT_ID,
WHATSAPP_NUMBER or UPLOAD_MAX_BYTES differ from the values the last one was made with (this needs the development
dependencies); with a current build it only runs it. While no admin account exists (and ADMIN_EMAIL
and ADMIN_PASSWORD are not set), it prints a one-time setup link: open it to name the agency and create
the owner account.`);
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

function build(reason) {
  console.log(`Building the site (${reason})...`);
  const result = spawnSync(process.execPath, [buildTools, path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("The build failed; the server was not started.");
    process.exit(result.status ?? 1);
  }
}

const serverUrl = pathToFileURL(server).href;
let built;
if (buildIsCurrent()) {
  // The build tells which settings it baked in, and computes the environment's the way the server does.
  built = await import(serverUrl);
  if (built.buildHasOtherSettings?.(process.env)) {
    if (existsSync(buildTools)) {
      build("SITE_URL, GA_MEASUREMENT_ID, WHATSAPP_NUMBER or UPLOAD_MAX_BYTES differ from the last build's");
      // A new URL loads the new build rather than the one already imported.
      built = await import(`${serverUrl}?rebuilt=${Date.now()}`);
    } else {
      console.warn(
        "SITE_URL, GA_MEASUREMENT_ID, WHATSAPP_NUMBER or UPLOAD_MAX_BYTES differ from the last build's, and the build tools are not installed: the server renders those pages itself.",
      );
    }
  }
} else if (existsSync(server) && !existsSync(buildTools)) {
  // A production install (npm install --omit=dev) runs the build it was given; it cannot make another.
  console.warn("The sources changed since the last build, and the build tools are not installed: serving the existing build.");
  built = await import(serverUrl);
} else {
  build("first start, or the sources changed");
  built = await import(serverUrl);
}
await built.main();
