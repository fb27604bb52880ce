/**
 * Security notices (`X-Mail-Kind: security_notice`): a dangerous back-office action (an invitation, a
 * deactivation, a role change, two-factor turned off, new recovery codes, an erasure, an export, a
 * settings change) or a second factor locked after too many wrong codes is mailed to every active owner,
 * queued through the outbox (so it is delivered even while the mail server is down) as soon as the
 * change is made. A stolen session, or a careless colleague, cannot act unseen. The notice names
 * accounts, never a visitor's personal data. See docs/decisions/047-roles-and-step-up.md.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { adminUsers } from "#db/schema";
import type { SiteFacts } from "~/content/site-facts";
import type { Config } from "~/env.server";
import { enqueueMail, mailDomain } from "./outbox.server";
import { escapeHtml, headerSafe, type MailDraft, mailLayout, officeTime } from "./templates.server";

type Executor = Pick<Database, "insert" | "select">;

export type SecurityNotice = {
  /** One line saying what happened: "Dana Ruiz (dana@agency.example) deactivated the account of sam@agency.example." */
  what: string;
  /** Who did it (null for the system itself, e.g. a lock after wrong codes). */
  actor: { email: string } | null;
  /** The address it came from, as the server saw it. */
  ip?: string | null;
  at?: Date;
  /** Other addresses told as well (the account a lock or a change was about), besides every active owner. */
  alsoTo?: string[];
};

export const securityNoticeMessages = {
  subject: (agency: string, what: string) => `Security notice for the ${agency} back office: ${what}`,
  intro: "This is an automatic notice sent to every owner of the back office when an account makes a sensitive change.",
  when: "When",
  who: "By",
  from: "From address",
  system: "The back office itself",
  advice:
    "If you did not expect this, sign in, review Users and the Audit trail, and deactivate any account you do not trust. Changing your password ends all your other sessions.",
  /** What happened, one line each (the subject ends with it). */
  events: {
    invited: (actor: string, email: string, role: string) => `${actor} invited ${email} to the back office as ${role}`,
    deactivated: (actor: string, email: string) => `${actor} deactivated the account of ${email}`,
    reactivated: (actor: string, email: string) => `${actor} reactivated the account of ${email}`,
    roleChanged: (actor: string, email: string, from: string, to: string) => `${actor} changed the role of ${email} from ${from} to ${to}`,
    exported: (actor: string, rows: number) => `${actor} exported ${rows} lead${rows === 1 ? "" : "s"} as a CSV file`,
    erased: (actor: string, records: number) =>
      `${actor} erased one person's data from the site (${records} record${records === 1 ? "" : "s"})`,
    settingsChanged: (actor: string) => `${actor} changed the agency's settings`,
  },
} as const;

/** The notice mailed to one recipient. */
export function securityNoticeMail(site: SiteFacts, to: string, notice: SecurityNotice): MailDraft {
  const m = securityNoticeMessages;
  const at = notice.at ?? new Date();
  const what = notice.what.trim().replace(/\.$/, "");
  const subject = headerSafe(m.subject(site.agency.shortName, what));
  const rows: [string, string][] = [
    [m.when, officeTime(site, at)],
    [m.who, notice.actor?.email ?? m.system],
    ...(notice.ip ? ([[m.from, notice.ip]] as [string, string][]) : []),
  ];
  const text = [`${what}.`, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", m.intro, m.advice, "", site.agency.name].join(
    "\n",
  );
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px;border:1px solid #e2e8f0;background:#f8fafc;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 12px;border:1px solid #e2e8f0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = mailLayout(
    site,
    subject,
    `<p style="font-size:16px;font-weight:bold">${escapeHtml(what)}.</p><table style="border-collapse:collapse;font-size:14px">${table}</table><p>${escapeHtml(m.intro)}</p><p>${escapeHtml(m.advice)}</p>`,
  );
  return { kind: "security_notice", to, subject, text, html };
}

/** Queues the notice (queueSecurityNotice) on its own and starts the mail sender: for a change that has just been made. */
export async function sendSecurityNotice(
  deps: { db: Database; config: Pick<Config, "SITE_URL">; site: { facts: SiteFacts }; mail: { nudge: () => void } },
  notice: SecurityNotice,
): Promise<void> {
  await queueSecurityNotice(deps.db, { config: deps.config, site: deps.site.facts }, notice);
  deps.mail.nudge();
}

/**
 * Queues the notice to every active owner (and `alsoTo`), once per address, in `tx`: the caller's
 * transaction, so the notice leaves with the change or not at all. Answers the addresses; the caller
 * nudges the mail sender once the transaction has committed.
 */
export async function queueSecurityNotice(
  tx: Executor,
  deps: { config: Pick<Config, "SITE_URL">; site: SiteFacts },
  notice: SecurityNotice,
): Promise<string[]> {
  const owners = await tx
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), eq(adminUsers.active, true)));
  const seen = new Set<string>();
  const to: string[] = [];
  for (const email of [...owners.map((o) => o.email), ...(notice.alsoTo ?? [])]) {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    to.push(email.trim());
  }
  for (const address of to) await enqueueMail(tx, securityNoticeMail(deps.site, address, notice), { domain: mailDomain(deps.config) });
  return to;
}
