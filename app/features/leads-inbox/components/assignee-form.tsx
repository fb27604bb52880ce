import { buttonClass } from "~/components/ui/button";
import { fieldErrorOf } from "~/lib/form";
import { adminDisplayName } from "../labels";
import { inboxMessages } from "../messages";
import type { LeadListItem } from "../schema";
import { answeredIntent, type LeadFormAnswer, useLeadForm } from "./use-lead-action";

const text = inboxMessages.assignment;

export type AssigneeOption = { id: string; email: string; name: string | null };

/**
 * Who owns the call back: a select of the active admins (and "Unassigned") with an Assign button,
 * posted to the screen's action (intent=assign), with or without scripts. An owner whose account was
 * deactivated stays listed, marked, so the select shows the truth until someone else is chosen.
 */
export function AssigneeForm({
  lead,
  admins,
  result,
}: {
  lead: Pick<LeadListItem, "assigneeId" | "assigneeName">;
  admins: AssigneeOption[];
  /** The action's answer to a form posted without scripts. */
  result?: LeadFormAnswer;
}) {
  const fetcher = useLeadForm("lead-assign", text.failed);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? (answeredIntent(result) === "assign" ? result : undefined);
  const error = answer && !answer.ok ? (fieldErrorOf(answer, "assigneeId") ?? answer.message) : undefined;
  const current = lead.assigneeId ?? "";
  const departed = lead.assigneeId !== null && !admins.some((a) => a.id === lead.assigneeId);

  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="assign" />
      <div>
        <label htmlFor="lead-assignee" className="block text-sm font-medium text-slate-800">
          {text.label}
        </label>
        <select
          // Keyed by the stored owner, so the choice shown follows a change made elsewhere.
          key={current}
          id="lead-assignee"
          name="assigneeId"
          defaultValue={current}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "lead-assignee-error" : undefined}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 max-sm:min-h-11 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          <option value="">{text.unassigned}</option>
          {admins.map((admin) => (
            <option key={admin.id} value={admin.id}>
              {adminDisplayName(admin)}
            </option>
          ))}
          {departed && lead.assigneeId && <option value={lead.assigneeId}>{text.inactive(lead.assigneeName ?? lead.assigneeId)}</option>}
        </select>
      </div>
      <button
        type="submit"
        className={buttonClass("outline", "px-3 py-1.5 text-sm max-sm:min-h-11")}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? text.submitting : text.submit}
      </button>
      {error && (
        <p id="lead-assignee-error" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
