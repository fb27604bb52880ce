/**
 * The agency's outgoing mail: plain text and a simple HTML version of each. Every template takes the
 * facts of the stored profile it is written with (a request's snapshot, or the current one in
 * background work): the agency's name, phones, email, hours and time zone are the ones of that moment.
 */
import type { SiteFacts } from "~/content/site-facts";

export type MailDraft = {
  /** Sent as the X-Mail-Kind header. */
  kind:
    | "agency_notification"
    | "visitor_autoreply"
    | "lead_escalation"
    | "lead_overdue"
    | "admin_invite"
    | "security_notice"
    // A renewal or X-date 60 days ahead (app/features/renewals, docs/decisions/062).
    | "renewal_due";
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Header values can never carry a line break (no header injection). */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim()
    .slice(0, 200);
}

/** "Nov 27, 2026, 6:00 PM CST": a time where the office is, zone named. */
export function officeTime(site: SiteFacts, date: Date): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: site.agency.hours.timezone,
    timeZoneName: "short",
  }).format(date);
}

/** Every mail's HTML frame: the agency's name as a header bar above `bodyHtml`. */
export function mailLayout(site: SiteFacts, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #e2e8f0">
<div style="background:#112f57;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(site.agency.name)}</div>
<div style="padding:24px">${bodyHtml}</div>
</div></body></html>`;
}

/** Notification to the agency inbox: the submitted fields as a table. */
export function notificationMail(
  site: SiteFacts,
  input: {
    to: string;
    /** The person's address; absent for a lead added by staff without one (no "reply to" line then). */
    replyTo?: string;
    subject: string;
    heading: string;
    fields: [label: string, value: string | null | undefined][];
    reference?: string;
    receivedAt: Date;
    notes?: string[];
  },
): MailDraft {
  const rows = input.fields.filter(([, v]) => v != null && String(v).trim() !== "") as [string, string][];
  const meta: [string, string][] = [
    ...(input.reference ? ([["Reference", input.reference]] as [string, string][]) : []),
    ["Received", officeTime(site, input.receivedAt)],
  ];
  const all = [...meta, ...rows];
  const width = Math.max(...all.map(([l]) => l.length));
  const text = [
    input.heading,
    "",
    ...all.map(([label, value]) => `${(`${label}:`).padEnd(width + 2)}${value.replace(/\r?\n/g, `\n${" ".repeat(width + 2)}`)}`),
    ...(input.notes?.length ? ["", ...input.notes] : []),
    ...(input.replyTo ? ["", `Reply to this email to answer ${input.replyTo} directly.`] : []),
  ].join("\n");
  const table = all
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:8px 12px;border:1px solid #e2e8f0;background:#f8fafc;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:8px 12px;border:1px solid #e2e8f0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const notes = input.notes?.length
    ? `<p style="margin:16px 0 0;padding:12px;background:#fff7e6;border:1px solid #f6b73c;border-radius:6px">${input.notes.map(escapeHtml).join("<br>")}</p>`
    : "";
  const html = mailLayout(
    site,
    input.subject,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(input.heading)}</h1><table style="border-collapse:collapse;width:100%;font-size:14px">${table}</table>${notes}`,
  );
  return { kind: "agency_notification", to: input.to, replyTo: input.replyTo, subject: headerSafe(input.subject), text, html };
}

/**
 * A greeting name that cannot carry a message: the first word of the name, letters only. Auto-replies
 * go to whatever address was typed, so they never repeat other free text a visitor wrote.
 */
