/**
 * Backups of a running site, on each database: an archive made while leads arrive holds every lead
 * acknowledged before it began and none in part, and `node build/cli.js db:restore` puts it into a fresh
 * embedded database and a fresh PostgreSQL database with every row and document. db:backup reaches the
 * embedded database through the running server; a damaged archive and a non-empty target are refused.
 */
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { blogPosts, siteSettings, uploads } from "#db/schema";
import { backupMessages } from "../../app/features/backup/messages";
import { type RunningServer, startServer } from "../../server/main";
import { ensureAdmin, persistentDatabase, signIn } from "../support/admin";
import { createPostgresDatabase, databaseKinds, postgresUrl } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { flashToast, htmlText, screenRequests } from "../support/screens";
import { requireBuild, root } from "../support/server";

const LEADS = 30;

type Run = { code: number | null; stdout: string; stderr: string };

/** Runs `node build/cli.js ...` with only the given environment (and PATH). */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return command(process.execPath, [path.join(root, "build/cli.js"), ...args], os.tmpdir(), env);
}

/** A name's letters for a number (names take no digits): 0 -> "Aa", 27 -> "Bb". */
const letters = (n: number) => `${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(97 + (n % 26))}`;

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Rows of `table` as PostgreSQL prints them in JSON, by id: what a restore must reproduce exactly. */
async function rowsOf(db: DatabaseHandle["db"], table: string, columns = "*"): Promise<Map<string, string>> {
  const result = await db.execute(sql.raw(`select id::text as id, row_to_json(r)::text as row from (select ${columns} from ${table}) r`));
  return new Map((result.rows as { id: string; row: string }[]).map((r) => [r.id, r.row]));
}

