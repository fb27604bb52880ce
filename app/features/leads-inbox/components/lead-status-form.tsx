import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { statusOptions } from "../labels";
import { inboxMessages } from "../messages";
import { isOutcomeStatus, outcomeMessages } from "../outcome";
import type { LeadStatus } from "../schema";
import { useHydrated, useLeadForm } from "./use-lead-action";

const text = inboxMessages.detail;

/**
 * The lead's status on its screen, posted to the screen's action (intent=status). Once the page has
 * hydrated, choosing a status sends it at once, with a toast, and the select shows the choice while
 * it is sent; before that (or without scripts) a "Save status" button sends the form. With
 * `onAskOutcome`, choosing quoted, won or lost is not sent: the outcome form (docs/decisions/060) asks
 * for the rest and saves the status with it.
 */
export function LeadStatusForm({
  lead,
  onAskOutcome,
}: {
  lead: { status: LeadStatus };
  onAskOutcome?: (status: LeadStatus | null) => void;
}) {
  const fetcher = useLeadForm("lead-status", inboxMessages.statusFailed);
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle" ? (fetcher.formData?.get("status") as LeadStatus | null) : null;
  // A choice held for the status it was made on: once the lead's status changes (saved here or by the
  // outcome form) the select shows the lead as it is.
  const [choice, setChoice] = useState<{ on: LeadStatus; value: LeadStatus } | null>(null);
  const chosen = choice?.on === lead.status ? choice.value : null;
  const setChosen = (value: LeadStatus | null) => setChoice(value ? { on: lead.status, value } : null);

  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <div>
        <label htmlFor="lead-status" className="block text-sm font-medium text-slate-800">
          {text.statusLabel}
        </label>
        <select
          id="lead-status"
          name="status"
          value={pending ?? chosen ?? lead.status}
          aria-busy={pending !== null || undefined}
          aria-describedby={chosen ? "lead-status-ask" : undefined}
          disabled={pending !== null}
          onChange={(e) => {
            const value = e.currentTarget.value as LeadStatus;
            if (value === lead.status) {
              setChosen(null);
              onAskOutcome?.(null);
            } else if (onAskOutcome && isOutcomeStatus(value)) {
              setChosen(value);
              onAskOutcome(value);
            } else {
              setChosen(null);
              onAskOutcome?.(null);
              void fetcher.submit(e.currentTarget.form);
            }
          }}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 max-sm:min-h-11 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100"
        >
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {chosen && (
        <p id="lead-status-ask" className="basis-full text-sm text-slate-700" role="status">
          {outcomeMessages.askBelow}
        </p>
      )}
      {!hydrated && (
        <button type="submit" className={buttonClass("outline", "px-3 py-1.5 text-sm max-sm:min-h-11")}>
          {text.saveStatus}
        </button>
      )}
    </fetcher.Form>
  );
}
