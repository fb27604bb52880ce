import { Link } from "react-router";
import { roleMessages } from "~/lib/roles";
import { AdminPage } from "./admin-page";

/** A screen the account's role does not include (403): what happened, and where to go instead. */
export function Forbidden() {
  return (
    <AdminPage title={roleMessages.forbiddenTitle}>
      <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
        {roleMessages.forbidden}
      </p>
      <p className="mt-6">
        <Link to="/admin/dashboard" className="font-semibold text-brand-700 underline">
          {roleMessages.backToDashboard}
        </Link>
      </p>
    </AdminPage>
  );
}
