/**
 * The mail written as .eml files when SMTP_URL is not set (DATA_DIR/mail), and privacy: erasing a
 * person deletes their own files and replaces their address in anyone else's, a file being written
 * while its row is erased is put right by its sender, and the retention run deletes the files past the
 * mail period (docs/decisions/046-mail-files-and-chat-summaries.md). Real submissions, the real file
 * transport, real files.
 */
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client";
import { runMigrations } from "#db/migrate";
import { auditEvents, leads, mailOutbox } from "#db/schema";
import { emlTexts } from "../../app/features/mail/eml.server";
import { mailFileName, mailFilesDir, mailIdOfFile } from "../../app/features/mail/mail-files.server";
import { fileTransport, MailSender, type MailTransport } from "../../app/features/mail/outbox.server";
import { privacyMessages } from "../../app/features/privacy/messages";
import { ERASED_MARK, eraseByEmail, runRetention } from "../../app/features/privacy/retention.server";
import { LocalFileStorage } from "../../app/features/uploads/storage.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseEnv, databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { htmlPart, plainText, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const DAY = 86_400_000;

/** Every header and text part of a file, decoded as its reader would see them, in one string. */
async function readable(file: string): Promise<string> {
  return (await emlTexts(readFileSync(file, "latin1"))).map((t) => t.text).join("\n");
}

