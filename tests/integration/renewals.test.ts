/**
 * Renewals and X-dates (docs/decisions/062) on a real database and a real SMTP server, with a fake
 * clock (the job is given the instant it runs for): a won lead's expiration and a lost lead's X-date
 * are listed 90 agency days ahead, and the owner (or the agency inbox) is mailed once, on the first run
 * on or after 60 days ahead, with the lead's history; a day missed is made up once, a date already past
 * is listed but not mailed, a corrected date or a status change moves the entry, and runs at once, from
 * a second server instance and from a second OS process on one PostgreSQL database, mail each lead once.
 * Marking an entry handled (the API and the dashboard's form without scripts) records who and when.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client";
import { adminUsers, leadActivity, leadRenewals, leads, mailOutbox } from "#db/schema";
import { defaultSite } from "../../app/content/site-profile";
import { type Config, loadConfig } from "../../app/env.server";
import { newReference } from "../../app/features/leads/leads.server";
import { addLeadNote } from "../../app/features/leads-inbox/activity.server";
import { inboxMessages } from "../../app/features/leads-inbox/messages";
import { renewalDueMail } from "../../app/features/renewals/mail.server";
import { renewalMessages } from "../../app/features/renewals/messages";
import { comingUp, sweepRenewals } from "../../app/features/renewals/renewals.server";
import type { ComingUpItem } from "../../app/features/renewals/schema";
import { addDays, agencyDay, dayLabel } from "../../app/lib/calendar-day";
import { createServices } from "../../server/main";
import { ensureAdmin, signIn, TEST_ADMIN } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { root, startTestServer } from "../support/server";
import { htmlPart, plainText, type ReceivedMail, startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const INBOX = "inbox@agency.example";
const SITE_URL = "https://agency.example";

const kindOf = (mail: ReceivedMail) => /^X-Mail-Kind:\s*(\S+)/im.exec(mail.raw.split(/\r?\n\r?\n/)[0])?.[1] ?? null;
const received = (smtp: Smtp, reference: string) =>
  smtp.received.filter((m) => kindOf(m) === "renewal_due" && (m.subject ?? "").includes(reference));
/** Noon in Chicago (the default profile's zone) on `day`, summer or winter: the same agency day. */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

type LeadOver = {
  status: "won" | "lost" | "quoted";
  policyExpiresOn?: string | null;
  xDate?: string | null;
  carrier?: string;
  competitor?: string;
  premiumCents?: number;
  quotedPremiumCents?: number;
  assigneeId?: string | null;
  name?: string;
};

async function insertLead(db: Database, over: LeadOver) {
  const reference = newReference();
  const [row] = await db
    .insert(leads)
    .values({
      reference,
      leadType: "contact_form",
      submissionType: "Contact Form Submission",
      source: "Website Contact Form",
      name: over.name ?? "Rita Renner",
      email: "rita@renner-freight.example",
      phone: "(512) 555-0199",
      service: "Commercial Trucking",
      payload: { legalBusinessName: "Renner Freight LLC" },
      status: over.status,
      assigneeId: over.assigneeId ?? null,
      policyExpiresOn: over.policyExpiresOn ?? null,
      xDate: over.xDate ?? null,
      carrier: over.carrier ?? null,
      competitor: over.competitor ?? null,
      premiumCents: over.premiumCents ?? null,
      quotedPremiumCents: over.quotedPremiumCents ?? null,
      lineOfBusiness: "Commercial Trucking",
    })
    .returning({ id: leads.id });
  return { id: row.id, reference };
}

async function insertAdmin(db: Database, email: string, name: string, active = true) {
  const [row] = await db.insert(adminUsers).values({ email, name, passwordHash: "scrypt$unused", active }).returning({ id: adminUsers.id });
  return row.id;
}

const entriesOf = (db: Database, leadId: string) =>
  db
    .select({
      kind: leadRenewals.kind,
      dueOn: leadRenewals.dueOn,
      mailedAt: leadRenewals.mailedAt,
      handledAt: leadRenewals.handledAt,
      handledByName: leadRenewals.handledByName,
    })
    .from(leadRenewals)
    .where(eq(leadRenewals.leadId, leadId))
    .orderBy(leadRenewals.dueOn);

