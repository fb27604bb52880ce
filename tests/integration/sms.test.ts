/**
 * Texting (docs/decisions/064) on a real database, against a local server speaking Twilio's Messages
 * API and sending signed webhooks: one instant text per consenting lead within the minute and none
 * without consent; several senders send one; the provider down for a while, then up: delivered once;
 * a dead text listed like dead mail; quiet hours hold a text until 8 AM (a fake clock); STOP and a
 * plain-language stop revoke, and a later staff reply is refused; HELP and START; a forged signature
 * is refused; a malformed webhook is a 400; an unknown number becomes a new contact; a long text is
 * cut and stored; status callbacks update the message; alerts by text to a colleague who opted in;
 * and with texting off nothing of it happens.
 */
import { TZDate } from "@date-fns/tz";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client";
import { adminUsers, leadActivity, leads, mailOutbox, smsOptEvents } from "#db/schema";
import { e164Phone } from "../../app/content/site-facts";
import { sweepLeadClock } from "../../app/features/leads/escalation.server";
import { listMailFailures } from "../../app/features/mail/failures.server";
import { MailSender } from "../../app/features/mail/outbox.server";
import { setSetting } from "../../app/features/settings/settings.server";
import { smsMessages } from "../../app/features/sms/messages";
import { queueText, sendStaffText, textConsent, textGate } from "../../app/features/sms/texts.server";
import { twilioTransport } from "../../app/features/sms/twilio.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody, productQuoteBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { waitFor } from "../support/smtp";
import { inboundText, postWebhook, startTwilio, TEST_TWILIO } from "../support/twilio";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Twilio = Awaited<ReturnType<typeof startTwilio>>;

const SITE = "https://agency.example";
const INBOUND = "/api/sms/twilio";
const STATUS = "/api/sms/twilio/status";
const twilioEnv = (twilio: Twilio) => ({
  TWILIO_ACCOUNT_SID: TEST_TWILIO.sid,
  TWILIO_AUTH_TOKEN: TEST_TWILIO.token,
  TWILIO_FROM_NUMBER: TEST_TWILIO.from,
  TWILIO_API_BASE: twilio.url,
});

let phoneCounter = 0;
/** A fresh Austin number per lead, so the tests' numbers never share consent or STOPs. */
const freshPhone = () => {
  phoneCounter++;
  const line = String(1000 + (((Date.now() / 1000 + phoneCounter * 37) % 8999) | 0)).padStart(4, "0");
  return { typed: `(512) 55${phoneCounter % 10}-${line}`, e164: `+151255${phoneCounter % 10}${line}` };
};

