/**
 * The promise clock's mails (docs/decisions/027) on a real database and a real SMTP server: a lead still
 * new at its escalation time gets one reminder (to its active assignee, else the agency inbox), at its
 * due time one overdue notice to the inbox; an answered lead gets neither, a lead from before the clock
 * is never touched, and sweeping again, concurrently or from a second server instance on the same
 * PostgreSQL database, sends nothing twice. Also the forms' call-back time and the closed-office notice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client";
import { adminUsers, leadActivity, leads, mailOutbox } from "#db/schema";
import { defaultSite } from "../../app/content/site-profile";
import { type Config, loadConfig } from "../../app/env.server";
import { contactApiFields, toFormFields } from "../../app/features/leads/api-fields";
import { sweepLeadClock } from "../../app/features/leads/escalation.server";
import { acceptContact, acceptLead, callBackPromise, newReference } from "../../app/features/leads/leads.server";
import { formMessages } from "../../app/features/leads/messages";
import { contactFormSchema } from "../../app/features/leads/schema";
import { escalationMail, leadClockCopy, overdueMail } from "../../app/features/mail/templates.server";
import { createServices } from "../../server/main";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, productQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { plainText, type ReceivedMail, startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const INBOX = "inbox@agency.example";
const past = sql`now() - interval '1 minute'`;
const later = sql`now() + interval '1 hour'`;

const kindOf = (mail: ReceivedMail) => /^X-Mail-Kind:\s*(\S+)/im.exec(mail.raw.split(/\r?\n\r?\n/)[0])?.[1] ?? null;
/** The mails of `kind` received for the lead with this reference. */
const received = (smtp: Smtp, kind: string, reference: string) =>
  smtp.received.filter((m) => kindOf(m) === kind && plainText(m.raw).includes(reference));

/** A lead written straight to the database, with its clock times as SQL (the database's now() decides). */
async function insertLead(
  db: Database,
  over: { escalateAt?: SQL | null; dueAt?: SQL | null; assigneeId?: string | null; status?: string; name?: string } = {},
) {
  const reference = newReference();
  const [row] = await db
    .insert(leads)
    .values({
      reference,
      leadType: "contact_form",
      submissionType: "Contact Form Submission",
      source: "Website Contact Form",
      name: over.name ?? "Jane Smith",
      email: "jane@smith-hauling.example",
      phone: "(512) 555-0142",
      service: "Commercial Auto",
      payload: {},
      status: over.status ?? "new",
      assigneeId: over.assigneeId ?? null,
      escalateAt: (over.escalateAt === undefined ? past : over.escalateAt) as unknown as Date,
      dueAt: (over.dueAt === undefined ? later : over.dueAt) as unknown as Date,
    })
    .returning({ id: leads.id });
  return { id: row.id, reference };
}

async function insertAdmin(db: Database, email: string, name: string, active = true) {
  const [row] = await db.insert(adminUsers).values({ email, name, passwordHash: "scrypt$unused", active }).returning({ id: adminUsers.id });
  return row.id;
}

/** Waits until every mail of these leads is delivered (or none is queued). */
async function delivered(db: Database, leadIds: string[]) {
  await waitFor(
    async () => {
      const rows = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.leadId, leadIds));
      return rows.every((r) => r.status === "sent");
    },
    20_000,
    "the leads' mail to be delivered",
  );
}

const activityOf = (db: Database, leadId: string) =>
  db.select({ kind: leadActivity.kind, detail: leadActivity.detail }).from(leadActivity).where(eq(leadActivity.leadId, leadId));

