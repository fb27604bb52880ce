/**
 * The actions the audit trail records, as stored in `audit_events.action`. Browser-safe: the screen's
 * words for each (messages.ts) are checked against this list.
 */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "two_factor_enabled",
  "two_factor_disabled",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "password_changed",
  "leads_exported",
  "document_downloaded",
  "lead_status_changed",
  "person_erased",
  "retention_run",
  "mail_retried",
  "admin_invited",
  "invite_revoked",
  "invite_accepted",
  "admin_deactivated",
  "admin_reactivated",
  "round_robin_changed",
  "team_member_added",
  "team_member_changed",
  "team_member_deleted",
  "team_member_moved",
  "testimonial_added",
  "testimonial_changed",
  "testimonial_deleted",
  "testimonial_moved",
  "faq_added",
  "faq_changed",
  "faq_deleted",
  "faq_moved",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
