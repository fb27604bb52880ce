import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    /** How the lead came (docs/decisions/058): paid, email, social, organic, referral, direct, chat, phone, walk_in. */
    channel: text("channel").notNull().default("direct"),
    /** The path of the page the lead was sent from (its ad's landing page for most). */
    landingPage: text("landing_page"),
    consentRecordId: uuid("consent_record_id").references(() => consentRecords.id),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the first move out of "new": the agency's response time. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    /** The admin who owns the call back; null when unassigned (the agency inbox is told). */
    assigneeId: uuid("assignee_id").references((): AnyPgColumn => adminUsers.id, { onDelete: "set null" }),
    /**
     * The promise clock (docs/decisions/027), fixed when the lead arrives from the settings of the
     * time: a lead still "new" at `escalate_at` is escalated by mail, and at `due_at` it is overdue.
     * Null for leads that arrived before the clock existed: they are never escalated.
     */
    escalateAt: timestamp("escalate_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** Set in the transaction that queues the escalation (or overdue) mail: each is sent once. */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
    /**
     * The outcome (docs/decisions/060), each field optional and kept when the status moves on: the
     * premium quoted, and for a won lead the policy bound (carrier, line, annual premium, effective date,
     * term and the expiration they give); for a lost one the reason, the competitor and the X-date (when
     * the policy they kept expires). Amounts in cents; dates are the agency's calendar days.
     */
    quotedPremiumCents: bigint("quoted_premium_cents", { mode: "number" }),
    premiumCents: bigint("premium_cents", { mode: "number" }),
    carrier: text("carrier"),
    lineOfBusiness: text("line_of_business"),
    policyEffectiveOn: date("policy_effective_on"),
    policyTermMonths: integer("policy_term_months"),
    policyExpiresOn: date("policy_expires_on"),
    lostReason: text("lost_reason"),
    lostReasonOther: text("lost_reason_other"),
    competitor: text("competitor"),
    xDate: date("x_date"),
    /** When the lead last texted the agency (docs/decisions/064): the inbox shows it replied. */
    textedAt: timestamp("texted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("leads_reference_idx").on(t.reference),
    index("leads_received_idx").on(t.receivedAt),
    index("leads_type_idx").on(t.leadType),
    index("leads_status_idx").on(t.status),
    index("leads_channel_idx").on(t.channel, t.receivedAt),
    index("leads_assignee_idx").on(t.assigneeId),
    // What the escalation sweep reads: new leads whose mail has not gone yet, by due time.
    index("leads_escalation_due_idx").on(t.escalateAt).where(sql`${t.status} = 'new' and ${t.escalatedAt} is null`),
    index("leads_overdue_due_idx").on(t.dueAt).where(sql`${t.status} = 'new' and ${t.overdueNotifiedAt} is null`),
    // What the renewals job reads: won leads by their policy's expiration, lost ones by their X-date.
    index("leads_policy_expires_idx").on(t.policyExpiresOn).where(sql`${t.status} = 'won'`),
    index("leads_x_date_idx").on(t.xDate).where(sql`${t.status} = 'lost'`),
  ],
);

/**
 * A lead's timeline besides its arrival (which is the lead's own received_at): status changes,
 * assignments, notes, and the escalation and overdue mails, with who and when. `detail` holds the
 * kind's fields (from/to, the assignee, a note's body, a mail's recipient).
 */
