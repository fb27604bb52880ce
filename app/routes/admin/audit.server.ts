/**
 * The audit screen's loader: the filters from the query string (the screen's GET form), checked on
 * the server; a wrong one is answered with its message and status 400, never a server error.
 */

import { type AppLoadContext, data } from "react-router";
import { requireAdminSession } from "~/features/admin/guard.server";
import { auditAdmins, listAudit } from "~/features/audit/audit.server";
import { auditMessages } from "~/features/audit/messages";
import { type AuditPage, auditQuerySchema } from "~/features/audit/schema";
import type { AdminIdentity } from "~/features/auth/auth.server";
import { flattenIssues } from "~/lib/issues";

export type AuditFilterValues = { admin: string; from: string; to: string };

export type AuditLoaderData = {
  /** The session checked here: the admin layout renders the screen at once, before and without scripts. */
  signedInAdmin: AdminIdentity;
  admins: { id: string; email: string }[];
  /** The filters as sent, to fill the form again. */
  values: AuditFilterValues;
  errors: Record<string, string>;
  message: string | null;
  list: AuditPage | null;
};

export async function auditLoader(request: Request, context: AppLoadContext) {
  const signedInAdmin = await requireAdminSession(request, context);
  const params = new URL(request.url).searchParams;
  const raw = {
    admin: params.get("admin") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: params.get("page") ?? "",
  };
  // Shown back in the form: bounded, whatever was typed into the address bar.
  const values: AuditFilterValues = { admin: raw.admin.slice(0, 64), from: raw.from.slice(0, 32), to: raw.to.slice(0, 32) };
  const admins = await auditAdmins(context.db);
  const parsed = auditQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error.issues);
    return data<AuditLoaderData>(
      { signedInAdmin, admins, values, errors, message: auditMessages.filters.invalid, list: null },
      { status: 400 },
    );
  }
  const { admin, from, to, page } = parsed.data;
  const list = await listAudit(context.db, { adminId: admin, from, to, page });
  return data<AuditLoaderData>({ signedInAdmin, admins, values, errors: {}, message: null, list });
}
