import { createHash } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, leads, mailOutbox } from "#db/schema";
import { smsConsent as smsConsentOf } from "../../app/content/legal";
import { defaultSite } from "../../app/content/site-profile";
import { contactApiFields, toFormFields } from "../../app/features/leads/api-fields";
import { acceptContact } from "../../app/features/leads/leads.server";
import { formMessages } from "../../app/features/leads/messages";
import { contactFormSchema } from "../../app/features/leads/schema";
import { postMessages } from "../../app/lib/post-messages";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";
import { startSmtp, waitFor } from "../support/smtp";

/** The SMS consent wording of the first-run profile, which the test server starts with. */
const smsConsent = smsConsentOf(defaultSite);

type Server = Awaited<ReturnType<typeof startTestServer>>;

const contact = {
  fullName: "Dana Whitfield",
  email: "dana@whitfield-roofing.example",
  phoneNumber: "+1 (512) 555-0199",
  insuranceType: "Contractors Insurance",
  message: "We are a 12-person roofing crew and need GL with a waiver of subrogation for a school job.",
  smsConsent: true,
};

const productQuote = {
  leadType: "product_page_quote",
  submissionType: "Product Page Quote Request",
  source: "Product Page Quote Form",
  serviceType: "Commercial Trucking Insurance",
  name: "Luis Ortega",
  email: "luis@ortega-freight.example",
  phone: "512-555-0123",
  message: "Two tractors, one flatbed trailer, interstate, need a BMC-91X filing.",
  submissionDate: new Date().toISOString(),
};

