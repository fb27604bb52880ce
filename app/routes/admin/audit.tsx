import { data, Form, Link } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { Pager } from "~/components/admin/pager";
import { buttonClass } from "~/components/ui/button";
import { auditAdmins, listAudit } from "~/features/audit/audit.server";
import { auditMessages as text } from "~/features/audit/messages";
import { type AuditPage, auditQuerySchema } from "~/features/audit/schema";
import { useAdminTimes } from "~/lib/admin-format";
import { flattenIssues, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/audit";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

type AuditData = {
  admins: { id: string; email: string }[];
  /** The filters as sent, to fill the form again. */
  values: { admin: string; from: string; to: string };
  errors: Record<string, string>;
  message: string | null;
  list: AuditPage | null;
};

/**
 * The audit trail, newest first, filtered by the query string (the screen's GET form), checked on the
 * server: a wrong filter is answered with its message and status 400, never a server error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const raw = {
    admin: params.get("admin") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: params.get("page") ?? "",
  };
  // Shown back in the form: bounded, whatever was typed into the address bar.
  const values = { admin: raw.admin.slice(0, 64), from: raw.from.slice(0, 32), to: raw.to.slice(0, 32) };
  const admins = await auditAdmins(context.db);
  const parsed = auditQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const errors = flattenIssues(parsed.error.issues);
    return data<AuditData>({ admins, values, errors, message: text.filters.invalid, list: null }, { status: 400 });
  }
  const { admin, from, to, page } = parsed.data;
  const list = await listAudit(context.db, context.site.facts.agency.hours.timezone, { adminId: admin, from, to, page });
  return data<AuditData>({ admins, values, errors: {}, message: null, list });
}

const f = text.filters;
const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** /admin/audit: the audit trail, newest first, filtered by admin and days; read-only. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { longTime } = useAdminTimes();
  const { admins, values, errors, message, list } = loaderData;
  const filtered = Boolean(values.admin || values.from || values.to);
  const pageLink = (page: number) => {
    const q = new URLSearchParams();
    if (values.admin) q.set("admin", values.admin);
    if (values.from) q.set("from", values.from);
    if (values.to) q.set("to", values.to);
    if (page > 1) q.set("page", String(page));
    const s = q.toString();
    return `/admin/audit${s ? `?${s}` : ""}`;
  };

  return (
    <AdminPage title={text.title} subtitle={text.subtitle}>
      <search aria-label={f.legend} className="block">
        <Form method="get" className="flex flex-wrap items-start gap-4" noValidate>
          <div className="w-full sm:w-72">
            <label htmlFor="audit-admin" className="block text-sm font-medium text-slate-800">
              {f.admin}
            </label>
            <select
              id="audit-admin"
              name="admin"
              defaultValue={values.admin}
              className={fieldClass}
              aria-invalid={errors.admin ? true : undefined}
              aria-describedby={errors.admin ? "audit-admin-error" : undefined}
            >
              <option value="">{f.allAdmins}</option>
              {admins.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.email}
                </option>
              ))}
            </select>
            <FieldError id="audit-admin-error" message={errors.admin} />
          </div>
          <div>
            <label htmlFor="audit-from" className="block text-sm font-medium text-slate-800">
              {f.from}
            </label>
            <input
              id="audit-from"
              name="from"
              type="date"
              defaultValue={values.from}
              className={fieldClass}
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? "audit-from-error audit-date-hint" : "audit-date-hint"}
            />
            <FieldError id="audit-from-error" message={errors.from} />
          </div>
          <div>
            <label htmlFor="audit-to" className="block text-sm font-medium text-slate-800">
              {f.to}
            </label>
            <input
              id="audit-to"
              name="to"
              type="date"
              defaultValue={values.to}
              className={fieldClass}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? "audit-to-error audit-date-hint" : "audit-date-hint"}
            />
            <FieldError id="audit-to-error" message={errors.to} />
          </div>
          <div className="flex items-center gap-4 self-end pb-0.5">
            <button type="submit" className={buttonClass("primary", "py-2")}>
              {f.apply}
            </button>
            {filtered && (
              <Link to="/admin/audit" className="text-sm font-medium text-brand-700 underline">
                {f.clear}
              </Link>
            )}
          </div>
          <p id="audit-date-hint" className="w-full text-sm text-slate-600">
            {f.dateHint}
          </p>
        </Form>
      </search>

      {message && (
        <div role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <p>{message}</p>
          {/* The page number has no field of its own: its message is said here. */}
          {errors.page && <p className="mt-1">{errors.page}</p>}
        </div>
      )}

      {list && (
        <div className="mt-6">
          {list.items.length > 0 && (
            <p className="mb-3 text-sm text-slate-600">
              {text.showing((list.page - 1) * list.pageSize + 1, (list.page - 1) * list.pageSize + list.items.length, list.total)}
            </p>
          )}
          <AdminTable
            caption={text.title}
            columns={Object.values(text.columns)}
            empty={filtered ? text.emptyFiltered : text.empty}
            isEmpty={list.items.length === 0}
          >
            {list.items.map((e) => (
              <tr key={e.id} className="align-top" data-testid="audit-row">
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <time dateTime={e.at}>{longTime(e.at)}</time>
                </td>
                <td className="px-4 py-3 text-slate-900">{e.adminEmail ?? <span className="text-slate-500">{text.unknownAdmin}</span>}</td>
                <td className="px-4 py-3 font-medium text-slate-900">{text.actionLabel(e.action)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {e.targetType === "lead" && e.targetId ? (
                    <Link to={`/admin/leads/${e.targetId}`} className="text-brand-700 underline">
                      {text.openLead}
                    </Link>
                  ) : (
                    text.target(e.targetType, e.targetId)
                  )}
                </td>
                <td className="max-w-md px-4 py-3 break-words text-slate-700">{text.detailSummary(e.detail)}</td>
                <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-600">{e.ip}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={list.page} pageCount={list.pageCount} href={pageLink} texts={text} />
        </div>
      )}
    </AdminPage>
  );
}
