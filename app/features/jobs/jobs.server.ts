/**
 * Jobs and their applications: queries and mutations. An application, the agency's notification
 * and the applicant's acknowledgement are written in one transaction (the mail outbox delivers them).
 * Every write of a job announces itself in its own transaction on the `job_changes` channel, so every
 * server process on the database hears of it once it commits (`followJobChanges`; the careers page
 * shown from the render cache is dropped on it).
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { announceChange, type FollowOptions, followChanges, type RecordChange } from "#db/changes";
import type { Database, DatabaseHandle } from "#db/client";
import { type Job, type JobApplication, jobApplications, jobs } from "#db/schema";
import { searchText } from "#db/search";
import { applicationStatuses } from "~/content/admin-options";
import type { SiteFacts } from "~/content/site-facts";
import { agencyInbox, type Config } from "~/env.server";
import { autoRepliesToday, enqueueMail, mailDomain } from "~/features/mail/outbox.server";
import { greetingName, headerSafe, type MailDraft, notificationMail } from "~/features/mail/templates.server";
import { ADMIN_PAGE_SIZE, type Paged, pageWindow } from "~/lib/paging";
import type { SearchTerms } from "~/lib/search";
import { searchWhere } from "~/lib/search.server";
import { isUuid } from "~/lib/uuid";
import type { ApplicationInput, ApplicationRecord, ApplicationStatus, JobInput, JobRecord } from "./schema";

/** Whether `id` can name a row; anything else is "not found" without asking the database. */
export const isJobId = (id: string) => isUuid(id);

// ---- change announcements ----

/** The NOTIFY channel of job changes: every process on the database hears every committed change. */
export const JOB_CHANGES = "job_changes";

export type JobChange = RecordChange;

/** Announces a change through `tx`, the transaction that makes it: sent when it commits, never for a rollback. */
export function announceJobChange(tx: Pick<Database, "execute">, change: JobChange): Promise<void> {
  return announceChange(tx, JOB_CHANGES, change);
}

/**
 * Calls `listener` after each committed create, update or delete of a job made by any process on the
 * database. A listener's failure goes to `onListenerError` and never reaches the write. `onResync`
 * is called when changes may have been missed (the notification connection is back after a loss).
 * Resolves once listening; answers the function that stops it.
 */
export function followJobChanges(
  database: Pick<DatabaseHandle, "listen">,
  listener: (change: JobChange) => void | Promise<void>,
  options: FollowOptions<JobChange> = {},
): Promise<() => Promise<void>> {
  return followChanges(database, JOB_CHANGES, listener, options);
}

// ---- records ----

export function toJobRecord(row: Job): JobRecord {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as JobRecord["type"],
    workType: row.workType as JobRecord["workType"],
    location: row.location,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApplicationRecord(row: JobApplication): ApplicationRecord {
  const status = (applicationStatuses as readonly string[]).includes(row.status) ? (row.status as ApplicationStatus) : "pending";
  return { _id: row.id, name: row.name, email: row.email, coverLetter: row.coverLetter, status, createdAt: row.createdAt.toISOString() };
}

/** Every job, newest first. */
export async function listJobs(db: Database): Promise<JobRecord[]> {
  const rows = await db.select().from(jobs).orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map(toJobRecord);
}

export async function getJob(db: Database, id: string): Promise<JobRecord | null> {
  if (!isJobId(id)) return null;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ? toJobRecord(row) : null;
}

export async function createJob(db: Database, input: JobInput): Promise<JobRecord> {
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(jobs).values(input).returning();
    await announceJobChange(tx, { type: "created", id: inserted.id });
    return inserted;
  });
  return toJobRecord(row);
}

/** The updated job, or null when there is none with this id. */
export async function updateJob(db: Database, id: string, input: JobInput): Promise<JobRecord | null> {
  if (!isJobId(id)) return null;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(jobs)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(jobs.id, id))
      .returning();
    if (updated) await announceJobChange(tx, { type: "updated", id });
    return updated;
  });
  return row ? toJobRecord(row) : null;
}

/** Deletes the job and, by the foreign key's cascade, its applications. False when there was none. */
export async function deleteJob(db: Database, id: string): Promise<boolean> {
  if (!isJobId(id)) return false;
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
    if (deleted.length === 0) return false;
    await announceJobChange(tx, { type: "deleted", id });
    return true;
  });
}

/** A job's applications, newest first; null when the job does not exist. */
export async function listApplications(db: Database, jobId: string): Promise<ApplicationRecord[] | null> {
  if (!(await getJob(db, jobId))) return null;
  const rows = await db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.jobId, jobId))
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id));
  return rows.map(toApplicationRecord);
}

