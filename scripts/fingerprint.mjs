/** A hash of everything the build is made from, so `npm start` can tell a stale build. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Outputs of the image step live beside the sources; they follow from them and are left out. */
const GENERATED = new Set(["app/generated", "public/assets/img", "public/og-image.png", "public/icons.svg"]);
const INPUTS = [
  "app",
  "server",
  "db",
  "public",
  "scripts",
  // The version (app/version.ts) is written into the build.
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

export function sourceFingerprint(root) {
  const hash = createHash("sha256");
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs) || GENERATED.has(rel.split(path.sep).join("/"))) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) walk(path.join(rel, name));
    } else {
      hash.update(rel).update("\0").update(readFileSync(abs)).update("\0");
    }
  };
  for (const input of INPUTS) walk(input);
  return hash.digest("hex");
}
