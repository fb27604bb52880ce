/**
 * The leads inbox's API shapes and the Zod schemas of its query and body (docs/decisions/012).
 * Browser-safe: the screens read the types, the API validates with the schemas.
 */
import { z } from "zod";
import { leadStatuses } from "~/content/admin-options";
import { SEARCH_MAX_LENGTH } from "~/lib/search";
import { isUuid, UUID_PATTERN } from "~/lib/uuid";
import { inboxMessages } from "./messages";
import type { LeadOutcome } from "./outcome";

/** The lead screens and the API check ids with the one UUID test (app/lib/uuid.ts). */

export type LeadStatus = (typeof leadStatuses)[number];

export const LEADS_PAGE_SIZE = 50;
export const LEADS_MAX_PAGE_SIZE = 200;

/** An absent or empty query parameter is no filter. */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const leadStatusSchema = z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` });

/** A day as the agency's calendar has it (YYYY-MM-DD), a real date; absent or empty is none (the inbox's and the report's days). */
export const dayParam = (name: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
      }, `${name} must be a real date`)
      .optional(),
  );

/** Who owns the call back: the signed-in account's leads, nobody's, or one colleague's (their id). */
export const leadOwnerSchema = z.union(
  [
    z.enum(["mine", "unassigned"]),
    z
      .string()
      .regex(UUID_PATTERN)
      .transform((v) => v.toLowerCase()),
  ],
  { error: "owner must be mine, unassigned or the id of an admin" },
);
export type LeadOwnerFilter = z.infer<typeof leadOwnerSchema>;

/**
 * The inbox's view, shared by the screen's address, GET /api/leads and the CSV export: a search, the owner,
 * overdue only, status, type, the days received (from and to, both included, in the agency's time zone)
 * and whether the business is in a state the agency is licensed in.
 */
export const leadFilterFields = z.object({
  q: z.preprocess(
    blank,
    z
      .string()
      .max(SEARCH_MAX_LENGTH * 2, `q must be at most ${SEARCH_MAX_LENGTH * 2} characters`)
      .optional(),
  ),
  owner: z.preprocess(blank, leadOwnerSchema.optional()),
  overdue: z.preprocess(blank, z.enum(["1", "true"], { error: "overdue must be 1 or true" }).optional()),
  status: z.preprocess(blank, leadStatusSchema.optional()),
  // Not a closed list: chat and future forms add leadTypes, and the filter must reach them.
  type: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, "type must be a leadType such as contact_form")
      .optional(),
  ),
  from: dayParam("from"),
  to: dayParam("to"),
  licensed: z.preprocess(blank, z.enum(["inside", "outside"], { error: "licensed must be inside or outside" }).optional()),
});
const daysInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const daysOutOfOrder = { message: "to must not be before from", path: ["to"] };
export const leadFiltersSchema = leadFilterFields.refine(daysInOrder, daysOutOfOrder);

/** The filter names of the inbox's view, in the order an address writes them. */
export const LEAD_FILTER_NAMES = ["q", "owner", "overdue", "status", "type", "from", "to", "licensed"] as const;

export const leadListQuerySchema = leadFilterFields
  .extend({
    limit: z.preprocess(
      blank,
      z.coerce
        .number({ error: "limit must be a number" })
        .int("limit must be a whole number")
        .min(1, "limit must be at least 1")
        .max(LEADS_MAX_PAGE_SIZE, `limit must be at most ${LEADS_MAX_PAGE_SIZE}`)
        .default(LEADS_PAGE_SIZE),
    ),
    /** The `_id` of the last lead of the previous page (keyset pagination: stable while new leads arrive). */
    before: z.preprocess(blank, z.string().regex(UUID_PATTERN, "before must be the _id of a lead").optional()),
  })
  .refine(daysInOrder, daysOutOfOrder);

export const leadStatusBodySchema = z.object({ status: leadStatusSchema });

/** A lead's assignee: an admin's id, or null to leave the lead unassigned. */
export const assigneeIdSchema = z.union(
  [
    z.null(),
    // Lower-cased: the database matches a uuid in either case, and the "did the owner change" check compares text.
    z
      .string()
      .regex(UUID_PATTERN, "assigneeId must be the id of an admin, or null")
      .transform((v) => v.toLowerCase()),
  ],
  {
    error: "assigneeId must be the id of an admin, or null",
  },
);

/** PATCH /api/leads/:id: the status, the assignee, or both (at least one). */
export const leadUpdateBodySchema = z
  .object({ status: leadStatusSchema.optional(), assigneeId: assigneeIdSchema.optional() })
  .refine((body) => body.status !== undefined || body.assigneeId !== undefined, {
    message: "Send a status, an assigneeId, or both.",
    path: ["status"],
  });
export type LeadUpdate = z.infer<typeof leadUpdateBodySchema>;

export const NOTE_MAX_LENGTH = 5000;
/** POST /api/leads/:id/notes and the lead screen's note form: the body, trimmed. */
export const leadNoteBodySchema = z.object({
  body: z
    .string({ error: inboxMessages.notes.empty })
    .trim()
    .min(1, inboxMessages.notes.empty)
    .max(NOTE_MAX_LENGTH, inboxMessages.notes.tooLong(NOTE_MAX_LENGTH)),
});

/**
 * The lead screens' own forms, told apart by `intent`, with the texts a person reads: the status (the
 * list's rows add the lead's `id`), the owner ("" for Unassigned) and a note.
 */
export const leadFormSchemas = {
  status: z.object({
    intent: z.literal("status"),
    status: z.enum(leadStatuses, { error: inboxMessages.form.invalidStatus }),
  }),
  assign: z.object({
    intent: z.literal("assign"),
    assigneeId: z
      .string({ error: inboxMessages.assignment.invalidAdmin })
      .refine((v) => v === "" || isUuid(v), inboxMessages.assignment.invalidAdmin)
      .transform((v) => (v === "" ? null : v.toLowerCase())),
  }),
  note: leadNoteBodySchema.extend({ intent: z.literal("note") }),
};
export type LeadFormIntent = keyof typeof leadFormSchemas;

export type LeadFilters = z.infer<typeof leadFiltersSchema>;
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

/** One row of GET /api/leads (dates as ISO strings). */
export type LeadListItem = {
  _id: string;
  reference: string;
  leadType: string;
  submissionType: string;
  source: string;
  status: LeadStatus;
  name: string;
  email: string;
  phone: string;
  service: string | null;
  businessState: string | null;
  outsideLicensedStates: boolean;
  receivedAt: string;
  firstResponseAt: string | null;
  statusChangedAt: string | null;
  /** How many documents are attached. */
  attachments: number;
  /** The agency's notification mail of this lead could not be delivered: call it from the inbox. */
  notificationFailed: boolean;
  /** Who owns the call back (null: unassigned), with the name shown for them (their email when they have none). */
  assigneeId: string | null;
  assigneeName: string | null;
  /** The promise clock (docs/decisions/027): when the lead is escalated and when it is due; null for leads older than the clock. */
  escalateAt: string | null;
  dueAt: string | null;
  /** When the lead last texted the agency (docs/decisions/064); null when never. */
  textedAt: string | null;
};

export type LeadListAnswer = {
  success: true;
  data: LeadListItem[];
  /** Leads matching the filters, all pages. */
  total: number;
  /** Pass as `before` for the next page; null on the last page. */
  nextCursor: string | null;
  /** The leadTypes present in the store, for the type filter. */
  types: string[];
  /** The server's clock, so the waiting clocks do not depend on the admin's computer's clock. */
  now: string;
};

export type ConsentRecordView = {
  id: string;
  channel: string;
  sourceForm: string;
  name: string;
  email: string;
  phone: string;
  consented: boolean;
  consentText: string;
  consentVersion: string;
  pageUrl: string | null;
  ip: string | null;
  userAgent: string | null;
  recordHash: string;
  createdAt: string;
};

export type LeadDocument = { id: string; slot: string; name: string; size: number; type: string; createdAt: string };

export type LeadDetail = LeadListItem & {
  message: string | null;
  payload: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
  pageUrl: string | null;
  utm: Record<string, string> | null;
  /** How the lead came (docs/decisions/058): paid, email, social, organic, referral, direct, chat, phone, walk_in. */
  channel: string;
  /** The path of the page the lead was sent from. */
  landingPage: string | null;
  /** What was quoted, bound or lost (docs/decisions/060). */
  outcome: LeadOutcome;
  consent: ConsentRecordView | null;
  documents: LeadDocument[];
};

/** GET /api/leads/:id: the lead with its timeline, newest first. */
export type LeadDetailAnswer = { success: true; data: LeadDetail & { activity: LeadActivityItem[] }; now: string };
export type LeadUpdateAnswer = { success: true; message: string; data: LeadListItem };
export type LeadNoteAnswer = { success: true; message: string; data: LeadActivityItem };
/**
 * The renewals list's entries (docs/decisions/062): the 60-day mail and a renewal or X-date marked handled,
 * with detail { renewalId, kind, dueOn }, and { to } for the mail.
 */
export type RenewalActivityKind = "renewal_mail" | "renewal_handled";
/** One entry of a lead's timeline (GET /api/leads/:id `activity`, newest first). */
export type LeadActivityKind =
  | "received"
  | "status_changed"
  | "assigned"
  | "note"
  | "escalation_mail"
  | "overdue_mail"
  | "details_changed"
  | "outcome_changed"
  | "text_sent"
  | "text_received"
  | "text_opt_out"
  | "text_opt_in"
  | RenewalActivityKind;
export type LeadActivityItem = {
  id: string;
  kind: LeadActivityKind;
  at: string;
  /** The admin who did it; null for the visitor (received) and the site itself (mails, round-robin). */
  by: { id: string | null; name: string; email: string | null } | null;
  /** The kind's fields: { from, to } for a status change, { assigneeId, assigneeName } for an assignment, { body } for a note, { to } for a mail, { changes: [{ field, from, to }] } for corrected contact details, { source } for the arrival. */
  detail: Record<string, unknown>;
};

/** The promise kept, over a period: leads whose due time has passed or that were answered, and how fast. */
export type SlaFigures = {
  /** Leads received in the period that count: answered, or still waiting past their due time. */
  leads: number;
  /** Of those, the share answered by their due time, 0-100 with one decimal; null when there are none. */
  withinSlaPercent: number | null;
  /** Median minutes of the clock from arrival to first response, over the answered ones; null when none. */
  medianFirstResponseMinutes: number | null;
};
export type SlaPeriod = SlaFigures & { byAssignee: (SlaFigures & { assigneeId: string | null; name: string })[] };
export type InboxSummary = {
  newToday: number;
  waiting: number;
  overdue: number;
  last7Days: SlaPeriod;
  last30Days: SlaPeriod;
};

/** GET /api/leads/pulse: what an open list polls to know when to re-read itself. */
/** `newestTextAt`: the latest text a lead sent the agency (docs/decisions/064), so an open list shows a reply at once. */
export type InboxPulse = { waiting: number; newestId: string | null; newestReceivedAt: string | null; newestTextAt: string | null };