describe("the escalation and overdue mails' copy", () => {
  const lead = {
    id: "3f1c2a9e-5b7d-4e8a-9c1f-2d3e4f5a6b7c",
    reference: "L-7K4M2P",
    name: 'Jane <b>"Smith"</b>',
    phone: "(512) 555-0142",
    service: "Commercial Auto",
    receivedAt: new Date("2026-11-24T15:00:00Z"),
    dueAt: new Date("2026-11-24T15:30:00Z"),
    assignee: { name: "Dana Ruiz", email: "dana@agency.example", active: true },
  };
  const leadUrl = "https://agency.example/admin/leads/3f1c2a9e-5b7d-4e8a-9c1f-2d3e4f5a6b7c";
  const now = new Date("2026-11-24T15:20:00Z");

  it("the escalation names the lead, its phone as a tel link, when it arrived and is due, and links to it", () => {
    const mail = escalationMail({ to: "dana@agency.example", lead, leadUrl, now });
    expect(mail.kind).toBe("lead_escalation");
    expect(mail.subject).toBe('Call back due: L-7K4M2P Jane <b>"Smith"</b> (due 9:30 AM)');
    expect(mail.text).toContain(leadClockCopy.escalation.assignedTo("Dana Ruiz, dana@agency.example"));
    for (const part of [
      "L-7K4M2P",
      "(512) 555-0142",
      "Commercial Auto",
      "Nov 24, 2026, 9:00 AM CST",
      "Nov 24, 2026, 9:30 AM CST",
      leadUrl,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('href="tel:5125550142"');
    expect(mail.html).toContain(`href="${leadUrl}"`);
    expect(mail.html).toContain("Jane &lt;b&gt;&quot;Smith&quot;&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>");
  });

  it("the overdue notice names the assignee, a deactivated one as such, and the day when it is not today", () => {
    const mail = overdueMail({ to: INBOX, lead, leadUrl, now: new Date("2026-11-25T15:00:00Z") });
    expect(mail.kind).toBe("lead_overdue");
    expect(mail.subject).toBe('Overdue: L-7K4M2P Jane <b>"Smith"</b> (was due Tue 9:30 AM)');
    expect(mail.text).toContain(leadClockCopy.overdue.assignedTo("Dana Ruiz, dana@agency.example"));
    const inactive = overdueMail({ to: INBOX, lead: { ...lead, assignee: { ...lead.assignee, active: false } }, leadUrl, now });
    expect(inactive.text).toContain(leadClockCopy.overdue.inactiveAssignee("Dana Ruiz, dana@agency.example"));
    const nobody = escalationMail({ to: INBOX, lead: { ...lead, assignee: null, service: null }, leadUrl, now });
    expect(nobody.text).toContain(leadClockCopy.escalation.unassigned);
    expect(nobody.text).not.toContain("Service:");
  });
});

describe.each(databaseKinds)("the promise clock's mails on %s", (kind) => {
  let server: Server;
  let smtp: Smtp;
  let db: Database;
  let config: Config;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      AGENCY_INBOX: INBOX,
      SITE_URL: "https://agency.example",
      MAIL_POLL_INTERVAL_MS: "100",
      RATE_LIMIT_FORMS_MAX: "1000",
      LEAD_CLOCK_HOURS: "business",
      // The scheduled sweep runs once just after start, then not during these tests: they sweep themselves.
      LEAD_SWEEP_INTERVAL_MS: "600000",
    });
    db = server.services.db;
    config = server.services.config;
    await waitFor(
      async () => (await db.execute(sql`select 1 from scheduled_jobs where name = 'lead-clock'`)).rows.length === 1,
      10_000,
      "the first scheduled lead-clock run",
    );
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const sweep = async () => {
    const counts = await sweepLeadClock(db, config);
    await server.services.mail.drain();
    return counts;
  };

  it("registers the lead-clock job with LEAD_SWEEP_INTERVAL_MS", async () => {
    const { rows } = await db.execute(
      sql`select extract(epoch from next_run_at - last_run_at)::float8 as seconds from scheduled_jobs where name = 'lead-clock'`,
    );
    expect(Number((rows[0] as { seconds: number }).seconds)).toBeCloseTo(600, 0);
  });

  it("an unassigned lead's escalation goes once to the agency inbox, with its timeline entry", async () => {
    const lead = await insertLead(db);
    expect(await sweep()).toEqual({ escalated: 1, overdue: 0 });
    await delivered(db, [lead.id]);
    const mails = received(smtp, "lead_escalation", lead.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([INBOX]);
    expect(mails[0].subject).toContain(`Call back due: ${lead.reference} Jane Smith`);
    const text = plainText(mails[0].raw);
    expect(text).toContain(leadClockCopy.escalation.unassigned);
    expect(text).toContain(`https://agency.example/admin/leads/${lead.id}`);
    expect(text).toContain("(512) 555-0142");
    expect(await activityOf(db, lead.id)).toEqual([{ kind: "escalation_mail", detail: { to: INBOX } }]);
    const [row] = await db.select({ escalatedAt: leads.escalatedAt }).from(leads).where(eq(leads.id, lead.id));
    expect(row.escalatedAt).toBeInstanceOf(Date);

    // Sweeping again (as after a restart) sends nothing more.
    expect(await sweep()).toEqual({ escalated: 0, overdue: 0 });
    expect(received(smtp, "lead_escalation", lead.reference)).toHaveLength(1);
  });

  it("an assigned lead's escalation goes to its active assignee; a deactivated assignee's to the inbox", async () => {
    const dana = await insertAdmin(db, `dana.${kind}@agency.example`, "Dana Ruiz");
    const gone = await insertAdmin(db, `omar.${kind}@agency.example`, "Omar Lee", false);
    const assigned = await insertLead(db, { assigneeId: dana });
    const orphaned = await insertLead(db, { assigneeId: gone });
    expect(await sweep()).toEqual({ escalated: 2, overdue: 0 });
    await delivered(db, [assigned.id, orphaned.id]);
    const toDana = received(smtp, "lead_escalation", assigned.reference);
    expect(toDana.map((m) => m.to)).toEqual([[`dana.${kind}@agency.example`]]);
    expect(plainText(toDana[0].raw)).toContain(leadClockCopy.escalation.assignedTo(`Dana Ruiz, dana.${kind}@agency.example`));
    expect(await activityOf(db, assigned.id)).toEqual([{ kind: "escalation_mail", detail: { to: `dana.${kind}@agency.example` } }]);
    const toInbox = received(smtp, "lead_escalation", orphaned.reference);
    expect(toInbox.map((m) => m.to)).toEqual([[INBOX]]);
    expect(plainText(toInbox[0].raw)).toContain(leadClockCopy.escalation.inactiveAssignee(`Omar Lee, omar.${kind}@agency.example`));
  });

  it("an overdue lead's notice goes once to the inbox, naming its assignee", async () => {
    const dana = (
      await db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.email, `dana.${kind}@agency.example`))
    )[0].id;
    const lead = await insertLead(db, { dueAt: past, assigneeId: dana, name: "Overdue Owens" });
    expect(await sweep()).toEqual({ escalated: 1, overdue: 1 });
    await delivered(db, [lead.id]);
    const notices = received(smtp, "lead_overdue", lead.reference);
    expect(notices).toHaveLength(1);
    expect(notices[0].to).toEqual([INBOX]);
    expect(notices[0].subject).toContain(`Overdue: ${lead.reference} Overdue Owens (was due`);
    expect(plainText(notices[0].raw)).toContain(leadClockCopy.overdue.assignedTo(`Dana Ruiz, dana.${kind}@agency.example`));
    expect(received(smtp, "lead_escalation", lead.reference)).toHaveLength(1);
    const activity = await activityOf(db, lead.id);
    expect(activity).toHaveLength(2);
    expect(activity).toEqual(
      expect.arrayContaining([
        { kind: "escalation_mail", detail: { to: `dana.${kind}@agency.example` } },
        { kind: "overdue_mail", detail: { to: INBOX } },
      ]),
    );
    expect(await sweep()).toEqual({ escalated: 0, overdue: 0 });
    expect(received(smtp, "lead_overdue", lead.reference)).toHaveLength(1);
  });

  it("a lead answered before its time (through PATCH, or changed directly) gets neither mail", async () => {
    const patched = await insertLead(db, { escalateAt: later, dueAt: later });
    const res = await fetch(`${server.url}/api/leads/${patched.id}`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ status: "contacted" }),
    });
    expect(res.status).toBe(200);
    await db
      .update(leads)
      .set({ escalateAt: past as unknown as Date, dueAt: past as unknown as Date })
      .where(eq(leads.id, patched.id));
    const direct = await insertLead(db, { dueAt: past, status: "quoted" });
    expect(await sweep()).toEqual({ escalated: 0, overdue: 0 });
    const [a, b] = await db
      .select({ escalatedAt: leads.escalatedAt, overdueNotifiedAt: leads.overdueNotifiedAt })
      .from(leads)
      .where(inArray(leads.id, [patched.id, direct.id]));
    expect([a, b]).toEqual([
      { escalatedAt: null, overdueNotifiedAt: null },
      { escalatedAt: null, overdueNotifiedAt: null },
    ]);
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.leadId, [patched.id, direct.id]));
    expect(mail).toEqual([]);
  });

  it("a lead whose time has not come, or from before the clock (no times), is never touched", async () => {
    const waiting = await insertLead(db, { escalateAt: later, dueAt: later });
    const older = await insertLead(db, { escalateAt: null, dueAt: null });
    expect(await sweep()).toEqual({ escalated: 0, overdue: 0 });
    const rows = await db
      .select({ escalatedAt: leads.escalatedAt, overdueNotifiedAt: leads.overdueNotifiedAt })
      .from(leads)
      .where(inArray(leads.id, [waiting.id, older.id]));
    expect(rows.every((r) => r.escalatedAt === null && r.overdueNotifiedAt === null)).toBe(true);
    expect(
      await db
        .select()
        .from(leadActivity)
        .where(inArray(leadActivity.leadId, [waiting.id, older.id])),
    ).toEqual([]);
  });

  it("sweeps running at once on one database handle mail each lead once", async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => insertLead(db, { dueAt: past })));
    const results = await Promise.all(Array.from({ length: 4 }, () => sweepLeadClock(db, config)));
    expect(results.reduce((n, r) => n + r.escalated, 0)).toBe(12);
    expect(results.reduce((n, r) => n + r.overdue, 0)).toBe(12);
    await server.services.mail.drain();
    await delivered(
      db,
      made.map((m) => m.id),
    );
    for (const lead of made) {
      expect(received(smtp, "lead_escalation", lead.reference), lead.reference).toHaveLength(1);
      expect(received(smtp, "lead_overdue", lead.reference), lead.reference).toHaveLength(1);
    }
  });

  it.runIf(kind === "postgres")(
    "two server instances on one PostgreSQL database, each sweeping and sending at once, mail each lead exactly once",
    async () => {
      const dirs = [mkdtempSync(path.join(os.tmpdir(), "clock-a-")), mkdtempSync(path.join(os.tmpdir(), "clock-b-"))];
      const env = (dir: string) => ({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        AUTH_SCRYPT_N: "1024",
        DATA_DIR: dir,
        DATABASE_URL: config.DATABASE_URL ?? "",
        SMTP_URL: smtp.url,
        AGENCY_INBOX: INBOX,
        SITE_URL: "https://agency.example",
      });
      const instances = await Promise.all(dirs.map((dir) => createServices(loadConfig(env(dir)))));
      try {
        const dana = (
          await db
            .select({ id: adminUsers.id })
            .from(adminUsers)
            .where(eq(adminUsers.email, `dana.${kind}@agency.example`))
        )[0].id;
        const made = await Promise.all(
          Array.from({ length: 40 }, (_, i) => insertLead(db, { dueAt: past, assigneeId: i % 3 === 0 ? dana : null })),
        );
        const totals = { escalated: 0, overdue: 0 };
        for (let round = 0; round < 4; round++) {
          const results = await Promise.all([
            ...instances.flatMap((s) => [sweepLeadClock(s.db, s.config), sweepLeadClock(s.db, s.config)]),
            ...instances.map((s) => s.mail.drain().then(() => ({ escalated: 0, overdue: 0 }))),
          ]);
          for (const r of results) {
            totals.escalated += r.escalated;
            totals.overdue += r.overdue;
          }
        }
        await Promise.all(instances.map((s) => s.mail.drain()));
        expect(totals).toEqual({ escalated: 40, overdue: 40 });
        await delivered(
          db,
          made.map((m) => m.id),
        );
        for (const [i, lead] of made.entries()) {
          const escalation = received(smtp, "lead_escalation", lead.reference);
          expect(escalation, lead.reference).toHaveLength(1);
          expect(escalation[0].to).toEqual([i % 3 === 0 ? `dana.${kind}@agency.example` : INBOX]);
          expect(received(smtp, "lead_overdue", lead.reference), lead.reference).toHaveLength(1);
        }
        const activity = await db
          .select({ kind: leadActivity.kind, n: sql<number>`count(*)::int` })
          .from(leadActivity)
          .where(
            inArray(
              leadActivity.leadId,
              made.map((m) => m.id),
            ),
          )
          .groupBy(leadActivity.kind);
        expect(Object.fromEntries(activity.map((a) => [a.kind, Number(a.n)]))).toEqual({ escalation_mail: 40, overdue_mail: 40 });
      } finally {
        await Promise.all(instances.map((s) => s.stop()));
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it("POST /api/contacts and /api/submit-lead answer when the call is due, and the notice when office hours stretch it", async () => {
    const contact = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email: `answer.${kind}@example.com` })),
    });
    expect(contact.status).toBe(201);
    const contactAnswer = await contact.json();
    expect(contactAnswer.success).toBe(true);
    expect(contactAnswer.message).toBe(formMessages.contact.success);
    const quote = await fetch(`${server.url}/api/submit-lead`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(productQuoteBody({ email: `quote.${kind}@example.com` })),
    });
    expect(quote.status).toBe(201);
    const quoteAnswer = await quote.json();
    expect(quoteAnswer.message).toBe(`Quote request received. Your reference is ${quoteAnswer.reference}.`);
    for (const [answer, email] of [
      [contactAnswer, `answer.${kind}@example.com`],
      [quoteAnswer, `quote.${kind}@example.com`],
    ] as const) {
      const [row] = await db.select({ receivedAt: leads.receivedAt, dueAt: leads.dueAt }).from(leads).where(eq(leads.email, email));
      expect(answer.callBackBy).toBe(row.dueAt?.toISOString());
      // Whenever this runs: the notice is the one the arrival time calls for (null while the office is open).
      expect(answer.callBackNotice).toBe(callBackPromise(config, row.receivedAt).notice);
    }
  });

  it("a lead arriving while the office is closed is told when to expect the call, in the answer and the auto-reply", async () => {
    // Friday 2025-11-28, 6 PM Central: due Monday 9:30 AM.
    const friday = new Date("2025-11-29T00:00:00Z");
    const result = await acceptContact(
      { db, config, site: defaultSite, now: () => friday },
      contactFormSchema.parse(
        toFormFields(contactBody({ fullName: "Weekend Walker", email: `closed.${kind}@example.com` }), contactApiFields),
      ),
      {},
    );
    const notice = "Our office is closed right now, so expect our call by Monday at 9:30 AM Central.";
    expect(result.callBackNotice).toBe(notice);
    expect(result.dueAt).toEqual(new Date("2025-12-01T15:30:00Z"));
    // Friday 4:50 PM: the office is open but closes before the promise runs out.
    const closing = await acceptLead(
      { db, config, site: defaultSite, now: () => new Date("2025-11-28T22:50:00Z") },
      productQuoteBody({ name: "Late Larsen", email: `closing.${kind}@example.com` }) as never,
      {},
    );
    expect(closing.callBackNotice).toBe("Our office closes soon, so expect our call by Monday at 9:20 AM Central.");
    // Tuesday 10 AM: the page's own promise holds, no notice.
    const open = await acceptContact(
      { db, config, site: defaultSite, now: () => new Date("2025-11-25T16:00:00Z") },
      contactFormSchema.parse(toFormFields(contactBody({ fullName: "Tuesday Tran", email: `open.${kind}@example.com` }), contactApiFields)),
      {},
    );
    expect(open.callBackNotice).toBeNull();
    expect(open.dueAt).toEqual(new Date("2025-11-25T16:30:00Z"));
    // These leads' times are past: answer them, so no sweep mails about them.
    const ids = [result.leadId, closing.leadId, open.leadId] as string[];
    await db.update(leads).set({ status: "contacted" }).where(inArray(leads.id, ids));

    server.services.mail.nudge();
    await delivered(db, ids);
    const autoReply = (email: string) => {
      const mails = smtp.received.filter((m) => kindOf(m) === "visitor_autoreply" && m.to.includes(email));
      expect(mails).toHaveLength(1);
      return plainText(mails[0].raw).replace(/\s+/g, " ");
    };
    expect(autoReply(`closed.${kind}@example.com`)).toContain(notice);
    expect(autoReply(`closing.${kind}@example.com`)).toContain("expect our call by Monday at 9:20 AM Central.");
    expect(autoReply(`open.${kind}@example.com`)).not.toContain("expect our call by");
    const [row] = await db
      .select({ escalateAt: leads.escalateAt, dueAt: leads.dueAt })
      .from(leads)
      .where(and(eq(leads.email, `closed.${kind}@example.com`)));
    expect(row).toEqual({ escalateAt: new Date("2025-12-01T15:20:00Z"), dueAt: new Date("2025-12-01T15:30:00Z") });
  });
});

