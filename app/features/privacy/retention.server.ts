/**
 * Data retention and erasure (docs/decisions/024-retention-and-erasure.md).
 *
 * `runRetention` deletes every record past its period (the daily "retention" job); `eraseByEmail`
 * removes a person's records on request (/admin/privacy). Rows go in one transaction; the stored
 * files of the documents it removed are deleted after it commits, through the storage interface (a
 * folder or an S3 bucket), so a rolled-back transaction never leaves a row without its file. Both
 * write an audit entry with counts only, never an address.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Config } from "~/env.server";
import type { Database } from "../../../db/client";
import { recordAudit } from "../audit/audit.server";
import type { FileStorage } from "../uploads/storage.server";

export type RetentionConfig = Pick<
  Config,
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
  consentRecords: number;
  signInSessions: number;
  signInFailures: number;
  auditAddressesCleared: number;
  /** Document files that could not be deleted (their rows are gone; the log names the keys). */
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

/** Deletes files by key; a failure is logged and counted, never thrown (the rows are already gone). */
async function deleteFiles(storage: FileStorage, keys: string[], log?: Log): Promise<number> {
  let failed = 0;
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      failed++;
      log?.("error", { err: error, storageKey: key }, "a document's record was deleted but its file could not be");
    }
  }
  return failed;
}

/**
 * Deletes the leads `where` selects, with what hangs on them: their documents' rows (answering the
 * storage keys), their mail; chats keep their own period and only lose the link.
 */
async function deleteLeads(tx: Executor, where: SQL): Promise<{ leads: number; contacts: number; keys: string[]; mails: number }> {
  // Locked first, so a lead that matches now still matches for the statements below.
  await tx.execute(sql`select id from leads where ${where} for update`);
  const doomed = sql`(select id from leads where ${where})`;
  const keys = (await rows<{ storage_key: string }>(tx, sql`delete from uploads where lead_id in ${doomed} returning storage_key`)).map(
    (r) => r.storage_key,
  );
  const mails = (await rows(tx, sql`delete from mail_outbox where lead_id in ${doomed} returning id`)).length;
  await tx.execute(sql`update chat_sessions set lead_id = null where lead_id in ${doomed}`);
  const deleted = await rows<{ lead_type: string }>(tx, sql`delete from leads where ${where} returning lead_type`);
  const contacts = deleted.filter((r) => r.lead_type === CONTACT_LEAD_TYPE).length;
  return { leads: deleted.length - contacts, contacts, keys, mails };
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

  const { counts, keys } = await db.transaction(async (tx) => {
    // A lead's age counts from its last activity: arriving, or its last change of status.
    const lastActivity = sql`greatest(received_at, coalesce(status_changed_at, received_at))`;
    const removed = await deleteLeads(
      tx,
      sql`(lead_type <> ${CONTACT_LEAD_TYPE} and ${lastActivity} < ${leadCutoff}::timestamptz)
        or (lead_type = ${CONTACT_LEAD_TYPE} and ${lastActivity} < ${contactCutoff}::timestamptz)`,
    );
    // Chat messages go with their session (on delete cascade).
    const chats = (await rows(tx, sql`delete from chat_sessions where updated_at < ${chatCutoff}::timestamptz returning id`)).length;
    const applications = (
      await rows(tx, sql`delete from job_applications where created_at < ${applicationCutoff}::timestamptz returning id`)
    ).length;
    // Mail still waiting for delivery is left to the sender; delivered and abandoned mail goes.
    const mails = (
      await rows(tx, sql`delete from mail_outbox where status in ('sent', 'dead') and created_at < ${mailCutoff}::timestamptz returning id`)
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
    const auditAddressesCleared = (
      await rows(tx, sql`update audit_events set ip = null where ip is not null and at < ${signInCutoff}::timestamptz returning id`)
    ).length;
    const counts: RetentionCounts = {
      leads: removed.leads,
      contacts: removed.contacts,
      documents: removed.keys.length,
      chats,
      applications,
      mails: mails + removed.mails,
      mailBodiesCleared,
      consentRecords,
      signInSessions,
      signInFailures,
      auditAddressesCleared,
      filesFailed: 0,
    };
    const { filesFailed: _, ...detail } = counts;
    await recordAudit(tx, { action: "retention_run", targetType: "retention", detail });
    return { counts, keys: removed.keys };
  });
  counts.filesFailed = await deleteFiles(storage, keys, log);
  return counts;
}

/** An address as stored (trimmed, lower-case): what the erasure compares every column with. */
export const erasureKey = (email: string) => email.trim().toLowerCase();

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether lower(`column`) holds the address as a whole (not as the tail of a longer one, as
 * "ann@example.com" is of "joann@example.com"): for free text and JSON, where an address can appear
 * anywhere.
 */
function mentions(column: SQL, key: string): SQL {
  const pattern = `(^|[^a-z0-9._%+-])${regexEscape(key)}($|[^a-z0-9_-])`;
  return sql`coalesce(lower(${column}), '') ~ ${pattern}`;
}

/**
 * Erases a person by email address, whatever the case of its letters: their leads and contact
 * messages (with documents and mail), chats, job applications and every mail to, from or about the
 * address. SMS consent records for the address are kept for their own period and counted. Records a
 * `person_erased` audit entry with the counts (not the address), then deletes the documents' files.
 */
export async function eraseByEmail(
  db: Database,
  storage: FileStorage,
  email: string,
  admin: { id: string; email: string } | null,
  options: { ip?: string | null; log?: Log } = {},
): Promise<ErasureCounts> {
  const key = erasureKey(email);
  if (!key) throw new Error("eraseByEmail needs an address");
  const { counts, keys } = await db.transaction(async (tx) => {
    const removed = await deleteLeads(
      tx,
      sql`lower(email) = ${key} or ${mentions(sql`payload::text`, key)} or ${mentions(sql`message`, key)}`,
    );
    const mails = (
      await rows(
        tx,
        sql`delete from mail_outbox
          where lower(to_address) = ${key} or lower(coalesce(reply_to, '')) = ${key}
            or ${mentions(sql`subject`, key)} or ${mentions(sql`text_body`, key)} or ${mentions(sql`html_body`, key)}
          returning id`,
      )
    ).length;
    const chats = (await rows(tx, sql`delete from chat_sessions where lower(email) = ${key} returning id`)).length;
    const applications = (await rows(tx, sql`delete from job_applications where lower(email) = ${key} returning id`)).length;
    const [kept] = await rows<{ n: number | string }>(tx, sql`select count(*) as n from consent_records where lower(email) = ${key}`);
    const counts: ErasureCounts = {
      leads: removed.leads,
      contacts: removed.contacts,
      documents: removed.keys.length,
      chats,
      applications,
      mails: mails + removed.mails,
      consentRecordsKept: Number(kept?.n ?? 0),
      filesFailed: 0,
    };
    const { filesFailed: _, ...detail } = counts;
    await recordAudit(tx, { action: "person_erased", admin, targetType: "person", detail, ip: options.ip ?? null });
    return { counts, keys: removed.keys };
  });
  counts.filesFailed = await deleteFiles(storage, keys, options.log);
  return counts;
}
