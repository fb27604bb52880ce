/**
 * Mail that could not be delivered, on a real server and database: an SMTP server that refuses every
 * recipient makes a lead's mail go dead; the dashboard's loader and the API list it with its error
 * and lead; the inbox marks the lead; Retry, posted as the dashboard's own form, sends it once to a
 * real SMTP server, however many times it is clicked.
 */
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, leads, mailOutbox } from "#db/schema";
import { mailFailureMessages } from "../../app/features/mail/messages";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { contactBody } from "../support/lead-fixtures";
import { startTestServer } from "../support/server";
import { freePort, startSmtp, waitFor } from "../support/smtp";

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Failure = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  state: string;
  attempts: number;
  lastError: string;
  lead: { id: string; reference: string; name: string } | null;
  retryable: boolean;
};

/** An SMTP server that answers every recipient with a permanent refusal. */
async function startRefusingSmtp(port: number) {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error("Mailbox unavailable at the agency's provider"), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(databaseKinds)("mail that could not be delivered on %s", (kind) => {
  let server: Server;
  let cookie: string;
  let smtpPort: number;
  let refusing: Awaited<ReturnType<typeof startRefusingSmtp>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let lead: { id: string; reference: string; name: string };
  let notification: { id: string; messageId: string };
  let autoreply: { id: string; messageId: string };

  const api = (path: string, init: RequestInit = {}, withCookie = true) =>
    fetch(`${server.url}${path}`, {
      redirect: "manual",
      ...init,
      headers: { ...(withCookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
    });
  /** The dashboard's Retry form, as a browser without scripts posts it. */
  const postRetryForm = (id: string, extra: Record<string, string> = {}, withCookie = true) =>
    api(
      "/admin/dashboard",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...extra },
        body: new URLSearchParams({ intent: "retry-mail", id }).toString(),
      },
      withCookie,
    );
  const rowOf = async (id: string) => (await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  beforeAll(async () => {
    smtpPort = await freePort();
    refusing = await startRefusingSmtp(smtpPort);
    server = await startTestServer(kind, {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_MAX_ATTEMPTS: "1",
      MAIL_POLL_INTERVAL_MS: "100",
      MAIL_RETRY_BASE_MS: "50",
      RATE_LIMIT_FORMS_MAX: "1000",
    });
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);

    const res = await fetch(`${server.url}/api/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(contactBody({ fullName: "Dana Whitfield" })),
    });
    expect(res.status).toBe(201);
    const [row] = await server.services.db
      .select({ id: leads.id, reference: leads.reference, name: leads.name })
      .from(leads)
      .where(eq(leads.leadType, "contact_form"));
    lead = row;
    // Every mail of the lead is refused once, and with one attempt allowed it is given up on.
    const mails = await waitFor(
      async () => {
        const rows = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, lead.id));
        return rows.length > 0 && rows.every((r) => r.status === "dead") && rows;
      },
      15_000,
      "the lead's mail to be dead",
    );
    const note = mails.find((m) => m.kind === "agency_notification");
    if (!note) throw new Error("the contact form queued no agency notification");
    notification = { id: note.id, messageId: note.messageId };
    const reply = mails.find((m) => m.kind === "visitor_autoreply");
    if (!reply) throw new Error("the contact form queued no auto-reply");
    autoreply = { id: reply.id, messageId: reply.messageId };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await refusing?.close();
    await smtp?.close();
  });

  it("lists the dead mail with its error and its lead (GET /api/admin/mail-failures)", async () => {
    const res = await api("/api/admin/mail-failures");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: Failure[] };
    expect(body.success).toBe(true);
    const item = body.data.find((f) => f.id === notification.id);
    expect(item).toMatchObject({
      kind: "agency_notification",
      state: "dead",
      attempts: 1,
      retryable: true,
      lead: { id: lead.id, reference: lead.reference, name: "Dana Whitfield" },
    });
    expect(item?.lastError).toMatch(/Mailbox unavailable/);
    expect(item?.lastError.length).toBeLessThanOrEqual(300);
  });

  it("refuses the list without a session", async () => {
    const res = await api("/api/admin/mail-failures", {}, false);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("marks the lead whose notification is dead in the inbox list and the lead's detail", async () => {
    const list = (await (await api("/api/leads")).json()) as { data: { _id: string; notificationFailed: boolean }[] };
    expect(list.data.find((l) => l._id === lead.id)?.notificationFailed).toBe(true);
    const detail = (await (await api(`/api/leads/${lead.id}`)).json()) as { data: { notificationFailed: boolean } };
    expect(detail.data.notificationFailed).toBe(true);
  });

  it("shows the panel's data through the dashboard's loader, and only to a signed-in admin", async () => {
    const page = await api("/admin/dashboard");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(notification.id);
    expect(html).toContain(lead.reference);

    const anonymous = await api("/admin/dashboard", {}, false);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");
    const stale = await fetch(`${server.url}/admin/dashboard`, { redirect: "manual", headers: { cookie: "admin_session=not-a-session" } });
    expect(stale.status).toBe(302);
  });

  it("refuses a Retry without a session, from another site, or with a bad id", async () => {
    const anonymous = await postRetryForm(notification.id, {}, false);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login");
    // Another site's page: React Router refuses a foreign Origin itself (400); without an Origin header,
    // the browser's Sec-Fetch-Site reaches the action, which refuses it (403).
    expect([400, 403]).toContain((await postRetryForm(notification.id, { origin: "https://evil.example" })).status);
    const crossSite = await api("/admin/dashboard", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ intent: "retry-mail", id: notification.id }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(mailFailureMessages.crossSite);
    expect((await postRetryForm("not-a-uuid")).status).toBe(400);
    expect((await postRetryForm("5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11")).status).toBe(404);
    expect((await rowOf(notification.id)).status).toBe("dead");
  });

  it("retries the notification to a real SMTP server once, however many times Retry is clicked", async () => {
    await refusing?.close();
    refusing = undefined;
    smtp = await startSmtp(smtpPort);
    const received = smtp.received;

    // Two clicks at once (two tabs, or two admins): one queues it, the other is told it already is.
    const answers = await Promise.all([postRetryForm(notification.id), postRetryForm(notification.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);

    await waitFor(() => received.some((m) => m.messageId === notification.messageId), 10_000, "the retried notification");
    await waitFor(async () => (await rowOf(notification.id)).status === "sent", 5_000, "the row to be recorded as sent");
    // A third click after delivery queues nothing.
    expect((await postRetryForm(notification.id)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 600));
    expect(received.filter((m) => m.messageId === notification.messageId)).toHaveLength(1);

    const row = await rowOf(notification.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, transport: "smtp" });

    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "mail_retried"), eq(auditEvents.targetId, notification.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ adminEmail: "admin@agency.example", targetType: "mail" });
    expect(audits[0].detail).toMatchObject({ kind: "agency_notification", previousStatus: "dead", leadId: lead.id });

    // The mark on the lead is gone, and the mail is no longer listed.
    const detail = (await (await api(`/api/leads/${lead.id}`)).json()) as { data: { notificationFailed: boolean } };
    expect(detail.data.notificationFailed).toBe(false);
    const list = (await (await api("/api/admin/mail-failures")).json()) as { data: Failure[] };
    expect(list.data.some((f) => f.id === notification.id)).toBe(false);
  });

  it("retries through the API for API clients (POST /api/admin/mail/:id/retry)", async () => {
    const retry = (id: string, withCookie = true, headers: Record<string, string> = {}) =>
      api(`/api/admin/mail/${id}/retry`, { method: "POST", headers }, withCookie);
    expect((await retry(notification.id, false)).status).toBe(401);
    expect((await retry("nope")).status).toBe(400);
    expect((await retry("5f0c7a1e-9a53-4c1b-8d55-0d6f3f2b8e11")).status).toBe(404);
    // Delivered already: nothing to retry.
    const done = await retry(notification.id);
    expect(done.status).toBe(409);
    expect(await done.json()).toMatchObject({ success: false, message: "That mail is already queued or delivered." });
    expect((await retry(autoreply.id, true, { origin: "https://evil.example" })).status).toBe(403);
    const res = await retry(autoreply.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { _id: autoreply.id, status: "pending" } });
    const messageId = autoreply.messageId;
    await waitFor(() => smtp?.received.some((m) => m.messageId === messageId), 10_000, "the retried auto-reply");
    expect(smtp?.received.filter((m) => m.messageId === messageId)).toHaveLength(1);
  });
});
