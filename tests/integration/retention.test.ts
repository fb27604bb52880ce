/**
 * Retention and erasure (docs/decisions/024-retention-and-erasure.md) on a known data set: rows with
 * backdated times and real files in storage. Retention removes exactly what is past its period;
 * erasure leaves nothing with the address in any table or file, and nothing else is touched.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminInvites,
  adminSessions,
  auditEvents,
  chatMessages,
  chatSessions,
  consentRecords,
  jobApplications,
  jobs,
  leads,
  mailOutbox,
  pageViews,
  signInFailures,
  uploads,
} from "#db/schema";
import { mailFilesDir } from "../../app/features/mail/mail-files.server";
import { privacyMessages } from "../../app/features/privacy/messages";
import { addressPattern, ERASED_MARK, eraseByEmail, runRetention } from "../../app/features/privacy/retention.server";
import type { FileStorage } from "../../app/features/uploads/storage.server";
import { linkUploads, sweepOrphanUploads, UploadLinkError } from "../../app/features/uploads/uploads.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, pdfBytes } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const yearsAgo = (years: number) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at;
};

describe.each(databaseKinds)("retention and erasure on %s", (kind) => {
  let server: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dataDir: string;
  let cookie: string;
  let jobId: string;
  const fileOnDisk = (key: string) => existsSync(path.join(dataDir, "uploads", key));
  const db = () => server.services.db;
  const mailDir = () => mailFilesDir(server.services.config);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "retention-test-"));
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "100",
      SITE_URL: "https://www.agency.example",
      AGENCY_INBOX: "inbox@agency.example",
    });
    // The scheduler's first run of the daily job at start, before the data set exists: the next one is a day away.
    await waitFor(
      async () => (await db().select().from(auditEvents).where(eq(auditEvents.action, "retention_run"))).length > 0,
      15_000,
      "the retention job's first run",
    );
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    const [job] = await db()
      .insert(jobs)
      .values({
        title: "Account Manager",
        description: "Serve trucking accounts.",
        type: "Full-time",
        workType: "On-site",
        location: "Austin, TX",
      })
      .returning();
    jobId = job.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // ---- the data set ----

  let n = 0;
  async function lead(values: {
    email: string;
    name?: string;
    phone?: string;
    leadType?: string;
    receivedAt?: Date;
    statusChangedAt?: Date;
    consentRecordId?: string;
    payload?: Record<string, unknown>;
    message?: string;
  }) {
    n++;
    const [row] = await db()
      .insert(leads)
      .values({
        reference: `L-T${String(n).padStart(5, "0")}`.slice(0, 8) + randomUUID().slice(0, 4),
        leadType: values.leadType ?? "trucking_quote",
        submissionType: "Commercial Trucking Quote",
        source: "Quote Page",
        name: values.name ?? "Test Person",
        email: values.email,
        phone: values.phone ?? "(512) 555-0100",
        payload: values.payload ?? { email: values.email },
        message: values.message ?? null,
        receivedAt: values.receivedAt ?? new Date(),
        statusChangedAt: values.statusChangedAt ?? null,
        consentRecordId: values.consentRecordId ?? null,
      })
      .returning();
    return row;
  }

  async function document(leadId: string | null, createdAt = new Date()) {
    const id = randomUUID();
    const key = `${id}.pdf`;
    const stored = await server.services.storage.write(key, Readable.from([pdfBytes(2048)]), { maxBytes: 1024 * 1024 });
    await db()
      .insert(uploads)
      .values({
        id,
        slot: "cdl",
        originalName: "cdl.pdf",
        sizeBytes: stored.size,
        mimeType: "application/pdf",
        storageKey: key,
        sha256: stored.sha256,
        leadId,
        createdAt,
        linkedAt: leadId ? createdAt : null,
      });
    return { id, key };
  }

  async function consent(email: string, createdAt = new Date()) {
    const [row] = await db()
      .insert(consentRecords)
      .values({
        sourceForm: "sms_consent_form",
        name: "Test Person",
        email,
        phone: "(512) 555-0100",
        consented: true,
        consentText: "I agree to receive text messages.",
        consentVersion: "sms-consent-test",
        recordHash: "0".repeat(64),
        createdAt,
      })
      .returning();
    return row;
  }

  async function mail(values: {
    to: string;
    replyTo?: string;
    status?: string;
    createdAt?: Date;
    leadId?: string;
    text?: string;
    subject?: string;
  }) {
    const [row] = await db()
      .insert(mailOutbox)
      .values({
        messageId: `<${randomUUID()}@agency.example>`,
        kind: "agency_notification",
        toAddress: values.to,
        replyTo: values.replyTo ?? null,
        subject: values.subject ?? "Quote Request",
        textBody: values.text ?? "A quote request arrived.",
        htmlBody: "<p>A quote request arrived.</p>",
        leadId: values.leadId ?? null,
        status: values.status ?? "pending",
        createdAt: values.createdAt ?? new Date(),
        // Not due: the sender leaves queued rows of the data set alone.
        nextAttemptAt: new Date(Date.now() + 7 * DAY),
        sentAt: values.status === "sent" ? (values.createdAt ?? new Date()) : null,
      })
      .returning();
    return row;
  }

  async function chat(email: string, updatedAt = new Date(), leadId: string | null = null) {
    const [row] = await db()
      .insert(chatSessions)
      .values({
        name: "Test Person",
        email,
        phone: "(512) 555-0100",
        insuranceType: "Commercial Trucking",
        leadId,
        createdAt: updatedAt,
        updatedAt,
      })
      .returning();
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: row.id, role: "assistant", content: "How can we help?", createdAt: updatedAt },
        { sessionId: row.id, role: "user", content: `Write to me at ${email}`, createdAt: updatedAt },
      ]);
    return row;
  }

  async function application(email: string, createdAt = new Date()) {
    const [row] = await db()
      .insert(jobApplications)
      .values({ jobId, name: "Test Applicant", email, coverLetter: "Five years of account work.", createdAt })
      .returning();
    return row;
  }

  const ids = async <T extends { id: string }>(rows: Promise<T[]>) => new Set((await rows).map((r) => r.id));

  // ---- retention ----

  it("deletes exactly the records past their periods, files included, keeps consent evidence for its own period, and audits the counts", async () => {
    const config = server.services.config;
    // The defaults are the Privacy Policy's periods.
    expect(config).toMatchObject({
      RETENTION_LEAD_DAYS: 730,
      RETENTION_CONTACT_DAYS: 365,
      RETENTION_CHAT_DAYS: 180,
      RETENTION_APPLICATION_DAYS: 365,
      RETENTION_MAIL_BODY_DAYS: 30,
      RETENTION_SIGN_IN_DAYS: 90,
      CONSENT_RECORD_YEARS: 5,
    });
    const domain = "retention.example";
    const consentOld = await consent(`old@${domain}`, new Date(yearsAgo(5).getTime() - 30 * DAY));
    const consentMid = await consent(`mid@${domain}`, yearsAgo(3));
    const quoteOld = await lead({ email: `q-old@${domain}`, receivedAt: daysAgo(731), consentRecordId: consentMid.id });
    const quoteRecent = await lead({ email: `q-new@${domain}`, receivedAt: daysAgo(729) });
    const quoteWorked = await lead({ email: `q-worked@${domain}`, receivedAt: daysAgo(900), statusChangedAt: daysAgo(10) });
    const contactOld = await lead({ email: `c-old@${domain}`, leadType: "contact_form", receivedAt: daysAgo(366) });
    const contactRecent = await lead({ email: `c-new@${domain}`, leadType: "contact_form", receivedAt: daysAgo(364) });
    // A contact message counts from its arrival, even if it was handled since (the Privacy Policy's promise).
    const contactHandled = await lead({
      email: `c-handled@${domain}`,
      leadType: "contact_form",
      receivedAt: daysAgo(366),
      statusChangedAt: daysAgo(10),
    });
    const linkedToOldConsent = await lead({ email: `old@${domain}`, receivedAt: daysAgo(5), consentRecordId: consentOld.id });
    const oldKey = (await document(quoteOld.id, daysAgo(731))).key;
    const recentKey = (await document(quoteRecent.id, daysAgo(729))).key;
    const workedKey = (await document(quoteWorked.id, daysAgo(900))).key;
    const oldLeadMail = await mail({ to: "inbox@agency.example", leadId: quoteOld.id, status: "sent", createdAt: daysAgo(731), text: "" });
    const sentOld = await mail({ to: `m1@${domain}`, status: "sent", createdAt: daysAgo(31), text: "" });
    const deadOld = await mail({ to: `m2@${domain}`, status: "dead", createdAt: daysAgo(31) });
    const deadRecent = await mail({ to: `m3@${domain}`, status: "dead", createdAt: daysAgo(29) });
    const queuedOld = await mail({ to: `m4@${domain}`, status: "pending", createdAt: daysAgo(31) });
    // A lead's failed notification is its "notification failed" mark: kept as long as the lead, gone with it.
    const deadOfKeptLead = await mail({ to: "inbox@agency.example", leadId: quoteRecent.id, status: "dead", createdAt: daysAgo(400) });
    const deadOfOldLead = await mail({ to: "inbox@agency.example", leadId: quoteOld.id, status: "dead", createdAt: daysAgo(731) });
    const chatOld = await chat(`chat-old@${domain}`, daysAgo(181));
    const chatRecent = await chat(`chat-new@${domain}`, daysAgo(179), quoteOld.id);
    const appOld = await application(`a-old@${domain}`, daysAgo(366));
    const appRecent = await application(`a-new@${domain}`, daysAgo(364));
    const [admin] = await db()
      .execute(sql`select id from admin_users limit 1`)
      .then((r) => r.rows as { id: string }[]);
    const [sessionOld, sessionRecent] = await db()
      .insert(adminSessions)
      .values([
        {
          userId: admin.id,
          tokenHash: randomUUID(),
          createdAt: daysAgo(100),
          lastSeenAt: daysAgo(100),
          expiresAt: daysAgo(91),
          ip: "203.0.113.9",
        },
        {
          userId: admin.id,
          tokenHash: randomUUID(),
          createdAt: daysAgo(95),
          lastSeenAt: daysAgo(95),
          expiresAt: daysAgo(89),
          ip: "203.0.113.9",
        },
      ])
      .returning();
    await db()
      .insert(signInFailures)
      .values([
        { key: `test-old-${randomUUID()}`, failures: 2, lastFailureAt: daysAgo(91).getTime() },
        { key: `test-new-${randomUUID()}`, failures: 2, lastFailureAt: daysAgo(89).getTime() },
      ]);
    // Invitations: one that expired 91 days ago goes; one accepted 89 days ago stays.
    const invite = (email: string, at: Date, accepted: boolean) => ({
      email,
      name: "Invited Colleague",
      tokenHash: randomUUID(),
      createdAt: at,
      expiresAt: at,
      acceptedAt: accepted ? at : null,
    });
    const [, inviteKept] = await db()
      .insert(adminInvites)
      .values([invite("old.invite@agency.example", daysAgo(91), false), invite("kept.invite@agency.example", daysAgo(89), true)])
      .returning();
    const [auditOld, auditRecent] = await db()
      .insert(auditEvents)
      .values([
        { action: "sign_in", at: daysAgo(91), ip: "198.51.100.7" },
        { action: "sign_in", at: daysAgo(89), ip: "198.51.100.8" },
      ])
      .returning();
    expect([oldKey, recentKey, workedKey].every(fileOnDisk)).toBe(true);

    const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const recentViewDay = dayOf(3);
    await db()
      .insert(pageViews)
      .values([
        { day: dayOf(config.RETENTION_LEAD_DAYS + 2), path: "/", views: 40 },
        { day: recentViewDay, path: "/", views: 12 },
      ]);
    const counts = await runRetention(db(), server.services.storage, config, new Date());
    expect(counts).toEqual({
      leads: 1,
      contacts: 2,
      documents: 1,
      chats: 1,
      applications: 1,
      mails: 4,
      mailBodiesCleared: 0,
      mailFiles: 0,
      mailFilesFailed: 0,
      consentRecords: 1,
      signInSessions: 1,
      signInFailures: 1,
      invitations: 1,
      auditAddressesCleared: 1,
      pageViewDays: 1,
      filesFailed: 0,
    });
    // Page views: the day past the leads' period went, the recent one stayed.
    expect((await db().select().from(pageViews)).map((r) => r.day)).toEqual([recentViewDay]);
    expect((await db().select({ id: adminInvites.id }).from(adminInvites)).map((r) => r.id)).toEqual([inviteKept.id]);

    const leadIds = await ids(db().select({ id: leads.id }).from(leads));
    for (const gone of [quoteOld, contactOld, contactHandled]) expect(leadIds.has(gone.id)).toBe(false);
    for (const kept of [quoteRecent, quoteWorked, contactRecent, linkedToOldConsent]) expect(leadIds.has(kept.id)).toBe(true);
    expect(fileOnDisk(oldKey)).toBe(false);
    expect(fileOnDisk(recentKey)).toBe(true);
    expect(fileOnDisk(workedKey)).toBe(true);
    const uploadKeys = new Set((await db().select({ key: uploads.storageKey }).from(uploads)).map((r) => r.key));
    expect(uploadKeys.has(oldKey)).toBe(false);
    expect(uploadKeys.has(recentKey) && uploadKeys.has(workedKey)).toBe(true);

    const mailIds = await ids(db().select({ id: mailOutbox.id }).from(mailOutbox));
    for (const gone of [oldLeadMail, sentOld, deadOld, deadOfOldLead]) expect(mailIds.has(gone.id)).toBe(false);
    for (const kept of [deadRecent, queuedOld, deadOfKeptLead]) expect(mailIds.has(kept.id)).toBe(true);
    const [undelivered] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, deadRecent.id));
    expect(undelivered.textBody).toBe("A quote request arrived.");

    const chatIds = await ids(db().select({ id: chatSessions.id }).from(chatSessions));
    expect(chatIds.has(chatOld.id)).toBe(false);
    expect(chatIds.has(chatRecent.id)).toBe(true);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, chatOld.id))).toEqual([]);
    const [unlinked] = await db().select().from(chatSessions).where(eq(chatSessions.id, chatRecent.id));
    expect(unlinked.leadId).toBeNull();

    const appIds = await ids(db().select({ id: jobApplications.id }).from(jobApplications));
    expect(appIds.has(appOld.id)).toBe(false);
    expect(appIds.has(appRecent.id)).toBe(true);

    // Consent evidence outlives the lead it came with, and goes after its own period.
    const consentIds = await ids(db().select({ id: consentRecords.id }).from(consentRecords));
    expect(consentIds.has(consentOld.id)).toBe(false);
    expect(consentIds.has(consentMid.id)).toBe(true);
    const [relinked] = await db().select().from(leads).where(eq(leads.id, linkedToOldConsent.id));
    expect(relinked.consentRecordId).toBeNull();

    const sessionIds = await ids(db().select({ id: adminSessions.id }).from(adminSessions));
    expect(sessionIds.has(sessionOld.id)).toBe(false);
    expect(sessionIds.has(sessionRecent.id)).toBe(true);
    const failureKeys = (await db().select({ key: signInFailures.key }).from(signInFailures)).map((r) => r.key);
    expect(failureKeys.filter((k) => k.startsWith("test-old-"))).toEqual([]);
    expect(failureKeys.filter((k) => k.startsWith("test-new-"))).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.id, [auditOld.id, auditRecent.id]));
    expect(audits.find((a) => a.id === auditOld.id)?.ip).toBeNull();
    expect(audits.find((a) => a.id === auditRecent.id)?.ip).toBe("198.51.100.8");

    const runs = await db().select().from(auditEvents).where(eq(auditEvents.action, "retention_run"));
    const { filesFailed: _, ...detail } = counts;
    expect(runs.map((r) => r.detail)).toContainEqual(detail);
    expect(JSON.stringify(runs)).not.toContain("@");

    // Repeatable: nothing is left to remove.
    const again = await runRetention(db(), server.services.storage, config, new Date());
    expect(Object.values(again).every((v) => v === 0)).toBe(true);
  });

  /** The server's storage, but its first `failures` deletes throw. */
  function flakyStorage(failures: number): FileStorage {
    const storage = server.services.storage;
    const flaky: FileStorage = Object.create(storage);
    let left = failures;
    flaky.delete = async (key: string) => {
      if (left > 0) {
        left--;
        throw new Error("storage unavailable");
      }
      await storage.delete(key);
    };
    return flaky;
  }

  it("leaves a document whose file could not be deleted to the orphan sweep, which deletes file and row on its next run", async () => {
    const expired = await lead({ email: "flaky-storage@retention.example", receivedAt: daysAgo(800) });
    const file = await document(expired.id, daysAgo(800));
    const counts = await runRetention(db(), flakyStorage(1), server.services.config, new Date());
    expect(counts).toMatchObject({ leads: 1, documents: 1, filesFailed: 1 });
    expect(await db().select().from(leads).where(eq(leads.id, expired.id))).toEqual([]);
    // The file is still there, and so is its row: detached, with nothing of the visitor's, past the orphan period.
    expect(fileOnDisk(file.key)).toBe(true);
    const [row] = await db().select().from(uploads).where(eq(uploads.id, file.id));
    expect(row).toMatchObject({ leadId: null, originalName: "", ip: null });
    expect(row.createdAt.getTime()).toBeLessThan(daysAgo(365).getTime());
    // No lead can claim it again.
    await expect(
      db().transaction((tx) => linkUploads(tx, expired.id, [{ id: file.id, slot: "cdl" }], { maxFiles: 10, maxBytes: 10_000_000 })),
    ).rejects.toBeInstanceOf(UploadLinkError);

    // A sweep whose storage fails too keeps the row for the next one.
    expect(await sweepOrphanUploads(db(), flakyStorage(100), 3_600_000)).toBe(0);
    expect(await db().select().from(uploads).where(eq(uploads.id, file.id))).toHaveLength(1);
    expect(fileOnDisk(file.key)).toBe(true);

    expect(await sweepOrphanUploads(db(), server.services.storage, 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(fileOnDisk(file.key)).toBe(false);
    expect(await db().select().from(uploads).where(eq(uploads.id, file.id))).toEqual([]);
  });

  it("erasure leaves a document whose file could not be deleted to the orphan sweep", async () => {
    const person = "flaky-erase@erase.example";
    const quote = await lead({ email: person });
    const file = await document(quote.id);
    const counts = await eraseByEmail(db(), flakyStorage(1), person, null, { mailDir: mailDir() });
    expect(counts).toMatchObject({ leads: 1, documents: 1, filesFailed: 1 });
    const [row] = await db().select().from(uploads).where(eq(uploads.id, file.id));
    expect(row).toMatchObject({ leadId: null, originalName: "" });
    await sweepOrphanUploads(db(), server.services.storage, 3_600_000);
    expect(fileOnDisk(file.key)).toBe(false);
    expect(await db().select().from(uploads).where(eq(uploads.id, file.id))).toEqual([]);
  });

  it("clears a mail's content once it is delivered, keeping its subject and addresses", async () => {
    const email = "sent-body@delivery.example";
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email })),
    });
    expect(res.status).toBe(201);
    const rows = await waitFor(
      async () => {
        const mine = await db()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.kind, "visitor_autoreply"), eq(mailOutbox.toAddress, email)));
        return mine.length === 1 && mine[0].status === "sent" && mine;
      },
      10_000,
      "the auto-reply sent",
    );
    expect(rows[0]).toMatchObject({ textBody: "", htmlBody: null, toAddress: email });
    expect(rows[0].subject).toContain("Thank you for contacting");
    const delivered = smtp.received.find((m) => m.messageId === rows[0].messageId);
    expect(delivered?.raw).toMatch(/within 30 minutes/);
  });

  // ---- erasure ----

  /** Every text and JSON column of every table that holds `email` as a whole address, whatever the case. */
  async function rowsMentioning(email: string): Promise<string[]> {
    const columns = (
      await db().execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`)
    ).rows as { table_name: string; column_name: string }[];
    const pattern = addressPattern(email.toLowerCase());
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const result = await db().execute(
        sql`select count(*) as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ~* ${pattern}`,
      );
      const count = Number((result.rows[0] as { n: number | string }).n);
      if (count > 0) found.push(`${table_name}.${column_name}: ${count}`);
    }
    return found;
  }

  async function personData(email: string, variant: (e: string) => string = (e) => e) {
    const quote = await lead({ email: variant(email), payload: { email: variant(email), legalBusinessName: "Erase Freight LLC" } });
    const keys = [(await document(quote.id)).key, (await document(quote.id)).key];
    const chatLead = await lead({ email, leadType: "chat" });
    await chat(variant(email), new Date(), chatLead.id);
    await application(variant(email));
    await mail({ to: "inbox@agency.example", replyTo: variant(email), text: `Applicant email: ${email}` });
    await mail({ to: variant(email), subject: "We received your application" });
    await mail({ to: "inbox@agency.example", leadId: quote.id, text: `Email: ${email}`, status: "sent" });
    const consentRecord = await consent(variant(email));
    return { quote, keys, consentRecord };
  }

  it("/admin/privacy is for a signed-in admin only: anyone else is sent to the sign-in page", async () => {
    const page = await fetch(`${server.url}/admin/privacy`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fprivacy");
    const post = await fetch(`${server.url}/admin/privacy`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "anyone@example.com", confirm: "yes" }),
    });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fprivacy");
    const signedIn = await fetch(`${server.url}/admin/privacy`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain(privacyMessages.periods.consent(5));
  });

  it("asks for the address and the confirmation, and erases nothing without both", async () => {
    const target = "unconfirmed@erase.example";
    const { quote } = await personData(target);
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/privacy`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const unconfirmed = await post({ email: target });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(privacyMessages.errors.confirmRequired);
    const noAddress = await post({ email: "", confirm: "yes" });
    expect(noAddress.status).toBe(400);
    expect(await noAddress.text()).toContain(privacyMessages.errors.emailRequired);
    const badAddress = await post({ email: "not an address", confirm: "yes" });
    expect(badAddress.status).toBe(400);
    expect(await badAddress.text()).toContain(privacyMessages.errors.emailInvalid);
    expect(await db().select().from(leads).where(eq(leads.id, quote.id))).toHaveLength(1);
  });

  it("erases a person by email, whatever the case: no row or file with the address is left, consent evidence is kept, others are untouched", async () => {
    const person = "Erin.Erase@example.com";
    // A real contact form submission for the person, with its consent record and mails.
    const contact = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email: person, fullName: "Erin Erase" })),
    });
    expect(contact.status).toBe(201);
    const mine = await personData(person, (e) => e.toUpperCase());
    await db()
      .insert(adminInvites)
      .values({ email: person.toLowerCase(), name: "Erin Erase", tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) });
    // Other people, one of whose address ends with the person's.
    const lookalike = "xerin.erase@example.com";
    const other = await personData("olga.other@example.com");
    const similar = await personData(lookalike);
    expect(mine.keys.every(fileOnDisk)).toBe(true);
    expect(await rowsMentioning(person)).not.toEqual([]);
    const lookalikeBefore = await rowsMentioning(lookalike);

    const res = await fetch(`${server.url}/admin/privacy`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: `  ${person.toLowerCase().replace("example", "EXAMPLE")} `, confirm: "yes" }),
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    const expected = privacyMessages.erased({
      leads: 2,
      contacts: 1,
      documents: 2,
      chats: 1,
      applications: 1,
      mails: 5,
      consentRecordsKept: 2,
      invitations: 1,
      mailFiles: 0,
      mailFilesRedacted: 0,
      mailFilesFailed: 0,
      filesFailed: 0,
    });
    for (const line of expected) expect(page).toContain(line);

    // Nothing with the address, in any table, but the consent evidence kept for its own period.
    expect(await rowsMentioning(person)).toEqual(["consent_records.email: 2"]);
    expect(mine.keys.some(fileOnDisk)).toBe(false);
    expect(await db().select().from(uploads).where(inArray(uploads.storageKey, mine.keys))).toEqual([]);
    const [kept] = await db().select().from(consentRecords).where(eq(consentRecords.id, mine.consentRecord.id));
    expect(kept.recordHash).toBe(mine.consentRecord.recordHash);

    // Everyone else's records and files are all there.
    expect(other.keys.every(fileOnDisk) && similar.keys.every(fileOnDisk)).toBe(true);
    expect(
      await db()
        .select()
        .from(leads)
        .where(inArray(leads.id, [other.quote.id, similar.quote.id])),
    ).toHaveLength(2);
    expect(await rowsMentioning(lookalike)).toEqual(lookalikeBefore);
    expect(await rowsMentioning("olga.other@example.com")).not.toEqual([]);

    // The audit trail says who erased how much, never whom.
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "person_erased"))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(entry).toMatchObject({ adminEmail: "admin@agency.example", targetType: "person" });
    expect(entry.detail).toEqual({
      leads: 2,
      contacts: 1,
      documents: 2,
      chats: 1,
      applications: 1,
      mails: 5,
      consentRecordsKept: 2,
      invitations: 1,
      mailFiles: 0,
      mailFilesRedacted: 0,
      mailFilesFailed: 0,
    });
    expect(JSON.stringify(entry).toLowerCase()).not.toContain("erin");
  });

  it("erases only what is the person's: longer addresses that hold theirs are kept, and another person's mention of it is redacted", async () => {
    const person = "ann@example.co";
    const mine = await personData(person);
    const longerDomain = "ann@example.co.uk";
    const longerLocal = "o'ann@example.co";
    const others = [await personData(longerDomain), await personData(longerLocal)];
    // A third person who wrote the address into their message and their submitted data.
    const third = await lead({
      email: "third@example.net",
      message: `Please copy my colleague ${person}. Or ${person.toUpperCase()}, ${person}`,
      payload: { email: "third@example.net", notes: `cc ${person}; not ${longerDomain}`, drivers: [{ name: "Ann", contact: person }] },
    });
    const thirdFile = await document(third.id);
    const before = [await rowsMentioning(longerDomain), await rowsMentioning(longerLocal)];

    const counts = await eraseByEmail(db(), server.services.storage, person.toUpperCase(), null, { mailDir: mailDir() });
    expect(counts).toMatchObject({ leads: 2, documents: 2, chats: 1, applications: 1, mails: 3, filesFailed: 0 });
    expect(await rowsMentioning(person)).toEqual(["consent_records.email: 1"]);
    expect(await db().select().from(leads).where(eq(leads.id, mine.quote.id))).toEqual([]);
    expect(mine.keys.some(fileOnDisk)).toBe(false);

    // The people whose addresses hold the erased one keep everything.
    for (const other of others) {
      expect(await db().select().from(leads).where(eq(leads.id, other.quote.id))).toHaveLength(1);
      expect(other.keys.every(fileOnDisk)).toBe(true);
    }
    expect([await rowsMentioning(longerDomain), await rowsMentioning(longerLocal)]).toEqual(before);

    // The third person's lead is kept, with the address replaced and the rest as it was.
    const [kept] = await db().select().from(leads).where(eq(leads.id, third.id));
    expect(kept.message).toBe("Please copy my colleague [erased]. Or [erased], [erased]");
    expect(kept.payload).toEqual({
      email: "third@example.net",
      notes: `cc [erased]; not ${longerDomain}`,
      drivers: [{ name: "Ann", contact: "[erased]" }],
    });
    expect(fileOnDisk(thirdFile.key)).toBe(true);
  });

  /** Every text and JSON value of a chat's rows (its session and its messages), column by column. */
  async function chatTexts(sessionId: string): Promise<string[]> {
    const columns = (
      await db().execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name in ('chat_sessions', 'chat_messages')
          and data_type in ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`)
    ).rows as { table_name: string; column_name: string }[];
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining(["chat_sessions.summary", "chat_sessions.name", "chat_messages.content", "chat_messages.link"]),
    );
    const values: string[] = [];
    for (const { table_name, column_name } of columns) {
      const key = table_name === "chat_sessions" ? "id" : "session_id";
      const result = await db().execute(
        sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_name)} where ${sql.identifier(key)} = ${sessionId}`,
      );
      for (const row of result.rows as { v: string | null }[]) if (row.v !== null) values.push(row.v);
    }
    return values;
  }

  it("erasure redacts the person from another visitor's chat about them, its summary included: their address, phone and name leave every text of the chat", async () => {
    const person = { name: "Petra Quill", email: "petra.quill@erase.example", phone: "(737) 555-0163" };
    await lead({ email: person.email, name: person.name, phone: person.phone });
    // The person's own chat, summarised: it goes whole.
    const [own] = await db()
      .insert(chatSessions)
      .values({
        ...person,
        insuranceType: "Commercial Trucking",
        summary: `${person.name} (${person.email}, ${person.phone}) asked about trucking cover.`,
      })
      .returning();
    await db()
      .insert(chatMessages)
      .values({ sessionId: own.id, role: "user", content: `I am ${person.name}, call me on ${person.phone}.` });
    // Another visitor's chat about the person, with the summary a provider might write from it.
    const visitor = { name: "Olga Other", email: "olga.chat@other.example", phone: "(830) 555-0177" };
    const [about] = await db()
      .insert(chatSessions)
      .values({
        ...visitor,
        insuranceType: "Commercial Trucking",
        summary: `Olga Other asked about adding her colleague Petra Quill (PETRA.QUILL@erase.example, 737-555-0163) to a trucking policy. Recent questions: "Can you call Petra  Quill at +1 737 555 0163?"`,
      })
      .returning();
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    await db()
      .insert(chatMessages)
      .values([
        { sessionId: about.id, role: "assistant", content: "How can we help?", createdAt: at(0) },
        {
          sessionId: about.id,
          role: "user",
          content: `Please add my colleague Petra Quill, ${person.email}, 737.555.0163.`,
          createdAt: at(1),
        },
        { sessionId: about.id, role: "assistant", content: "We can reach petra quill at (737) 555-0163.", createdAt: at(2) },
        { sessionId: about.id, role: "user", content: "Or on 7375550163. My own number is (830) 555-0177.", createdAt: at(3) },
      ]);
    // A chat that names someone of the same name, without the address, is not known to be about the person.
    const [unrelated] = await db()
      .insert(chatSessions)
      .values({
        name: "Nina Name",
        email: "nina@third.example",
        phone: "(210) 555-0111",
        insuranceType: "HOA",
        summary: "Nina Name asked about Petra Quill Road.",
      })
      .returning();

    const counts = await eraseByEmail(db(), server.services.storage, person.email.toUpperCase(), null, { mailDir: mailDir() });
    expect(counts).toMatchObject({ leads: 1, chats: 1 });

    expect(await db().select().from(chatSessions).where(eq(chatSessions.id, own.id))).toEqual([]);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, own.id))).toEqual([]);
    // In the other chat, no column of its session or messages holds the address, the name or the number in any form.
    const texts = await chatTexts(about.id);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) {
      expect(text.toLowerCase()).not.toContain(person.email);
      expect(text.toLowerCase().replace(/\s+/g, " ")).not.toContain("petra quill");
      expect(text.replace(/\D/g, "")).not.toContain("7375550163");
    }
    // What the visitor wrote about anything else, and their own details, are kept.
    const [kept] = await db().select().from(chatSessions).where(eq(chatSessions.id, about.id));
    expect(kept).toMatchObject(visitor);
    expect(kept.summary).toBe(
      `Olga Other asked about adding her colleague ${ERASED_MARK} (${ERASED_MARK}, ${ERASED_MARK}) to a trucking policy. Recent questions: "Can you call ${ERASED_MARK} at ${ERASED_MARK}?"`,
    );
    const messages = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, about.id)).orderBy(chatMessages.createdAt);
    expect(messages.map((m) => m.content)).toEqual([
      "How can we help?",
      `Please add my colleague ${ERASED_MARK}, ${ERASED_MARK}, ${ERASED_MARK}.`,
      `We can reach ${ERASED_MARK} at ${ERASED_MARK}.`,
      `Or on ${ERASED_MARK}. My own number is (830) 555-0177.`,
    ]);
    const [untouched] = await db().select().from(chatSessions).where(eq(chatSessions.id, unrelated.id));
    expect(untouched.summary).toBe("Nina Name asked about Petra Quill Road.");
    expect(await rowsMentioning(person.email)).toEqual([]);
  });

  it("eraseByEmail answers zero counts for an address nobody used", async () => {
    const counts = await eraseByEmail(db(), server.services.storage, "nobody@nowhere.example", null, { mailDir: mailDir() });
    expect(counts).toEqual({
      leads: 0,
      contacts: 0,
      documents: 0,
      chats: 0,
      applications: 0,
      mails: 0,
      consentRecordsKept: 0,
      invitations: 0,
      mailFiles: 0,
      mailFilesRedacted: 0,
      mailFilesFailed: 0,
      filesFailed: 0,
    });
  });
});