/** The same, a page at a time, for the screen (the API's answer stays the whole list, the spec's shape). */
export async function applicationsPage(
  db: Database,
  jobId: string,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
  search: SearchTerms | null = null,
): Promise<Paged<ApplicationRecord> | null> {
  if (!(await getJob(db, jobId))) return null;
  const ofJob = and(
    eq(jobApplications.jobId, jobId),
    search ? searchWhere(searchText.jobApplications, search, searchText.names.jobApplications) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(jobApplications).where(ofJob);
  const total = Number(n);
  const at = pageWindow(total, page, pageSize);
  const rows = await db
    .select()
    .from(jobApplications)
    .where(ofJob)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(at.pageSize)
    .offset(at.offset);
  return { items: rows.map(toApplicationRecord), page: at.page, pageSize: at.pageSize, total, pageCount: at.pageCount };
}

/** Applications to any job that match a search, newest first, with their job's title; and how many match. */
export async function searchApplications(
  db: Database,
  search: SearchTerms,
  limit: number,
): Promise<{ items: (ApplicationRecord & { jobId: string; jobTitle: string })[]; total: number }> {
  const found = searchWhere(searchText.jobApplications, search, searchText.names.jobApplications);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(jobApplications).where(found),
    db
      .select({ application: jobApplications, jobTitle: jobs.title })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(found)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(limit),
  ]);
  return {
    items: rows.map((r) => ({ ...toApplicationRecord(r.application), jobId: r.application.jobId, jobTitle: r.jobTitle })),
    total: Number(n),
  };
}

/**
 * Acknowledgements go to the address an applicant typed, which may not be theirs: like the lead forms'
 * auto-replies, an address gets at most this many a day (all kinds of acknowledgement counted together).
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The applicant's acknowledgement. It repeats only the job's title, never text the applicant wrote. */
export function applicationAcknowledgement(site: SiteFacts, input: { to: string; name: string; jobTitle: string }): MailDraft {
  const { agency } = site;
  const subject = `We received your application - ${agency.name}`;
  const paragraphs = [
    `Hi ${greetingName(input.name)},`,
    `Thank you for applying for the ${input.jobTitle} position at ${agency.name}. Your application has reached our team.`,
    "We read every application ourselves. If your experience is a good fit for the role, we will contact you by email or phone to arrange a conversation.",
    `Questions in the meantime? Email ${agency.email} or call ${agency.phone.primary.display}, ${agency.hours.open} ${agency.hours.zoneName}.`,
  ];
  const signature = [agency.name, `${agency.phone.primary.display} · ${agency.email}`];
  const text = [...paragraphs.flatMap((p) => [p, ""]), ...signature].join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;border:1px solid #e2e8f0;padding:24px">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}<p>${signature.map(escapeHtml).join("<br>")}</p>
</div></body></html>`;
  return { kind: "visitor_autoreply", to: input.to, subject: headerSafe(subject), text, html };
}

export type ApplicationContext = { ip?: string | null; userAgent?: string | null };

/** A foreign-key violation: the job was deleted between the check and the insert. */
function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23503" || e?.cause?.code === "23503";
}

/**
 * Stores an application with its two mails, atomically. Null when the job does not exist (or was
 * deleted meanwhile): nothing is stored then.
 */
export async function acceptApplication(
  { db, config, site }: { db: Database; config: Config; site: SiteFacts },
  input: ApplicationInput,
  context: ApplicationContext,
): Promise<ApplicationRecord | null> {
  const job = await getJob(db, input.jobId);
  if (!job) return null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobApplications)
        .values({
          jobId: job._id,
          name: input.name,
          email: input.email,
          coverLetter: input.coverLetter ?? null,
          ip: context.ip ?? null,
          userAgent: context.userAgent ?? null,
        })
        .returning();
      const notification = notificationMail(site, {
        to: agencyInbox(config, site),
        replyTo: input.email,
        subject: `Job Application: ${job.title}`,
        heading: `New application for ${job.title} from ${input.name}`,
        receivedAt: row.createdAt,
        fields: [
          ["Job", job.title],
          ["Type", `${job.type}, ${job.workType}`],
          ["Location", job.location],
          ["Name", input.name],
          ["Email", input.email],
          ["Cover Letter", input.coverLetter ?? "(none)"],
        ],
      });
      const domain = mailDomain(config);
      await enqueueMail(tx, notification, { domain });
      if ((await autoRepliesToday(tx, input.email)) < ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY) {
        await enqueueMail(tx, applicationAcknowledgement(site, { to: input.email, name: input.name, jobTitle: job.title }), { domain });
      }
      return toApplicationRecord(row);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

/**
 * An application sent from /careers or to POST /api/applications: stored with its mails (written with
 * the request's snapshot of the stored profile), the mail sender woken. Null when the job does not exist.
 */
export async function submitApplication(
  services: Pick<AppLoadContext, "db" | "config" | "logger" | "mail" | "site">,
  input: ApplicationInput,
  context: ApplicationContext,
): Promise<ApplicationRecord | null> {
  const application = await acceptApplication({ db: services.db, config: services.config, site: services.site.facts }, input, context);
  if (!application) return null;
  services.mail.nudge();
  services.logger.info({ applicationId: application._id, jobId: input.jobId }, "job application stored");
  return application;
}
