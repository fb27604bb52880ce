/**
 * The 60-day mail about a renewal or X-date (X-Mail-Kind: renewal_due, docs/decisions/062): what is
 * coming, the lead's contact details and outcome, its history (newest first, notes with their text) and
 * a link to the lead. Written when it is queued, with the stored profile of that moment.
 */
import type { SiteFacts } from "~/content/site-facts";
import { escapeHtml, headerSafe, type MailDraft, mailLayout, officeTime } from "~/features/mail/templates.server";
import { dayLabel } from "~/lib/calendar-day";
import { renewalMessages } from "./messages";
import type { RenewalKind } from "./schema";

const copy = renewalMessages.mail;

/** Timeline entries a mail shows at most. */
export const MAIL_HISTORY_ENTRIES = 20;

export type RenewalMailInput = {
  to: string;
  kind: RenewalKind;
  dueOn: string;
  daysLeft: number;
  lead: {
    id: string;
    reference: string;
    name: string;
    businessName: string | null;
    phone: string;
    email: string;
    service: string | null;
    status: string;
  };
  /** The outcome's rows as label and value, in order (only those recorded). */
  outcome: [string, string][];
  carrier: string | null;
  competitor: string | null;
  /** The assignee, if any; a deactivated one is named, and the inbox is mailed instead. */
  assignee: { name: string; email: string; active: boolean } | null;
  /** The timeline, newest first: when, what, who, and the lines under it (a note's text, corrected details). */
  history: { at: Date; summary: string; by: string | null; lines: string[] }[];
  /** Entries left out of `history` (it holds the newest MAIL_HISTORY_ENTRIES). */
  earlier: number;
  leadUrl: string;
};

const rowsTable = (rows: [string, string][], tel: string | null) =>
  `<table style="border-collapse:collapse;width:100%;font-size:14px;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:8px 12px;border:1px solid #e2e8f0;background:#f8fafc;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:8px 12px;border:1px solid #e2e8f0">${
          label === copy.labels.phone && tel
            ? `<a href="tel:${escapeHtml(tel)}" style="color:#112f57;font-weight:bold">${escapeHtml(value)}</a>`
            : escapeHtml(value)
        }</td></tr>`,
    )
    .join("")}</table>`;

const textRows = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`);
};

export function renewalDueMail(site: SiteFacts, input: RenewalMailInput): MailDraft {
  const day = dayLabel(input.dueOn);
  const { lead } = input;
  const subject = copy.subject(input.kind, lead.reference, lead.name, day);
  const heading = copy.heading(input.kind, { day, days: input.daysLeft, carrier: input.carrier, competitor: input.competitor });
  const who = input.assignee ? `${input.assignee.name}, ${input.assignee.email}` : null;
  const owner = !who ? copy.unassigned : input.assignee?.active ? copy.assignedTo(who) : copy.inactiveAssignee(who);
  const l = copy.labels;
  const contact: [string, string][] = [
    [l.reference, lead.reference],
    [l.name, lead.name],
    ...(lead.businessName ? ([[l.business, lead.businessName]] as [string, string][]) : []),
    [l.phone, lead.phone],
    ...(lead.email ? ([[l.email, lead.email]] as [string, string][]) : []),
    ...(lead.service ? ([[l.service, lead.service]] as [string, string][]) : []),
  ];
  const when = (at: Date) => officeTime(site, at);
  const historyText = input.history.flatMap((entry) => [
    `- ${when(entry.at)}: ${entry.summary}${entry.by ? ` (${copy.by(entry.by)})` : ""}`,
    ...entry.lines.flatMap((line) => line.split(/\r?\n/).map((part) => `    ${part}`)),
  ]);
  const text = [
    heading,
    owner,
    "",
    copy.contact,
    ...textRows(contact),
    ...(input.outcome.length ? ["", copy.outcome, ...textRows(input.outcome)] : []),
    "",
    copy.history,
    ...historyText,
    ...(input.earlier > 0 ? [copy.earlier(input.earlier)] : []),
    "",
    `${copy.open}: ${input.leadUrl}`,
    "",
    copy.footer,
  ].join("\n");
  const tel = lead.phone.replace(/[^\d+]/g, "") || null;
  const historyHtml = `<ol style="margin:0 0 16px;padding-left:20px;font-size:14px">${input.history
    .map(
      (entry) =>
        `<li style="margin:0 0 8px"><strong>${escapeHtml(entry.summary)}</strong><br><span style="color:#475569;font-size:13px">${escapeHtml(
          entry.by ? `${copy.by(entry.by)} · ${when(entry.at)}` : when(entry.at),
        )}</span>${entry.lines
          .map((line) => `<div style="margin-top:4px;padding:6px 10px;background:#f8fafc;white-space:pre-line">${escapeHtml(line)}</div>`)
          .join("")}</li>`,
    )
    .join("")}</ol>`;
  const h2 = (title: string) => `<h2 style="margin:16px 0 8px;font-size:16px">${escapeHtml(title)}</h2>`;
  const html = mailLayout(
    site,
    subject,
    [
      `<h1 style="margin:0 0 8px;font-size:20px">${escapeHtml(heading)}</h1>`,
      `<p style="margin:0 0 16px">${escapeHtml(owner)}</p>`,
      h2(copy.contact),
      rowsTable(contact, tel),
      ...(input.outcome.length ? [h2(copy.outcome), rowsTable(input.outcome, null)] : []),
      h2(copy.history),
      historyHtml,
      ...(input.earlier > 0
        ? [`<p style="margin:0 0 16px;color:#475569;font-size:13px">${escapeHtml(copy.earlier(input.earlier))}</p>`]
        : []),
      `<p style="margin:16px 0"><a href="${escapeHtml(input.leadUrl)}" style="display:inline-block;padding:10px 16px;background:#112f57;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(copy.open)}</a></p>`,
      `<p style="margin:0;color:#475569;font-size:13px">${escapeHtml(copy.footer)}</p>`,
    ].join(""),
  );
  return { kind: "renewal_due", to: input.to, subject: headerSafe(subject), text, html };
}