describe.each(databaseKinds)("mail files and privacy on %s", (kind) => {
  let server: Server;
  let dataDir: string;
  let cookie: string;
  const db = () => server.services.db;
  const mailDir = () => mailFilesDir(server.services.config);
  const files = () => (existsSync(mailDir()) ? readdirSync(mailDir()).filter((n) => n.endsWith(".eml")) : []);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-files-test-"));
    server = await startTestServer(kind, {
      DATA_DIR: dataDir,
      MAIL_POLL_INTERVAL_MS: "100",
      SITE_URL: "https://www.agency.example",
      AGENCY_INBOX: "inbox@agency.example",
    });
    expect(server.services.config.SMTP_URL).toBeFalsy();
    // The scheduler's first run of the daily retention job at start: the next one is a day away.
    await waitFor(
      async () => (await db().select().from(auditEvents).where(eq(auditEvents.action, "retention_run"))).length > 0,
      15_000,
      "the retention job's first run",
    );
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends the contact form; answers its lead's mail rows once every one has been written to a file. */
  async function contact(over: Record<string, unknown>) {
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody(over)),
    });
    expect(res.status).toBe(201);
    const [lead] = await db()
      .select()
      .from(leads)
      .where(eq(leads.email, String(over.email)))
      .orderBy(desc(leads.receivedAt))
      .limit(1);
    const rows = await waitFor(
      async () => {
        const mine = await db().select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
        return mine.length === 2 && mine.every((m) => m.status === "sent" && m.transport === "file") && mine;
      },
      15_000,
      "the lead's acknowledgement and notification written",
    );
    const byKind = Object.fromEntries(rows.map((m) => [m.kind, path.join(mailDir(), mailFileName(m))]));
    for (const file of Object.values(byKind)) expect(existsSync(file)).toBe(true);
    return { lead, acknowledgement: byKind.visitor_autoreply, notification: byKind.agency_notification };
  }

  it("erasing a person deletes their lead's .eml files and older copies, replaces their address in another's, and leaves everyone else's as they were", async () => {
    const person = "Erin.Files@example.com";
    const mine = await contact({ email: person, fullName: "Erin Files", phoneNumber: "(512) 555-0142" });
    // The person's data is in both files, in the form a mail reader shows it.
    expect(await readable(mine.acknowledgement)).toContain("Erin");
    expect((await readable(mine.notification)).toLowerCase()).toContain(person.toLowerCase());
    expect(await readable(mine.notification)).toContain("(512) 555-0142");
    // A copy of the acknowledgement whose row went before (named for a row that no longer exists).
    const olderCopy = path.join(mailDir(), mailFileName({ createdAt: new Date(), kind: "visitor_autoreply", id: randomUUID() }));
    copyFileSync(mine.acknowledgement, olderCopy);
    // Someone else, and a third visitor who wrote the person's address in a long message: quoted-printable
    // breaks such a line, wherever the address falls, in the file's text and HTML parts.
    const other = await contact({ email: "olga.other@example.com", fullName: "Olga Other" });
    const third = await contact({
      email: "theo.third@example.net",
      fullName: "Theo Third",
      message: `Please add my colleague to the policy as well; she handles our insurance paperwork day to day and her address is ${person.toUpperCase()}, thank you.`,
    });
    expect((await readable(third.notification)).toLowerCase()).toContain(person.toLowerCase());
    const untouched = [other.acknowledgement, other.notification, third.acknowledgement];
    const before = new Map(untouched.map((f) => [f, readFileSync(f)]));
    const thirdMtime = statSync(third.notification).mtimeMs;

    const res = await fetch(`${server.url}/admin/privacy`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: person.toLowerCase(), confirm: "yes" }),
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    const counts = { mailFiles: 3, mailFilesRedacted: 1, mailFilesFailed: 0 };
    for (const line of privacyMessages.erased({
      leads: 0,
      contacts: 1,
      documents: 0,
      chats: 0,
      applications: 0,
      mails: 2,
      consentRecordsKept: 1,
      invitations: 0,
      ...counts,
      filesFailed: 0,
    }))
      expect(page).toContain(line);

    // The person's own files are gone, the copy of a row deleted before included.
    for (const file of [mine.acknowledgement, mine.notification, olderCopy]) expect(existsSync(file)).toBe(false);
    // No file in the folder holds the address any more, however it was encoded.
    for (const name of files()) expect((await readable(path.join(mailDir(), name))).toLowerCase()).not.toContain(person.toLowerCase());
    // The third visitor's notification is kept, the address replaced in its text and HTML, the rest as it was.
    const kept = readFileSync(third.notification, "latin1");
    expect(plainText(kept)).toContain(`her address is ${ERASED_MARK}, thank you.`);
    expect(htmlPart(kept)).toContain(ERASED_MARK);
    expect(plainText(kept)).toContain("Theo Third");
    expect(kept).toMatch(/^Reply-To: theo\.third@example\.net$/m);
    expect(Math.abs(statSync(third.notification).mtimeMs - thirdMtime)).toBeLessThan(1);
    // Everyone else's files are byte for byte what they were.
    for (const [file, bytes] of before) expect(readFileSync(file).equals(bytes)).toBe(true);

    // The audit entry counts the files, and names no one.
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "person_erased"))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(entry.detail).toMatchObject(counts);
    expect(JSON.stringify(entry.detail).toLowerCase()).not.toContain("erin");
  });

  it("the retention run deletes the mail files older than the mail period and keeps the newer ones", async () => {
    const config = server.services.config;
    const period = config.RETENTION_MAIL_BODY_DAYS;
    // Mail created 31 and 29 days ago, written now by the server's own sender: their names carry those times.
    const queued = await db()
      .insert(mailOutbox)
      .values(
        [period + 1, period - 1].map((days) => ({
          messageId: `<${randomUUID()}@agency.example>`,
          kind: "agency_notification",
          toAddress: "inbox@agency.example",
          subject: `Backdated ${days} days`,
          textBody: "A backdated notification.",
          createdAt: new Date(Date.now() - days * DAY),
        })),
      )
      .returning();
    server.services.mail.nudge();
    const written = await waitFor(
      async () => {
        const rows = await db()
          .select()
          .from(mailOutbox)
          .where(
            inArray(
              mailOutbox.id,
              queued.map((q) => q.id),
            ),
          );
        return rows.every((r) => r.status === "sent") && rows;
      },
      15_000,
      "the backdated mail written",
    );
    const [oldFile, newFile] = queued.map((q) => path.join(mailDir(), mailFileName(written.find((w) => w.id === q.id) ?? q)));
    expect(existsSync(oldFile) && existsSync(newFile)).toBe(true);
    // Files whose names give no time (written by another tool, or renamed): their last change counts.
    const legacyOld = path.join(mailDir(), "legacy-old.eml");
    const legacyNew = path.join(mailDir(), "legacy-new.eml");
    for (const file of [legacyOld, legacyNew]) writeFileSync(file, "To: someone@example.com\n\nHello\n", { mode: 0o600 });
    const longAgo = new Date(Date.now() - (period + 1) * DAY);
    utimesSync(legacyOld, longAgo, longAgo);
    const others = files().filter((n) => ![oldFile, newFile, legacyOld, legacyNew].includes(path.join(mailDir(), n)));
    expect(others.length).toBeGreaterThan(0);

    const counts = await runRetention(db(), server.services.storage, config, new Date());
    expect(counts).toMatchObject({ mailFiles: 2, mailFilesFailed: 0 });
    expect(existsSync(oldFile)).toBe(false);
    expect(existsSync(legacyOld)).toBe(false);
    expect(existsSync(newFile)).toBe(true);
    expect(existsSync(legacyNew)).toBe(true);
    for (const name of others) expect(existsSync(path.join(mailDir(), name))).toBe(true);
    const [run] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "retention_run"))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(run.detail).toMatchObject({ mailFiles: 2, mailFilesFailed: 0 });
    // Repeatable: nothing more is past its period.
    expect((await runRetention(db(), server.services.storage, config, new Date())).mailFiles).toBe(0);
  });
});