export const leadActivity = pgTable(
  "lead_activity",
  {
    id: id(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** status_changed, assigned, note, escalation_mail, overdue_mail, details_changed; received for a lead added by staff */
    kind: text("kind").notNull(),
    adminId: uuid("admin_id").references((): AnyPgColumn => adminUsers.id, { onDelete: "set null" }),
    /** Copied, so an entry keeps its author after the account goes. */
    adminName: text("admin_name"),
    adminEmail: text("admin_email"),
    detail: jsonb("detail").notNull().default({}).$type<Record<string, unknown>>(),
  },
  (t) => [
    index("lead_activity_lead_idx").on(t.leadId, t.at),
    // A text Twilio posts twice (its webhook retries) joins the timeline once.
    uniqueIndex("lead_activity_text_sid_idx").on(sql`(${t.detail}->>'messageSid')`).where(sql`${t.kind} = 'text_received'`),
  ],
);
export type LeadActivity = typeof leadActivity.$inferSelect;

/**
 * A won lead's renewal or a lost lead's X-date coming up (docs/decisions/060): listed by the daily job
 * 90 days before the date, mailed to the lead's owner once at 60 days, until a colleague marks it
 * handled. One row per lead, kind and date: a date corrected later is a new row.
 */
export const leadRenewals = pgTable(
  "lead_renewals",
  {
    id: id(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    /** renewal (the policy bound here expires) or x_date (the policy a lost lead kept expires). */
    kind: text("kind").notNull(),
    dueOn: date("due_on").notNull(),
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that queues the renewal_due mail: it goes once. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references((): AnyPgColumn => adminUsers.id, { onDelete: "set null" }),
    /** Copied, so the record keeps its author after the account goes. */
    handledByName: text("handled_by_name"),
  },
  (t) => [
    uniqueIndex("lead_renewals_lead_kind_due_idx").on(t.leadId, t.kind, t.dueOn),
    index("lead_renewals_open_idx").on(t.dueOn).where(sql`${t.handledAt} is null`),
  ],
);
export type LeadRenewal = typeof leadRenewals.$inferSelect;

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
    /** smtp, file or twilio */
    transport: text("transport"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * mail, or sms (docs/decisions/064): a text goes through the same queue, claim and retries; its
     * `to_address` is the E.164 number and `subject` is empty.
     */
    channel: text("channel").notNull().default("mail"),
    /** The provider's id of a delivered text (Twilio's Message SID), which its status callbacks name. */
    providerId: text("provider_id"),
    /** The carrier's word on a text as Twilio's status callback reports it: queued, sent, delivered, failed, undelivered. */
    deliveryStatus: text("delivery_status"),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_idx").on(t.messageId),
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_provider_idx").on(t.providerId),
  ],
);

/**
 * Texting's opt-outs and opt-ins by text (docs/decisions/064), beside the consent evidence: a STOP (or a
 * plain request to stop) revokes every text to `phone` at once; a START or UNSTOP opts in again. The
 * latest row for a number decides; the words and the provider's message id are kept as they came.
 */
export const smsOptEvents = pgTable(
  "sms_opt_events",
  {
    id: id(),
    /** E.164. */
    phone: text("phone").notNull(),
    /** revoked or opted_in */
    kind: text("kind").notNull(),
    words: text("words").notNull(),
    messageSid: text("message_sid"),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    consentRecordId: uuid("consent_record_id").references(() => consentRecords.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("sms_opt_events_phone_idx").on(t.phone, t.createdAt)],
);
export type SmsOptEvent = typeof smsOptEvents.$inferSelect;

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

/**
 * A visit's conversation with the chat assistant: who it is (from the intake form), a running summary
 * for the model's context, and the lead it created in the inbox.
 */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    insuranceType: text("insurance_type").notNull(),
    /** The conversation so far in a few sentences, refreshed as it grows. */
    summary: text("summary").notNull().default(""),
    /** Tokens the AI provider reported for this chat (answers, summaries, embeddings): the per-session budget. */
    tokensUsed: integer("tokens_used").notNull().default(0),
    leadId: uuid("lead_id").references(() => leads.id),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("chat_sessions_email_idx").on(sql`lower(${t.email})`), index("chat_sessions_updated_idx").on(t.updatedAt)],
);

/** One message of a chat: the visitor's ("user") or the assistant's ("assistant"). */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    /** The public page an assistant's answer came from, shown under it as "More on this: {title}". */
    link: jsonb("link").$type<{ path: string; title: string }>(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);

export type ChatSession = typeof chatSessions.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;

/**
 * What the chat assistant answers from: the site's own content (FAQs, product and landing pages, the
 * agency's facts) and published blog posts, one row per item and embedding model. `source` names
 * the item ("faq:home:3", "product:hoa:coverage:2", "blog:{id}:1"). `embedding` is a plain real[]
 * so the table works on PostgreSQL without pgvector; where pgvector is installed a migration adds an
 * `embedding_vec vector` column beside it and the similarity search runs in the database
 * (docs/decisions/014-chat-assistant.md).
 */
export const knowledge = pgTable(
  "knowledge",
  {
    id: id(),
    source: text("source").notNull(),
    /** Whose vectors these are: the offline engine ("local-v1") or the provider's embedding model. */
    model: text("model").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** SHA-256 of title and content: an unchanged item is not embedded again. */
    contentHash: text("content_hash").notNull(),
    embedding: real("embedding").array().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("knowledge_model_source_idx").on(t.model, t.source)],
);

