/**
 * Texting's rules on the database (docs/decisions/064): whether a number may be texted (its consent
 * evidence and its latest STOP or START), queuing texts through the outbox in the caller's
 * transaction, the gate every text passes just before it goes (consent again, quiet hours), the
 * lead screen's conversation and the delivery statuses Twilio reports.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers, consentRecords, leadActivity, leads, mailOutbox, type OutboxMail, smsOptEvents } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { type Config, textingOn } from "~/env.server";
import { enqueueText, type Gate, mailDomain } from "~/features/mail/outbox.server";
import { zoneOfPhone } from "~/lib/area-codes";
import { quietUntil } from "~/lib/quiet-hours";
import { smsMessages } from "./messages";

type Db = Pick<Database, "select" | "insert" | "update" | "execute">;

/** The kinds of text that go to a lead or a visitor: each needs their consent standing when it goes. */
export const LEAD_TEXT_KINDS = ["text_instant_reply", "text_staff_reply"] as const;
export type TextSettings = Pick<Config, "SMS_QUIET_START" | "SMS_QUIET_END" | "SITE_URL"> & Parameters<typeof textingOn>[0];

/** The last ten digits of a number as typed or in E.164: how a US number is matched whatever its spelling. */
const tenDigits = (phone: string) => phone.replace(/\D/g, "").slice(-10);
/** The same for a column, in SQL. */
const tenDigitsOf = (column: unknown) => sql`right(regexp_replace(${column}, '\\D', '', 'g'), 10)`;

export type TextConsent = "granted" | "revoked" | "none";

/**
 * Whether `phone` (E.164) may get texts: "revoked" when its latest opt event is a STOP, "granted" when
 * it is a START or a consent record with the box ticked names the number, else "none".
 */
export async function textConsent(db: Pick<Database, "select">, phone: string): Promise<TextConsent> {
  const [latest] = await db
    .select({ kind: smsOptEvents.kind })
    .from(smsOptEvents)
    .where(eq(smsOptEvents.phone, phone))
    .orderBy(desc(smsOptEvents.createdAt), desc(smsOptEvents.id))
    .limit(1);
  if (latest?.kind === "revoked") return "revoked";
  if (latest?.kind === "opted_in") return "granted";
  const [record] = await db
    .select({ id: consentRecords.id })
    .from(consentRecords)
    .where(and(eq(consentRecords.consented, true), sql`${tenDigitsOf(consentRecords.phone)} = ${tenDigits(phone)}`))
    .limit(1);
  return record ? "granted" : "none";
}

/** When a text to `phone` queued at `now` may go: null now, else the end of its quiet hours. */
export function notBefore(settings: Pick<Config, "SMS_QUIET_START" | "SMS_QUIET_END">, site: SiteFacts, phone: string, now: Date) {
  return quietUntil(now, zoneOfPhone(phone, site.agency.hours.timezone), { start: settings.SMS_QUIET_START, end: settings.SMS_QUIET_END });
}

/**
 * The gate of the texting transport: a number that texted STOP gets nothing (staff replies and alerts
 * included), a lead's text needs consent standing, and a text in the recipient's quiet hours waits.
 */
export function textGate(db: Database, settings: Pick<Config, "SMS_QUIET_START" | "SMS_QUIET_END">, site: () => SiteFacts) {
  return async (mail: OutboxMail, now: Date): Promise<Gate> => {
    const consent = await textConsent(db, mail.toAddress);
    if (consent === "revoked") return { cancel: "The recipient texted STOP: texts to this number are stopped." };
    if ((LEAD_TEXT_KINDS as readonly string[]).includes(mail.kind) && consent !== "granted")
      return { cancel: "The recipient has not agreed to texts." };
    const until = notBefore(settings, site(), mail.toAddress, now);
    return until ? { hold: until } : null;
  };
}

/**
 * Queues a text in the caller's transaction when texting is on, to a number that may be texted
 * (`needsConsent` for a lead's texts); writes the lead's timeline entry for it. Null when nothing was
 * queued (texting off, no number, no consent).
 */