describe.each(databaseKinds)("texting on %s", (kind) => {
  let server: Server;
  let twilio: Twilio;
  let db: Database;

  beforeAll(async () => {
    twilio = await startTwilio();
    server = await startTestServer(kind, {
      ...twilioEnv(twilio),
      SITE_URL: SITE,
      MAIL_POLL_INTERVAL_MS: "100",
      MAIL_RETRY_BASE_MS: "50",
      RATE_LIMIT_FORMS_MAX: "1000",
      // No quiet hours for the server itself (the tests run at any hour); they are tested below with a clock of their own.
      SMS_QUIET_START: "00:00",
      SMS_QUIET_END: "00:00",
    });
    db = server.services.db;
    await ensureAdmin(server.services);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await twilio?.close();
  });

  const site = () => server.services.site.current().facts;
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const textsTo = (e164: string) => twilio.sent.filter((t) => t.to === e164);
  const leadByEmail = async (email: string) =>
    (await db.select().from(leads).where(eq(leads.email, email)).orderBy(desc(leads.receivedAt)))[0];

  /** A contact form lead with SMS consent, and its instant text once Twilio has it. */
  async function consentingLead(name = "Dana Whitfield") {
    const phone = freshPhone();
    const email = `${name.split(" ")[0].toLowerCase()}.${phoneCounter}.${kind}@example.com`;
    const res = await post("/api/contacts", contactBody({ fullName: name, email, phoneNumber: phone.typed, smsConsent: true }));
    expect(res.status).toBe(201);
    const lead = await leadByEmail(email);
    return { lead, phone };
  }

  it("texts a consenting lead once, within the minute, with the exact words; the time from lead to text is measured", async () => {
    const phone = freshPhone();
    const email = `instant.${kind}@example.com`;
    const started = Date.now();
    const res = await post("/api/contacts", contactBody({ email, phoneNumber: phone.typed, smsConsent: true }));
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { callBackNotice: string | null };
    const text = await waitFor(() => textsTo(phone.e164)[0], 60_000, "the instant text");
    const elapsed = text.at - started;
    console.info(`[sms] ${kind}: lead to text in ${elapsed} ms`);
    expect(elapsed).toBeLessThan(60_000);
    const lead = await leadByEmail(email);
    const callBack = answer.callBackNotice ?? smsMessages.callBackWithin(site().promises.contactMinutes);
    expect(text.body).toBe(
      `${site().agency.name}: thanks, we have your request (ref ${lead.reference}). ${callBack} Reply STOP to opt out, HELP for help.`,
    );
    expect(text.body.endsWith("Reply STOP to opt out, HELP for help.")).toBe(true);
    expect(text.from).toBe(TEST_TWILIO.from);
    expect(text.statusCallback).toBe(`${SITE}${STATUS}`);
    // Stored in the lead's transaction, with the consent record, and on the lead's timeline.
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.channel, "sms")));
    expect(row).toMatchObject({ kind: "text_instant_reply", toAddress: phone.e164, consentRecordId: lead.consentRecordId });
    // Twilio's id is stored when its answer comes back, which may be a moment after Twilio has the text.
    await waitFor(async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id)))[0].status === "sent", 5000, "sent");
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(sent.providerId).toBe(text.sid);
    const activity = await db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id));
    expect(activity.find((a) => a.kind === "text_sent")?.detail).toMatchObject({ outboxId: row.id, body: text.body, instant: true });
    await server.services.mail.drain();
    expect(textsTo(phone.e164)).toHaveLength(1);
  });

  it("sends nothing to a lead without SMS consent; the SMS consent form's own sign-up gets its welcome", async () => {
    const phone = freshPhone();
    const email = `noconsent.${kind}@example.com`;
    // A quote form asks no SMS consent: its lead has no consent record.
    expect((await post("/api/submit-lead", productQuoteBody({ email, phone: phone.typed }))).status).toBe(201);
    const lead = await leadByEmail(email);
    expect(lead.consentRecordId).toBeNull();
    await server.services.mail.drain();
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.channel, "sms"))),
    ).toEqual([]);
    expect(textsTo(phone.e164)).toEqual([]);

    const signUp = freshPhone();
    const { smsConsent } = await import("../../app/content/sms-consent");
    const res = await post("/api/sms-consent", {
      name: "Kim Tran",
      email: `kim.${kind}@example.com`,
      phone: signUp.typed,
      smsConsent: "Yes",
      consentVersion: smsConsent(site()).version,
    });
    expect(res.status).toBe(201);
    const welcome = await waitFor(() => textsTo(signUp.e164)[0], 10_000, "the welcome text");
    expect(welcome.body).toBe(smsMessages.consentWelcome(site().agency.name));
  });

  it("with the provider down for a while, then up, the text is delivered once", async () => {
    twilio.failNext(3);
    const { lead, phone } = await consentingLead("Pat Down");
    const text = await waitFor(() => textsTo(phone.e164)[0], 20_000, "the text after the provider came back");
    expect(twilio.state.refused).toBeGreaterThanOrEqual(3);
    await waitFor(
      async () =>
        (
          await db
            .select()
            .from(mailOutbox)
            .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.channel, "sms")))
        )[0]?.status === "sent",
      5000,
      "recorded as sent",
    );
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.channel, "sms")));
    expect(row.attempts).toBe(4);
    expect(row.providerId).toBe(text.sid);
    await server.services.mail.drain();
    expect(textsTo(phone.e164)).toHaveLength(1);
  });

  it("several senders at once (as several processes) send each text once", async () => {
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => consentingLead(`Multi Sender${i}`)));
    const config = server.services.config;
    const senders = [0, 1, 2].map(
      () =>
        new MailSender({
          db,
          transport: { name: "file", send: async () => {}, close: () => {} },
          texts: twilioTransport(config, textGate(db, config, site)),
          from: "x@example.com",
          maxAttempts: 8,
          retryBaseMs: 50,
          pollIntervalMs: 100,
        }),
    );
    await Promise.all(senders.map((s) => s.drain()));
    await server.services.mail.drain();
    await waitFor(() => made.every(({ phone }) => textsTo(phone.e164).length > 0), 10_000, "every text");
    for (const { phone } of made) expect(textsTo(phone.e164), phone.e164).toHaveLength(1);
  });

  it("a text the provider keeps refusing goes dead and is listed like dead mail", async () => {
    const config = server.services.config;
    const phone = freshPhone();
    // Due tomorrow by the database's clock, so only this sender (its clock two days ahead) takes it.
    const [row] = await db
      .insert(mailOutbox)
      .values({
        messageId: `<dead-${kind}@x>`,
        channel: "sms",
        kind: "text_staff_alert",
        toAddress: phone.e164,
        subject: "",
        textBody: "hello",
        nextAttemptAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const sender = new MailSender({
      db,
      transport: { name: "file", send: async () => {}, close: () => {} },
      texts: twilioTransport({ ...config, TWILIO_AUTH_TOKEN: "wrong" }, textGate(db, config, site)),
      from: "x@example.com",
      maxAttempts: 1,
      retryBaseMs: 50,
      pollIntervalMs: 100,
      now: () => new Date(Date.now() + 2 * 86_400_000),
    });
    await sender.drain();
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
    expect(after.status).toBe("dead");
    expect(after.lastError).toContain("Twilio answered 401");
    const failures = await listMailFailures(db);
    expect(failures.find((f) => f.id === row.id)).toMatchObject({
      channel: "sms",
      state: "dead",
      to: phone.e164,
      kind: "text_staff_alert",
      retryable: true,
    });
    expect(textsTo(phone.e164)).toEqual([]);
  });

  it("quiet hours hold a text until 8 AM in the recipient's time zone (a fake clock)", async () => {
    const config = { ...server.services.config, SMS_QUIET_START: "21:00", SMS_QUIET_END: "08:00" };
    const { lead, phone } = await consentingLead("Quinn Night");
    await waitFor(() => textsTo(phone.e164)[0], 10_000, "the instant text");
    // Ten days ahead at 11 PM in Austin (Central): the clock the sender and the queue read.
    const base = new TZDate(Date.now() + 10 * 86_400_000, "America/Chicago");
    let clock = new TZDate(base.getFullYear(), base.getMonth(), base.getDate(), 23, 0, 0, 0, "America/Chicago");
    const queued = await db.transaction((tx) =>
      queueText(
        tx,
        { config, site: site(), now: clock },
        { kind: "text_staff_reply", to: phone.e164, body: "Good evening", leadId: lead.id, needsConsent: true },
      ),
    );
    expect(queued?.heldUntil?.getTime()).toBe(
      new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + 1, 8, 0, 0, 0, "America/Chicago").getTime(),
    );
    const sender = new MailSender({
      db,
      transport: { name: "file", send: async () => {}, close: () => {} },
      texts: twilioTransport(config, textGate(db, config, site)),
      from: "x@example.com",
      maxAttempts: 8,
      retryBaseMs: 50,
      pollIntervalMs: 100,
      now: () => clock,
    });
    const before = textsTo(phone.e164).length;
    await sender.drain();
    clock = new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + 1, 7, 59, 0, 0, "America/Chicago");
    await sender.drain();
    expect(textsTo(phone.e164)).toHaveLength(before);
    clock = new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + 1, 8, 0, 0, 0, "America/Chicago");
    await sender.drain();
    expect(textsTo(phone.e164).map((t) => t.body)).toContain("Good evening");
    // A text due at once but met by quiet hours at the gate (a retry, say) waits too, without counting a try.
    clock = new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + 1, 22, 30, 0, 0, "America/Chicago");
    const [late] = await db
      .insert(mailOutbox)
      .values({
        messageId: `<late-${kind}@x>`,
        channel: "sms",
        kind: "text_staff_reply",
        toAddress: phone.e164,
        subject: "",
        textBody: "Late",
        nextAttemptAt: new Date(base.getTime()),
      })
      .returning();
    await sender.drain();
    const [held] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, late.id));
    expect(held).toMatchObject({ status: "pending", attempts: 0 });
    expect(held.nextAttemptAt.getTime()).toBe(
      new TZDate(base.getFullYear(), base.getMonth(), base.getDate() + 2, 8, 0, 0, 0, "America/Chicago").getTime(),
    );
    expect(textsTo(phone.e164).map((t) => t.body)).not.toContain("Late");
  });

  it("STOP revokes at once: a revocation record, one confirmation, and no text after it, a colleague's included", async () => {
    const { lead, phone } = await consentingLead("Stop Please");
    await waitFor(() => textsTo(phone.e164)[0], 10_000, "the instant text");
    const params = inboundText(phone.e164, "STOP");
    const res = await postWebhook(server.url, SITE, INBOUND, params);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/xml");
    expect(await res.text()).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${smsMessages.stopConfirmation(site().agency.name)}</Message></Response>`,
    );
    const [event] = await db.select().from(smsOptEvents).where(eq(smsOptEvents.phone, phone.e164));
    expect(event).toMatchObject({
      kind: "revoked",
      words: "STOP",
      messageSid: params.MessageSid,
      leadId: lead.id,
      consentRecordId: lead.consentRecordId,
    });
    expect(await textConsent(db, phone.e164)).toBe("revoked");
    // A second STOP gets no second confirmation.
    const again = await postWebhook(server.url, SITE, INBOUND, inboundText(phone.e164, "stop"));
    expect(await again.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response></Response>`);
    const admin = (await db.select().from(adminUsers).limit(1))[0];
    const refused = await sendStaffText(db, { config: server.services.config, site: site() }, lead.id, "Can we call?", admin, e164Phone);
    expect(refused).toEqual({ outcome: "refused" });
    // A text queued before the STOP is stopped at the gate too.
    const [queued] = await db
      .insert(mailOutbox)
      .values({
        messageId: `<after-stop-${kind}@x>`,
        channel: "sms",
        kind: "text_staff_reply",
        toAddress: phone.e164,
        subject: "",
        textBody: "after",
        leadId: lead.id,
      })
      .returning();
    await server.services.mail.drain();
    await waitFor(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id)))[0].status === "cancelled",
      5000,
      "cancelled",
    );
    expect(textsTo(phone.e164)).toHaveLength(1);
    const kinds = (await db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))).map((a) => a.kind);
    expect(kinds).toContain("text_opt_out");
  });

  it("a plain-language request to stop revokes too; START opts in again; HELP answers with the agency's name and phone", async () => {
    const { lead, phone } = await consentingLead("Plain Words");
    await waitFor(() => textsTo(phone.e164)[0], 10_000, "the instant text");
    const stop = await postWebhook(server.url, SITE, INBOUND, inboundText(phone.e164, "Please stop texting me, thanks"));
    expect(await stop.text()).toContain(smsMessages.stopConfirmation(site().agency.name));
    expect(await textConsent(db, phone.e164)).toBe("revoked");
    const help = await postWebhook(server.url, SITE, INBOUND, inboundText(phone.e164, "HELP"));
    const helpText = await help.text();
    expect(helpText).toContain(site().agency.name);
    expect(helpText).toContain(site().agency.phone.primary.display);
    const start = await postWebhook(server.url, SITE, INBOUND, inboundText(phone.e164, "START"));
    expect(await start.text()).toContain(smsMessages.startConfirmation(site().agency.name));
    expect(await textConsent(db, phone.e164)).toBe("granted");
    const admin = (await db.select().from(adminUsers).limit(1))[0];
    const sent = await sendStaffText(
      db,
      { config: server.services.config, site: site() },
      lead.id,
      "Thanks for coming back",
      admin,
      e164Phone,
    );
    expect(sent.outcome).toBe("queued");
    await waitFor(() => textsTo(phone.e164).some((t) => t.body === "Thanks for coming back"), 10_000, "the staff text");
    const events = await db
      .select({ kind: smsOptEvents.kind })
      .from(smsOptEvents)
      .where(eq(smsOptEvents.phone, phone.e164))
      .orderBy(smsOptEvents.createdAt);
    expect(events.map((e) => e.kind)).toEqual(["revoked", "opted_in"]);
  });

  it("any other text joins the lead's timeline, marks it replied and mails its owner; Twilio's retry of it is kept once", async () => {
    const { lead, phone } = await consentingLead("Reply Back");
    const params = inboundText(phone.e164, "Yes, call me after 3 please", { NumMedia: "1", MediaUrl0: "https://api.twilio.com/media/x" });
    const res = await postWebhook(server.url, SITE, INBOUND, params);
    expect(await res.text()).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response></Response>`);
    expect((await postWebhook(server.url, SITE, INBOUND, params)).status).toBe(200);
    const entries = (await db.select().from(leadActivity).where(eq(leadActivity.leadId, lead.id))).filter(
      (a) => a.kind === "text_received",
    );
    expect(entries).toHaveLength(1);
    expect(entries[0].detail).toMatchObject({
      body: "Yes, call me after 3 please",
      from: phone.e164,
      messageSid: params.MessageSid,
      mediaIgnored: 1,
    });
    const [after] = await db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after.textedAt).not.toBeNull();
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.leadId, lead.id), eq(mailOutbox.subject, smsMessages.replyMail.subject(lead.name))));
    expect(mails).toHaveLength(1);
    // The live inbox's pulse names the reply.
    const cookie = await signIn(server.url);
    const pulse = await (await fetch(`${server.url}/api/leads/pulse`, { headers: { cookie } })).json();
    expect(Date.parse(pulse.data.newestTextAt)).toBeGreaterThanOrEqual(after.textedAt?.getTime() ?? 0);
  });

  it("an unknown number is kept as a new contact; a text over 1,600 characters is cut and stored", async () => {
    const phone = freshPhone();
    const long = `Hello ${"x".repeat(2000)}`;
    const res = await postWebhook(server.url, SITE, INBOUND, inboundText(phone.e164, long));
    expect(res.status).toBe(200);
    const [lead] = await db.select().from(leads).where(eq(leads.phone, phone.e164));
    expect(lead).toMatchObject({ leadType: "text_message", status: "new", name: smsMessages.replyMail.newContactName(phone.e164) });
    const [entry] = await db
      .select()
      .from(leadActivity)
      .where(and(eq(leadActivity.leadId, lead.id), eq(leadActivity.kind, "text_received")));
    expect((entry.detail.body as string).length).toBe(1600);
    expect(entry.detail.cut).toBe(true);
  });

  it("refuses a forged signature (403) and a signed webhook missing its fields (400), and keeps nothing", async () => {
    const phone = freshPhone();
    const params = inboundText(phone.e164, "STOP");
    const forged = await postWebhook(server.url, SITE, INBOUND, params, { token: "not-the-token" });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ success: false });
    const tampered = await postWebhook(server.url, SITE, INBOUND, { ...params }, { signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" });
    expect(tampered.status).toBe(403);
    const { MessageSid: _m, SmsMessageSid: _s, ...missing } = params;
    const malformed = await postWebhook(server.url, SITE, INBOUND, missing);
    expect(malformed.status).toBe(400);
    const notForm = await fetch(`${server.url}${INBOUND}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(notForm.status).toBe(403);
    expect(await db.select().from(smsOptEvents).where(eq(smsOptEvents.phone, phone.e164))).toEqual([]);
  });

  it("status callbacks update the message, and a late one does not move it back", async () => {
    const { phone } = await consentingLead("Status Check");
    const text = await waitFor(() => textsTo(phone.e164)[0], 10_000, "the instant text");
    await waitFor(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.providerId, text.sid)))[0]?.status === "sent",
      5000,
      "sent",
    );
    const status = (s: string) =>
      postWebhook(server.url, SITE, STATUS, { MessageSid: text.sid, MessageStatus: s, AccountSid: TEST_TWILIO.sid, To: phone.e164 });
    expect((await status("delivered")).status).toBe(204);
    expect((await status("sent")).status).toBe(204);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.providerId, text.sid));
    expect(row.deliveryStatus).toBe("delivered");
    expect((await postWebhook(server.url, SITE, STATUS, { MessageSid: text.sid, MessageStatus: "delivered" }, { token: "x" })).status).toBe(
      403,
    );
  });

  it("alerts a colleague who opted in by text: a new lead given to them, and its escalation", async () => {
    const mobile = freshPhone();
    const [admin] = await db
      .insert(adminUsers)
      .values({
        email: `alerts.${kind}@agency.example`,
        name: "Alex Alerts",
        passwordHash: "scrypt$unused",
        role: "admin",
        mobilePhone: mobile.e164,
        smsAlerts: true,
      })
      .returning();
    // Round-robin to this colleague alone.
    await db.update(adminUsers).set({ active: false }).where(sql`${adminUsers.id} <> ${admin.id}`);
    try {
      await setSetting(db, "lead_round_robin", true, null);
      const { lead } = await consentingLead("Alerted Lead");
      expect(lead.assigneeId).toBe(admin.id);
      const alert = await waitFor(() => textsTo(mobile.e164)[0], 10_000, "the new-lead alert");
      expect(alert.body).toBe(smsMessages.staffNewLead(lead.reference, lead.name, `${SITE}/admin/leads/${lead.id}`));
      await db
        .update(leads)
        .set({ escalateAt: sql`now() - interval '1 minute'`, dueAt: sql`now() + interval '1 hour'` })
        .where(eq(leads.id, lead.id));
      await sweepLeadClock(db, server.services.config, site());
      await server.services.mail.drain();
      const escalation = await waitFor(() => textsTo(mobile.e164)[1], 10_000, "the escalation alert");
      expect(escalation.body).toBe(smsMessages.staffEscalation(lead.reference, lead.name, `${SITE}/admin/leads/${lead.id}`));
    } finally {
      await setSetting(db, "lead_round_robin", false, null);
      await db.update(adminUsers).set({ active: true });
      await db.update(adminUsers).set({ active: false, smsAlerts: false }).where(eq(adminUsers.id, admin.id));
    }
  });

  it("texts a colleague who opted in when someone hands them a new lead, and not for a lead already answered", async () => {
    const mobile = freshPhone();
    const [colleague] = await db
      .insert(adminUsers)
      .values({
        email: `handed.${kind}@agency.example`,
        name: "Hana Handed",
        passwordHash: "scrypt$unused",
        role: "staff",
        mobilePhone: mobile.e164,
        smsAlerts: true,
      })
      .returning();
    try {
      const cookie = await signIn(server.url);
      const patch = (id: string, body: unknown) =>
        fetch(`${server.url}/api/leads/${id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify(body),
        });
      const { lead } = await consentingLead("Handed Lead");
      expect((await patch(lead.id, { assigneeId: colleague.id })).status).toBe(200);
      const alert = await waitFor(() => textsTo(mobile.e164)[0], 10_000, "the hand-over alert");
      expect(alert.body).toBe(smsMessages.staffNewLead(lead.reference, lead.name, `${SITE}/admin/leads/${lead.id}`));

      const { lead: answered } = await consentingLead("Answered Lead");
      expect((await patch(answered.id, { status: "contacted" })).status).toBe(200);
      expect((await patch(answered.id, { assigneeId: colleague.id })).status).toBe(200);
      await server.services.mail.drain();
      expect(textsTo(mobile.e164)).toHaveLength(1);
    } finally {
      await db.update(adminUsers).set({ active: false, smsAlerts: false }).where(eq(adminUsers.id, colleague.id));
    }
  });

  it("a colleague adds a mobile number and opts in on their account screen; a number that is none is refused", async () => {
    const cookie = await signIn(server.url);
    const account = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/account`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams(fields),
      });
    const mine = async () => (await db.select().from(adminUsers).where(eq(adminUsers.email, "admin@agency.example")))[0];
    expect((await account({ intent: "text-alerts", mobilePhone: "(512) 555-0177", smsAlerts: "on" })).status).toBe(200);
    expect(await mine()).toMatchObject({ mobilePhone: "+15125550177", smsAlerts: true });
    const bad = await account({ intent: "text-alerts", mobilePhone: "call me maybe", smsAlerts: "on" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(smsMessages.account.badPhone);
    const none = await account({ intent: "text-alerts", mobilePhone: "", smsAlerts: "on" });
    expect(none.status).toBe(400);
    expect(await mine()).toMatchObject({ mobilePhone: "+15125550177", smsAlerts: true });
    expect((await account({ intent: "text-alerts", mobilePhone: "" })).status).toBe(200);
    expect(await mine()).toMatchObject({ mobilePhone: null, smsAlerts: false });
    const page = await (await fetch(`${server.url}/admin/account`, { headers: { cookie } })).text();
    expect(page).toContain(smsMessages.account.optInLabel);
  });
});