export type KnowledgeRow = typeof knowledge.$inferSelect;

/**
 * People who can sign in to the back office. The email is stored lower-case; the password only as an
 * scrypt hash (`scrypt$N$r$p$salt$hash`). There is no default account (docs/decisions/010).
 */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: id(),
    email: text("email").notNull(),
    /** How colleagues know them ("Dana Ruiz"); null for accounts made before names, shown by email. */
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** A deactivated admin cannot sign in, has no session, and is given no new leads. */
    active: boolean("active").notNull().default(true),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** When round-robin last gave this admin a lead: the next goes to whoever waited longest. */
    lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
    /** Set by a password change (not by the account's creation). */
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** The TOTP key (base32) of a confirmed enrolment; null when the account has no second factor. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The time step of the last code accepted: a code is accepted once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /**
     * What the account may do in the back office (app/features/auth/roles.ts): "owner", "admin" or
     * "staff". The first account is the owner; there is always at least one active owner.
     */
    role: text("role").notNull().default("staff"),
    /** Wrong second-factor codes in a row, from any address; reset by a right code or a recovery code. */
    totpFailures: integer("totp_failures").notNull().default(0),
    /** Set when the wrong codes reached the cap: code sign-in stops until a recovery code or an owner's reset. */
    totpLockedAt: timestamp("totp_locked_at", { withTimezone: true }),
    /** The account's mobile number (E.164) for alerts by text, and whether they asked for them (docs/decisions/064). */
    mobilePhone: text("mobile_phone"),
    smsAlerts: boolean("sms_alerts").notNull().default(false),
  },
  (t) => [uniqueIndex("admin_users_email_idx").on(sql`lower(${t.email})`)],
);

/** One-time recovery codes for the second factor, stored as SHA-256 hashes; `usedAt` is set when one is spent. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId), uniqueIndex("admin_recovery_codes_hash_idx").on(t.userId, t.codeHash)],
);

/**
 * Signed-in admin sessions, revocable by deleting the row. The cookie carries a random token; only its
 * SHA-256 is stored, so a copy of the database does not hand out sessions.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    /** Touched at most once a minute; the idle timeout counts from here. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, fixed at sign-in. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * What the session still lacks: null when it is fully signed in; "second_factor" after the
     * password of an account with a second factor; "enrolment" when a second factor is required and
     * the account has none. Such a session reaches only the step it waits for.
     */
    awaiting: text("awaiting"),
    /** A TOTP key shown at enrolment and not yet confirmed by a code. */
    enrolmentSecret: text("enrolment_secret"),
    /**
     * When the password (or a current code) was last given in this session: at sign-in, and again when a
     * dangerous action asked for it (step-up, docs/decisions/047). Ten minutes from here it is asked again.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("admin_sessions_token_hash_idx").on(t.tokenHash),
    index("admin_sessions_user_idx").on(t.userId),
    index("admin_sessions_expires_idx").on(t.expiresAt),
  ],
);

export type AdminUser = typeof adminUsers.$inferSelect;

/**
 * An invitation to the back office: a one-time link mailed to `email`, valid until `expires_at`. Only
 * the SHA-256 of the link's token is stored. Accepting it (setting a password) creates the account
 * and sets `accepted_at` in one conditional update, so a link works once.
 */
export const adminInvites = pgTable(
  "admin_invites",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Set when a newer invitation to the same address replaces it, or an admin withdraws it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The role the account gets when the invitation is accepted. */
    role: text("role").notNull().default("staff"),
  },
  (t) => [uniqueIndex("admin_invites_token_hash_idx").on(t.tokenHash), index("admin_invites_email_idx").on(sql`lower(${t.email})`)],
);
export type AdminInvite = typeof adminInvites.$inferSelect;

