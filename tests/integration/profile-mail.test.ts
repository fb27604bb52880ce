/**
 * Mail, the call-back clock and the back office follow the stored profile (Settings), live: after a
 * saved profile (another name, phone, email, hours per weekday, time zone, promise and closed days)
 * and the store read again, a new lead's auto-reply and notification (real SMTP) and the scheduled
 * escalation mail print the new values, the lead's due time counts the new office hours and skips its
 * closed days, and the back office names the new agency. AGENCY_INBOX and MAIL_FROM are unset, so
 * the inbox and the sender are the profile's.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "#db/schema";
import type { AgencyProfile } from "../../app/content/site-facts";
import { defaultProfile } from "../../app/content/site-profile";
import { contactApiFields, toFormFields } from "../../app/features/leads/api-fields";
import { acceptContact, newReference } from "../../app/features/leads/leads.server";
import { contactFormSchema } from "../../app/features/leads/schema";
import { saveProfile } from "../../app/features/settings/site.server";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { htmlPart, plainText, type ReceivedMail, startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const saved: AgencyProfile = {
  ...defaultProfile,
  name: "Bluebonnet Commercial Insurance",
  shortName: "Bluebonnet Insurance",
  phone: "(737) 555-0199",
  email: "office@bluebonnet.example",
  hours: {
    monday: { opens: "08:00", closes: "16:00" },
    tuesday: { opens: "08:00", closes: "16:00" },
    wednesday: { opens: "08:00", closes: "16:00" },
    thursday: { opens: "08:00", closes: "16:00" },
    friday: { opens: "08:00", closes: "12:00" },
    saturday: null,
    sunday: null,
  },
  timeZone: "America/Denver",
  contactMinutes: 45,
  closedDays: ["2025-12-25", "2025-12-26"],
};

const HOURS = "Monday - Thursday, 8:00 AM - 4:00 PM; Friday, 8:00 AM - 12:00 PM Mountain Time";

const kindOf = (mail: ReceivedMail) => /^X-Mail-Kind:\s*(\S+)/im.exec(mail.raw.split(/\r?\n\r?\n/)[0])?.[1] ?? null;
const header = (mail: ReceivedMail, name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(mail.raw.split(/\r?\n\r?\n/)[0])?.[1];
/** The mail's plain text on one line (long lines are folded). */
const textOf = (mail: ReceivedMail) => plainText(mail.raw).replace(/\s+/g, " ");