export function greetingName(name: string): string {
  const first = (name.trim().split(/\s+/)[0] ?? "").replace(/[^\p{L}'-]/gu, "").slice(0, 30);
  return first.length >= 2 ? first : "there";
}

/** The visitor's acknowledgement, restating when they will hear from the agency. */
export function autoReplyMail(
  site: SiteFacts,
  input: {
    to: string;
    name: string;
    subject: string;
    opening: string;
    reference?: string;
    /** When office hours stretch the promise: when to expect the call (app/features/leads/messages.ts). */
    callBackNotice?: string | null;
  },
): MailDraft {
  const { agency } = site;
  const firstName = greetingName(input.name);
  const hours = `${agency.hours.open} ${agency.hours.zoneName}`;
  const promise = `A licensed agent will contact you within ${site.promises.contactMinutes} minutes during office hours (${hours}). Requests that arrive after hours are answered first thing the next business morning.`;
  const reference = input.reference ? `Your reference number is ${input.reference}.` : "";
  const urgent = `If it can't wait, call us at ${agency.phone.primary.display}.`;
  const text = [
    `Hi ${firstName},`,
    "",
    input.opening,
    "",
    promise,
    ...(input.callBackNotice ? ["", input.callBackNotice] : []),
    ...(reference ? ["", reference] : []),
    "",
    urgent,
    "",
    `${agency.name}`,
    `${agency.phone.primary.display} · ${agency.email}`,
  ].join("\n");
  const html = mailLayout(
    site,
    input.subject,
    [
      `<p>Hi ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(input.opening)}</p>`,
      `<p>${escapeHtml(promise)}</p>`,
      input.callBackNotice ? `<p><strong>${escapeHtml(input.callBackNotice)}</strong></p>` : "",
      reference ? `<p><strong>${escapeHtml(reference)}</strong></p>` : "",
      `<p>${escapeHtml(urgent)}</p>`,
      `<p>${escapeHtml(agency.name)}<br>${escapeHtml(agency.phone.primary.display)} · ${escapeHtml(agency.email)}</p>`,
    ].join(""),
  );
  return { kind: "visitor_autoreply", to: input.to, subject: headerSafe(input.subject), text, html };
}

/** A lead as the escalation and overdue mails describe it. */
export type ClockLead = {
  id: string;
  reference: string;
  name: string;
  phone: string;
  service: string | null;
  receivedAt: Date;
  dueAt: Date;
  /** The admin who owns the call back, if any; a deactivated one is named, and the inbox is told instead. */
  assignee: { name: string | null; email: string; active: boolean } | null;
};

function shortOfficeTime(timeZone: string, date: Date, withDay: boolean): string {
  return new Intl.DateTimeFormat("en-US", {
    ...(withDay ? { weekday: "short" as const } : {}),
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(date);
}

const officeDay = (timeZone: string, date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(date);

/** "9:30 AM" when `date` is on `now`'s day where the office is, else "Mon 9:30 AM". */
export function dueLabel(site: SiteFacts, date: Date, now: Date): string {
  const zone = site.agency.hours.timezone;
  return shortOfficeTime(zone, date, officeDay(zone, date) !== officeDay(zone, now));
}

/** The escalation and overdue mails' copy, for agency staff reading on a phone between calls. */
export const leadClockCopy = {
  escalation: {
    subject: (lead: ClockLead, due: string) => `Call back due: ${lead.reference} ${lead.name} (due ${due})`,
    heading: (due: string) => `This lead is still waiting for a call. Call back by ${due}.`,
    assignedTo: (who: string) => `It is assigned to you (${who}).`,
    inactiveAssignee: (who: string) => `It is assigned to ${who}, whose account is deactivated: please pick it up or reassign it.`,
    unassigned: "Nobody is assigned to this lead: please pick it up.",
  },
  overdue: {
    subject: (lead: ClockLead, due: string) => `Overdue: ${lead.reference} ${lead.name} (was due ${due})`,
    // No minutes named: LEAD_SLA_MINUTES, when set, makes the clock's promise differ from the pages' wording.
    heading: (due: string) => `The call-back promise for this lead ran out at ${due} and it is still new.`,
    assignedTo: (who: string) => `Assigned to ${who}.`,
    inactiveAssignee: (who: string) => `Assigned to ${who}, whose account is deactivated.`,
    unassigned: "Nobody is assigned to this lead.",
  },
  labels: { reference: "Reference", name: "Name", phone: "Phone", service: "Service", received: "Arrived", due: "Call back by" },
  open: "Open the lead",
  footer: "Once you have called, set the lead's status to Contacted: a lead that is no longer new gets no more reminders.",
};

function clockLeadMail(
  site: SiteFacts,
  kind: "lead_escalation" | "lead_overdue",
  to: string,
  lead: ClockLead,
  leadUrl: string,
  now: Date,
): MailDraft {
  const copy = kind === "lead_escalation" ? leadClockCopy.escalation : leadClockCopy.overdue;
  const due = dueLabel(site, lead.dueAt, now);
  const who = lead.assignee ? (lead.assignee.name ? `${lead.assignee.name}, ${lead.assignee.email}` : lead.assignee.email) : null;
  const owner = !who ? copy.unassigned : lead.assignee?.active ? copy.assignedTo(who) : copy.inactiveAssignee(who);
  const subject = copy.subject(lead, due);
  const heading = copy.heading(due);
  const l = leadClockCopy.labels;
  const rows: [string, string][] = [
    [l.reference, lead.reference],
    [l.name, lead.name],
    [l.phone, lead.phone],
    ...(lead.service ? ([[l.service, lead.service]] as [string, string][]) : []),
    [l.received, officeTime(site, lead.receivedAt)],
    [l.due, officeTime(site, lead.dueAt)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const text = [
    heading,
    owner,
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    "",
    `${leadClockCopy.open}: ${leadUrl}`,
    "",
    leadClockCopy.footer,
  ].join("\n");
  const tel = lead.phone.replace(/[^\d+]/g, "");
  const cell = (label: string, value: string) =>
    label === l.phone && tel
      ? `<a href="tel:${escapeHtml(tel)}" style="color:#112f57;font-weight:bold">${escapeHtml(value)}</a>`
      : escapeHtml(value);
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:8px 12px;border:1px solid #e2e8f0;background:#f8fafc;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:8px 12px;border:1px solid #e2e8f0">${cell(label, value)}</td></tr>`,
    )
    .join("");
  const html = mailLayout(
    site,
    subject,
    [
      `<h1 style="margin:0 0 8px;font-size:20px">${escapeHtml(heading)}</h1>`,
      `<p style="margin:0 0 16px">${escapeHtml(owner)}</p>`,
      `<table style="border-collapse:collapse;width:100%;font-size:14px">${table}</table>`,
      `<p style="margin:16px 0"><a href="${escapeHtml(leadUrl)}" style="display:inline-block;padding:10px 16px;background:#112f57;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(leadClockCopy.open)}</a></p>`,
      `<p style="margin:0;color:#475569;font-size:13px">${escapeHtml(leadClockCopy.footer)}</p>`,
    ].join(""),
  );
  return { kind, to, subject: headerSafe(subject), text, html };
}

/** The reminder before the promise runs out, to the lead's assignee or the agency inbox. */
export function escalationMail(site: SiteFacts, input: { to: string; lead: ClockLead; leadUrl: string; now?: Date }): MailDraft {
  return clockLeadMail(site, "lead_escalation", input.to, input.lead, input.leadUrl, input.now ?? new Date());
}

/** The notice that the promise ran out, to the agency inbox, naming the assignee. */
export function overdueMail(site: SiteFacts, input: { to: string; lead: ClockLead; leadUrl: string; now?: Date }): MailDraft {
  return clockLeadMail(site, "lead_overdue", input.to, input.lead, input.leadUrl, input.now ?? new Date());
}