/**
 * Settings the agency's staff change in the back office (not the environment's): one JSON value per
 * key, e.g. `lead_round_robin` = true.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull().$type<unknown>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid("updated_by").references(() => adminUsers.id, { onDelete: "set null" }),
});

/**
 * What admins did in the back office: sign-ins, exports, downloads, status changes, erasures, retries.
 * Read-only once written. `detail` holds ids and counts, never a visitor's personal data; the admin's
 * email is copied so an entry outlives the account.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    adminId: uuid("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    adminEmail: text("admin_email"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [index("audit_events_at_idx").on(t.at), index("audit_events_admin_idx").on(t.adminId, t.at)],
);
export type AuditEvent = typeof auditEvents.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;

/** Job openings shown on /careers and managed at /admin/jobs. */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Full-time, Part-time, Internship */
    type: text("type").notNull(),
    /** Remote, On-site, Hybrid */
    workType: text("work_type").notNull(),
    location: text("location").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_created_idx").on(t.createdAt)],
);

/**
 * An application to a job from /careers. Deleting the job deletes its applications
 * (docs/decisions/011-jobs-and-applications.md).
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: id(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    coverLetter: text("cover_letter"),
    /** pending, reviewed, accepted, rejected */
    status: text("status").notNull().default("pending"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("job_applications_job_idx").on(t.jobId, t.createdAt)],
);

export type Job = typeof jobs.$inferSelect;
export type JobApplication = typeof jobApplications.$inferSelect;

/**
 * Blog posts written in the back office (the six built-in articles live in app/content). The
 * content is HTML sanitised on every write; a draft is seen only by a signed-in admin.
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    /** From the title, unique; the public address is /blog/{slug}. */
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    /** A category's name (the post's single tag). */
    category: text("category").notNull(),
    imageUrl: text("image_url"),
    /** draft or published */
    status: text("status").notNull().default("draft"),
    authorEmail: text("author_email"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_posts_slug_idx").on(t.slug), index("blog_posts_status_created_idx").on(t.status, t.createdAt)],
);

export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;

/**
 * Images uploaded for blog posts (the editor's images and featured images), one row per distinct
 * upload: `hash` is 16 hex digits of the upload's SHA-256 and names its files in the document storage
 * (`media-<hash>-<width>.<avif|webp>`, served as /media/<hash>-<width>.<format>). The files are
 * written before the row, so a row always has its files. Posts point at them by address in their HTML
 * and `image_url`; a post deleted leaves its images (docs/decisions/055-images-in-posts.md).
 */
export const postImages = pgTable(
  "post_images",
  {
    id: id(),
    hash: text("hash").notNull(),
    /** The image's size once turned upright, before resizing. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The widths it was resized to, smallest first; the last is the widest. */
    widths: jsonb("widths").$type<number[]>().notNull(),
    /** The uploaded file's type as its bytes showed (image/jpeg, image/png, image/webp, image/gif, image/avif). */
    sourceType: text("source_type").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    /** Bytes of every stored file of the image together. */
    storedBytes: integer("stored_bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references((): AnyPgColumn => adminUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("post_images_hash_idx").on(t.hash)],
);

export type PostImage = typeof postImages.$inferSelect;

// ---- state shared by every server process (docs/decisions/022-many-processes.md) ----

/**
 * Fixed-window counters of the rate limits (forms, uploads, chat, the upload byte budget), in the
 * layout rate-limiter-flexible's PostgreSQL store reads and writes: `expire` is epoch milliseconds.
 * Used when the site runs on PostgreSQL; the embedded database keeps its counters in memory.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * Failed admin sign-ins per (address, account) pair and per address (app/features/auth/login-throttle.server.ts),
 * when the site runs on PostgreSQL. Times are epoch milliseconds.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    /** Attempts let through and not yet answered. */
    pending: integer("pending").notNull().default(0),
    /** No attempt is let through before this time. */
    waitUntil: bigint("wait_until", { mode: "number" }).notNull().default(0),
    lastFailureAt: bigint("last_failure_at", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("sign_in_failures_last_failure_idx").on(t.lastFailureAt)],
);

/** Provider tokens the chat has spent per calendar day in the agency's time zone (CHAT_DAILY_TOKEN_BUDGET). */
export const chatTokenDays = pgTable("chat_token_days", {
  /** YYYY-MM-DD in the agency's time zone. */
  day: text("day").primaryKey(),
  tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
});

/**
 * Background jobs that must run once per site, not once per process: a process runs a job only after
 * moving its `next_run_at` forward in one statement, so of several processes exactly one wins each run.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  /** Which process ran it last (host:pid), for the logs. */
  lastRunBy: text("last_run_by"),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

// ---- what the agency shows of itself, edited in the back office (first-run defaults in app/content) ----

/** An uploaded photograph's stored description (app/lib/site-images.ts `SiteImage`). */
type StoredImage = { name: string; width: number; height: number; widths: number[] };

/**
 * The people of /team, in their order (`position`, smallest first). Texts may hold `{placeholders}`
 * that print the agency's current settings; the photo's files are in the document storage.
 */
export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    bio: text("bio").notNull(),
    /** "" when there is none to show. */
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    linkedin: text("linkedin").notNull().default(""),
    photo: jsonb("photo").$type<StoredImage>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_members_position_idx").on(t.position)],
);