describe.each(databaseKinds)("a mail file written while its row is erased, on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });

  it("is removed by its sender when its row was deleted, and written again from the row when its row was redacted", async () => {
    const { env, cleanup } = await databaseEnv(kind);
    const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    cleanups.push(cleanup, () => handle.close());
    await runMigrations(handle);
    const root = mkdtempSync(path.join(os.tmpdir(), "mail-race-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const dir = path.join(root, "mail");
    const person = "rita.race@example.com";
    const [own] = await handle.db
      .insert(mailOutbox)
      .values({
        messageId: `<${randomUUID()}@agency.example>`,
        kind: "visitor_autoreply",
        toAddress: person,
        subject: "Thank you for contacting us",
        textBody: "Hi Rita, we got your message.",
        createdAt: new Date(Date.now() - 2_000),
      })
      .returning();
    const [others] = await handle.db
      .insert(mailOutbox)
      .values({
        messageId: `<${randomUUID()}@agency.example>`,
        kind: "agency_notification",
        toAddress: "inbox@agency.example",
        replyTo: "sam.someone@example.net",
        subject: "Contact Form Submission",
        textBody: `Sam wrote: please copy ${person} on the quote.`,
        htmlBody: `<p>Sam wrote: please copy ${person} on the quote.</p>`,
      })
      .returning();

    // The file transport, held before it writes its first file: the erasure runs, and commits, meanwhile.
    const files = fileTransport(dir);
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const transport: MailTransport = {
      ...files,
      send: async (mail, from) => {
        if (first) {
          first = false;
          reached();
          await gate;
        }
        await files.send(mail, from);
      },
    };
    const sender = new MailSender({
      db: handle.db,
      transport,
      from: "Agency <mail@agency.example>",
      maxAttempts: 3,
      retryBaseMs: 50,
      pollIntervalMs: 50,
    });
    const draining = sender.drain();
    await held;
    const counts = await eraseByEmail(handle.db, new LocalFileStorage(path.join(root, "uploads")), person, null, { mailDir: dir });
    // Nothing was on disk yet when the erasure went over the folder.
    expect(counts).toMatchObject({ mails: 1, mailFiles: 0, mailFilesRedacted: 0 });
    release();
    expect(await draining).toBe(2);

    const names = readdirSync(dir).filter((n) => n.endsWith(".eml"));
    // The erased person's mail, written after its row was deleted, was removed by its sender.
    expect(names.map(mailIdOfFile)).toEqual([others.id]);
    // The other mail was claimed before the erasure and written after it: it was written again as the row is now.
    const text = await readable(path.join(dir, names[0]));
    expect(text).not.toContain(person);
    expect(text).toContain(`please copy ${ERASED_MARK} on the quote.`);
    const [row] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, others.id));
    expect(row).toMatchObject({ status: "sent", transport: "file" });
    expect(await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, own.id))).toEqual([]);
  });
});
