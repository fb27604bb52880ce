/**
 * Finds the Chromium the end-to-end tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
 * When absent and running as root, installs Debian's package; otherwise stops with one line
 * saying how to install it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function findChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-liberation"], { stdio: "inherit", env });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    "Chromium is required for the end-to-end tests: run 'sudo apt-get install -y chromium' (or set CHROME_PATH to a Chromium binary).",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
