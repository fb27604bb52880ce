/**
 * The repository's own promises: every command the README names works, the production bundle runs
 * on production dependencies alone, and the container files use commands that exist.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import module, { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The npm scripts the README tells a reader to run: `npm start`, `npm test` and every `npm run X`. */
function readmeScripts(): string[] {
  const readme = read("README.md");
  const named = new Set<string>();
  for (const m of readme.matchAll(/`npm (start|test)\b/g)) named.add(m[1]);
  for (const m of readme.matchAll(/npm run ([\w:-]+)/g)) named.add(m[1]);
  return [...named].sort();
}

describe("the README's commands", () => {
  const scripts = readmeScripts();

  it("name only scripts that package.json defines, and every script is documented", () => {
    expect(scripts.length).toBeGreaterThan(10);
    for (const name of scripts) expect(Object.keys(pkg.scripts), name).toContain(name);
    for (const name of Object.keys(pkg.scripts)) expect(scripts, `${name} is not in the README`).toContain(name);
  });

  // Each one runs with --help (passed to the script, or to the last tool of a chain) and succeeds without
  // doing its work: a script that points at a missing file or tool fails here.
  it.each(scripts)(
    "npm %s -- --help works",
    (name) => {
      const args = name === "start" || name === "test" ? [name, "--", "--help"] : ["run", name, "--", "--help"];
      const result = spawnSync("npm", args, {
        cwd: root,
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, npm_config_loglevel: "error", NODE_OPTIONS: "" },
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(`${result.stdout}${result.stderr}`).toMatch(/usage|options|commands|help/i);
    },
    120_000,
  );

  it("npm run db:migrate -- --dry-run names the database it would migrate, and changes nothing", () => {
    const result = spawnSync("npm", ["run", "db:migrate", "--", "--dry-run"], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, npm_config_loglevel: "error", DATA_DIR: "/nonexistent/agency-data", DATABASE_URL: "" },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Would migrate the embedded database in /nonexistent/agency-data.");
    expect(existsSync("/nonexistent/agency-data")).toBe(false);
  }, 120_000);
});

/**
 * Every package the built modules import or require by name, as esbuild reads their code (comments and strings
 * carried over from bundled packages, such as examples in their documentation, are not imports).
 */
async function importedPackages(files: string[]): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: files,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    outdir: path.join(tmpdir(), "imported-packages"),
    logLevel: "silent",
  });
  const names = new Set<string>();
  for (const input of Object.values(metafile.inputs))
    for (const { path: spec, external } of input.imports) {
      if (!external || spec.startsWith("node:") || builtinModules.includes(spec.split("/")[0])) continue;
      const parts = spec.split("/");
      names.add(spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
  return [...names];
}

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), name) : name.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(path.join(dir, e.name)) : e.name.endsWith(".js") ? [path.join(dir, e.name)] : [],
  );
}

describe("the production build", () => {
  it("leaves to Node every package the server imports when it is first used", () => {
    // With code splitting, esbuild hands a bundled CommonJS package to `import()` as a default export only, where Node gives its named
    // exports: `const { PDFDocument } = await import("pdf-lib")` would find nothing (scripts/build.ts, SERVER_EXTERNAL).
    const sources = ["app", "server", "db"]
      .flatMap((dir) => filesUnder(path.join(root, dir), /\.tsx?$/))
      .filter((file) => !/\.test\.tsx?$/.test(file));
    const imported = new Set<string>();
    for (const file of sources)
      for (const m of readFileSync(file, "utf8").matchAll(/(?<!typeof\s)\bimport\(\s*"([^".~#][^"]*)"\s*\)/g))
        if (!m[1].startsWith("node:")) imported.add(m[1]);
    expect(imported).toContain("pdf-lib");
    // ES modules: `import()` of their bundled chunk keeps their named exports.
    const modules = new Set(["drizzle-orm/node-postgres", "drizzle-orm/node-postgres/migrator", "sonner"]);
    expect(existsSync(path.join(root, "build", "server-main.js")), "npm run build first").toBe(true);
    const built = [path.join(root, "build", "server-main.js"), ...jsFiles(path.join(root, "build", "server-chunks"))]
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    for (const spec of imported) if (!modules.has(spec)) expect(built, `${spec} is left to Node`).toContain(`import("${spec}")`);
  });

  it("imports only production dependencies (npm install --omit=dev is enough to run it)", async () => {
    const server = path.join(root, "build", "server.js");
    expect(existsSync(server), "npm run build first").toBe(true);
    const files = [
      server,
      path.join(root, "build", "server-main.js"),
      ...jsFiles(path.join(root, "build", "server-chunks")),
      ...jsFiles(path.join(root, "build", "server")),
    ];
    const imported = new Set(await importedPackages(files));
    expect(imported.size).toBeGreaterThan(5);
    for (const name of imported) expect(Object.keys(pkg.dependencies), `${name} is imported at run time`).toContain(name);
  }, 60_000);

  it("`node build/server.js` (the container's command) serves the site with React's production build, leaves no async hooks on after a render, and stops cleanly on SIGTERM", async () => {
    // NODE_ENV unset, as `npm start` and the README leave it: React must still load its production build.
    const { NODE_ENV: _, ...environment } = process.env;
    const probes = mkdtempSync(path.join(tmpdir(), "react-builds-"));
    const builds = path.join(probes, "loaded.txt");
    const hooksFile = path.join(probes, "async-hooks.txt");
    const child: ChildProcess = spawn(
      process.execPath,
      ["--require", "./tests/support/react-builds.cjs", "--require", "./tests/support/async-hooks-state.cjs", "build/server.js"],
      {
        cwd: root,
        env: {
          ...environment,
          PORT: "0",
          HOST: "127.0.0.1",
          DATA_DIR: "memory://",
          DATABASE_URL: "",
          LOG_LEVEL: "info",
          REACT_BUILDS_FILE: builds,
          ASYNC_HOOKS_FILE: hooksFile,
          // The compile cache's default folder is under the temporary folder.
          TMPDIR: probes,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 100_000);
        child.stdout?.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const found = /"url":"(http:\/\/localhost:\d+)"/.exec(out);
          if (found) {
            clearTimeout(timer);
            resolve(found[1]);
          }
        });
        child.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
      });
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(200);
      // A page rendered on request (no cache holds a search), so the renderer has loaded.
      expect((await fetch(`${url}/blog?q=zzz`)).status).toBe(200);
      // A page rendered whole (an unknown parameter): React's renderer entered its request storage, and left it
      // once the render was done, so async hooks are not left on for every later request (docs/decisions/068).
      expect((await fetch(`${url}/contact?ref=probe`)).status).toBe(200);
      child.kill("SIGUSR2");
      await expect.poll(() => (existsSync(hooksFile) ? readFileSync(hooksFile, "utf8") : ""), { timeout: 5_000 }).toBe("off");
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      const loaded = readFileSync(builds, "utf8").split("\n").filter(Boolean);
      expect(loaded.some((f) => /react-dom-server\.node\.production\.js$/.test(f))).toBe(true);
      expect(loaded.filter((f) => /development/.test(f))).toEqual([]);
      // Where Node has a compile cache (22.1 and later), the launcher keeps V8's compiled code for the next start.
      if (typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function")
        expect(readdirSync(path.join(probes, "node-compile-cache"), { recursive: true }).length).toBeGreaterThan(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 120_000);
});

describe("the container files", () => {
  const dockerfile = read("Dockerfile");

  it("build with the tested npm commands and run the built server as a non-root user with a health check", () => {
    for (const m of dockerfile.matchAll(/npm run ([\w:-]+)/g)) expect(Object.keys(pkg.scripts)).toContain(m[1]);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev\b/m);
    // The server's V8 settings (docs/decisions/042 and 050), the same for the container and `npm start`.
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]") as string[];
    expect(command[0]).toBe("node");
    expect(command.at(-1)).toBe("build/server.js");
    expect(command.slice(1, -1)).toEqual(["--max-semi-space-size=4", "--liftoff-only"]);
    expect(pkg.scripts.start).toBe(`node ${command.slice(1, -1).join(" ")} scripts/start.mjs`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK[\s\S]*\/api\/health/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
  });

  // compose.yaml's services, settings and secrets: scripts/compose.test.ts.
});

/** Semantic Versioning 2.0.0's grammar (semver.org), pre-release and build parts included. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

describe("the version", () => {
  it("is a semantic version, and CHANGELOG.md has a dated section for it below Unreleased (Keep a Changelog)", () => {
    expect(pkg.version).toMatch(SEMVER);
    const changelog = read("CHANGELOG.md");
    expect(changelog).toMatch(/^# Changelog$/m);
    expect(changelog).toContain("https://keepachangelog.com/");
    const sections = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({ name: m[1], date: m[2] }));
    expect(sections[0]).toEqual({ name: "Unreleased", date: undefined });
    const released = sections.slice(1);
    const current = released.find((s) => s.name === pkg.version);
    expect(current, `CHANGELOG.md has no "## [${pkg.version}] - YYYY-MM-DD" section`).toBeDefined();
    // Every release is a version and a real date, newest first, and none says nothing.
    for (const section of released) {
      expect(section.name).toMatch(SEMVER);
      expect(section.date, section.name).toBeDefined();
      expect(new Date(`${section.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(section.date);
      const body = changelog.split(/^## /m).find((part) => part.startsWith(`[${section.name}]`)) ?? "";
      expect(body, section.name).toMatch(/^- \S/m);
    }
    const order = (v: string) => v.split(/[-+]/)[0].split(".").map(Number);
    for (let i = 1; i < released.length; i++) {
      const [a, b] = [order(released[i - 1].name), order(released[i].name)];
      const newer = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
      expect(newer, `${released[i - 1].name} before ${released[i].name}`).toBeGreaterThan(0);
    }
  });
});
