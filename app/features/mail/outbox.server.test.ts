import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { mailOutbox } from "#db/schema";
import { defaultSite } from "~/content/site-profile";
import { databaseEnv, databaseKinds } from "../../../tests/support/databases";
import { freePort, startSmtp, waitFor } from "../../../tests/support/smtp";
import { autoRepliesToday, enqueueMail, fileTransport, MailSender, type MailTransport, retryDelayMs, smtpTransport } from "./outbox.server";
import { autoReplyMail, notificationMail } from "./templates.server";

const draft = (i: number) =>
  notificationMail(defaultSite, {
    to: "inbox@agency.example",
    replyTo: `v${i}@example.com`,
    subject: `Contact Form Submission`,
    heading: `Message ${i}`,
    receivedAt: new Date(),
    fields: [["Name", `Visitor ${i}`]],
  });

describe.each(databaseKinds)("mail outbox on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });

  async function database(): Promise<DatabaseHandle> {
    const { env, cleanup } = await databaseEnv(kind);
    const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    cleanups.push(cleanup, () => handle.close());
    await runMigrations(handle);
    return handle;
  }

  function sender(
    db: DatabaseHandle["db"],
    transport: MailTransport,
    overrides: Partial<ConstructorParameters<typeof MailSender>[0]> = {},
  ) {
    const s = new MailSender({
      db,
      transport,
      from: "Agency <quotes@example.com>",
      maxAttempts: 5,
      retryBaseMs: 20,
      pollIntervalMs: 30,
      ...overrides,
    });
    cleanups.push(() => s.stop());
    return s;
  }

  it("delivers to a real SMTP server with the row's Message-ID", async () => {
    const { db } = await database();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const messageId = await db.transaction((tx) => enqueueMail(tx, draft(1), { domain: "agency.example" }));
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@agency\.example>$/);
    const s = sender(db, smtpTransport(smtp.url));
    expect(await s.drain()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].messageId).toBe(messageId);
    expect(smtp.received[0].to).toEqual(["inbox@agency.example"]);
    expect(smtp.received[0].raw).toMatch(/Content-Type: multipart\/alternative/);
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 1, transport: "smtp", lastError: null });
  });

  it("reads a From given as a function at each delivery (the stored profile's name as it is when the mail leaves)", async () => {
    const { db } = await database();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    let from = "Hill Country Insurance <quotes@example.com>";
    const s = sender(db, smtpTransport(smtp.url), { from: () => from });
    await db.transaction((tx) => enqueueMail(tx, draft(1), { domain: "agency.example" }));
    await s.drain();
    from = '"Ruiz, Ortega & Co" <office@ruiz.example>';
    await db.transaction((tx) => enqueueMail(tx, draft(2), { domain: "agency.example" }));
    await s.drain();
    expect(smtp.received.map((m) => m.from)).toEqual(["quotes@example.com", "office@ruiz.example"]);
    expect(/^From: (.*)$/im.exec(smtp.received[1].raw)?.[1]).toBe('"Ruiz, Ortega & Co" <office@ruiz.example>');
  });

  it("hands the mailer one address: a stored value that reads as a list still reaches one recipient", async () => {
    const { db } = await database();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    // As a row written before addresses were checked strictly might hold them.
    const reply = autoReplyMail(defaultSite, {
      to: "dana@example.com;eve@evil.example",
      name: "Dana",
      subject: "Thanks",
      opening: "Hello.",
    });
    const notification = { ...draft(2), replyTo: "dana@example.com, eve@evil.example" };
    await db.transaction(async (tx) => {
      await enqueueMail(tx, reply, { domain: "agency.example" });
      await enqueueMail(tx, notification, { domain: "agency.example" });
    });
    await sender(db, smtpTransport(smtp.url)).drain();
    // Read as one (odd) address, which a server may refuse: never as the two recipients of a list.
    const recipients = smtp.received.flatMap((m) => m.to);
    expect(recipients).not.toContain("dana@example.com");
    expect(recipients).not.toContain("eve@evil.example");
    const delivered = smtp.received.find((m) => m.to.includes("inbox@agency.example"));
    expect(delivered?.to).toEqual(["inbox@agency.example"]);
    expect(/^Reply-To: (.*)$/im.exec(delivered?.raw ?? "")?.[1]).toBe('<"dana@example.com, eve"@evil.example>');
  });

  it("counts a day's auto-replies to an address whatever the case of its letters", async () => {
    const { db } = await database();
    for (const to of ["Dana@example.com", "DANA@EXAMPLE.COM", "someone@else.example"]) {
      await db.transaction((tx) =>
        enqueueMail(tx, autoReplyMail(defaultSite, { to, name: "Dana", subject: "Thanks", opening: "Hello." }), {
          domain: "agency.example",
        }),
      );
    }
    await db.transaction((tx) => enqueueMail(tx, draft(3), { domain: "agency.example" }));
    expect(await db.transaction((tx) => autoRepliesToday(tx, "dana@Example.com"))).toBe(2);
    expect(await db.transaction((tx) => autoRepliesToday(tx, "inbox@agency.example"))).toBe(0);
  });

  it("submissions for one address at the same moment are counted one after the other", async () => {
    const { db } = await database();
    const submit = (to: string) =>
      db.transaction(async (tx) => {
        if ((await autoRepliesToday(tx, to)) >= 3) return;
        // Slow enough that, without the lock, every concurrent transaction would count before any inserts.
        await tx.execute(sql`select pg_sleep(0.05)`);
        await enqueueMail(tx, autoReplyMail(defaultSite, { to, name: "Dana", subject: "Thanks", opening: "Hello." }), {
          domain: "agency.example",
        });
      });
    await Promise.all(
      ["dana@example.com", "Dana@example.com", "DANA@example.com", "dana@example.com", "dAna@example.com", "danA@example.com"].map(submit),
    );
    expect(await db.transaction((tx) => autoRepliesToday(tx, "dana@example.com"))).toBe(3);
  });

  it("keeps mail while SMTP is down and delivers each exactly once when it is back", async () => {
    const { db } = await database();
    const port = await freePort();
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await enqueueMail(tx, draft(i), { domain: "agency.example" });
    });
    const s = sender(db, smtpTransport(`smtp://127.0.0.1:${port}`));
    s.start();
    await waitFor(
      async () => {
        const rows = await db.select().from(mailOutbox);
        return rows.every((r) => r.attempts >= 2 && r.status === "pending" && r.lastError) && rows;
      },
      15_000,
      "failed attempts recorded",
    );

    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    await waitFor(async () => (await db.select().from(mailOutbox)).every((r) => r.status === "sent"), 15_000, "all sent");
    await new Promise((r) => setTimeout(r, 300)); // further polls must not resend
    expect(smtp.received).toHaveLength(3);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(3);
  });

  it("marks a mail dead after the last allowed attempt", async () => {
    const { db } = await database();
    const port = await freePort();
    await db.transaction((tx) => enqueueMail(tx, draft(1), { domain: "agency.example" }));
    const s = sender(db, smtpTransport(`smtp://127.0.0.1:${port}`), { maxAttempts: 2 });
    s.start();
    const [row] = await waitFor(
      async () => {
        const rows = await db.select().from(mailOutbox);
        return rows[0]?.status === "dead" && rows;
      },
      15_000,
      "dead",
    );
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("never sends the same mail twice when several senders share the database", async () => {
    const { db } = await database();
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    await db.transaction(async (tx) => {
      for (let i = 0; i < 24; i++) await enqueueMail(tx, draft(i), { domain: "agency.example" });
    });
    let extra: DatabaseHandle | undefined;
    // On PostgreSQL the second sender has its own connection pool, as a second process would.
    if (kind === "postgres") {
      extra = await openDatabase({
        url: (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString,
      });
      cleanups.push(() => extra!.close());
    }
    const a = sender(db, smtpTransport(smtp.url), { batchSize: 3 });
    const b = sender(extra?.db ?? db, smtpTransport(smtp.url), { batchSize: 3 });
    const [sentA, sentB] = await Promise.all([a.drain(), b.drain()]);
    expect(sentA + sentB).toBe(24);
    expect(smtp.received).toHaveLength(24);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(24);
    if (kind === "postgres") expect(Math.min(sentA, sentB)).toBeGreaterThan(0);
  });

  it("writes .eml files when no SMTP server is configured", async () => {
    const { db } = await database();
    const dir = mkdtempSync(path.join(tmpdir(), "mail-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await db.transaction((tx) =>
      enqueueMail(
        tx,
        autoReplyMail(defaultSite, {
          to: "dana@example.com",
          name: "Dana Whitfield",
          subject: "Thank you for contacting us",
          opening: "We got it.",
        }),
        { domain: "agency.example" },
      ),
    );
    const written: string[] = [];
    const s = sender(
      db,
      fileTransport(dir, (file) => written.push(file)),
    );
    await s.drain();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(written[0]).toBe(path.join(dir, files[0]));
    const eml = readFileSync(path.join(dir, files[0]), "utf8");
    expect(eml).toMatch(/^To: dana@example\.com$/m);
    expect(eml).toMatch(/^Subject: Thank you for contacting us$/m);
    expect(eml).toContain("Hi Dana,");
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "dana@example.com"));
    expect(row).toMatchObject({ status: "sent", transport: "file" });
  });
});