export async function queueText(
  tx: Db,
  deps: { config: TextSettings; site: SiteFacts; now?: Date },
  text: {
    kind: string;
    to: string | null;
    body: string;
    leadId?: string | null;
    consentRecordId?: string | null;
    needsConsent: boolean;
    author?: { adminId: string; adminName: string; adminEmail: string } | null;
  },
): Promise<{ id: string; heldUntil: Date | null } | null> {
  if (!textingOn(deps.config) || !text.to) return null;
  const consent = await textConsent(tx, text.to);
  if (consent === "revoked" || (text.needsConsent && consent !== "granted")) return null;
  const heldUntil = notBefore(deps.config, deps.site, text.to, deps.now ?? new Date());
  const id = await enqueueText(
    tx,
    { kind: text.kind, to: text.to, body: text.body, notBefore: heldUntil },
    { leadId: text.leadId, consentRecordId: text.consentRecordId, domain: mailDomain(deps.config) },
  );
  if (text.leadId && text.kind !== "text_staff_alert") {
    await tx.insert(leadActivity).values({
      leadId: text.leadId,
      kind: "text_sent",
      at: sql`clock_timestamp()`,
      adminId: text.author?.adminId ?? null,
      adminName: text.author?.adminName ?? null,
      adminEmail: text.author?.adminEmail ?? null,
      detail: { outboxId: id, body: text.body, to: text.to, instant: text.kind === "text_instant_reply" },
    });
  }
  return { id, heldUntil };
}

/**
 * Alerts by text to a colleague who added a mobile number and opted in (new leads given to them,
 * escalations): queued in the caller's transaction; nothing when texting is off or they did not opt in.
 */
export async function queueStaffAlert(
  tx: Db,
  deps: { config: TextSettings; site: SiteFacts },
  adminId: string | null,
  lead: { id: string; reference: string; name: string },
  what: "new_lead" | "escalation",
): Promise<boolean> {
  if (!adminId || !textingOn(deps.config)) return false;
  const [admin] = await tx
    .select({ phone: adminUsers.mobilePhone, on: adminUsers.smsAlerts, active: adminUsers.active })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  if (!admin?.on || !admin.active || !admin.phone) return false;
  const url = `${deps.config.SITE_URL}/admin/leads/${lead.id}`;
  const body =
    what === "new_lead"
      ? smsMessages.staffNewLead(lead.reference, lead.name, url)
      : smsMessages.staffEscalation(lead.reference, lead.name, url);
  const queued = await queueText(tx, deps, { kind: "text_staff_alert", to: admin.phone, body, leadId: lead.id, needsConsent: false });
  return queued !== null;
}

/** Twilio's delivery statuses, in the order a text moves through them. */
export const DELIVERY_STATUSES = ["queued", "accepted", "sending", "sent", "delivered", "failed", "undelivered"] as const;

/**
 * A status callback: the text Twilio names by its Message SID gets the status reported. A status that
 * arrives late (sent after delivered) does not move it back. False for an unknown SID or status.
 */
export async function recordDeliveryStatus(db: Pick<Database, "update">, messageSid: string, status: string): Promise<boolean> {
  if (!(DELIVERY_STATUSES as readonly string[]).includes(status)) return false;
  const rank = DELIVERY_STATUSES.indexOf(status as (typeof DELIVERY_STATUSES)[number]);
  const earlier = DELIVERY_STATUSES.slice(0, rank);
  const updated = await db
    .update(mailOutbox)
    .set({ deliveryStatus: status })
    .where(
      and(
        eq(mailOutbox.providerId, messageSid),
        eq(mailOutbox.channel, "sms"),
        earlier.length ? sql`(${mailOutbox.deliveryStatus} is null or ${mailOutbox.deliveryStatus} in ${earlier})` : sql`true`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return updated.length > 0;
}

/** Where each of a lead's texts stands, by outbox id: its status, or the carrier's word once it has one. */
export async function textStatuses(db: Pick<Database, "select">, outboxIds: string[]): Promise<Record<string, string>> {
  if (outboxIds.length === 0) return {};
  const rows = await db
    .select({ id: mailOutbox.id, status: mailOutbox.status, delivery: mailOutbox.deliveryStatus })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, outboxIds));
  return Object.fromEntries(
    rows.map((row) => [row.id, row.delivery ?? (row.status === "pending" || row.status === "sending" ? "waiting" : row.status)]),
  );
}

/** The lead screen's texting state for a lead: whether texting is on, and whether this lead may be texted. */
export type TextingState = { on: boolean; phone: string | null; consent: TextConsent };

