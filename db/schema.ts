import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Blog categories. Seeded at start with the agency's lines of business. */
export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_name_lower_idx").on(sql`lower(${t.name})`)],
);

/**
 * Evidence of an SMS opt-in (or its absence) as a carrier's 10DLC review expects it: who, when, from
 * where, the exact wording shown with its version, the checkbox state, and a hash over all of it.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: id(),
    channel: text("channel").notNull().default("sms"),
    /** The form it was given on: contact_form, sms_consent_form. */
    sourceForm: text("source_form").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    consented: boolean("consented").notNull(),
    consentText: text("consent_text").notNull(),
    consentVersion: text("consent_version").notNull(),
    pageUrl: text("page_url"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    recordHash: text("record_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_phone_idx").on(t.phone), index("consent_records_created_idx").on(t.createdAt)],
);

/** Every lead from every form (and the chat), in one pipeline. */
export const leads = pgTable(
  "leads",
  {
    id: id(),
    /** Short human-readable reference given to the visitor, e.g. L-7K4M2P. */
    reference: text("reference").notNull(),
    leadType: text("lead_type").notNull(),
    submissionType: text("submission_type").notNull(),
    source: text("source").notNull(),
    status: text("status").notNull().default("new"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The insurance line or service asked about. */
    service: text("service"),
    message: text("message"),
    /** Everything submitted, as submitted (after validation). */
    payload: jsonb("payload").notNull().$type<Record<string, unknown>>(),
    businessState: text("business_state"),
    outsideLicensedStates: boolean("outside_licensed_states").notNull().default(false),
    ip: text("ip"),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    pageUrl: text("page_url"),
    utm: jsonb("utm").$type<Record<string, string>>(),
    consentRecordId: uuid("consent_record_id").references(() => consentRecords.id),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the first move out of "new": the agency's response time. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("leads_reference_idx").on(t.reference),
    index("leads_received_idx").on(t.receivedAt),
    index("leads_type_idx").on(t.leadType),
    index("leads_status_idx").on(t.status),
  ],
);

/**
 * Outgoing mail, written in the same transaction as the record it belongs to and delivered by the
 * background sender: at least once, retried with backoff, and "dead" after a bounded number of tries.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    /** The Message-ID header, fixed for the row so a retried delivery is recognisable. */
    messageId: text("message_id").notNull(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    leadId: uuid("lead_id").references(() => leads.id),
    consentRecordId: uuid("consent_record_id").references(() => consentRecords.id),
    /** pending, sending, sent, dead */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A "sending" row whose lock has expired (its sender died) is picked up again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** smtp or file */
    transport: text("transport"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("mail_outbox_message_id_idx").on(t.messageId), index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * Documents attached to quotes (POST /api/uploads). A row is written once its file is stored; a lead
 * claims it on submission (lead_id, linked_at). Rows no lead claims are deleted with their file after
 * UPLOAD_ORPHAN_HOURS.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey(),
    /** The form's document slot: cdl, vehicleRegistration, lossRuns. */
    slot: text("slot").notNull(),
    /** The visitor's file name, cleaned for display; never used in a path. */
    originalName: text("original_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Decided from the file's first bytes, not from its name or the sender's claim. */
    mimeType: text("mime_type").notNull(),
    /** The server-generated name in file storage. */
    storageKey: text("storage_key").notNull(),
    sha256: text("sha256").notNull(),
    leadId: uuid("lead_id").references(() => leads.id),
    ip: text("ip"),
    createdAt: createdAt(),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("uploads_storage_key_idx").on(t.storageKey),
    index("uploads_lead_idx").on(t.leadId),
    // What the orphan sweep reads: unclaimed uploads by age.
    index("uploads_unlinked_created_idx").on(t.createdAt).where(sql`${t.leadId} is null`),
  ],
);

export type Lead = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type ConsentRecord = typeof consentRecords.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
