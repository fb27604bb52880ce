/**
 * compose.yaml is production by default: Caddy alone publishes ports, PostgreSQL's password, SMTP, the two-factor
 * key and the site's host must be given (no default stands in for them), the app trusts exactly one proxy and writes backups to a
 * volume of their own, every service checks its health and restarts, and Mailpit comes only with the dev profile,
 * reachable from the machine itself. The Dockerfile runs the Node.js major that CI tests and engines names.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema } from "../app/env.server";
import { adaptCaddyfile, findCaddy, productionCaddyfile } from "../tests/support/caddy";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

type Healthcheck = { test?: string | string[]; disable?: boolean };
type Service = {
  image?: string;
  build?: { context?: string; args?: Record<string, string> };
  profiles?: string[];
  ports?: (string | { published?: string | number; host_ip?: string })[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: Healthcheck;
  restart?: string;
  network_mode?: string;
};
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> };

const text = read("compose.yaml");
const compose = parse(text) as Compose;
const { app, db, caddy } = compose.services;

/**
 * Compose's interpolation of one value: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error},
 * ${VAR:+alt}, ${VAR+alt} and $$. A required variable left unset throws, as `docker compose` stops.
 */
function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?+])([^}]*))?\}/g, (match, name: string | undefined, op: string | undefined, arg = "") => {
    if (match === "$$") return "$";
    const set = env[name as string] !== undefined;
    const filled = set && env[name as string] !== "";
    const given = op?.startsWith(":") ? filled : set;
    switch (op?.replace(":", "")) {
      case "-":
        return given ? (env[name as string] as string) : arg;
      case "?":
        if (!given) throw new Error(`required variable ${name} is missing a value: ${arg}`);
        return env[name as string] as string;
      case "+":
        return given ? arg : "";
      default:
        return env[name as string] ?? "";
    }
  });
}

/** The whole file as `docker compose` reads it with `env` (values only; keys are never interpolated). */
function resolved(env: Record<string, string | undefined>): Compose {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return interpolate(node, env);
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(compose) as Compose;
}

const REQUIRED = {
  SITE_HOST: "www.agency.example",
  POSTGRES_PASSWORD: "4f0c9e1d7a2b",
  SMTP_URL: "smtps://mailer:s3cret@smtp.example.com:465",
  TWO_FACTOR_KEY: "q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq80=",
};
/** Names whose value is a secret, or carries one (a URL with a password). */
const SECRET = /PASSWORD|SECRET|TOKEN|KEY|SMTP_URL|DATABASE_URL/;

