/** Human labels for the inbox: lead types, statuses, document slots and the submitted fields' keys. */

import { leadStatuses, staffLead } from "~/content/admin-options";
import { trucking } from "~/content/quote-options";
import { dayLabel } from "~/lib/calendar-day";
import { inboxMessages } from "./messages";
import { outcomeFieldLabels, outcomeValueText } from "./outcome";
import type { LeadActivityItem, LeadStatus } from "./schema";

/** Every leadType the forms write, in the order the type filter lists them. */
export const leadTypeLabels: Record<string, string> = {
  contact_form: "Contact Form",
  product_page_quote: "Product Page Quote",
  commercial_trucking_quote: "Trucking Quote (/quote)",
  trucking_quote_landing: "Trucking Landing Page",
  contractors_quote_landing: "Contractors Landing Page",
  general_liability_quote_landing: "General Liability Landing Page",
  commercial_property_quote_landing: "Commercial Property Landing Page",
  hoa_quote_landing: "HOA Landing Page",
  investment_property_quote_landing: "Investment Property Landing Page",
  // The chat assistant's leads; a differently named type still shows, in words.
  chat: "Chat Assistant",
  // A call, a walk-in or a referral, added in the back office (docs/decisions/052).
  [staffLead.leadType]: "Added by Staff",
};

const words = (snake: string) =>
  snake
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");

/** A leadType's label; an unknown one (a form added later) is shown in words rather than hidden. */
export function leadTypeLabel(type: string): string {
  return leadTypeLabels[type] ?? words(type);
}

/** The type filter's options: the known types present first (in the labels' order), then any others. */
export function typeOptions(present: readonly string[], selected?: string): string[] {
  const all = new Set(present);
  if (selected) all.add(selected);
  const known = Object.keys(leadTypeLabels).filter((t) => all.has(t));
  const others = [...all].filter((t) => !(t in leadTypeLabels)).sort();
  return [...known, ...others];
}

export const statusLabels: Record<LeadStatus, string> = { new: "New", contacted: "Contacted", quoted: "Quoted", won: "Won", lost: "Lost" };
export const statusOptions = leadStatuses.map((value) => ({ value, label: statusLabels[value] }));

/** How colleagues see an admin: their name, or their email for an account without one. */
export const adminDisplayName = (admin: { name: string | null; email: string }) => admin.name?.trim() || admin.email;

const statusWord = (status: unknown) => (typeof status === "string" ? (statusLabels[status as LeadStatus] ?? words(status)) : "");
const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** "Renewal on Mar 3, 2027" / "X-date on Mar 3, 2027": a renewals list entry's detail (docs/decisions/062). */
const renewalWhat = (d: Record<string, unknown>) => {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(textOf(d.dueOn)) ? dayLabel(textOf(d.dueOn)) : textOf(d.dueOn);
  return d.kind === "x_date" ? inboxMessages.timeline.xDateOn(day) : inboxMessages.timeline.renewalOn(day);
};

/** A timeline entry in words: what happened (a note's own text is shown apart). */
export function activitySummary(item: Pick<LeadActivityItem, "kind" | "detail"> & { by?: LeadActivityItem["by"] }): string {
  const text = inboxMessages.timeline;
  const d = item.detail;
  switch (item.kind) {
    case "received":
      return d.addedByStaff === true && item.by ? text.addedByStaff(item.by.name, textOf(d.source)) : text.received(textOf(d.source));
    case "status_changed":
      return text.statusChanged(statusWord(d.from), statusWord(d.to));
    case "assigned": {
      if (!d.assigneeId) return text.unassigned;
      const name = textOf(d.assigneeName) || textOf(d.assigneeId);
      return d.roundRobin === true ? text.assignedRoundRobin(name) : text.assigned(name);
    }
    case "note":
      return text.note;
    case "escalation_mail":
      return text.escalationMail(textOf(d.to));
    case "overdue_mail":
      return text.overdueMail(textOf(d.to));
    case "details_changed":
      return text.detailsChanged;
    case "outcome_changed":
      return text.outcomeChanged;
    case "renewal_mail":
      return text.renewalMail(renewalWhat(d), textOf(d.to));
    case "renewal_handled":
      return text.renewalHandled(renewalWhat(d));
    case "text_sent":
      return d.instant === true ? text.textInstant : text.textSent;
    case "text_received":
      return text.textReceived;
    case "text_opt_out":
      return text.textOptOut(textOf(d.words));
    case "text_opt_in":
      return text.textOptIn;
    default:
      return words(String(item.kind));
  }
}

export function slotLabel(slot: string): string {
  return trucking.uploadSlots.find((s) => s.slot === slot)?.label ?? words(slot);
}

