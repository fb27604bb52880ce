/**
 * Data retention and erasure (docs/decisions/024-retention-and-erasure.md).
 *
 * `runRetention` deletes every record past its period (the daily "retention" job); `eraseByEmail`
 * removes a person's records on request (/admin/privacy). Rows go in one transaction; the stored
 * files of the documents it removed are deleted after it commits, through the storage interface (a
 * folder or an S3 bucket), so a rolled-back transaction never leaves a row without its file. The
 * transaction detaches those documents' rows rather than deleting them: a row goes once its file is
 * gone, and a file that could not be deleted is left, with its row, to the orphan sweep
 * (`sweepOrphanUploads`), which tries again on its next run. Both write an audit entry with counts
 * only, never an address. Both also go over the folder of mail written without SMTP
 * (app/features/mail/mail-files.server.ts): retention deletes the files past the mail period, erasure
 * the person's own and their address in anyone else's.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { Config } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { deleteMailFilesBefore, eraseFromMailFiles, mailFilesDir } from "~/features/mail/mail-files.server";
import type { FileStorage } from "~/features/uploads/storage.server";

export type RetentionConfig = Pick<
  Config,
  | "DATA_DIR"
  | "RETENTION_LEAD_DAYS"
  | "RETENTION_CONTACT_DAYS"
  | "RETENTION_CHAT_DAYS"
  | "RETENTION_APPLICATION_DAYS"
  | "RETENTION_MAIL_BODY_DAYS"
  | "RETENTION_SIGN_IN_DAYS"
  | "CONSENT_RECORD_YEARS"
>;

/** What one retention run removed. */
export type RetentionCounts = {
  /** Leads of every form but the contact form (quotes, landing pages, SMS consent, chat). */
  leads: number;
  contacts: number;
  documents: number;
  chats: number;
  applications: number;
  mails: number;
  /** Delivered mails whose content was still stored (cleared now). */
  mailBodiesCleared: number;
  /** Mail written as files without SMTP (DATA_DIR/mail), past the mail period. */
  mailFiles: number;
  /** Of those, files that could not be deleted now (the next run tries again; the log names them). */
  mailFilesFailed: number;
  consentRecords: number;
  signInSessions: number;
  signInFailures: number;
  /** Back-office invitations accepted, withdrawn or expired longer ago than the sign-in records' period. */
  invitations: number;
  auditAddressesCleared: number;
  /** Days of page views (one row a page a day) older than the leads' period: a view is kept as long as a lead it could explain. */
  pageViewDays: number;
  /** Document files that could not be deleted now (the orphan sweep tries again; the log names the keys). */
  filesFailed: number;
};

export type ErasureCounts = {
  leads: number;
  contacts: number;
  documents: number;
  chats: number;
  applications: number;
  mails: number;
  /** Consent records for the address, kept for their own period (CONSENT_RECORD_YEARS). */
  consentRecordsKept: number;
  /** Back-office invitations sent to the address (an account made from one is not erased here). */
  invitations: number;
  /** Mail files (written without SMTP) that were the person's, deleted. */
  mailFiles: number;
  /** Other people's mail files that mentioned the address, written again with it replaced. */
  mailFilesRedacted: number;
  /** Mail files that could not be deleted or rewritten (the log names them; erasing again retries). */
  mailFilesFailed: number;
  filesFailed: number;
};

type Log = (level: "info" | "warn" | "error", data: Record<string, unknown>, message: string) => void;
type Executor = Pick<Database, "execute">;

const DAY_MS = 86_400_000;
/** The leadType of contact form messages, which have a period of their own. */
export const CONTACT_LEAD_TYPE = "contact_form";

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

function yearsBefore(now: Date, years: number): string {
  const at = new Date(now.getTime());
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at.toISOString();
}

async function rows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return result.rows as T[];
}

/** A removed document: its row, detached from its lead, and its file. */
type DetachedFile = { id: string; storage_key: string };

/**
 * Deletes the files of detached documents, and the row of each file deleted. A failure is logged and
 * counted, never thrown: the row stays, unclaimable and past the orphan period, for the sweep to retry.
 */
