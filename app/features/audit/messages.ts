/** The audit screen's texts, and the words for each recorded action, in one place. */
import type { AuditAction } from "./actions";

const actions: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  two_factor_enabled: "Turned on two-step sign-in",
  two_factor_disabled: "Turned off two-step sign-in",
  recovery_code_used: "Signed in with a recovery code",
  recovery_codes_regenerated: "Made new recovery codes",
  two_factor_locked: "Two-step sign-in codes locked after too many wrong codes",
  two_factor_unlocked: "Unlocked two-step sign-in codes",
  password_changed: "Changed the password",
  session_ended: "Signed out one of their other sessions",
  other_sessions_ended: "Signed out everywhere else",
  leads_exported: "Exported leads as CSV",
  document_downloaded: "Downloaded a lead's document",
  lead_packet_exported: "Downloaded a lead's submission packet",
  lead_status_changed: "Changed a lead's status",
  lead_added: "Added a lead (a call, a walk-in or a referral)",
  lead_details_changed: "Corrected a lead's contact details",
  lead_outcome_changed: "Recorded a lead's outcome",
  person_erased: "Erased a person's data",
  retention_run: "Deleted data past its retention period",
  mail_retried: "Retried an undelivered mail",
  admin_invited: "Invited someone to the back office",
  invite_revoked: "Withdrew an invitation",
  invite_accepted: "Accepted an invitation and created an account",
  admin_deactivated: "Deactivated an account",
  admin_reactivated: "Reactivated an account",
  role_changed: "Changed an account's role",
  round_robin_changed: "Changed round-robin lead assignment",
  settings_changed: "Changed the agency's settings",
  owner_created: "Set up the site and created the owner account",
  team_member_added: "Added a team member",
  team_member_changed: "Changed a team member",
  team_member_deleted: "Deleted a team member",
  team_member_moved: "Moved a team member in the order",
  testimonial_added: "Added a testimonial",
  testimonial_changed: "Changed a testimonial",
  testimonial_deleted: "Deleted a testimonial",
  testimonial_moved: "Moved a testimonial in the order",
  faq_added: "Added a question to the FAQ",
  faq_changed: "Changed a question of the FAQ",
  faq_deleted: "Deleted a question of the FAQ",
  faq_moved: "Moved a question of the FAQ in the order",
  backup_made: "Made a backup of the site",
};

/** Labels of the keys `detail` carries; any other key is shown with its own name spelled out. */
const detailKeys: Record<string, string> = {
  rows: "Rows",
  filters: "Filters",
  status: "Status",
  type: "Type",
  from: "From",
  to: "To",
  reference: "Lead",
  leadId: "Lead id",
  uploadId: "Document id",
  slot: "Document",
  kind: "Mail",
  previousStatus: "Was",
  attempts: "Attempts",
  reason: "Reason",
  method: "Method",
  sessionsEnded: "Sessions ended",
  wrongCodes: "Wrong codes in a row",
  openLeads: "Open leads",
  replaced: "Earlier invitations withdrawn",
  invitesWithdrawn: "Their pending invitations withdrawn",
  invitations: "Invitations",
  fields: "Fields",
  changes: "Changes",
};

const DETAIL_CHARS = 240;

function spelled(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function value(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v === "object" && !Array.isArray(v)) {
    const parts = Object.entries(v as Record<string, unknown>)
      .map(([k, inner]) => {
        const shown = value(inner);
        return shown === null ? null : `${detailKeys[k] ?? spelled(k)} ${shown}`;
      })
      .filter((p): p is string => p !== null);
    return parts.length ? parts.join(", ") : "none";
  }
  if (Array.isArray(v)) return v.map((x) => value(x) ?? "").join(", ");
  return String(v);
}

export const auditMessages = {
  title: "Audit",
  subtitle: "What was done in the back office, by whom and when. Entries cannot be changed or deleted here.",
  actions,
  /** The action in words; an action recorded by a later version still shows, by its name. */
  actionLabel: (action: string): string => (actions as Record<string, string>)[action] ?? spelled(action),
  /** `detail` in one short line: "Filters: Status new; Rows: 12". */
  detailSummary(detail: Record<string, unknown> | null): string {
    if (!detail) return "";
    const line = Object.entries(detail)
      .map(([k, v]) => {
        const shown = value(v);
        return shown === null ? null : `${detailKeys[k] ?? spelled(k)}: ${shown}`;
      })
      .filter((p): p is string => p !== null)
      .join("; ");
    return line.length > DETAIL_CHARS ? `${line.slice(0, DETAIL_CHARS - 1)}…` : line;
  },
  target(type: string | null, id: string | null): string {
    if (!type && !id) return "";
    if (type === "lead") return "Lead";
    if (type === "leads") return "Leads";
    if (type === "mail") return "Mail";
    return [type ? spelled(type) : "", id ?? ""].filter(Boolean).join(" ");
  },
  openLead: "Open lead",
  columns: { at: "When", admin: "Admin", action: "Action", target: "Target", detail: "Detail", ip: "IP address" },
  unknownAdmin: "Unknown or removed admin",
  filters: {
    legend: "Filter the audit trail",
    admin: "Admin",
    allAdmins: "All admins",
    from: "From",
    to: "To",
    dateHint: "Dates are days where the agency is.",
    apply: "Apply filters",
    clear: "Clear filters",
    badAdmin: "Choose an admin from the list.",
    badFrom: "The start date must be a date written YYYY-MM-DD, such as 2026-11-24.",
    badTo: "The end date must be a date written YYYY-MM-DD, such as 2026-11-24.",
    badRange: "The end date must be on or after the start date.",
    badPage: "The page must be a whole number from 1.",
    invalid: "Some filters are not valid. Correct them and apply again.",
  },
  empty: "Nothing has been recorded yet.",
  emptyFiltered: "No entries match these filters.",
  showing: (first: number, last: number, total: number) => `Entries ${first}–${last} of ${total}`,
  pagination: "Pages",
  newer: "Newer entries",
  older: "Older entries",
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
} as const;