describe("greeting", () => {
  it("uses only the first word of the name, letters only, so an auto-reply cannot carry a message", async () => {
    const { greetingName } = await import("./templates.server");
    expect(greetingName("Dana Whitfield")).toBe("Dana");
    expect(greetingName("José-Luis O'Neil")).toBe("José-Luis");
    expect(greetingName("Visit-evil.example/pay now")).toBe("Visit-evilexamplepay");
    expect(greetingName("<b>")).toBe("there");
    expect(greetingName("1234")).toBe("there");
  });
});

describe("stopping", () => {
  it("returns soon after stop() even with a backlog, leaving the rest for later", async () => {
    const { env, cleanup } = await databaseEnv("pglite");
    const handle = await openDatabase({ dataDir: env.DATA_DIR });
    try {
      await runMigrations(handle);
      await handle.db.transaction(async (tx) => {
        for (let i = 0; i < 30; i++) await enqueueMail(tx, draft(i), { domain: "agency.example" });
      });
      let sent = 0;
      const slow: MailTransport = {
        name: "smtp",
        send: async () => {
          await new Promise((r) => setTimeout(r, 100));
          sent++;
        },
        close: () => {},
      };
      const s = new MailSender({
        db: handle.db,
        transport: slow,
        from: "a@example.com",
        maxAttempts: 3,
        retryBaseMs: 20,
        pollIntervalMs: 30,
        batchSize: 5,
      });
      s.start();
      await waitFor(() => sent >= 2, 5_000, "first deliveries");
      const before = Date.now();
      await s.stop();
      expect(Date.now() - before).toBeLessThan(1_000);
      const rows = await handle.db.select().from(mailOutbox);
      expect(rows.filter((r) => r.status === "sent").length).toBeLessThan(30);
      expect(rows.filter((r) => r.status === "sent").length).toBe(sent);
    } finally {
      await handle.close();
      await cleanup();
    }
  });
});

describe("retry delays", () => {
  it("double from the base, with jitter, capped at an hour", () => {
    for (const [attempt, base] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [5, 16000],
    ] as const) {
      const d = retryDelayMs(attempt, 1000);
      expect(d).toBeGreaterThanOrEqual(base * 0.8);
      expect(d).toBeLessThanOrEqual(base * 1.2);
    }
    expect(retryDelayMs(30, 15000)).toBeLessThanOrEqual(3_600_000 * 1.2);
  });
});
