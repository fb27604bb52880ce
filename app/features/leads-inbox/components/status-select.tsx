import { useState } from "react";
import { adminApi } from "~/features/admin/api";
import { notifyError, notifySuccess } from "~/lib/notify";
import { statusOptions } from "../labels";
import { inboxMessages } from "../messages";
import type { LeadListItem, LeadStatus, LeadUpdateAnswer } from "../schema";

/**
 * A lead's status, changed in place: PATCH /api/leads/:id, then a toast. The select shows the chosen
 * status while the call runs and goes back to the stored one if it fails.
 */
export function StatusSelect({
  lead,
  id,
  label,
  labelHidden = true,
  onUpdated,
}: {
  lead: Pick<LeadListItem, "_id" | "status">;
  id: string;
  label: string;
  labelHidden?: boolean;
  onUpdated: (lead: LeadListItem) => void;
}) {
  const [pending, setPending] = useState<LeadStatus | null>(null);

  async function change(status: LeadStatus) {
    if (status === lead.status) return;
    setPending(status);
    try {
      const answer = await adminApi<LeadUpdateAnswer>(`/api/leads/${lead._id}`, { method: "PATCH", body: { status } });
      onUpdated(answer.data);
      notifySuccess(inboxMessages.statusUpdated);
    } catch {
      notifyError(inboxMessages.statusFailed);
    } finally {
      setPending(null);
    }
  }

  return (
    <div>
      <label htmlFor={id} className={labelHidden ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <select
        id={id}
        value={pending ?? lead.status}
        disabled={pending !== null}
        aria-busy={pending !== null || undefined}
        onChange={(e) => void change(e.target.value as LeadStatus)}
        className={`${labelHidden ? "" : "mt-1 "}block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100`}
      >
        {statusOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