async function deleteFiles(db: Executor, storage: FileStorage, files: DetachedFile[], log?: Log): Promise<number> {
  let failed = 0;
  for (const file of files) {
    try {
      await storage.delete(file.storage_key);
    } catch (error) {
      failed++;
      log?.("error", { err: error, storageKey: file.storage_key }, "a document's file could not be deleted; the orphan sweep will retry");
      continue;
    }
    await db.execute(sql`delete from uploads where id = ${file.id} and lead_id is null`);
  }
  return failed;
}

/**
 * Deletes the leads `where` selects, with what hangs on them: their mail, and their documents, whose
 * rows are detached (answered, for their files to be deleted after commit); chats keep their own
 * period and only lose the link.
 */
async function deleteLeads(
  tx: Executor,
  where: SQL,
): Promise<{ leads: number; contacts: number; files: DetachedFile[]; mailIds: string[] }> {
  // Locked first, so a lead that matches now still matches for the statements below.
  await tx.execute(sql`select id from leads where ${where} for update`);
  const doomed = sql`(select id from leads where ${where})`;
  // Detached as the orphan sweep sees an unclaimed upload past its period (created_at moved to the
  // epoch), marked as once claimed (linked_at set) so no lead can claim it again, and stripped of
  // the visitor's file name and address.
  const files = await rows<DetachedFile>(
    tx,
    sql`update uploads set lead_id = null, linked_at = coalesce(linked_at, now()), created_at = 'epoch'::timestamptz,
          original_name = '', ip = null
        where lead_id in ${doomed} returning id, storage_key`,
  );
  const mailIds = (await rows<{ id: string }>(tx, sql`delete from mail_outbox where lead_id in ${doomed} returning id`)).map((r) => r.id);
  await tx.execute(sql`update chat_sessions set lead_id = null where lead_id in ${doomed}`);
  const deleted = await rows<{ lead_type: string }>(tx, sql`delete from leads where ${where} returning lead_type`);
  const contacts = deleted.filter((r) => r.lead_type === CONTACT_LEAD_TYPE).length;
  return { leads: deleted.length - contacts, contacts, files, mailIds };
}

/**
 * Deletes everything past its period at `now`, records a `retention_run` audit entry with the counts,
 * then deletes the removed documents' files. Repeatable: a second run at the same time removes nothing.
 */
