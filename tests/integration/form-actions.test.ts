/**
 * The public forms posted as a browser without scripts posts them (URL-encoded, to the page itself),
 * on the built server and a real database: each is stored as its JSON endpoint stores it and answered
 * in the page; the honeypot, the rate limit shared with the JSON endpoint, the body limit, the media
 * type and the same-site check apply as they do on the API.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, jobApplications, leads } from "#db/schema";
import { defaultSite } from "../../app/content/site-profile";
import { smsConsent as smsConsentOf } from "../../app/content/sms-consent";
import { careerMessages } from "../../app/features/jobs/careers-messages";
import { createJob } from "../../app/features/jobs/jobs.server";
import { formMessages } from "../../app/features/leads/messages";
import { fieldMessages } from "../../app/lib/field-rules";
import { postMessages } from "../../app/lib/post-messages";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";

/** The SMS consent wording of the first-run profile, which the test server starts with. */
const smsConsent = smsConsentOf(defaultSite);

type Server = Awaited<ReturnType<typeof startTestServer>>;

const contactForm = (over: Record<string, string> = {}) => ({
  name: "Dana Whitfield",
  email: "dana@whitfield-roofing.example",
  phone: "(512) 555-0199",
  insuranceType: "Contractors Insurance",
  otherInsurance: "",
  message: "We are a 12-person roofing crew and need GL with a waiver of subrogation.",
  smsConsent: "on",
  website: "",
  ...over,
});

/** The HTML escapes of the texts the page shows. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/</g, "&lt;");

let ipCount = 0;
/** Each test from its own address, so the rate limit counts only its own posts. */
const freshIp = () => `198.51.100.${++ipCount}`;

