/** The agency's outgoing mail: plain text and a simple HTML version of each. */
import { agency, promises } from "~/content/agency";

export type MailDraft = {
  kind: "agency_notification" | "visitor_autoreply";
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Header values can never carry a line break (no header injection). */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim()
    .slice(0, 200);
}

function centralTime(date: Date): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: agency.hours.timezone,
    timeZoneName: "short",
  }).format(date);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden;border:1px solid #e2e8f0">
<div style="background:#112f57;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${escapeHtml(agency.name)}</div>
<div style="padding:24px">${bodyHtml}</div>
</div></body></html>`;
}

/** Notification to the agency inbox: the submitted fields as a table. */
export function notificationMail(input: {
  to: string;
  replyTo: string;
  subject: string;
  heading: string;
  fields: [label: string, value: string | null | undefined][];
  reference?: string;
  receivedAt: Date;
  notes?: string[];
}): MailDraft {
  const rows = input.fields.filter(([, v]) => v != null && String(v).trim() !== "") as [string, string][];
  const meta: [string, string][] = [
    ...(input.reference ? ([["Reference", input.reference]] as [string, string][]) : []),
    ["Received", centralTime(input.receivedAt)],
  ];
  const all = [...meta, ...rows];
  const width = Math.max(...all.map(([l]) => l.length));
  const text = [
    input.heading,
    "",
    ...all.map(([label, value]) => `${(`${label}:`).padEnd(width + 2)}${value.replace(/\r?\n/g, `\n${" ".repeat(width + 2)}`)}`),
    ...(input.notes?.length ? ["", ...input.notes] : []),
    "",
    `Reply to this email to answer ${input.replyTo} directly.`,
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
  const html = layout(
    input.subject,
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(input.heading)}</h1><table style="border-collapse:collapse;width:100%;font-size:14px">${table}</table>${notes}`,
  );
  return { kind: "agency_notification", to: input.to, replyTo: input.replyTo, subject: headerSafe(input.subject), text, html };
}

/** The visitor's acknowledgement, restating when they will hear from the agency. */
/**
 * A greeting name that cannot carry a message: the first word of the name, letters only. Auto-replies
 * go to whatever address was typed, so they never repeat other free text a visitor wrote.
 */
export function greetingName(name: string): string {
  const first = (name.trim().split(/\s+/)[0] ?? "").replace(/[^\p{L}'-]/gu, "").slice(0, 30);
  return first.length >= 2 ? first : "there";
}

export function autoReplyMail(input: { to: string; name: string; subject: string; opening: string; reference?: string }): MailDraft {
  const firstName = greetingName(input.name);
  const hours = `${agency.hours.weekdays.days}, ${agency.hours.weekdays.label} Central Time`;
  const promise = `A licensed agent will contact you within ${promises.contactMinutes} minutes during office hours (${hours}). Requests that arrive after hours are answered first thing the next business morning.`;
  const reference = input.reference ? `Your reference number is ${input.reference}.` : "";
  const urgent = `If it can't wait, call us at ${agency.phone.primary.display}.`;
  const text = [
    `Hi ${firstName},`,
    "",
    input.opening,
    "",
    promise,
    ...(reference ? ["", reference] : []),
    "",
    urgent,
    "",
    `${agency.name}`,
    `${agency.phone.primary.display} · ${agency.email}`,
  ].join("\n");
  const html = layout(
    input.subject,
    [
      `<p>Hi ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(input.opening)}</p>`,
      `<p>${escapeHtml(promise)}</p>`,
      reference ? `<p><strong>${escapeHtml(reference)}</strong></p>` : "",
      `<p>${escapeHtml(urgent)}</p>`,
      `<p>${escapeHtml(agency.name)}<br>${escapeHtml(agency.phone.primary.display)} · ${escapeHtml(agency.email)}</p>`,
    ].join(""),
  );
  return { kind: "visitor_autoreply", to: input.to, subject: headerSafe(input.subject), text, html };
}