describe.each(databaseKinds)("public form endpoints on %s", (kind) => {
  let server: Server;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "vitest-agent/1.0", ...headers },
      body: JSON.stringify(body),
    });
  const counts = async () => {
    const db = server.services.db;
    const [l] = await db.select({ n: count() }).from(leads);
    const [c] = await db.select({ n: count() }).from(consentRecords);
    const [m] = await db.select({ n: count() }).from(mailOutbox);
    return { leads: l.n, consents: c.n, mails: m.n };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      RATE_LIMIT_FORMS_MAX: "1000",
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "100",
      MAIL_RETRY_BASE_MS: "50",
      AGENCY_INBOX: "inbox@agency.example",
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("POST /api/contacts stores the message, its consent record and two mails before answering, then delivers them", async () => {
    const res = await post("/api/contacts", { ...contact, pageUrl: "http://localhost:3000/contact" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      success: true,
      message: formMessages.contact.success,
      callBackBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      callBackNotice: expect.toBeOneOf([null, expect.any(String)]),
    });

    // Committed before the answer: visible immediately.
    const [lead] = await server.services.db.select().from(leads).where(eq(leads.email, contact.email));
    expect(lead).toMatchObject({
      leadType: "contact_form",
      name: contact.fullName,
      phone: contact.phoneNumber,
      service: contact.insuranceType,
      status: "new",
      userAgent: "vitest-agent/1.0",
    });
    expect(lead.reference).toMatch(/^L-[2-9A-HJ-NP-Z]{6}$/);
    expect(lead.ip).toMatch(/127\.0\.0\.1/);

    const [consent] = await server.services.db.select().from(consentRecords).where(eq(consentRecords.id, lead.consentRecordId!));
    expect(consent).toMatchObject({
      sourceForm: "contact_form",
      consented: true,
      consentText: smsConsent.plainText,
      consentVersion: smsConsent.version,
      pageUrl: "http://localhost:3000/contact",
    });
    expect(consent.recordHash).toMatch(/^[0-9a-f]{64}$/);

    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
    expect(mails.map((m) => [m.kind, m.toAddress, m.subject]).sort()).toEqual(
      [
        ["agency_notification", "inbox@agency.example", "Contact Form Submission"],
        ["visitor_autoreply", contact.email, expect.stringContaining("Thank you for contacting")],
      ].sort(),
    );

    const delivered = await waitFor(
      () => {
        const mine = smtp.received.filter((m) => mails.some((row) => row.messageId === m.messageId));
        return mine.length === 2 && mine;
      },
      10_000,
      "both mails delivered",
    );
    const notification = delivered.find((m) => m.to.includes("inbox@agency.example"))!;
    expect(notification.subject).toBe("Contact Form Submission");
    expect(notification.raw).toContain(contact.message.slice(0, 40));
    const reply = delivered.find((m) => m.to.includes(contact.email))!;
    expect(reply.raw).toMatch(/within 30 minutes/);
    await waitFor(
      async () => {
        const rows = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
        return rows.every((r) => r.status === "sent" && r.transport === "smtp" && r.sentAt) && rows;
      },
      5_000,
      "rows marked sent",
    );
  });

  it.each([
    ["fullName", "<script>alert(1)</script>", "Please enter a valid name"],
    ["fullName", "  A  ", "Please enter a valid name"],
    ["email", "dana@", "Please enter a valid email address"],
    ["email", "dana whitfield@example.com", "Please enter a valid email address"],
    ["phoneNumber", "555-0199", "Please enter a valid phone number"],
    ["phoneNumber", "call me maybe 5125550199", "Please enter a valid phone number"],
    ["message", "  too short ", "Please enter a detailed message (minimum 10 characters)"],
    ["message", "<script>steal()</script> and more words", "Please enter a detailed message (minimum 10 characters)"],
    ["insuranceType", "", "Please select an insurance type"],
    ["smsConsent", false, "Please agree to receive SMS messages"],
  ])("rejects %s = %j with its message and stores nothing", async (field, value, message) => {
    const before = await counts();
    const res = await post("/api/contacts", { ...contact, [field]: value });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("accepts the phone and name forms the rules allow", async () => {
    for (const phoneNumber of ["5125550199", "+15125550199", "(512) 555-0199", "512 555 0199"]) {
      const res = await post("/api/contacts", { ...contact, phoneNumber, fullName: "Al" });
      expect(res.status, phoneNumber).toBe(201);
    }
  });

  it("a failure after the insert leaves neither the record nor its mail", async () => {
    const before = await counts();
    // No inbox to address the notification to: its insert fails after the lead's.
    const config = { ...server.services.config, AGENCY_INBOX: undefined };
    const site = server.services.site.current().facts;
    const broken = { ...site, agency: { ...site.agency, email: null as unknown as string } };
    await expect(
      acceptContact({ db: server.services.db, config, site: broken }, contactFormSchema.parse(toFormFields(contact, contactApiFields)), {
        ip: "127.0.0.1",
      }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it("a filled honeypot is answered as accepted and stored nowhere", async () => {
    const before = await counts();
    const res = await post("/api/contacts", { ...contact, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect((await res.json()).success).toBe(true);
    const lead = await post("/api/submit-lead", { ...productQuote, website: "buy-now" });
    expect((await lead.json()).reference).toMatch(/^L-/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a post from another site's page with 403 and stores nothing, as the pages' forms do", async () => {
    const before = await counts();
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Record<string, string>[]) {
      for (const [path, body] of [
        ["/api/contacts", contact],
        ["/api/submit-lead", productQuote],
      ] as const) {
        const res = await post(path, body, headers);
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await res.json()).toEqual({ success: false, message: postMessages.crossSite });
      }
    }
    expect(await counts()).toEqual(before);
    const ours = await post("/api/contacts", { ...contact, email: "own.page@example.com" }, { origin: server.url });
    expect(ours.status).toBe(201);
  });

  it("line breaks in free text cannot add mail headers (one-line fields refuse them: visitor-input.test.ts)", async () => {
    const smtpBefore = smtp.received.length;
    const evil = {
      ...contact,
      email: "eve@example.com",
      fullName: "Eve Bcc: attacker@evil.example",
      insuranceType: "Boats Bcc: attacker@evil.example Subject: hi",
      message: "Hello there\r\nBcc: attacker@evil.example\r\n\r\nbody",
    };
    const res = await post("/api/contacts", evil);
    expect(res.status).toBe(201);
    expect((await post("/api/contacts", { ...evil, fullName: "Eve\r\nBcc: attacker@evil.example" })).status).toBe(400);
    const got = await waitFor(() => smtp.received.length >= smtpBefore + 2 && smtp.received.slice(smtpBefore), 10_000, "mails");
    for (const mail of got) {
      const headers = mail.raw.split(/\r?\n\r?\n/)[0];
      expect(headers).not.toMatch(/^bcc:/im);
      expect(mail.to).not.toContain("attacker@evil.example");
      expect(mail.subject).not.toContain("hi");
    }
  });

  it("POST /api/submit-lead stores a product-page quote with its exact type fields and returns a reference after commit", async () => {
    const res = await post("/api/submit-lead", { ...productQuote, utm: { utm_source: "google", utm_campaign: "trucking" } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      reference: expect.stringMatching(/^L-[2-9A-HJ-NP-Z]{6}$/),
      callBackBy: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      callBackNotice: expect.toBeOneOf([null, expect.any(String)]),
    });
    const [row] = await server.services.db.select().from(leads).where(eq(leads.reference, body.reference));
    expect(row).toMatchObject({
      leadType: "product_page_quote",
      submissionType: "Product Page Quote Request",
      source: "Product Page Quote Form",
      service: "Commercial Trucking Insurance",
      utm: { utm_source: "google", utm_campaign: "trucking" },
    });
    expect(row.payload).toMatchObject({
      name: productQuote.name,
      serviceType: productQuote.serviceType,
      submissionDate: productQuote.submissionDate,
    });
    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, row.id));
    expect(mails.find((m) => m.kind === "agency_notification")?.subject).toBe("Quote Request for Commercial Trucking Insurance");
  });

  it("refuses an unknown leadType, a wrong submissionType and a missing field with 400", async () => {
    const unknown = await post("/api/submit-lead", { ...productQuote, leadType: "space_insurance" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.leadType).toMatch(/leadType must be one of: product_page_quote/);
    const wrong = await post("/api/submit-lead", { ...productQuote, source: "Somewhere" });
    expect((await wrong.json()).errors.source).toBe('source must be "Product Page Quote Form"');
    const missing = await post("/api/submit-lead", { ...productQuote, message: "" });
    expect((await missing.json()).errors.message).toBe("Please tell us what you need covered (minimum 10 characters)");
  });

  it("POST /api/sms-consent keeps a 10DLC-grade consent record", async () => {
    const res = await post(
      "/api/sms-consent",
      {
        name: "Kim Tran",
        email: "kim@tran-properties.example",
        phone: "512-555-0188",
        smsConsent: "Yes",
        consentVersion: smsConsent.version,
        pageUrl: "http://localhost:3000/sms-consent",
      },
      { "user-agent": "Mozilla/5.0 test" },
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: formMessages.smsConsent.success });
    const [row] = await server.services.db.select().from(consentRecords).where(eq(consentRecords.email, "kim@tran-properties.example"));
    expect(row).toMatchObject({
      sourceForm: "sms_consent_form",
      consented: true,
      userAgent: "Mozilla/5.0 test",
      pageUrl: "http://localhost:3000/sms-consent",
      consentVersion: smsConsent.version,
    });
    expect(row.ip).toBeTruthy();
    expect(row.consentText).toContain("Msg & data rates may apply");
    // The hash covers every field: recomputing it from the stored row gives the same value.
    const values = {
      channel: row.channel,
      sourceForm: row.sourceForm,
      name: row.name,
      email: row.email,
      phone: row.phone,
      consented: row.consented,
      consentText: row.consentText,
      consentVersion: row.consentVersion,
      pageUrl: row.pageUrl,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    };
    const canonical = JSON.stringify(Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
    expect(row.recordHash).toBe(createHash("sha256").update(canonical).digest("hex"));
    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.consentRecordId, row.id));
    expect(mails.find((m) => m.kind === "agency_notification")?.subject).toBe("SMS Consent Form Submission");

    const refused = await post("/api/sms-consent", {
      name: "Kim Tran",
      email: "kim@example.com",
      phone: "512-555-0188",
      smsConsent: "No",
      consentVersion: smsConsent.version,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.smsConsent).toBe("Please agree to receive SMS messages");
  });

  it("sends one address at most three auto-replies a day, while the agency hears of every submission", async () => {
    const email = "flood-target@example.com";
    for (let i = 0; i < 4; i++) expect((await post("/api/contacts", { ...contact, email })).status).toBe(201);
    const rows = await server.services.db.select().from(mailOutbox);
    const replies = rows.filter((m) => m.kind === "visitor_autoreply" && m.toAddress === email);
    const notices = rows.filter((m) => m.kind === "agency_notification" && m.replyTo === email);
    expect(replies).toHaveLength(3);
    expect(notices).toHaveLength(4);
  });

  it("refuses a consent whose wording version is not the one shown now", async () => {
    const res = await post("/api/sms-consent", {
      name: "Kim Tran",
      email: "kim2@example.com",
      phone: "512-555-0188",
      smsConsent: "Yes",
      consentVersion: "sms-consent-2019-01-01",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.consentVersion).toMatch(/reload the page/);
  });

  it("answers 415 for a body that is not JSON and 400 for broken JSON", async () => {
    const form = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=b",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).success).toBe(false);
    const broken = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("The request body is not valid JSON.");
  });

  it("stores a lone surrogate sent as a JSON escape (\\ud800) as U+FFFD, as UTF-8 would carry it, instead of failing with 500", async () => {
    const email = "lone-surrogate@whitfield-roofing.example";
    // JSON.stringify writes each lone surrogate as its \u escape.
    const res = await post("/api/contacts", {
      ...contact,
      email,
      fullName: "Dana \uD800 Whitfield",
      message: "We need GL with a waiver of subrogation \uDC00 for a school job.",
      utm: { "utm_\uDBFFsource": "news\uD800letter" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [lead] = await server.services.db.select().from(leads).where(eq(leads.email, email));
    expect(lead.name).toBe("Dana \uFFFD Whitfield");
    expect(lead.message).toBe("We need GL with a waiver of subrogation \uFFFD for a school job.");
    expect(lead.utm).toEqual({ "utm_\uFFFDsource": "news\uFFFDletter" });
  });
});

describe("rate limits on public forms", () => {
  it("behind a trusted proxy count the address the proxy saw, not one the client wrote", async () => {
    const server = await startTestServer("pglite", { TRUST_PROXY: "true", RATE_LIMIT_FORMS_MAX: "2" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.url}/api/contacts`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.0.0.${i}, 203.0.113.7` },
          body: JSON.stringify({ ...contact, email: `p${i}@example.com` }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const [lead] = await server.services.db.select().from(leads).where(eq(leads.email, "p0@example.com"));
      expect(lead.ip).toBe("203.0.113.7");
    } finally {
      await server.close();
    }
  });

  it("answer 429 with a JSON message and Retry-After past the limit", async () => {
    const server = await startTestServer("pglite", { RATE_LIMIT_FORMS_MAX: "3", RATE_LIMIT_FORMS_WINDOW_MINUTES: "10" });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${server.url}/api/contacts`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...contact, email: `r${i}@example.com` }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = await last!.json();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/Too many submissions/);
    } finally {
      await server.close();
    }
  });
});