describe("compose.yaml", () => {
  it("runs Caddy, the app and PostgreSQL by default, and Mailpit only with the dev profile", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["app", "caddy", "db", "mailpit"]);
    for (const name of ["app", "db", "caddy"]) expect(compose.services[name].profiles, name).toBeUndefined();
    expect(compose.services.mailpit.profiles).toEqual(["dev"]);
    expect(compose.services.mailpit.image).toMatch(/^axllent\/mailpit:/);
    expect(db.image).toMatch(/^pgvector\/pgvector:pg16/);
  });

  it("publishes only Caddy's 80 and 443; Mailpit's inbox is bound to 127.0.0.1", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.network_mode, name).toBeUndefined();
      if (name !== "caddy" && name !== "mailpit") expect(service.ports, `${name} publishes a port`).toBeUndefined();
    }
    expect(caddy.ports?.map(String).sort()).toEqual(["443:443", "443:443/udp", "80:80"]);
    const mailpitPorts = compose.services.mailpit.ports ?? [];
    expect(mailpitPorts.length).toBeGreaterThan(0);
    for (const port of mailpitPorts) expect(String(port)).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it("gives no default for a password or secret: PostgreSQL's password, the database URL's, SMTP and the two-factor key must be set", () => {
    for (const m of text.matchAll(/\$\{(\w+)(:?[-+=])/g)) expect(m[1], `${m[0]}...} gives a secret a default`).not.toMatch(SECRET);
    expect(db.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?[^}]+\}$/);
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/agency:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/agency$/);
    expect(app.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?[^}]+\}$/);
    // Production on PostgreSQL does not start without it (docs/decisions/048).
    expect(app.environment?.TWO_FACTOR_KEY).toMatch(/^\$\{TWO_FACTOR_KEY:\?[^}]+\}$/);
    expect(app.environment?.SITE_URL).toMatch(/^https:\/\/\$\{SITE_HOST:\?[^}]+\}$/);
    expect(caddy.environment?.SITE_HOST).toMatch(/^\$\{SITE_HOST:\?[^}]+\}$/);

    // As `docker compose` reads it: each one missing (or empty) stops it with a message naming it.
    for (const name of Object.keys(REQUIRED)) {
      expect(() => resolved({ ...REQUIRED, [name]: undefined }), name).toThrow(`required variable ${name} is missing`);
      expect(() => resolved({ ...REQUIRED, [name]: "" }), name).toThrow(`required variable ${name} is missing`);
    }
    const { services } = resolved(REQUIRED);
    expect(services.db.environment?.POSTGRES_PASSWORD).toBe(REQUIRED.POSTGRES_PASSWORD);
    expect(services.app.environment?.DATABASE_URL).toBe(`postgres://agency:${REQUIRED.POSTGRES_PASSWORD}@db:5432/agency`);
    expect(services.app.environment?.SMTP_URL).toBe(REQUIRED.SMTP_URL);
    expect(services.app.environment?.TWO_FACTOR_KEY).toBe(REQUIRED.TWO_FACTOR_KEY);
  });

  it("serves the app at https://SITE_HOST behind one trusted proxy, with backups in a volume of their own", () => {
    const { services } = resolved(REQUIRED);
    const environment = services.app.environment ?? {};
    const names = Object.keys(environment);
    // Only settings the server reads, each valid.
    for (const name of names) expect(Object.keys(envSchema.shape), `${name} is not a setting of the app`).toContain(name);
    const parsed = envSchema.safeParse(environment);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.TRUST_PROXY).toEqual({ hops: 1 });
    expect(parsed.data?.SITE_URL).toBe(`https://${REQUIRED.SITE_HOST}`);
    expect(services.caddy.environment?.SITE_HOST).toBe(REQUIRED.SITE_HOST);
    // The prerendered pages are built for the same address.
    expect(services.app.build?.args?.SITE_URL).toBe(environment.SITE_URL);
    // Caddy passes requests to the port the app listens on.
    expect(services.caddy.environment?.APP_UPSTREAM).toBe(`app:${environment.PORT}`);

    expect(environment.BACKUP_DIR).toBe("/backups");
    expect(app.volumes).toContain("backups:/backups");
    expect(app.volumes).toContain(`data:${environment.DATA_DIR}`);
    expect(db.volumes).toContain("pgdata:/var/lib/postgresql/data");
    for (const volume of ["backups", "data", "pgdata", "caddy_data"]) expect(Object.keys(compose.volumes ?? {})).toContain(volume);
  });

  it("checks every service's health and restarts it", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const check = [service.healthcheck?.test ?? []].flat();
      expect(check.length, `${name} has no health check`).toBeGreaterThan(0);
      expect(check[0], name).not.toBe("NONE");
      expect(service.healthcheck?.disable, name).not.toBe(true);
      expect(["always", "unless-stopped"], `${name}'s restart policy`).toContain(service.restart);
    }
    expect(app.healthcheck?.test).toEqual(expect.arrayContaining([expect.stringContaining("/api/health")]));
    expect(db.healthcheck?.test).toEqual(expect.arrayContaining([expect.stringContaining("pg_isready")]));
  });

  it("puts Caddy, on a pinned image, in front with deploy/Caddyfile", () => {
    expect(caddy.image).toMatch(/^caddy:\d+\.\d+\.\d+(-alpine)?$/);
    expect(caddy.volumes).toContain("./deploy/Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(caddy.volumes?.some((v) => v.endsWith(":/data"))).toBe(true);
    const caddyfile = read("deploy/Caddyfile");
    expect(caddyfile).toMatch(/^\{\$SITE_HOST\} \{$/m);
    expect(caddyfile).toMatch(/reverse_proxy \{\$APP_UPSTREAM:app:3000\}/);
  });

  it.runIf(findCaddy())("deploy/Caddyfile serves SITE_HOST and proxies to the app, as Caddy reads it", () => {
    const config = adaptCaddyfile(findCaddy() as string, productionCaddyfile, { SITE_HOST: REQUIRED.SITE_HOST });
    const json = JSON.stringify(config);
    expect(json).toContain(`"host":["${REQUIRED.SITE_HOST}"]`);
    expect(json).toContain('"handler":"reverse_proxy"');
    expect(json).toContain('"dial":"app:3000"');
    // Automatic HTTPS: a certificate from a public authority, not Caddy's local one.
    expect(json).not.toContain('"module":"internal"');
  });
});

describe("the Node.js version", () => {
  const dockerfile = read("Dockerfile");
  const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;

  /** Whether `version` satisfies a range of caret alternatives such as "^20.19 || ^24" (the only form engines uses). */
  function satisfies(version: string, range: string): boolean {
    const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
    return range.split("||").some((alternative) => {
      const m = /^\^(\d+)(?:\.(\d+))?$/.exec(alternative.trim());
      if (!m) throw new Error(`engines.node uses a form this check does not read: ${alternative}`);
      return major === Number(m[1]) && minor >= Number(m[2] ?? 0);
    });
  }

  it("is 24 (LTS) in both stages of the Dockerfile, a version engines names and CI tests on", () => {
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(images).toEqual(["node:24-bookworm-slim", "node:24-bookworm-slim"]);
    expect(satisfies("24.0.0", engines)).toBe(true);
    expect(read(".ci/run")).toMatch(/\bnode@24\b/);
  });

  it("engines names the version these tests run on, and no untested one", () => {
    expect(satisfies(process.versions.node, engines)).toBe(true);
    expect(satisfies("22.12.0", engines)).toBe(false);
    expect(satisfies("20.18.0", engines)).toBe(false);
  });

  it("the image makes the backups folder the unprivileged user writes to", () => {
    expect(dockerfile).toMatch(/^RUN mkdir -p [^\n]*\/backups[^\n]*chown node:node [^\n]*\/backups/m);
  });
});