describe.each(databaseKinds)("mail and the call-back clock from the stored profile on %s", (kind) => {
  let server: Server;
  let smtp: Smtp;

  const db = () => server.services.db;
  const facts = () => server.services.site.current().facts;
  const mailsTo = (address: string, mailKind: string) => smtp.received.filter((m) => kindOf(m) === mailKind && m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: "100",
      RATE_LIMIT_FORMS_MAX: "1000",
      // The lead clock's job runs often: the escalation below is the scheduler's, written with the store's facts.
      LEAD_SWEEP_INTERVAL_MS: "200",
    });
    await saveProfile(db(), saved, null);
    await server.services.site.reload();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("a new lead's auto-reply and notification name the saved agency, phone, hours and time zone, sent from and to its email", async () => {
    const email = `visitor.${kind}@profile-mail.example`;
    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ fullName: "Rosa Vega", email })),
    });
    expect(res.status).toBe(201);
    const [autoReply] = await waitFor(
      () => {
        const found = mailsTo(email, "visitor_autoreply");
        return found.length ? found : undefined;
      },
      20_000,
      "the auto-reply",
    );
    const text = textOf(autoReply);
    expect(header(autoReply, "Subject")).toBe("Thank you for contacting Bluebonnet Commercial Insurance");
    expect(text).toContain("Thank you for contacting Bluebonnet Commercial Insurance. We have received your message.");
    expect(text).toContain(`A licensed agent will contact you within 45 minutes during office hours (${HOURS}).`);
    expect(text).toContain("If it can't wait, call us at (737) 555-0199.");
    expect(text).toContain("Bluebonnet Commercial Insurance (737) 555-0199 · office@bluebonnet.example");
    expect(text).not.toContain("555-0142");
    expect(text).not.toContain("Central");
    expect(htmlPart(autoReply.raw)).toContain("Bluebonnet Commercial Insurance</div>");
    // The sender is the profile's (MAIL_FROM unset).
    expect(autoReply.from).toBe("office@bluebonnet.example");
    expect(header(autoReply, "From")).toBe("Bluebonnet Commercial Insurance <office@bluebonnet.example>");

    // The notification goes to the profile's email (AGENCY_INBOX unset), its arrival time in the office's zone.
    const notification = await waitFor(
      () => smtp.received.find((m) => kindOf(m) === "agency_notification" && textOf(m).includes(email)),
      20_000,
      "the notification",
    );
    expect(notification.to).toEqual(["office@bluebonnet.example"]);
    expect(textOf(notification)).toMatch(/Received: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M M[SD]T/);

    // The lead's due time counts the saved promise, 45 minutes of the saved office hours.
    const [lead] = await db().select({ receivedAt: leads.receivedAt, dueAt: leads.dueAt }).from(leads).where(eq(leads.email, email));
    const answer = await res.json();
    expect(answer.callBackBy).toBe(lead.dueAt?.toISOString());
    expect((lead.dueAt?.getTime() ?? 0) - lead.receivedAt.getTime()).toBeGreaterThanOrEqual(45 * 60_000);
  });

  it("closed days move a lead's due time to the next open day, and the visitor is told when, in the office's zone", async () => {
    const config = server.services.config;
    const lead = (email: string, now: Date, site = facts()) =>
      acceptContact(
        { db: db(), config, site, now: () => now },
        contactFormSchema.parse(toFormFields(contactBody({ fullName: "Holly Day", email }), contactApiFields)),
        {},
      );
    // Wednesday 2025-12-24, 3:50 PM Mountain (UTC-7): 10 minutes that day; Thursday and Friday are closed
    // days, then the weekend: the other 35 on Monday from 8 AM.
    const wednesday = new Date("2025-12-24T22:50:00Z");
    const closed = await lead(`closed.${kind}@profile-mail.example`, wednesday);
    expect(closed.dueAt).toEqual(new Date("2025-12-29T15:35:00Z"));
    expect(closed.callBackNotice).toBe("Our office closes soon, so expect our call by Monday at 8:35 AM Mountain.");
    // The same arrival without the closed days is due on Thursday morning.
    const open = await lead(`open.${kind}@profile-mail.example`, wednesday, { ...facts(), closedDays: [] });
    expect(open.dueAt).toEqual(new Date("2025-12-25T15:35:00Z"));
    expect(open.callBackNotice).toBe("Our office closes soon, so expect our call by tomorrow at 8:35 AM Mountain.");

    const [row] = await db()
      .select({ escalateAt: leads.escalateAt, dueAt: leads.dueAt })
      .from(leads)
      .where(eq(leads.email, `closed.${kind}@profile-mail.example`));
    // The escalation (LEAD_ESCALATE_AFTER_MINUTES, 20) on the same clock: 10 minutes Wednesday, 10 Monday.
    expect(row).toEqual({ escalateAt: new Date("2025-12-29T15:10:00Z"), dueAt: new Date("2025-12-29T15:35:00Z") });
    // Their times are past: answered, so the lead clock leaves them alone.
    await db()
      .update(leads)
      .set({ status: "contacted" })
      .where(inArray(leads.id, [closed.leadId, open.leadId] as string[]));

    server.services.mail.nudge();
    const [reply] = await waitFor(
      () => {
        const found = mailsTo(`closed.${kind}@profile-mail.example`, "visitor_autoreply");
        return found.length ? found : undefined;
      },
      20_000,
      "the closed-day auto-reply",
    );
    expect(textOf(reply)).toContain("Our office closes soon, so expect our call by Monday at 8:35 AM Mountain.");
  });

  it("the scheduled escalation mail is written with the saved name and time zone, to the saved inbox", async () => {
    const reference = newReference();
    await db()
      .insert(leads)
      .values({
        reference,
        leadType: "contact_form",
        submissionType: "Contact Form Submission",
        source: "Website Contact Form",
        name: "Sam Overdue",
        email: `sweep.${kind}@profile-mail.example`,
        phone: "(737) 555-0100",
        service: "Commercial Auto",
        payload: {},
        receivedAt: new Date("2026-03-02T16:00:00Z"),
        escalateAt: sql`now() - interval '1 minute'` as unknown as Date,
        dueAt: sql`now() + interval '1 hour'` as unknown as Date,
      });
    const escalation = await waitFor(
      () => smtp.received.find((m) => kindOf(m) === "lead_escalation" && textOf(m).includes(reference)),
      20_000,
      "the escalation mail",
    );
    expect(escalation.to).toEqual(["office@bluebonnet.example"]);
    // 16:00 UTC on 2 March 2026 is 9:00 AM Mountain Standard Time.
    expect(textOf(escalation)).toContain("Arrived: Mar 2, 2026, 9:00 AM MST");
    expect(htmlPart(escalation.raw)).toContain("Bluebonnet Commercial Insurance</div>");
  });

  it("the back office names the saved agency", async () => {
    const page = await (await fetch(`${server.url}/admin/login`)).text();
    expect(page).toContain("Bluebonnet Commercial Insurance");
    expect(page).not.toContain(">Hill Country Commercial Insurance<");
  });
});