const activityOf = (db: Database, leadId: string, kind: string) =>
  db
    .select({ detail: leadActivity.detail, adminName: leadActivity.adminName, adminId: leadActivity.adminId, at: leadActivity.at })
    .from(leadActivity)
    .where(and(eq(leadActivity.leadId, leadId), eq(leadActivity.kind, kind)));

const queuedFor = async (db: Database, leadIds: string[]) =>
  db
    .select({ leadId: mailOutbox.leadId, to: mailOutbox.toAddress, status: mailOutbox.status })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "renewal_due"), inArray(mailOutbox.leadId, leadIds)));

async function delivered(db: Database, leadIds: string[]) {
  await waitFor(async () => (await queuedFor(db, leadIds)).every((r) => r.status === "sent"), 20_000, "the renewal mail to be delivered");
}

describe("the renewal mail's copy", () => {
  const base = {
    to: "dana@agency.example",
    dueOn: "2031-06-30",
    daysLeft: 60,
    lead: {
      id: "3f1c2a9e-5b7d-4e8a-9c1f-2d3e4f5a6b7c",
      reference: "L-7K4M2P",
      name: 'Rita <b>"Renner"</b>',
      businessName: "Renner Freight LLC",
      phone: "(512) 555-0199",
      email: "rita@renner-freight.example",
      service: "Commercial Trucking",
      status: "Won",
    },
    outcome: [
      ["Carrier", "Progressive"],
      ["Annual premium", "$12,500"],
    ] as [string, string][],
    carrier: "Progressive",
    competitor: null,
    assignee: { name: "Dana Ruiz", email: "dana@agency.example", active: true },
    history: [
      { at: new Date("2030-07-01T15:00:00Z"), summary: "Note", by: "Dana Ruiz", lines: ["Wants a higher limit next year.\nCall in May."] },
      { at: new Date("2030-06-20T15:00:00Z"), summary: "Lead received from Website Contact Form", by: null, lines: [] },
    ],
    earlier: 0,
    leadUrl: `${SITE_URL}/admin/leads/3f1c2a9e-5b7d-4e8a-9c1f-2d3e4f5a6b7c`,
  };

  it("names the lead and the date, what is coming, the contact and outcome, the history with notes, and links to the lead", () => {
    const mail = renewalDueMail(defaultSite, { ...base, kind: "renewal" });
    expect(mail.kind).toBe("renewal_due");
    expect(mail.subject).toBe('Renewal coming up: L-7K4M2P Rita <b>"Renner"</b> (expires Jun 30, 2031)');
    const text = mail.text;
    expect(text).toContain("The policy bound with Progressive expires on Jun 30, 2031, in 60 days");
    expect(text).toContain(renewalMessages.mail.assignedTo("Dana Ruiz, dana@agency.example"));
    for (const part of ["Renner Freight LLC", "(512) 555-0199", "rita@renner-freight.example", "$12,500", base.leadUrl]) {
      expect(text).toContain(part);
    }
    // Newest first, the note's text under it, each with its time where the office is.
    expect(text.indexOf("Wants a higher limit")).toBeLessThan(text.indexOf("Lead received"));
    expect(text).toContain("    Call in May.");
    expect(text).toContain("Jul 1, 2030, 10:00 AM CDT: Note (by Dana Ruiz)");
    expect(mail.html).toContain('href="tel:5125550199"');
    expect(mail.html).toContain(`href="${base.leadUrl}"`);
    expect(mail.html).toContain("Rita &lt;b&gt;&quot;Renner&quot;&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>");

    const xDate = renewalDueMail(defaultSite, {
      ...base,
      kind: "x_date",
      carrier: null,
      competitor: "State Farm",
      assignee: null,
      daysLeft: 45,
      earlier: 3,
    });
    expect(xDate.subject).toBe('X-date coming up: L-7K4M2P Rita <b>"Renner"</b> (Jun 30, 2031)');
    expect(xDate.text).toContain("The policy this lead kept with State Farm expires on Jun 30, 2031, in 45 days");
    expect(xDate.text).toContain(renewalMessages.mail.unassigned);
    expect(xDate.text).toContain(renewalMessages.mail.earlier(3));
  });
});