/** Keys whose words alone would read wrong (acronyms, the forms' own wording). */
const fieldOverrides: Record<string, string> = {
  yearsCoverage: "Years of Continuous Coverage",
  cancelledOrNonrenewed: "Cancelled or Non-renewed (last 3 years)",
  dotAddress: "DOT Address",
  fein: "FEIN",
  hoaType: "HOA Type",
  dotNumber: "DOT Number",
  mcNumber: "MC Number",
  contactDOB: "Contact Date of Birth",
  smsConsent: "SMS Consent",
  dbaName: "DBA Name",
  radiusOfOperation: "Radius of Operation (miles)",
  utm: "UTM",
};

/** A payload key in words: "legalBusinessName" -> "Legal Business Name". */
export function fieldLabel(key: string): string {
  if (fieldOverrides[key]) return fieldOverrides[key];
  const spaced = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim();
  return spaced
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1)))
    .join(" ");
}

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"]);

/**
 * The order the detail page lists a payload in. The database keeps JSON keys in its own order, not the
 * form's: the person first, then what they asked about, the landing pages' and the trucking form's
 * fields in the forms' order, anything else alphabetically, and the submission's bookkeeping last.
 */
const FIELD_ORDER = [
  "name",
  "fullName",
  "contactName",
  "email",
  "phone",
  "phoneNumber",
  "contactDOB",
  "serviceType",
  "insuranceType",
  "otherInsurance",
  "message",
  "dotNumber",
  "businessType",
  "propertyType",
  "hoaType",
  "coverageNeeded",
  "fleetSize",
  "yearsInBusiness",
  "propertyValue",
  "numberOfUnits",
  "numberOfProperties",
  "legalBusinessName",
  "dbaName",
  "businessStructure",
  "fein",
  "businessStartDate",
  "businessState",
  "desiredEffectiveDate",
  "rangeOfOperation",
  "radiusOfOperation",
  "majorCities",
  "annualMileage",
  "annualRevenue",
  "estimatedPayroll",
  "mcNumber",
  "allowedToOperate",
  "commonAuthority",
  "relatedBrokerAuthority",
  "filingsRequired",
  "insuranceOnFile",
  "garagingAddress",
  "mailingAddress",
  "dotAddress",
  "totalPowerUnits",
  "totalDrivers",
  "vehicleOwnership",
  "transportationType",
  "coverages",
  "complianceServices",
  "yearsCoverage",
  "cancelledOrNonrenewed",
  "currentCarrier",
  "referredBy",
  "haulingDetails",
  "notes",
  "smsConsent",
];
const LAST = ["uploadedFiles", "attachments", "leadType", "submissionType", "source", "submissionDate"];

export function orderedFields(payload: Record<string, unknown>): [string, unknown][] {
  const rank = (key: string) => {
    const i = FIELD_ORDER.indexOf(key);
    if (i >= 0) return i;
    const j = LAST.indexOf(key);
    return j >= 0 ? FIELD_ORDER.length + 1 + j : FIELD_ORDER.length;
  };
  return Object.entries(payload).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A submitted value as text: arrays joined, booleans as Yes/No, objects as "key: value" pairs. */
export function fieldValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value))
    return value
      .map(fieldValue)
      .filter((v) => v !== "")
      .join(", ");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldLabel(k)}: ${fieldValue(v)}`)
      .join("; ");
  return String(value);
}

/** The fields a "details_changed" entry corrected, each as "Phone: old → new" ("(none)" for an empty value). */
export function detailChanges(item: Pick<LeadActivityItem, "kind" | "detail">): string[] {
  // An outcome recorded: with its status change, or on its own (docs/decisions/060).
  const outcome = item.kind === "outcome_changed" ? item.detail.changes : item.kind === "status_changed" ? item.detail.outcome : null;
  if (Array.isArray(outcome)) {
    const labels: Record<string, string> = outcomeFieldLabels;
    const shown = (field: string, value: unknown) => outcomeValueText(field, value) || inboxMessages.timeline.emptyValue;
    return (outcome as { field?: unknown; from?: unknown; to?: unknown }[]).map((c) => {
      const field = textOf(c.field);
      return inboxMessages.timeline.change(labels[field] ?? words(field), shown(field, c.from), shown(field, c.to));
    });
  }
  if (item.kind !== "details_changed" || !Array.isArray(item.detail.changes)) return [];
  const fields: Record<string, string> = inboxMessages.details.fields;
  const shown = (value: unknown) => textOf(value) || inboxMessages.timeline.emptyValue;
  return (item.detail.changes as { field?: unknown; from?: unknown; to?: unknown }[]).map((c) =>
    inboxMessages.timeline.change(fields[textOf(c.field)] ?? words(textOf(c.field)), shown(c.from), shown(c.to)),
  );
}
