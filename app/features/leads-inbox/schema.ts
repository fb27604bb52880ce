/**
 * The leads inbox's API shapes and the Zod schemas of its query and body (docs/decisions/012).
 * Browser-safe: the screens read the types, the API validates with the schemas.
 */
import { z } from "zod";
import { leadStatuses } from "~/content/options";

export type LeadStatus = (typeof leadStatuses)[number];

export const LEADS_PAGE_SIZE = 50;
export const LEADS_MAX_PAGE_SIZE = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** An absent or empty query parameter is no filter. */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const leadStatusSchema = z.enum(leadStatuses, { error: `status must be one of: ${leadStatuses.join(", ")}` });

/** Filters shared by the list and the CSV export. */
export const leadFiltersSchema = z.object({
  status: z.preprocess(blank, leadStatusSchema.optional()),
  // Not a closed list: chat and future forms add leadTypes, and the filter must reach them.
  type: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, "type must be a leadType such as contact_form")
      .optional(),
  ),
});

export const leadListQuerySchema = leadFiltersSchema.extend({
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
  before: z.preprocess(blank, z.string().regex(UUID, "before must be the _id of a lead").optional()),
});

export const leadStatusBodySchema = z.object({ status: leadStatusSchema });

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
  consent: ConsentRecordView | null;
  documents: LeadDocument[];
};

export type LeadDetailAnswer = { success: true; data: LeadDetail; now: string };
export type LeadUpdateAnswer = { success: true; message: string; data: LeadListItem };
export type InboxSummary = { newToday: number; waiting: number; overdue: number };