/**
 * Client testimonials, in their order. `placement` says where one shows: featured (the quote at the top
 * of /testimonials), testimonials (its cards) or home (the home page's reviews).
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull().default(""),
    business: text("business").notNull().default(""),
    place: text("place").notNull().default(""),
    quote: text("quote").notNull(),
    /** Stars, 1 to 5. */
    rating: integer("rating").notNull(),
    placement: text("placement").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("testimonials_position_idx").on(t.position),
    check("testimonials_rating_check", sql`${t.rating} between 1 and 5`),
    check("testimonials_placement_check", sql`${t.placement} in ('featured', 'testimonials', 'home')`),
  ],
);

/** The home page's questions and answers, in their order. */
export const faqs = pgTable(
  "faqs",
  {
    id: id(),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("faqs_position_idx").on(t.position)],
);

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TestimonialRow = typeof testimonials.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;

/**
 * Every backup the site made or tried (the daily job, "Back up now", `db:backup`): where the archive
 * went, its size and what it held. A failed one keeps its error and shows on the dashboard until a
 * later backup succeeds. The table itself is not in the archives it describes.
 */
export const backups = pgTable(
  "backups",
  {
    id: id(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** `running`, `ok` or `failed`. */
    status: text("status").notNull().default("running"),
    /** What asked for it: `daily`, `manual` (the dashboard's button) or `command` (db:backup). */
    trigger: text("trigger").notNull(),
    /** The archive's file path, or `s3://bucket/key`. */
    location: text("location"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    sha256: text("sha256"),
    /** Rows per table and documents, as the manifest records them. */
    counts: jsonb("counts").$type<Record<string, number>>(),
    error: text("error"),
    requestedBy: uuid("requested_by").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (t) => [check("backups_status_check", sql`${t.status} in ('running', 'ok', 'failed')`), index("backups_started_idx").on(t.startedAt)],
);

export type Backup = typeof backups.$inferSelect;

/**
 * Views of the public pages, per page and day where the agency is (docs/decisions/059-page-views.md): no
 * cookie, no address, no visitor; bots are not counted. The denominator of the report's conversion rates.
 */
export const pageViews = pgTable(
  "page_views",
  {
    /** The agency's calendar day (its time zone). */
    day: date("day").notNull(),
    /** The page's path, without its query. */
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/**
 * FMCSA QCMobile answers by USDOT number (docs/decisions/063): the carrier record as the site keeps
 * it (`record`, app/features/fmcsa/qcmobile.server.ts), or null when FMCSA knows no such carrier. Read
 * for 24 hours after `fetched_at`, then asked again.
 */
export const fmcsaCarriers = pgTable("fmcsa_carriers", {
  dotNumber: text("dot_number").primaryKey(),
  record: jsonb("record"),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A trucking lead's carrier check (docs/decisions/063): a job written in the lead's own transaction and
 * run by the background worker with the mail outbox's claim rules (FOR UPDATE SKIP LOCKED, a claim
 * that expires, backoff, "dead" after a bounded number of tries); once done, the carrier record and
 * the flags computed against the lead's answers stay here with the lead.
 */
export const leadCarrierChecks = pgTable(
  "lead_carrier_checks",
  {
    id: id(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    dotNumber: text("dot_number").notNull(),
    /** pending, running, done, dead */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** found, not_found (FMCSA knows no such carrier), invalid (its answer was of the wrong shape) */
    outcome: text("outcome"),
    record: jsonb("record"),
    /** [{ code, message }] */
    flags: jsonb("flags").$type<{ code: string; message: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("lead_carrier_checks_lead_idx").on(t.leadId), index("lead_carrier_checks_due_idx").on(t.status, t.nextAttemptAt)],
);
export type LeadCarrierCheck = typeof leadCarrierChecks.$inferSelect;