describe.each(databaseKinds)("renewals and X-dates on %s", (kind) => {
  let server: Server;
  let smtp: Smtp;
  let db: Database;
  let config: Config;
  let cookie: string;
  let dana: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, { SMTP_URL: smtp.url, AGENCY_INBOX: INBOX, SITE_URL, MAIL_POLL_INTERVAL_MS: "100" });
    db = server.services.db;
    config = server.services.config;
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
    dana = await insertAdmin(db, `dana.${kind}@agency.example`, "Dana Ruiz");
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const site = () => server.services.site.current().facts;
  const sweep = (day: string | Date) => sweepRenewals(db, config, site(), typeof day === "string" ? noon(day) : day);

  it("registers the daily renewals job", async () => {
    await waitFor(
      async () => (await db.execute(sql`select 1 from scheduled_jobs where name = 'renewals'`)).rows.length === 1,
      10_000,
      "the first renewals run",
    );
    const { rows } = await db.execute(
      sql`select extract(epoch from next_run_at - last_run_at)::float8 as seconds from scheduled_jobs where name = 'renewals'`,
    );
    expect(Number((rows[0] as { seconds: number }).seconds)).toBe(86_400);
  });

  it("lists 90 days ahead and mails once at 60: the owner for a renewal, the inbox for an unassigned X-date, with the history", async () => {
    const won = await insertLead(db, {
      status: "won",
      policyExpiresOn: "2031-06-30",
      carrier: "Progressive",
      premiumCents: 1_250_000,
      assigneeId: dana,
    });
    await addLeadNote(db, won.id, "Wants a higher limit next year.\nCall in May.", { id: dana, email: `dana.${kind}@agency.example` });
    const lost = await insertLead(db, { status: "lost", xDate: "2031-06-30", competitor: "State Farm", quotedPremiumCents: 980_000 });
    const ids = [won.id, lost.id];

    await sweep("2031-03-31"); // 91 days ahead
    expect(await entriesOf(db, won.id)).toEqual([]);
    await sweep("2031-04-01"); // 90: listed, not mailed
    expect(await entriesOf(db, won.id)).toEqual([
      { kind: "renewal", dueOn: "2031-06-30", mailedAt: null, handledAt: null, handledByName: null },
    ]);
    expect((await entriesOf(db, lost.id)).map((e) => e.kind)).toEqual(["x_date"]);
    const list = await comingUp(db, "2031-04-01");
    const mine = list.filter((i) => ids.includes(i.leadId));
    expect(mine.map((i) => [i.kind, i.dueOn, i.daysLeft])).toEqual(
      expect.arrayContaining([
        ["renewal", "2031-06-30", 90],
        ["x_date", "2031-06-30", 90],
      ]),
    );
    const renewal = mine.find((i) => i.kind === "renewal") as ComingUpItem;
    expect(renewal).toMatchObject({
      reference: won.reference,
      businessName: "Renner Freight LLC",
      carrier: "Progressive",
      competitor: null,
      premium: 12_500,
      owner: { id: dana, name: "Dana Ruiz", active: true },
      mailedAt: null,
    });
    expect(mine.find((i) => i.kind === "x_date")).toMatchObject({ competitor: "State Farm", carrier: null, premium: 9_800, owner: null });

    await sweep("2031-04-30"); // 61
    expect(await queuedFor(db, ids)).toEqual([]);
    expect((await sweep("2031-05-01")).mailed).toBeGreaterThanOrEqual(2); // 60
    await sweep("2031-05-01");
    await sweep("2031-05-02");
    await sweep("2031-06-29");
    await server.services.mail.drain();
    await delivered(db, ids);
    const toOwner = received(smtp, won.reference);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].to).toEqual([`dana.${kind}@agency.example`]);
    expect(toOwner[0].subject).toBe(`Renewal coming up: ${won.reference} Rita Renner (expires Jun 30, 2031)`);
    const text = plainText(toOwner[0].raw);
    expect(text).toContain("The policy bound with Progressive expires on Jun 30, 2031, in 60 days");
    expect(text).toContain("Wants a higher limit next year.");
    expect(text).toContain(inboxMessages.timeline.note);
    expect(text).toContain(`${SITE_URL}/admin/leads/${won.id}`);
    expect(htmlPart(toOwner[0].raw)).toContain("$12,500");
    const toInbox = received(smtp, lost.reference);
    expect(toInbox.map((m) => m.to)).toEqual([[INBOX]]);
    expect(toInbox[0].subject).toBe(`X-date coming up: ${lost.reference} Rita Renner (Jun 30, 2031)`);
    expect(plainText(toInbox[0].raw)).toContain("kept with State Farm");

    const [entry] = await entriesOf(db, won.id);
    expect(entry.mailedAt).toBeInstanceOf(Date);
    expect((await activityOf(db, won.id, "renewal_mail")).map((a) => a.detail)).toEqual([
      { renewalId: expect.any(String), kind: "renewal", dueOn: "2031-06-30", to: `dana.${kind}@agency.example` },
    ]);
    // The list says the owner was mailed.
    expect((await comingUp(db, "2031-05-02")).find((i) => i.leadId === won.id)?.mailedAt).toEqual(expect.any(String));
  });

  it("a site down on the 60th day mails on its next run, once; the agency's calendar day decides", async () => {
    const late = await insertLead(db, { status: "won", policyExpiresOn: "2032-07-15", assigneeId: dana });
    // First seen 45 days ahead (never listed before): listed and mailed at once.
    expect(await sweep("2032-05-31")).toMatchObject({ today: "2032-05-31" });
    await sweep("2032-06-01");
    // 60 days before 2032-08-20 is 2032-06-21: at 10 PM on the 20th in Chicago (03:00 UTC on the 21st) it is not yet that day.
    const zoned = await insertLead(db, { status: "lost", xDate: "2032-08-20", competitor: "Travelers" });
    expect((await sweep(new Date("2032-06-21T03:00:00Z"))).today).toBe("2032-06-20");
    expect(await queuedFor(db, [zoned.id])).toEqual([]);
    expect((await sweep(new Date("2032-06-21T06:00:00Z"))).today).toBe("2032-06-21");
    await server.services.mail.drain();
    await delivered(db, [late.id, zoned.id]);
    expect(received(smtp, late.reference)).toHaveLength(1);
    expect(received(smtp, zoned.reference)).toHaveLength(1);
    expect(plainText(received(smtp, late.reference)[0].raw)).toContain("in 45 days");
  });

  it("a date already past is listed (up to 30 days gone) but never mailed", async () => {
    const lapsed = await insertLead(db, { status: "won", policyExpiresOn: "2033-03-10" });
    const longGone = await insertLead(db, { status: "lost", xDate: "2033-01-01" });
    await sweep("2033-03-20");
    await sweep("2033-03-21");
    expect((await entriesOf(db, lapsed.id)).map((e) => [e.dueOn, e.mailedAt])).toEqual([["2033-03-10", null]]);
    expect(await entriesOf(db, longGone.id)).toEqual([]);
    expect((await comingUp(db, "2033-03-21")).find((i) => i.leadId === lapsed.id)?.daysLeft).toBe(-11);
    expect(await queuedFor(db, [lapsed.id, longGone.id])).toEqual([]);
  });

  it("a corrected date moves the entry, a status change drops it, and a handled entry is not listed again", async () => {
    const moved = await insertLead(db, { status: "won", policyExpiresOn: "2034-06-01" });
    const reopened = await insertLead(db, { status: "lost", xDate: "2034-06-01" });
    const handled = await insertLead(db, { status: "won", policyExpiresOn: "2034-06-01" });
    await sweep("2034-03-10");
    await db.update(leads).set({ policyExpiresOn: "2034-06-04" }).where(eq(leads.id, moved.id));
    await db.update(leads).set({ status: "quoted" }).where(eq(leads.id, reopened.id));
    // Left off the list at once, before any run.
    const listed = (await comingUp(db, "2034-03-10")).filter((i) => [moved.id, reopened.id].includes(i.leadId));
    expect(listed.map((i) => i.dueOn)).toEqual(["2034-06-04"]);
    const [entry] = await db.select({ id: leadRenewals.id }).from(leadRenewals).where(eq(leadRenewals.leadId, handled.id));
    const res = await fetch(`${server.url}/api/leads/${handled.id}/renewals/${entry.id}/handled`, {
      method: "POST",
      headers: { cookie, origin: server.url },
    });
    expect(res.status).toBe(200);
    await sweep("2034-03-11");
    expect((await entriesOf(db, moved.id)).map((e) => e.dueOn)).toEqual(["2034-06-04"]);
    expect(await entriesOf(db, reopened.id)).toEqual([]);
    // Handled before 60 days: stays handled, is not listed again, and is never mailed.
    await sweep("2034-04-05");
    expect(await entriesOf(db, handled.id)).toEqual([
      expect.objectContaining({ dueOn: "2034-06-01", mailedAt: null, handledAt: expect.any(Date), handledByName: TEST_ADMIN.email }),
    ]);
    await server.services.mail.drain();
    await delivered(db, [moved.id]);
    expect(received(smtp, handled.reference)).toHaveLength(0);
    expect(received(smtp, reopened.reference)).toHaveLength(0);
    expect(received(smtp, moved.reference)).toHaveLength(1);
  });

  it("Mark handled through the API: 200 with who, then 409; unknown 404; malformed 400; the timeline names who", async () => {
    const today = agencyDay(site().agency.hours.timezone);
    const lead = await insertLead(db, { status: "won", policyExpiresOn: addDays(today, 30), carrier: "Hartford" });
    const listRes = await fetch(`${server.url}/api/admin/coming-up`, { headers: { cookie } });
    expect(listRes.status).toBe(200);
    const list = (await listRes.json()) as { success: boolean; data: ComingUpItem[] };
    expect(list.success).toBe(true);
    const item = list.data.find((i) => i.leadId === lead.id) as ComingUpItem;
    expect(item).toMatchObject({ kind: "renewal", daysLeft: 30, carrier: "Hartford", reference: lead.reference });
    const url = `${server.url}/api/leads/${lead.id}/renewals/${item._id}/handled`;
    const post = (u: string, headers: Record<string, string> = { cookie, origin: server.url }) => fetch(u, { method: "POST", headers });
    expect((await post(url, { origin: server.url })).status).toBe(401);
    const ok = await post(url);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({
      success: true,
      message: renewalMessages.handled("Renewal", lead.reference),
      data: { _id: item._id, leadId: lead.id, kind: "renewal", handledBy: { name: TEST_ADMIN.email } },
    });
    const again = await post(url);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: renewalMessages.alreadyHandled });
    expect((await post(`${server.url}/api/leads/${lead.id}/renewals/5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11/handled`)).status).toBe(404);
    expect((await post(`${server.url}/api/leads/${lead.id}/renewals/nope/handled`)).status).toBe(400);
    const after = (await (await fetch(`${server.url}/api/admin/coming-up`, { headers: { cookie } })).json()) as { data: ComingUpItem[] };
    expect(after.data.some((i) => i.leadId === lead.id)).toBe(false);
    const detail = await (await fetch(`${server.url}/api/leads/${lead.id}`, { headers: { cookie } })).json();
    const entry = detail.data.activity.find((a: { kind: string }) => a.kind === "renewal_handled");
    expect(entry).toMatchObject({ by: { name: TEST_ADMIN.email }, detail: { renewalId: item._id, kind: "renewal", dueOn: item.dueOn } });
  });

  it("the dashboard lists the entry and its Mark handled form works without scripts", async () => {
    const today = agencyDay(site().agency.hours.timezone);
    const lead = await insertLead(db, { status: "lost", xDate: addDays(today, 12), competitor: "Nationwide", name: "Dash Board" });
    const page = await (await fetch(`${server.url}/admin/dashboard`, { headers: { cookie } })).text();
    expect(page).toContain(renewalMessages.panel.title);
    expect(page).toContain(lead.reference);
    expect(page).toContain("With Nationwide");
    expect(page).toContain("in 12 days");
    const [entry] = await db.select({ id: leadRenewals.id }).from(leadRenewals).where(eq(leadRenewals.leadId, lead.id));
    const form = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/dashboard`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
    const done = await form({ intent: "renewal-handled", id: entry.id, leadId: lead.id });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain(renewalMessages.handled("X-date", lead.reference));
    expect(html).not.toContain(`data-reference="${lead.reference}"`);
    const twice = await form({ intent: "renewal-handled", id: entry.id, leadId: lead.id });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(renewalMessages.alreadyHandled);
    expect((await form({ intent: "renewal-handled", id: "x", leadId: lead.id })).status).toBe(400);
    const [activity] = await activityOf(db, lead.id, "renewal_handled");
    expect(activity.adminName).toBe(TEST_ADMIN.email);
    const screen = await (await fetch(`${server.url}/admin/leads/${lead.id}`, { headers: { cookie } })).text();
    expect(screen).toContain(inboxMessages.timeline.renewalHandled(inboxMessages.timeline.xDateOn(dayLabel(addDays(today, 12)))));
    expect(screen).toContain(inboxMessages.timeline.by(TEST_ADMIN.email));
  });

  it("runs at once on one database handle mail each entry once", async () => {
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        insertLead(db, i % 2 ? { status: "won", policyExpiresOn: "2035-06-30" } : { status: "lost", xDate: "2035-06-30" }),
      ),
    );
    const runs = await Promise.all(Array.from({ length: 4 }, () => sweep("2035-05-01")));
    expect(runs.reduce((n, r) => n + r.mailed, 0)).toBe(12);
    await server.services.mail.drain();
    await delivered(
      db,
      made.map((m) => m.id),
    );
    for (const lead of made) expect(received(smtp, lead.reference), lead.reference).toHaveLength(1);
  });

  it.runIf(kind === "postgres")(
    "two server instances and a second OS process on one PostgreSQL database, each running the job for the same days, mail each lead once",
    async () => {
      const dirs = [mkdtempSync(path.join(os.tmpdir(), "renewals-a-")), mkdtempSync(path.join(os.tmpdir(), "renewals-b-"))];
      const env = {
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        AUTH_SCRYPT_N: "1024",
        DATABASE_URL: config.DATABASE_URL ?? "",
        SMTP_URL: smtp.url,
        AGENCY_INBOX: INBOX,
        SITE_URL,
        BACKGROUND_JOBS: "false",
      };
      const other = await createServices(loadConfig({ ...env, DATA_DIR: dirs[0] }));
      try {
        const made = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            insertLead(
              db,
              i % 2
                ? { status: "won", policyExpiresOn: "2036-08-31", assigneeId: i % 3 === 0 ? dana : null }
                : { status: "lost", xDate: "2036-08-31" },
            ),
          ),
        );
        const days = ["2036-06-30", "2036-07-01", "2036-07-01", "2036-07-02"].map((d) => noon(d).toISOString());
        const child = spawn(
          process.execPath,
          [path.join(root, "node_modules/tsx/dist/cli.mjs"), "tests/support/renewals-sweep.ts", ...days],
          {
            cwd: root,
            env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, DATA_DIR: dirs[1] },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        let out = "";
        let err = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (err += d));
        const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
        const here: number[] = [];
        for (const day of days) {
          const runs = await Promise.all([
            sweepRenewals(db, config, site(), new Date(day)),
            sweepRenewals(other.db, other.config, other.site.current().facts, new Date(day)),
          ]);
          here.push(...runs.map((r) => r.mailed));
        }
        expect(await exited, err).toBe(0);
        const there = out
          .trim()
          .split("\n")
          .map((line) => (JSON.parse(line) as { mailed: number }).mailed);
        expect(there).toHaveLength(4);
        const ids = made.map((m) => m.id);
        const queued = await queuedFor(db, ids);
        expect(queued).toHaveLength(30);
        expect(new Set(queued.map((q) => q.leadId)).size).toBe(30);
        // The counts of every run in every process add up to one mail a lead (other tests' leads are years away).
        expect([...here, ...there].reduce((a, b) => a + b, 0)).toBe(30);
        await server.services.mail.drain();
        await delivered(db, ids);
        for (const [i, lead] of made.entries()) {
          const mails = received(smtp, lead.reference);
          expect(mails, lead.reference).toHaveLength(1);
          expect(mails[0].to).toEqual([i % 2 && i % 3 === 0 ? `dana.${kind}@agency.example` : INBOX]);
        }
        const activity = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(leadActivity)
          .where(and(inArray(leadActivity.leadId, ids), eq(leadActivity.kind, "renewal_mail")));
        expect(Number(activity[0].n)).toBe(30);
      } finally {
        await other.stop();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