describe.each(databaseKinds)("backups of a site on %s", (kind) => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  let env: Record<string, string>;
  const temp: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "backup-it-"));
    temp.push(dir);
    return dir;
  };
  let archive: string;
  const document = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.from(randomUUID().repeat(200))]);
  const acknowledgedBefore: string[] = [];
  const acknowledgedDuring: string[] = [];

  beforeAll(async () => {
    requireBuild();
    const database = await persistentDatabase(kind);
    cleanup = database.cleanup;
    env = { ...database.env, BACKUP_DIR: folder() };
    server = await startServer({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SCRYPT_N: "1024",
      TRUST_PROXY: "true",
      RATE_LIMIT_FORMS_MAX: "1000",
      ...env,
    });
  });
  afterAll(async () => {
    await server?.close();
    await cleanup?.();
    for (const drop of drops) await drop();
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  });

  let address = 0;
  const postLead = async (i: number) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${(++address % 250) + 1}` },
      body: JSON.stringify(contactBody({ fullName: `Fleet Owner ${letters(i)}`, email: `lead${i}@fleet.example` })),
    });
    const body = (await res.json()) as { success: boolean; data?: { _id?: string; id?: string } };
    return { status: res.status, body, ms: performance.now() - started };
  };

  it(`is taken while ${LEADS} leads are posted: every lead acknowledged before it is in it, none in part`, {
    timeout: 120_000,
  }, async () => {
    const { services } = server;
    // What the archive must carry besides leads: an admin, a post, a setting and a stored document with its lead.
    await ensureAdmin(services);
    await services.db.insert(blogPosts).values({
      title: "Cargo coverage for reefer loads",
      slug: `reefer-cargo-${randomUUID().slice(0, 8)}`,
      content: "<p>Spoilage after a reefer breakdown is excluded by many cargo forms.</p>",
      category: "Trucking",
      status: "published",
    } as never);
    await services.db
      .insert(siteSettings)
      .values({ key: "lead_round_robin", value: false })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: false } });
    for (let i = 0; i < 5; i++) {
      const answer = await postLead(1000 + i);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const leadIds = [...(await rowsOf(services.db, "leads")).keys()];
    const stored = await services.storage.write("backup-test-doc.pdf", Readable.from([document]), { maxBytes: 1e6 });
    await services.db.insert(uploads).values({
      id: randomUUID(),
      slot: "lossRuns",
      originalName: "loss-runs.pdf",
      sizeBytes: stored.size,
      mimeType: "application/pdf",
      storageKey: "backup-test-doc.pdf",
      sha256: stored.sha256,
      leadId: leadIds[0],
    });
    acknowledgedBefore.push(...leadIds);

    // The leads and the backup at the same moment.
    const posting = Array.from({ length: LEADS }, (_, i) => postLead(i));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const backedUp = services.backups.backUp("manual");
    const answers = await Promise.all(posting);
    const result = await backedUp;
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    acknowledgedDuring.push(...(await rowsOf(services.db, "leads")).keys());
    archive = result.location;
    expect(readdirSync(env.BACKUP_DIR)).toEqual([path.basename(archive)]);
    expect(result.counts.leads).toBeGreaterThanOrEqual(acknowledgedBefore.length);
    expect(result.counts.documents).toBe(1);
  });

  const restoreTargets: { name: string; target: () => Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> }[] = [
    {
      name: "a fresh embedded database folder",
      target: async () => {
        const dir = folder();
        return { env: { DATA_DIR: dir, DATABASE_URL: "" }, open: () => openDatabase({ dataDir: dir }) };
      },
    },
    ...(postgresUrl
      ? [
          {
            name: "a fresh PostgreSQL database",
            target: async () => {
              const { url, drop } = await createPostgresDatabase();
              const files = folder();
              drops.push(drop);
              return { env: { DATABASE_URL: url, DATA_DIR: files }, open: () => openDatabase({ url }) };
            },
          },
        ]
      : []),
  ];

  for (const { name, target } of restoreTargets) {
    it(`restores with node build/cli.js db:restore into ${name}: every row and document as it was`, { timeout: 120_000 }, async () => {
      const into = await target();
      const run = await cli(["db:restore", archive], into.env);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Every file matched its checksum\. It holds \d+ leads, \d+ consent records/);

      const restored = await into.open();
      try {
        const source = server.services.db;
        const leadColumns = "id, reference, name, email, phone, payload, consent_record_id, received_at";
        const before = await rowsOf(source, "leads", leadColumns);
        const after = await rowsOf(restored.db, "leads", leadColumns);
        // Everything acknowledged before the backup began, and each lead it holds exactly as stored.
        for (const id of acknowledgedBefore) expect(after.has(id), `lead ${id}`).toBe(true);
        for (const [id, row] of after) expect(row).toBe(before.get(id));
        // Leads acknowledged during it: in it or not, and never without their consent record and mails.
        for (const id of acknowledgedDuring.filter((id) => after.has(id))) {
          const mails = await restored.db.execute(sql`select count(*)::int as n from mail_outbox where lead_id = ${id}`);
          expect(mails.rows[0].n, `mails of lead ${id}`).toBe(2);
        }
        const orphanConsent = await restored.db.execute(
          sql`select count(*)::int as n from leads l left join consent_records c on c.id = l.consent_record_id where l.consent_record_id is not null and c.id is null`,
        );
        expect(orphanConsent.rows[0].n).toBe(0);
        // Consent records, posts, settings and uploads: the restored rows are the source's.
        for (const table of ["consent_records", "blog_posts", "uploads", "admin_users", "team_members", "faqs"]) {
          const here = await rowsOf(restored.db, table);
          const there = await rowsOf(source, table);
          expect(here.size, table).toBeGreaterThan(0);
          for (const [id, row] of here) expect(row, `${table} ${id}`).toBe(there.get(id));
        }
        const settings = await restored.db.select().from(siteSettings);
        expect(settings.find((s) => s.key === "lead_round_robin")?.value).toBe(false);
        // The document, byte for byte, in the target's own storage.
        expect(sha(readFileSync(path.join(into.env.DATA_DIR, "uploads", "backup-test-doc.pdf")))).toBe(sha(document));
      } finally {
        await restored.close();
      }

      // Restoring again into the now non-empty target is refused, and says how to replace it.
      const again = await cli(["db:restore", archive], into.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /is not empty \(it holds rows in .*\): restore into an empty database, or add --force to replace everything in it\./,
      );
    });
  }

  it("db:backup writes an archive while the server runs (on the embedded database, by asking the server)", {
    timeout: 120_000,
  }, async () => {
    const out = path.join(folder(), "by-command.tar.gz");
    const run = await cli(["db:backup", "--out", out], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    if (kind === "pglite")
      expect(run.stdout).toMatch(/The server \(process \d+\) holds the embedded database: asking it for the archive\./);
    expect(run.stdout).toContain(`written to ${out}`);
    expect(run.stdout).toMatch(/It holds \d+ leads/);
    // The command's archive is recorded with the server's backups.
    const recorded = await server.services.db.execute(sql`select trigger, status from backups order by started_at`);
    expect(recorded.rows.at(-1)).toEqual({ trigger: "command", status: "ok" });
  });

  it("Back up now on the dashboard makes one, audited, and the panel shows its time and size; a failure shows in red", {
    timeout: 60_000,
  }, async () => {
    await ensureAdmin(server.services);
    const cookie = await signIn(server.url);
    const screen = screenRequests(() => ({ url: server.url, cookie }));
    const before = readdirSync(env.BACKUP_DIR).length;
    const res = await screen.postForm("/admin/backups", { intent: "backup" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/dashboard");
    expect(flashToast(res)?.toast).toEqual({ type: "success", title: expect.stringMatching(/^Backup saved \(\d+ KB\)\.$/) });
    expect(readdirSync(env.BACKUP_DIR).length).toBe(before + 1);
    const audit = await server.services.db.execute(sql`select action, admin_email from audit_events where action = 'backup_made'`);
    expect(audit.rows).toEqual([{ action: "backup_made", admin_email: "admin@agency.example" }]);
    const page = await (await screen.get("/admin/dashboard")).text();
    expect(page).toContain(htmlText(backupMessages.button));
    expect(page).toContain(env.BACKUP_DIR);
    expect(page).toMatch(/data-testid="backup-size">\d+ KB</);

    // Signed out, the form leads to sign in and makes nothing.
    const signedOut = await screen.postForm("/admin/backups", { intent: "backup" }, {}, false);
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(readdirSync(env.BACKUP_DIR).length).toBe(before + 1);

    // A failed backup (its folder made unusable) is shown in red until one succeeds.
    await server.services.db.execute(
      sql`insert into backups (trigger, status, finished_at, error) values ('daily', 'failed', now(), 'ENOSPC: no space left on device')`,
    );
    const failed = await (await screen.get("/admin/dashboard")).text();
    expect(failed).toContain(htmlText(backupMessages.failedTitle));
    expect(failed).toContain("ENOSPC: no space left on device");
    await screen.postForm("/admin/backups", { intent: "backup" });
    expect(await (await screen.get("/admin/dashboard")).text()).not.toContain(htmlText(backupMessages.failedTitle));
  });

  it("a damaged archive is refused with its name, and nothing is written", { timeout: 60_000 }, async () => {
    const damaged = path.join(folder(), "damaged.tar.gz");
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length * 0.6)] ^= 0x55;
    writeFileSync(damaged, bytes);
    const dir = folder();
    const run = await cli(["db:restore", damaged], { DATA_DIR: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^damaged\.tar\.gz (is not a readable backup archive|is damaged)/);
    const restored = await openDatabase({ dataDir: dir });
    try {
      const tables = await restored.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await restored.close();
    }
  });
});

describe("the built server on the embedded database", () => {
  it("answers db:backup with an archive exported by build/backup-snapshot.js, in a process of its own", { timeout: 120_000 }, async () => {
    requireBuild();
    const dir = mkdtempSync(path.join(os.tmpdir(), "backup-built-"));
    const env = { DATA_DIR: path.join(dir, "data"), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", NODE_ENV: "production" };
    const server = spawn(process.execPath, [path.join(root, "build/server.js")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stdout.on("data", (d) => {
      log += d;
    });
    server.stderr.on("data", (d) => {
      log += d;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (log.includes('"msg":"server listening"')) {
            clearInterval(timer);
            resolve();
          }
        }, 50);
        server.once("exit", (code) => {
          clearInterval(timer);
          reject(new Error(`the server stopped (${code}):\n${log}`));
        });
      });
      const out = path.join(dir, "built.tar.gz");
      const run = await cli(["db:backup", "--out", out], { DATA_DIR: env.DATA_DIR });
      expect(run.stderr, log).toBe("");
      expect(run.stdout).toMatch(/holds the embedded database: asking it for the archive\./);
      expect(run.stdout).toMatch(/It holds 0 leads, 0 consent records/);
      // The server writes its log in pieces, each line within a quarter of a second (server/logger.ts).
      await vi.waitFor(() => expect(log).toContain('"msg":"backup written"'), { timeout: 5_000, interval: 50 });
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("build/cli.js from a production-only install", () => {
  it("runs db:migrate, admin:create, db:backup and db:restore with no development dependency installed", { timeout: 300_000 }, async () => {
    requireBuild();
    const dir = mkdtempSync(path.join(os.tmpdir(), "backup-prod-"));
    try {
      for (const file of ["package.json", "package-lock.json"]) writeFileSync(path.join(dir, file), readFileSync(path.join(root, file)));
      const install = await command("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], dir, {});
      expect(install.code, install.stderr).toBe(0);
      expect(existsSync(path.join(dir, "node_modules", "tsx"))).toBe(false);
      expect(existsSync(path.join(dir, "node_modules", "vitest"))).toBe(false);
      // What the image copies: the build and the migrations.
      cpSync(path.join(root, "build", "cli.js"), path.join(dir, "build", "cli.js"));
      cpSync(path.join(root, "db", "migrations"), path.join(dir, "db", "migrations"), { recursive: true });
      const run = (args: string[], env: Record<string, string>, input?: string) =>
        command(process.execPath, [path.join(dir, "build", "cli.js"), ...args], dir, env, input);
      const site = { DATA_DIR: path.join(dir, "data") };
      expect((await run(["db:migrate"], site)).stdout).toContain("Migrated the embedded database");
      const created = await run(
        ["admin:create", "--email", "owner@agency.example", "--password-stdin"],
        site,
        "correct horse battery staple",
      );
      expect(created.stdout, created.stderr).toContain("Admin account created for owner@agency.example");
      const archive = path.join(dir, "site.tar.gz");
      const backedUp = await run(["db:backup", "--out", archive], site);
      expect(backedUp.stdout, backedUp.stderr).toMatch(
        /It holds 0 leads, 0 consent records, 0 blog posts, 1 back-office accounts, 0 documents/,
      );
      const restored = await run(["db:restore", archive], { DATA_DIR: path.join(dir, "restored") });
      expect(restored.stdout, restored.stderr).toContain("Every file matched its checksum.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs a program in `cwd` with PATH, HOME and the given environment; `input` on its standard input. */
function command(file: string, args: string[], cwd: string, env: Record<string, string>, input?: string): Promise<Run> {
  const child = spawn(file, args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdin.end(input ?? "");
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}