export async function runRetention(
  db: Database,
  storage: FileStorage,
  config: RetentionConfig,
  now: Date = new Date(),
  log?: Log,
): Promise<RetentionCounts> {
  const leadCutoff = daysBefore(now, config.RETENTION_LEAD_DAYS);
  const contactCutoff = daysBefore(now, config.RETENTION_CONTACT_DAYS);
  const chatCutoff = daysBefore(now, config.RETENTION_CHAT_DAYS);
  const applicationCutoff = daysBefore(now, config.RETENTION_APPLICATION_DAYS);
  const mailCutoff = daysBefore(now, config.RETENTION_MAIL_BODY_DAYS);
  const signInCutoff = daysBefore(now, config.RETENTION_SIGN_IN_DAYS);
  const consentCutoff = yearsBefore(now, config.CONSENT_RECORD_YEARS);
  // Mail written as files is past its period by the same clock as the outbox's rows, whatever the row's status.
  const mailFiles = await deleteMailFilesBefore(mailFilesDir(config), new Date(mailCutoff), log);

  const { counts, files } = await db.transaction(async (tx) => {
    // A lead's age counts from its last activity: arriving, or its last change of status. A contact
    // message's counts from its arrival, whatever was done with it since.
    const lastActivity = sql`greatest(received_at, coalesce(status_changed_at, received_at))`;
    const removed = await deleteLeads(
      tx,
      sql`(lead_type <> ${CONTACT_LEAD_TYPE} and ${lastActivity} < ${leadCutoff}::timestamptz)
        or (lead_type = ${CONTACT_LEAD_TYPE} and received_at < ${contactCutoff}::timestamptz)`,
    );
    // Chat messages go with their session (on delete cascade).
    const chats = (await rows(tx, sql`delete from chat_sessions where updated_at < ${chatCutoff}::timestamptz returning id`)).length;
    const applications = (
      await rows(tx, sql`delete from job_applications where created_at < ${applicationCutoff}::timestamptz returning id`)
    ).length;
    // Mail still waiting for delivery is left to the sender; delivered and abandoned mail goes. An
    // abandoned notification of a lead is the lead's "notification failed" mark: it goes with the lead.
    const mails = (
      await rows(
        tx,
        sql`delete from mail_outbox where created_at < ${mailCutoff}::timestamptz
          and (status = 'sent' or (status = 'dead' and lead_id is null)) returning id`,
      )
    ).length;
    // Mail delivered before its content was cleared on delivery.
    const mailBodiesCleared = (
      await rows(
        tx,
        sql`update mail_outbox set text_body = '', html_body = null where status = 'sent' and (text_body <> '' or html_body is not null) returning id`,
      )
    ).length;
    // Consent evidence has its own period; a lead or mail kept longer only loses the link.
    await tx.execute(sql`update leads set consent_record_id = null
      where consent_record_id in (select id from consent_records where created_at < ${consentCutoff}::timestamptz)`);
    await tx.execute(sql`update mail_outbox set consent_record_id = null
      where consent_record_id in (select id from consent_records where created_at < ${consentCutoff}::timestamptz)`);
    const consentRecords = (await rows(tx, sql`delete from consent_records where created_at < ${consentCutoff}::timestamptz returning id`))
      .length;
    const signInSessions = (await rows(tx, sql`delete from admin_sessions where expires_at < ${signInCutoff}::timestamptz returning id`))
      .length;
    const signInFailures = (
      await rows(tx, sql`delete from sign_in_failures where last_failure_at < ${new Date(signInCutoff).getTime()}::bigint returning key`)
    ).length;
    const invitations = (
      await rows(
        tx,
        sql`delete from admin_invites where coalesce(accepted_at, revoked_at, expires_at) < ${signInCutoff}::timestamptz returning id`,
      )
    ).length;
    const auditAddressesCleared = (
      await rows(tx, sql`update audit_events set ip = null where ip is not null and at < ${signInCutoff}::timestamptz returning id`)
    ).length;
    const pageViewDays = (
      await rows(tx, sql`delete from page_views where day < (${leadCutoff}::timestamptz at time zone 'UTC')::date returning day`)
    ).length;
    const counts: RetentionCounts = {
      leads: removed.leads,
      contacts: removed.contacts,
      documents: removed.files.length,
      chats,
      applications,
      mails: mails + removed.mailIds.length,
      mailBodiesCleared,
      mailFiles: mailFiles.deleted,
      mailFilesFailed: mailFiles.failed,
      consentRecords,
      signInSessions,
      signInFailures,
      invitations,
      auditAddressesCleared,
      pageViewDays,
      filesFailed: 0,
    };
    const { filesFailed: _, ...detail } = counts;
    await recordAudit(tx, { action: "retention_run", targetType: "retention", detail });
    return { counts, files: removed.files };
  });
  counts.filesFailed = await deleteFiles(db, storage, files, log);
  return counts;
}

/** An address as stored (trimmed, lower-case): what the erasure compares every column with. */
export const erasureKey = (email: string) => email.trim().toLowerCase();

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What an erased address is replaced with in another person's record that mentions it. */
export const ERASED_MARK = "[erased]";

/**
 * A pattern (PostgreSQL and JavaScript alike, to be used case-insensitively) for `address` as a whole
 * address, not part of a longer one: no character an address's local part may hold
 * (app/lib/field-rules.ts) before it, as "o'ann@example.com" holds "ann@example.com"; no
 * letter, digit, hyphen or underscore after it, nor a dot that a domain label follows, as
 * "ann@example.co.uk" holds "ann@example.co". A sentence's full stop after it is no part of it.
 * `extraBefore` adds characters that may not come before it (";" in HTML, where an entity may).
 */
export function addressPattern(address: string, extraBefore = ""): string {
  return `(?<![a-z0-9!#$%&'*+/=?^_\`{|}~.${extraBefore}-])${regexEscape(address)}(?![a-z0-9_-])(?!\\.[a-z0-9])`;
}

/** HTML mail bodies hold an address with "&" escaped (app/features/mail/templates.server.ts). */
const htmlEscaped = (address: string) => address.replace(/&/g, "&amp;");

