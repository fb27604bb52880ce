import { buttonClass } from "~/components/ui/button";
import { statusOptions } from "../labels";
import { inboxMessages } from "../messages";
import type { LeadListItem, LeadStatus } from "../schema";
import { useHydrated, useLeadForm } from "./use-lead-action";

/**
 * A lead's status in the list, posted to the list's action (intent=status, id). Once the page has
 * hydrated, choosing a status sends it at once, with a toast, and the select shows the choice while it
 * is sent and goes back to the stored one if it is refused; before that (or without scripts) a
 * "Save status" button sends the form.
 */
export function StatusSelect({ lead, id, label }: { lead: Pick<LeadListItem, "_id" | "status" | "reference">; id: string; label: string }) {
  const fetcher = useLeadForm(`lead-status-${lead._id}`, inboxMessages.statusFailed);
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("status") as LeadStatus | null) : null;

  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={lead._id} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        name="status"
        value={pending ?? lead.status}
        disabled={pending !== null}
        aria-busy={pending !== null || undefined}
        onChange={(e) => {
          if (e.currentTarget.value !== lead.status) void fetcher.submit(e.currentTarget.form);
        }}
        className="block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100"
      >
        {statusOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className={buttonClass("outline", "px-3 py-1.5 text-sm")}>
          {inboxMessages.detail.saveStatus}
          <span className="sr-only"> {lead.reference}</span>
        </button>
      )}
    </fetcher.Form>
  );
}