describe.each(databaseKinds)("texting off on %s", (kind) => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(kind, { SITE_URL: SITE, MAIL_POLL_INTERVAL_MS: "100", RATE_LIMIT_FORMS_MAX: "1000" });
    await ensureAdmin(server.services);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("without the Twilio settings nothing is texted, the webhook is unknown and the lead screen says texting is off", async () => {
    const email = `off.${kind}@example.com`;
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ email, smsConsent: true })),
    });
    expect(res.status).toBe(201);
    const db = server.services.db;
    const [lead] = await db.select().from(leads).where(eq(leads.email, email));
    // The lead, its consent record and its mail as before; no text.
    expect(lead.consentRecordId).not.toBeNull();
    const rows = await db
      .select({ channel: mailOutbox.channel, kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.leadId, lead.id));
    expect(rows.map((r) => r.channel)).toEqual(["mail", "mail"]);
    const hook = await postWebhook(server.url, SITE, INBOUND, inboundText("+15125550123", "hello"));
    expect(hook.status).toBe(404);
    const cookie = await signIn(server.url);
    const page = await (await fetch(`${server.url}/admin/leads/${lead.id}`, { headers: { cookie } })).text();
    expect(page).toContain(smsMessages.screen.off);
    const account = await (await fetch(`${server.url}/admin/account`, { headers: { cookie } })).text();
    expect(account).toContain(smsMessages.account.off);
    expect(account).not.toContain(smsMessages.account.optInLabel);
  });
});