/** Replaces every mention of the address in `column` with ERASED_MARK; answers how many rows changed. */
async function redactColumn(tx: Executor, table: string, column: string, patterns: string[]): Promise<number> {
  const changed = new Set<string>();
  for (const pattern of patterns) {
    const result = await rows<{ id: string }>(
      tx,
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = regexp_replace(${sql.identifier(column)}, ${pattern}, ${ERASED_MARK}, 'gi')
        where ${sql.identifier(column)} ~* ${pattern} returning id`,
    );
    for (const row of result) changed.add(String(row.id));
  }
  return changed.size;
}

/** `value` with every mention of the address in its strings replaced (keys are left as they are). */
function redactJson(value: unknown, pattern: RegExp): unknown {
  if (typeof value === "string") return value.replace(pattern, ERASED_MARK);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, pattern));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, pattern)]));
  }
  return value;
}

/**
 * A pattern (PostgreSQL and JavaScript alike, used case-insensitively) for a phone number however it
 * is written: "(512) 555-0142", "512.555.0142", "+1 512 555 0142", "5125550142". Null for a value
 * with too few digits to be a number.
 */
export function phonePattern(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length < 7 || digits.length > 15) return null;
  return `(?<![0-9+])(?:\\+?1[-. ]{0,2})?\\(?${digits.split("").join("[-. ()]{0,3}")}(?![0-9])`;
}

/** A pattern for a full name as a whole: its words in order, whatever the spaces between them. */
export function namePattern(name: string): string | null {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.join("").length < 2) return null;
  return `(?<![a-z0-9])${words.map(regexEscape).join("\\s+")}(?![a-z0-9])`;
}

/** Replaces every match of `patterns`, in turn, in `column` of the rows `scope` selects. */
async function redactWhere(tx: Executor, table: string, column: string, patterns: string[], scope: SQL): Promise<void> {
  for (const pattern of patterns) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = regexp_replace(${sql.identifier(column)}, ${pattern}, ${ERASED_MARK}, 'gi')
        where ${scope} and ${sql.identifier(column)} ~* ${pattern}`,
    );
  }
}

/**
 * Erases a person by email address, whatever the case of its letters. What is theirs goes: their
 * leads and contact messages (with documents and mail) — those whose address, or an address field of
 * whose submitted data, is the address exactly — their chats, job applications, and every mail to
 * them or with them as the reply address. Another person's record that mentions the address in its
 * text (a message, submitted data, a chat message, a cover letter, a mail's subject or body) is kept,
 * with the address replaced by ERASED_MARK. A kept chat that mentions it is about the person: its
 * messages and its summary (written from them) lose the address, and the person's names and phone
 * numbers as their own records give them. SMS consent records for the address are kept for their
 * own period and counted. With `mailDir`, the mail written there as files goes the same way: the
 * person's own files are deleted, others' are rewritten with the address replaced. Records a
 * `person_erased` audit entry with the counts (not the address), then deletes the documents' files.
 */
export async function eraseByEmail(
  db: Database,
  storage: FileStorage,
  email: string,
  admin: { id: string; email: string } | null,
  options: { mailDir: string | null; ip?: string | null; log?: Log },
): Promise<ErasureCounts> {
  const key = erasureKey(email);
  if (!key) throw new Error("eraseByEmail needs an address");
  const pattern = addressPattern(key);
  const htmlPattern = addressPattern(htmlEscaped(key), ";");
  const { counts, files } = await db.transaction(async (tx) => {
    const theirLeads = sql`lower(email) = ${key} or exists (
        select 1 from jsonb_each(case when jsonb_typeof(payload) = 'object' then payload else '{}'::jsonb end) as field
        where lower(field.key) like '%email%' and jsonb_typeof(field.value) = 'string' and lower(trim(field.value #>> '{}')) = ${key})`;
    // Who the person is by their own records, read before they go: what else identifies them in a chat about them.
    const identity = await rows<{ name: string | null; phone: string | null }>(
      tx,
      sql`select name, phone from leads where ${theirLeads}
        union select name, phone from chat_sessions where lower(email) = ${key}
        union select name, phone from consent_records where lower(email) = ${key}
        union select name, null from job_applications where lower(email) = ${key}
        union select name, null from admin_invites where lower(email) = ${key}`,
    );
    const removed = await deleteLeads(tx, theirLeads);
    await redactColumn(tx, "leads", "message", [pattern]);
    // Submitted data is redacted value by value, so it stays the JSON it was.
    const jsonPattern = new RegExp(pattern, "gi");
    const mentioned = await rows<{ id: string; payload: unknown }>(
      tx,
      sql`select id, payload from leads where payload::text ~* ${pattern}`,
    );
    for (const lead of mentioned) {
      await tx.execute(
        sql`update leads set payload = ${JSON.stringify(redactJson(lead.payload, jsonPattern))}::jsonb where id = ${lead.id}`,
      );
    }
    // A kept lead's timeline may name the address too: in a colleague's note, or as a mail's recipient.
    const entries = await rows<{ id: string; detail: unknown }>(
      tx,
      sql`select id, detail from lead_activity where detail::text ~* ${pattern}`,
    );
    for (const entry of entries) {
      await tx.execute(
        sql`update lead_activity set detail = ${JSON.stringify(redactJson(entry.detail, jsonPattern))}::jsonb where id = ${entry.id}`,
      );
    }
    const mailIds = (
      await rows<{ id: string }>(
        tx,
        sql`delete from mail_outbox where lower(to_address) = ${key} or lower(coalesce(reply_to, '')) = ${key} returning id`,
      )
    ).map((r) => r.id);
    await redactColumn(tx, "mail_outbox", "subject", [pattern]);
    await redactColumn(tx, "mail_outbox", "text_body", [pattern]);
    await redactColumn(tx, "mail_outbox", "html_body", [...new Set([pattern, htmlPattern])]);
    // Chat messages go with their session (on delete cascade).
    const chats = (await rows(tx, sql`delete from chat_sessions where lower(email) = ${key} returning id`)).length;
    // Another visitor's chat that mentions the address: its summary is written from its messages and
    // may quote them, or name the person from the whole conversation; both are redacted alike.
    const about = (
      await rows<{ id: string }>(
        tx,
        sql`select id from chat_sessions s where s.summary ~* ${pattern}
          or exists (select 1 from chat_messages m where m.session_id = s.id and m.content ~* ${pattern})`,
      )
    ).map((r) => r.id);
    if (about.length > 0) {
      const chatIds = sql.join(
        about.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const personPatterns = [
        pattern,
        ...new Set(
          identity.flatMap((r) => [r.phone ? phonePattern(r.phone) : null, r.name ? namePattern(r.name) : null]).filter((p) => p !== null),
        ),
      ];
      await redactWhere(tx, "chat_sessions", "summary", personPatterns, sql`id in (${chatIds})`);
      await redactWhere(tx, "chat_messages", "content", personPatterns, sql`session_id in (${chatIds})`);
    }
    const applications = (await rows(tx, sql`delete from job_applications where lower(email) = ${key} returning id`)).length;
    await redactColumn(tx, "job_applications", "cover_letter", [pattern]);
    const invitations = (await rows(tx, sql`delete from admin_invites where lower(email) = ${key} returning id`)).length;
    const [kept] = await rows<{ n: number | string }>(tx, sql`select count(*) as n from consent_records where lower(email) = ${key}`);
    // The mail folder is gone over before the commit, while the rows deleted or redacted above are
    // locked: a sender writing one of their files meanwhile reads its row again once it has, waits
    // for this commit, and removes or rewrites its file then (MailSender). A file changed here stays
    // changed if the transaction fails: it is only a copy of a mail already delivered.
    const mailFiles = options.mailDir
      ? await eraseFromMailFiles(
          options.mailDir,
          { mailIds: [...removed.mailIds, ...mailIds], patterns: [jsonPattern, new RegExp(htmlPattern, "gi")], mark: ERASED_MARK },
          options.log,
        )
      : { deleted: 0, redacted: 0, failed: 0 };
    const counts: ErasureCounts = {
      leads: removed.leads,
      contacts: removed.contacts,
      documents: removed.files.length,
      chats,
      applications,
      mails: mailIds.length + removed.mailIds.length,
      consentRecordsKept: Number(kept?.n ?? 0),
      invitations,
      mailFiles: mailFiles.deleted,
      mailFilesRedacted: mailFiles.redacted,
      mailFilesFailed: mailFiles.failed,
      filesFailed: 0,
    };
    const { filesFailed: _, ...detail } = counts;
    await recordAudit(tx, { action: "person_erased", admin, targetType: "person", detail, ip: options.ip ?? null });
    return { counts, files: removed.files };
  });
  counts.filesFailed = await deleteFiles(db, storage, files, options.log);
  return counts;
}