describe.each(databaseKinds)("the scheduled lead-clock job on %s", (kind) => {
  let server: Server;
  let smtp: Smtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      AGENCY_INBOX: INBOX,
      MAIL_POLL_INTERVAL_MS: "100",
      LEAD_CLOCK_HOURS: "always",
      LEAD_ESCALATE_AFTER_MINUTES: "0.02",
      LEAD_SLA_MINUTES: "0.05",
      LEAD_SWEEP_INTERVAL_MS: "200",
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("escalates and then flags a submitted lead by itself, each mail once, and the answer says when the call is due", async () => {
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ fullName: "Quick Quinn" })),
    });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.callBackNotice).toBeNull();
    const [lead] = await server.services.db
      .select({ id: leads.id, reference: leads.reference, receivedAt: leads.receivedAt })
      .from(leads)
      .where(eq(leads.name, "Quick Quinn"));
    expect(Date.parse(answer.callBackBy) - lead.receivedAt.getTime()).toBe(3000);
    await waitFor(() => received(smtp, "lead_overdue", lead.reference).length === 1, 15_000, "the overdue notice");
    // A few more sweeps come and go: still one of each.
    await new Promise((r) => setTimeout(r, 1000));
    expect(received(smtp, "lead_escalation", lead.reference)).toHaveLength(1);
    expect(received(smtp, "lead_overdue", lead.reference)).toHaveLength(1);
    const kinds = (await activityOf(server.services.db, lead.id)).map((a) => a.kind).sort();
    expect(kinds).toEqual(["escalation_mail", "overdue_mail"]);
  }, 30_000);
});
