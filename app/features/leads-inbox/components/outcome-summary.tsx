import { lostReasonLabels } from "~/content/admin-options";
import { dayLabel } from "~/lib/calendar-day";
import { type LeadOutcome, usd } from "../outcome";
import { outcomeMessages } from "../outcome-messages";

const text = outcomeMessages;

/** The outcome's rows for a lead of this status, only those recorded. */
export function outcomeRows(status: string, o: LeadOutcome): [string, string][] {
  const rows: [string, string | null][] = [[text.quotedPremium, o.quotedPremium === null ? null : usd(o.quotedPremium)]];
  if (status === "won") {
    rows.push(
      [text.carrier, o.carrier],
      [text.lineOfBusiness, o.lineOfBusiness],
      [text.premium, o.premium === null ? null : usd(o.premium)],
      [text.effectiveDate, o.effectiveDate && dayLabel(o.effectiveDate)],
      [text.termMonths, o.termMonths === null ? null : text.term(o.termMonths)],
      [text.expirationDate, o.expirationDate && dayLabel(o.expirationDate)],
    );
  }
  if (status === "lost") {
    const reason = o.lostReason && (o.lostReason === "other" && o.lostReasonOther ? o.lostReasonOther : lostReasonLabels[o.lostReason]);
    rows.push([text.lostReason, reason], [text.competitor, o.competitor], [text.xDate, o.xDate && dayLabel(o.xDate)]);
  }
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== "");
}

/** What the lead's outcome holds, and what it still lacks for its status. */
export function OutcomeSummary({ lead }: { lead: { status: string; outcome: LeadOutcome } }) {
  const rows = outcomeRows(lead.status, lead.outcome);
  const o = lead.outcome;
  const ask =
    lead.status === "won" && (o.premium === null || !o.carrier || !o.effectiveDate)
      ? text.askWon
      : lead.status === "lost" && !o.lostReason
        ? text.askLost
        : null;
  return (
    <div className="space-y-3" data-testid="outcome-summary">
      {ask && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          data-testid="outcome-ask"
        >
          {ask}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{text.notRecorded}</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(8rem,14rem)_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="text-sm text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