export async function leadTexting(
  db: Pick<Database, "select">,
  config: Parameters<typeof textingOn>[0],
  lead: { phone: string },
  toE164: (phone: string) => string | null,
): Promise<TextingState> {
  const phone = toE164(lead.phone);
  if (!textingOn(config)) return { on: false, phone, consent: "none" };
  return { on: true, phone, consent: phone ? await textConsent(db, phone) : "none" };
}

/** The most recent lead whose phone is `phone`, or null. */
export async function latestLeadByPhone(db: Pick<Database, "select">, phone: string) {
  const [row] = await db
    .select({
      id: leads.id,
      reference: leads.reference,
      name: leads.name,
      assigneeId: leads.assigneeId,
      consentRecordId: leads.consentRecordId,
    })
    .from(leads)
    .where(sql`${tenDigitsOf(leads.phone)} = ${tenDigits(phone)}`)
    .orderBy(desc(leads.receivedAt))
    .limit(1);
  return row ?? null;
}

/**
 * An escalation by text: to the lead's owner when it has one who asked for alerts, else to every
 * active owner and admin who did (the mail goes to the agency inbox then).
 */
export async function queueEscalationAlerts(
  tx: Db,
  deps: { config: TextSettings; site: SiteFacts },
  lead: { id: string; reference: string; name: string },
  assigneeId: string | null,
): Promise<number> {
  if (!textingOn(deps.config)) return 0;
  if (assigneeId) return (await queueStaffAlert(tx, deps, assigneeId, lead, "escalation")) ? 1 : 0;
  const admins = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.active, true), eq(adminUsers.smsAlerts, true), inArray(adminUsers.role, ["owner", "admin"])));
  let queued = 0;
  for (const admin of admins) if (await queueStaffAlert(tx, deps, admin.id, lead, "escalation")) queued++;
  return queued;
}

export type StaffTextResult =
  | { outcome: "queued"; heldUntil: Date | null }
  | { outcome: "not_found" }
  | { outcome: "off" }
  | { outcome: "no_phone" }
  | { outcome: "refused" };

/**
 * A colleague's text to a lead from the lead screen: queued with its timeline entry (naming them) in
 * one transaction, only while texting is on and the lead's consent stands.
 */
export async function sendStaffText(
  db: Database,
  deps: { config: TextSettings; site: SiteFacts },
  leadId: string,
  body: string,
  admin: { id: string; email: string },
  toE164: (phone: string) => string | null,
): Promise<StaffTextResult> {
  if (!textingOn(deps.config)) return { outcome: "off" };
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id, phone: leads.phone }).from(leads).where(eq(leads.id, leadId));
    if (!lead) return { outcome: "not_found" } as const;
    const phone = toE164(lead.phone);
    if (!phone) return { outcome: "no_phone" } as const;
    // A STOP arriving at the same moment is ordered with this text (inbound.server.ts takes the same lock).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-opt:${phone}`}, 0))`);
    const [author] = await tx
      .select({ name: adminUsers.name, email: adminUsers.email })
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id));
    const email = author?.email ?? admin.email;
    const queued = await queueText(tx, deps, {
      kind: "text_staff_reply",
      to: phone,
      body,
      leadId,
      needsConsent: true,
      author: { adminId: admin.id, adminName: author?.name?.trim() || email, adminEmail: email },
    });
    return queued ? ({ outcome: "queued", heldUntil: queued.heldUntil } as const) : ({ outcome: "refused" } as const);
  });
}

/** An account's alerts by text, as its account screen shows them. */
export async function textAlerts(db: Pick<Database, "select">, adminId: string) {
  const [row] = await db
    .select({ mobilePhone: adminUsers.mobilePhone, smsAlerts: adminUsers.smsAlerts })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  return { mobilePhone: row?.mobilePhone ?? null, smsAlerts: row?.smsAlerts ?? false };
}

/** Saves an account's mobile number (E.164, or none) and whether it gets alerts by text. */
export async function saveTextAlerts(
  db: Pick<Database, "update">,
  adminId: string,
  alerts: { mobilePhone: string | null; smsAlerts: boolean },
) {
  await db
    .update(adminUsers)
    .set({ mobilePhone: alerts.mobilePhone, smsAlerts: alerts.smsAlerts && alerts.mobilePhone !== null })
    .where(eq(adminUsers.id, adminId));
}
