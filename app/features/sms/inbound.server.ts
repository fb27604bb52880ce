/**
 * A text to the agency's number, as Twilio's webhook brings it (docs/decisions/064), once its
 * signature is checked: a STOP (or a plain request to stop) revokes texting at once, with a record
 * beside the consent evidence and one confirmation; HELP answers with the agency's name and phone;
 * START or UNSTOP opts in again; anything else joins the most recent lead with that number (or a new
 * contact) as a timeline entry, marks it replied and tells its owner by mail.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { adminUsers, leadActivity, leads, mailOutbox, smsOptEvents } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import { agencyInbox, type Config } from "~/env.server";
import { enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { notificationMail } from "~/features/mail/templates.server";
import { type TextIntent, textIntent } from "./keywords";
import { smsMessages, TEXT_MAX_CHARS } from "./messages";
import { latestLeadByPhone, textConsent } from "./texts.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** An inbound text as the webhook's fields give it: `from` in E.164, `body` already cut to TEXT_MAX_CHARS. */
export type InboundText = { messageSid: string; from: string; body: string; media: number; cut: boolean };

/**
 * Makes a new contact (a lead) for a number no lead has, running `within` in its transaction: given by
 * the caller, which composes the lead pipeline (docs/decisions/030: texting does not import it).
 */
export type NewContact = (text: InboundText, within: (tx: Tx, lead: { id: string }) => Promise<void>) => Promise<{ id: string }>;

export type InboundResult = { intent: TextIntent; reply: string | null; leadId: string | null; duplicate?: boolean };

type Deps = { db: Database; config: Config; site: SiteFacts };

/** Cuts a body to what is kept. */
export function boundedBody(body: string): { body: string; cut: boolean } {
  return body.length > TEXT_MAX_CHARS ? { body: body.slice(0, TEXT_MAX_CHARS), cut: true } : { body, cut: false };
}

export async function receiveText(deps: Deps, text: InboundText, newContact: NewContact): Promise<InboundResult> {
  const intent = textIntent(text.body);
  const { agency } = deps.site;
  if (intent === "help") return { intent, reply: smsMessages.help(agency.name, agency.phone.primary.display), leadId: null };
  if (intent === "stop" || intent === "start") return optEvent(deps, text, intent);
  const lead = await latestLeadByPhone(deps.db, text.from);
  try {
    if (!lead) {
      const created = await newContact(text, (tx, made) => recordInbound(tx, deps, made.id, text, false));
      return { intent, reply: null, leadId: created.id };
    }
    await deps.db.transaction((tx) => recordInbound(tx, deps, lead.id, text, true));
    return { intent, reply: null, leadId: lead.id };
  } catch (error) {
    // Twilio posts a text again when our answer was slow: the first one is kept, once.
    if (isUniqueViolation(error)) return { intent, reply: null, leadId: lead?.id ?? null, duplicate: true };
    throw error;
  }
}

/** STOP or START: the opt event, the texts waiting for the number cancelled (STOP), the lead's timeline. */
async function optEvent(deps: Deps, text: InboundText, intent: "stop" | "start"): Promise<InboundResult> {
  const { agency } = deps.site;
  return deps.db.transaction(async (tx) => {
    // One number's STOPs and STARTs one after the other, so "one confirmation" holds across processes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms-opt:${text.from}`}, 0))`);
    const before = await textConsent(tx, text.from);
    const lead = await latestLeadByPhone(tx, text.from);
    if (intent === "stop" && before === "revoked") return { intent, reply: null, leadId: lead?.id ?? null };
    await tx.insert(smsOptEvents).values({
      phone: text.from,
      kind: intent === "stop" ? "revoked" : "opted_in",
      words: text.body.slice(0, 500),
      messageSid: text.messageSid,
      leadId: lead?.id ?? null,
      consentRecordId: lead?.consentRecordId ?? null,
    });
    if (intent === "stop") {
      await tx
        .update(mailOutbox)
        .set({ status: "cancelled", lockedUntil: null, lastError: "The recipient texted STOP: texts to this number are stopped." })
        .where(and(eq(mailOutbox.channel, "sms"), eq(mailOutbox.toAddress, text.from), eq(mailOutbox.status, "pending")));
    }
    if (lead) {
      await tx.insert(leadActivity).values({
        leadId: lead.id,
        kind: intent === "stop" ? "text_opt_out" : "text_opt_in",
        at: sql`clock_timestamp()`,
        detail: { words: text.body.slice(0, 160), messageSid: text.messageSid },
      });
    }
    const reply = intent === "stop" ? smsMessages.stopConfirmation(agency.name) : smsMessages.startConfirmation(agency.name);
    return { intent, reply, leadId: lead?.id ?? null };
  });
}

/** The text on the lead's timeline, the lead marked replied, and (for a known lead) its owner told by mail. */
async function recordInbound(tx: Tx, deps: Deps, leadId: string, text: InboundText, alert: boolean): Promise<void> {
  await tx.insert(leadActivity).values({
    leadId,
    kind: "text_received",
    at: sql`clock_timestamp()`,
    detail: {
      body: text.body,
      from: text.from,
      messageSid: text.messageSid,
      ...(text.cut ? { cut: true } : {}),
      ...(text.media ? { mediaIgnored: text.media } : {}),
    },
  });
  const [lead] = await tx
    .update(leads)
    .set({ textedAt: sql`now()` })
    .where(eq(leads.id, leadId))
    .returning({ name: leads.name, reference: leads.reference, assigneeId: leads.assigneeId, email: leads.email });
  if (!alert || !lead) return;
  let to = agencyInbox(deps.config, deps.site);
  if (lead.assigneeId) {
    const [owner] = await tx
      .select({ email: adminUsers.email, active: adminUsers.active })
      .from(adminUsers)
      .where(eq(adminUsers.id, lead.assigneeId));
    if (owner?.active) to = owner.email;
  }
  const words = smsMessages.replyMail;
  await enqueueMail(
    tx,
    notificationMail(deps.site, {
      to,
      subject: words.subject(lead.name),
      heading: words.heading(lead.name),
      reference: lead.reference,
      receivedAt: new Date(),
      fields: [
        [words.from, text.from],
        [words.message, text.body],
        ["Lead", `${deps.config.SITE_URL}/admin/leads/${leadId}`],
      ],
    }),
    { leadId, domain: mailDomain(deps.config) },
  );
}
