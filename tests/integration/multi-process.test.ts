/**
 * Two server processes (the production build, `node build/server.js`) on one fresh PostgreSQL
 * database, one S3-compatible bucket and one SMTP server, started at the same moment: limits, sessions,
 * documents, mail and the chat's knowledge are the site's, not a process's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../support/databases";
import { contactBody, pdfBytes, truckingQuoteBody } from "../support/lead-fixtures";
import { startS3Server } from "../support/s3";
import { root } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";

const ADMIN = { email: "owner@agency.example", password: "correct horse battery staple" };
const FORMS_MAX = 4;
const DRAIN_MS = 4000;

type Proc = { name: string; url: string; child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts `node build/server.js`; resolves once it logs that it listens. */
function startProcess(name: string, env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data;
      const listening = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (listening) resolve({ name, url: listening[1], child, output: () => output, exited });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`${name} exited with ${code} before listening:\n${output}`)));
  });
}

let address = 0;
/** Each request speaks from the address given, or a fresh one (TRUST_PROXY is on). */
const fromAddress = (ip = `198.51.100.${++address % 250}`) => ({ "x-forwarded-for": ip });

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two server processes on one PostgreSQL database and one S3 bucket", () => {
  let a: Proc;
  let b: Proc;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sql: pg.Client;
  const dataDirs: string[] = [];
  let cookie = "";

  beforeAll(async () => {
    [database, s3, smtp] = await Promise.all([createPostgresDatabase(), startS3Server(), startSmtp()]);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const env = (name: string, extra: Record<string, string> = {}) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `multi-${name}-`));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        AGENCY_INBOX: "inbox@agency.example",
        MAIL_POLL_INTERVAL_MS: "200",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_SCRYPT_N: "1024",
        TRUST_PROXY: "true",
        RATE_LIMIT_FORMS_MAX: String(FORMS_MAX),
        RATE_LIMIT_CHAT_MESSAGES_PER_SESSION_MAX: "100",
        RATE_LIMIT_CHAT_MESSAGES_PER_IP_MAX: "100",
        ...s3.env,
        ...extra,
      };
    };
    // At the same moment, on an empty database: one migrates and creates the admin, the other waits.
    [a, b] = await Promise.all([startProcess("A", env("a", { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) })), startProcess("B", env("b"))]);
    const signIn = await postJson(`${a.url}/api/auth/login`, ADMIN);
    expect(signIn.status).toBe(200);
    cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith("admin_session=")) ?? "").split(";")[0];
    expect(cookie).toMatch(/^admin_session=./);
  });

  afterAll(async () => {
    for (const proc of [a, b]) if (proc && proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await Promise.all([a?.exited, b?.exited]);
    await sql?.end();
    await Promise.all([smtp?.close(), s3?.close()]);
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("both came up on the empty database, with one admin account and every migration applied once", async () => {
    for (const proc of [a, b]) expect((await fetch(`${proc.url}/api/health/ready`)).status).toBe(200);
    const admins = await sql.query("select count(*)::int as n from admin_users");
    expect(admins.rows[0].n).toBe(1);
    const migrations = await sql.query("select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations");
    expect(migrations.rows[0].n).toBe(migrations.rows[0].d);
  });

  it("a session from one process is valid on the other, and signing out on one ends it on both", async () => {
    for (const proc of [a, b]) {
      const res = await fetch(`${proc.url}/api/auth/user`, { headers: { cookie } });
      expect(res.status, proc.name).toBe(200);
    }
    const second = await postJson(`${b.url}/api/auth/login`, ADMIN);
    const other = (second.headers.getSetCookie().find((c) => c.startsWith("admin_session=")) ?? "").split(";")[0];
    expect((await fetch(`${a.url}/api/auth/user`, { headers: { cookie: other } })).status).toBe(200);
    expect((await fetch(`${a.url}/api/auth/logout`, { method: "POST", headers: { cookie: other } })).status).toBeLessThan(300);
    for (const proc of [a, b]) expect((await fetch(`${proc.url}/api/auth/user`, { headers: { cookie: other } })).status).toBe(401);
  });

  it("a form rate limit holds across both: the limit's worth of submissions in all, not per process", async () => {
    const ip = fromAddress("192.0.2.77");
    const statuses: number[] = [];
    for (let i = 0; i <= FORMS_MAX; i++) {
      const proc = i % 2 === 0 ? a : b;
      const res = await postJson(`${proc.url}/api/contacts`, contactBody({ email: `limit${i}@multi.example` }), ip);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(FORMS_MAX).fill(201), 429]);
    // Another address is not held back.
    expect((await postJson(`${b.url}/api/contacts`, contactBody({ email: "free@multi.example" }), fromAddress())).status).toBe(201);
  });

  it("a document uploaded through one is claimed by a quote through the other and downloaded byte for byte through both", async () => {
    const file = pdfBytes(2 * 1024 * 1024 + 17);
    const form = new FormData();
    form.append("slot", "cdl");
    form.append("file", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "cdl.pdf");
    const uploaded = await fetch(`${a.url}/api/uploads`, { method: "POST", body: form, headers: fromAddress() });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    const quote = await postJson(
      `${b.url}/api/submit-lead`,
      truckingQuoteBody({ email: "docs@multi.example", uploadedFiles: ["cdl"], attachments: [{ slot: "cdl", id }] }),
      fromAddress(),
    );
    expect(quote.status, await quote.clone().text()).toBe(201);
    const { reference } = (await quote.json()) as { reference: string };
    const lead = await sql.query("select id from leads where reference = $1", [reference]);
    const leadId = lead.rows[0].id as string;

    // The bytes are in the bucket, not on either process's disk.
    const stored = await sql.query("select storage_key from uploads where id = $1 and lead_id = $2", [id, leadId]);
    expect(stored.rows).toHaveLength(1);
    expect(await s3.objectKeys()).toContain(stored.rows[0].storage_key);

    const sha = (bytes: ArrayBuffer) => createHash("sha256").update(Buffer.from(bytes)).digest("hex");
    for (const proc of [a, b]) {
      const res = await fetch(`${proc.url}/api/leads/${leadId}/documents/${id}`, { headers: { cookie } });
      expect(res.status, proc.name).toBe(200);
      expect(sha(await res.arrayBuffer())).toBe(sha(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer));
    }
  });

  it("30 submissions across both processes: each notification and acknowledgement delivered exactly once", async () => {
    // Mail of the tests before is delivered first, so what arrives from here on is this test's.
    const unsent = async () => (await sql.query("select count(*)::int as n from mail_outbox where status <> 'sent'")).rows[0].n as number;
    await waitFor(async () => (await unsent()) === 0, 30_000, "earlier mail to be delivered");
    const before = smtp.received.length;
    const emails = Array.from({ length: 30 }, (_, i) => `visitor${i}.${randomUUID().slice(0, 8)}@multi.example`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        postJson(`${(i % 2 ? b : a).url}/api/contacts`, contactBody({ email, fullName: `Visitor ${i}` }), fromAddress()),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(201));
    const mails = () => smtp.received.slice(before);
    const replyTo = (raw: string) => /^Reply-To:\s*(.+)$/im.exec(raw.split(/\r?\n\r?\n/)[0])?.[1] ?? "";
    await waitFor(() => mails().length >= 60, 30_000, "60 mails");
    // A moment longer: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mails()).toHaveLength(60);
    for (const email of emails) {
      const acknowledgements = mails().filter((m) => m.to.includes(email));
      const notifications = mails().filter((m) => m.to.includes("inbox@agency.example") && replyTo(m.raw).includes(email));
      expect([acknowledgements.length, notifications.length], email).toEqual([1, 1]);
    }
    expect(await unsent()).toBe(0);
  });

  it("a settings change saved through one process is on the other's pages within 5 seconds", async () => {
    const phone = "(737) 555-0188";
    // B serves its home page from the build's file or its render cache before the change.
    expect(await (await fetch(`${b.url}/`)).text()).not.toContain(phone);
    const saved = await fetch(`${a.url}/api/admin/settings`, {
      method: "PATCH",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ phone }),
    });
    expect(saved.status).toBe(200);
    const started = performance.now();
    await waitFor(async () => (await (await fetch(`${b.url}/`)).text()).includes(phone), 5000, "B's home page to show the new phone");
    expect(performance.now() - started).toBeLessThan(5000);
    for (const path of ["/contact", "/insurance/commercial-trucking", "/trucking-insurance"])
      expect(await (await fetch(`${b.url}${path}`)).text(), path).toContain(phone);
  });

  it("a post published through one process is answered by the chat on the other", async () => {
    const question = "do you insure alpaca ranches against zebra mussel infestations";
    const published = await postJson(
      `${a.url}/api/blogs`,
      {
        title: "Insuring Alpaca Ranches Against Zebra Mussel Infestations",
        content:
          "<p>Zebra mussel infestations can clog the irrigation intakes of alpaca ranches. We insure alpaca ranches against zebra mussel cleanup costs under an inland marine form.</p>",
        category: "Risk Management",
        imageUrl: null,
        status: "published",
      },
      { cookie },
    );
    expect(published.status, await published.clone().text()).toBe(201);
    const ip = fromAddress();
    const session = await postJson(
      `${b.url}/api/chat/sessions`,
      { name: "Ana Ruiz", email: "ana@alpaca.example", phone: "(512) 555-0142", insuranceType: "Other" },
      ip,
    );
    expect(session.status).toBe(201);
    const { id } = (await session.json()) as { id: string };
    const reply = await waitFor(
      async () => {
        const res = await postJson(`${b.url}/api/chat/sessions/${id}/messages`, { content: question }, ip);
        const content = ((await res.json()) as { reply?: { content: string } }).reply?.content ?? "";
        return /zebra mussel/i.test(content) ? content : undefined;
      },
      10_000,
      "the other process's chat to know the new post",
    );
    expect(reply).toMatch(/inland marine/i);
  });

  it("readiness turns 503 as soon as a process is told to stop, while an upload in flight completes", async () => {
    const file = pdfBytes(512 * 1024);
    const boundary = `----multi${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="slot"\r\n\r\nlossRuns\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="loss-runs.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const whole = Buffer.concat([head, file, tail]);
    let release: () => void = () => {};
    const halfway = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(whole.subarray(0, head.length + 64 * 1024)));
        await halfway;
        controller.enqueue(new Uint8Array(whole.subarray(head.length + 64 * 1024)));
        controller.close();
      },
    });
    const uploading = fetch(`${a.url}/api/uploads`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...fromAddress() },
      body,
      duplex: "half",
    } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect((await fetch(`${a.url}/api/health/ready`)).status).toBe(200);
    a.child.kill("SIGTERM");
    await waitFor(async () => (await fetch(`${a.url}/api/health/ready`)).status === 503, DRAIN_MS, "readiness to fail");
    expect((await fetch(`${a.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${b.url}/api/health/ready`)).status).toBe(200);

    release();
    const res = await uploading;
    expect(res.status).toBe(201);
    const { id, size } = (await res.json()) as { id: string; size: number };
    expect(size).toBe(file.length);
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain('"msg":"server stopped"');
    const row = await sql.query("select storage_key from uploads where id = $1", [id]);
    expect(await s3.objectKeys()).toContain(row.rows[0].storage_key);
  });

  it("neither process logged an error or a warning from a library along the way", () => {
    for (const proc of [a, b]) {
      const lines = proc.output().split("\n").filter(Boolean);
      expect(
        lines.filter((line) => /"level":(50|60)/.test(line)),
        proc.name,
      ).toEqual([]);
      expect(
        lines.filter((line) => !line.startsWith("{")),
        proc.name,
      ).toEqual([]);
    }
  });
});
