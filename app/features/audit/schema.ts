/**
 * The audit screen's filters (/admin/audit?admin=&from=&to=&page=), validated on the server; the
 * screen's GET form sends them as they are typed. Browser-safe.
 */
import { z } from "zod";
import { UUID_PATTERN } from "~/lib/uuid";
import { auditMessages } from "./messages";

export const AUDIT_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 2000 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** An absent or empty parameter is no filter. */
const blank = (v: unknown) => (v === "" || v === null ? undefined : typeof v === "string" ? v.trim() || undefined : v);
const f = auditMessages.filters;

export const auditQuerySchema = z
  .object({
    admin: z.preprocess(blank, z.string().regex(UUID_PATTERN, f.badAdmin).optional()),
    from: z.preprocess(blank, z.string().refine(isCalendarDate, f.badFrom).optional()),
    to: z.preprocess(blank, z.string().refine(isCalendarDate, f.badTo).optional()),
    page: z.preprocess(blank, z.coerce.number({ error: f.badPage }).int(f.badPage).min(1, f.badPage).max(MAX_PAGE, f.badPage).default(1)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: f.badRange, path: ["to"] });

export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One entry as the screen shows it (dates as ISO strings). */
export type AuditItem = {
  id: string;
  at: string;
  adminId: string | null;
  adminEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
};

export type AuditPage = { items: AuditItem[]; total: number; page: number; pageCount: number; pageSize: number };
