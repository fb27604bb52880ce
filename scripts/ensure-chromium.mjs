/**
 * Finds the Chromium the end-to-end tests drive: CHROME_PATH, else Debian's headless build
 * (/usr/bin/chromium-headless-shell, package chromium-headless-shell), else Debian's /usr/bin/chromium.
 * The headless build draws the same pages with the same engine for about two thirds of the CPU (no
 * window, no browser UI behind the page; docs/decisions/039). When none is there and the script runs as
 * root, it installs Debian's package; otherwise it stops with one line saying how to install it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const HEADLESS = "/usr/bin/chromium-headless-shell";
const BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * The Chromium to drive: for the tests the headless build first; for what needs the whole browser
 * (Lighthouse, `{ headless: false }`) Debian's chromium only.
 */
export function findChromium({ headless = true } = {}) {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return [...(headless ? [HEADLESS] : []), ...BROWSERS].find((p) => existsSync(p)) ?? null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (typeof process.getuid === "function" && process.getuid() === 0) {
    console.log("Chromium not found: installing Debian's chromium-headless-shell package (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = ["install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell", "fonts-liberation"];
    const run = (args) => {
      try {
        execFileSync("apt-get", args, { stdio: "inherit", env });
        return true;
      } catch {
        return false;
      }
    };
    // The package lists may be missing or old on a new machine: read them again and retry once.
    if (!run(install)) run(["update", "-qq"]) && run(install);
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    "Chromium is required for the end-to-end tests: run 'sudo apt-get install -y chromium-headless-shell' (or set CHROME_PATH to a Chromium binary).",
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