describe.each(databaseKinds)("public forms posted without scripts on %s", (kind) => {
  let server: Server;

  /** A form as the browser posts it from the page at `path`. */
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}, ip = freshIp()) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        referer: `${server.url}${path}`,
        "user-agent": "no-script-browser/1.0",
        "x-forwarded-for": ip,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const leadsBy = (email: string) => server.services.db.select().from(leads).where(eq(leads.email, email));
  const totals = async () => {
    const [l] = await server.services.db.select({ n: count() }).from(leads);
    const [c] = await server.services.db.select({ n: count() }).from(consentRecords);
    return { leads: l.n, consents: c.n };
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "4", TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("/contact stores the message with its consent record and answers with the success text in the page", async () => {
    const email = `contact.${kind}@form-actions.example`;
    const res = await post("/contact", contactForm({ email }));
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(html(formMessages.contact.success));
    expect(page).toMatch(/role="status"/);
    const [lead] = await leadsBy(email);
    expect(lead).toMatchObject({
      leadType: "contact_form",
      source: "Website Contact Form",
      name: "Dana Whitfield",
      phone: "(512) 555-0199",
      service: "Contractors Insurance",
      ip: `198.51.100.${ipCount}`,
      userAgent: "no-script-browser/1.0",
      pageUrl: `${server.url}/contact`,
    });
    expect(lead.payload).toMatchObject({ fullName: "Dana Whitfield", phoneNumber: "(512) 555-0199", smsConsent: true });
    const [consent] = await server.services.db.select().from(consentRecords).where(eq(consentRecords.id, lead.consentRecordId!));
    expect(consent).toMatchObject({ sourceForm: "contact_form", consented: true });
  });

  it('/contact stores the visitor\'s own words for "Other", and requires them', async () => {
    const email = `other.${kind}@form-actions.example`;
    const missing = await post("/contact", contactForm({ email, insuranceType: "Other" }));
    expect(missing.status).toBe(400);
    const page = await missing.text();
    expect(page).toContain(html(fieldMessages.otherInsurance));
    // A form refused for its fields says so (the spec's validation text), not that sending failed.
    expect(page).toContain(html(postMessages.invalid));
    expect(page).not.toContain(html(formMessages.contact.failure));
    expect(await leadsBy(email)).toHaveLength(0);
    expect((await post("/contact", contactForm({ email, insuranceType: "Other", otherInsurance: "Boat dealership" }))).status).toBe(200);
    expect((await leadsBy(email))[0].service).toBe("Boat dealership");
  });

  it("/contact refuses an invalid form with each field's message beside it and the values kept", async () => {
    const before = await totals();
    const res = await post("/contact", contactForm({ name: "", email: "dana@", phone: "555", smsConsent: "", message: "short" }));
    expect(res.status).toBe(400);
    const page = await res.text();
    for (const message of [fieldMessages.name, fieldMessages.email, fieldMessages.phone, fieldMessages.message, fieldMessages.smsConsent]) {
      expect(page).toContain(html(message));
    }
    expect(page).toMatch(/<input[^>]*id="contact-email"[^>]*value="dana@"/);
    expect(page).toMatch(/<textarea[^>]*id="contact-message"[^>]*>short<\/textarea>/);
    expect(page).toMatch(/<option value="Contractors Insurance" selected="">/);
    expect(await totals()).toEqual(before);
  });

  it("/sms-consent keeps the consent record with the wording's version", async () => {
    const email = `sms.${kind}@form-actions.example`;
    const res = await post("/sms-consent", {
      name: "Kim Tran",
      email,
      phone: "512-555-0188",
      smsConsent: "on",
      consentVersion: smsConsent.version,
      website: "",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(formMessages.smsConsent.success));
    const [record] = await server.services.db.select().from(consentRecords).where(eq(consentRecords.email, email));
    expect(record).toMatchObject({
      sourceForm: "sms_consent_form",
      consented: true,
      consentVersion: smsConsent.version,
      phone: "512-555-0188",
    });
  });

  it("a landing page's quote is stored with the page's lead type", async () => {
    const email = `hoa.${kind}@form-actions.example`;
    const res = await post("/hoa-insurance", {
      name: "Marisol Ortega",
      phone: "(512) 555-0123",
      email,
      hoaType: "Townhome",
      coverageNeeded: "D&O Liability",
      numberOfUnits: "",
      website: "",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(formMessages.landingQuote.success));
    const [lead] = await leadsBy(email);
    expect(lead).toMatchObject({ leadType: "hoa_quote_landing", source: "HOA Landing Page" });
    expect(lead.payload).toMatchObject({ hoaType: "Townhome", coverageNeeded: "D&O Liability" });

    const refused = await post("/hoa-insurance", {
      name: "Marisol Ortega",
      phone: "(512) 555-0123",
      email,
      hoaType: "",
      coverageNeeded: "",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/<dialog[^>]*id="quote-dialog"[^>]*open=""/);
    expect(page).toContain("Please select your HOA type");
  });

  it("takes the same forms as the data requests the pages send once scripts run, with or without a trailing slash", async () => {
    for (const path of ["/hoa-insurance.data", "/hoa-insurance/_.data"]) {
      const email = `data${path.length}.${kind}@form-actions.example`;
      const res = await post(path, {
        name: "Marisol Ortega",
        phone: "(512) 555-0123",
        email,
        hoaType: "Townhome",
        coverageNeeded: "Full Package",
        pageUrl: `${server.url}/hoa-insurance?utm_source=google`,
        utm_source: "google",
      });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(formMessages.landingQuote.success.slice(0, 20));
      const [lead] = await leadsBy(email);
      expect(lead, path).toMatchObject({ leadType: "hoa_quote_landing", utm: { utm_source: "google" } });
    }
  });

  it("a product page's side quote is stored with the page's service type", async () => {
    const email = `product.${kind}@form-actions.example`;
    const res = await post("/insurance/commercial-trucking", {
      name: "Luis Ortega",
      email,
      phone: "512-555-0123",
      message: "Two tractors, one flatbed trailer, interstate, need a BMC-91X filing.",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(formMessages.sideQuote.success));
    const [lead] = await leadsBy(email);
    expect(lead).toMatchObject({ leadType: "product_page_quote", submissionType: "Product Page Quote Request" });
    expect(lead.payload).toMatchObject({ serviceType: "Commercial Trucking Insurance" });
  });

  it("/careers stores an application for an open job, and refuses one for a job that is gone", async () => {
    const job = await createJob(server.services.db, {
      title: "Account Manager",
      description: "Service commercial accounts.",
      type: "Full-time",
      workType: "Remote",
      location: "Liberty Hill, TX",
    });
    const email = `applicant.${kind}@form-actions.example`;
    const res = await post("/careers", { jobId: job._id, name: "Priya Raman", email, coverLetter: "", website: "" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(careerMessages.success));
    const rows = await server.services.db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, job._id), eq(jobApplications.email, email)));
    expect(rows).toHaveLength(1);
    const gone = await post("/careers", { jobId: "5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11", name: "Priya Raman", email, website: "" });
    expect(gone.status).toBe(404);
  });

  it("a filled honeypot is answered like a success and stored nowhere", async () => {
    const before = await totals();
    const res = await post("/contact", contactForm({ email: `bot.${kind}@form-actions.example`, website: "http://spam.example" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(html(formMessages.contact.success));
    expect(await totals()).toEqual(before);
  });

  it("refuses a form from another site (403), one too large (413) and one not URL-encoded (415), storing nothing", async () => {
    const before = await totals();
    // Another site's Origin is refused before any action runs; without an Origin, the browser's
    // Sec-Fetch-Site reaches the action, which refuses it.
    const foreign = await post("/contact", contactForm(), { origin: "https://evil.example" });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(await foreign.text()).not.toContain(html(formMessages.contact.success));
    const crossSite = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", "x-forwarded-for": freshIp() },
      body: new URLSearchParams(contactForm()).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(html(postMessages.crossSite));
    const large = await post("/contact", contactForm({ message: "x".repeat(70_000) }));
    expect(large.status).toBe(413);
    expect(await large.text()).toContain(html(postMessages.tooLarge));
    const json = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: server.url, "x-forwarded-for": freshIp() },
      body: new URLSearchParams(contactForm()).toString(),
    });
    expect(json.status).toBe(415);
    expect(await json.text()).toContain(html(postMessages.notAForm));
    expect(await totals()).toEqual(before);
  });

  it("shares the address's rate limit with the JSON endpoint", async () => {
    const ip = freshIp();
    const api = (email: string) =>
      fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify(contactBody({ email })),
      });
    // The limit is 4 per window: two through the API, two through the page.
    expect((await api(`limit1.${kind}@form-actions.example`)).status).toBe(201);
    expect((await post("/contact", contactForm({ email: `limit2.${kind}@form-actions.example` }), {}, ip)).status).toBe(200);
    expect((await api(`limit3.${kind}@form-actions.example`)).status).toBe(201);
    expect((await post("/contact", contactForm({ email: `limit4.${kind}@form-actions.example` }), {}, ip)).status).toBe(200);
    const page = await post("/contact", contactForm({ email: `limit5.${kind}@form-actions.example` }), {}, ip);
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await page.text()).toContain("Too many submissions from your network");
    expect((await api(`limit6.${kind}@form-actions.example`)).status).toBe(429);
    expect(await leadsBy(`limit5.${kind}@form-actions.example`)).toHaveLength(0);
  });
});
