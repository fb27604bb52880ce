import { useEffect, useRef, useState } from "react";
import { SelectField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { lostReasonLabels, lostReasons, outcomeLines } from "~/content/admin-options";
import { fieldErrorOf, sentValue } from "~/lib/form";
import { CARRIER_MAX, type LeadOutcome, type OutcomeStatus, outcomeMessages, outcomeStatuses, REASON_MAX } from "../outcome";
import { answeredIntent, type LeadFormAnswer, useHydrated, useLeadForm } from "./use-lead-action";

const text = outcomeMessages;
const TERMS = [6, 12, 18, 24, 36] as const;

/** Words of a lead's service and the line of business they point to, first match wins. */
const LINE_WORDS: [string, (typeof outcomeLines)[number]][] = [
  ["trucking", "Commercial Trucking"],
  ["contractor", "Contractors"],
  ["general liability", "General Liability"],
  ["hoa", "HOA"],
  ["investment", "Investment Property"],
  ["property", "Commercial Property"],
];

/** A won lead's line of business, from the service it asked about: the form's first answer. */
export function lineFromService(service: string | null): string {
  const s = (service ?? "").toLowerCase();
  return LINE_WORDS.find(([word]) => s.includes(word))?.[1] ?? "";
}

const amount = (v: number | null) => (v === null ? "" : String(v));

/**
 * The lead's outcome (docs/decisions/060), posted to the screen's action (intent=outcome) with its
 * status, with or without scripts: quoted with the premium quoted; won with the policy bound; lost with
 * the reason, the competitor and the X-date. Without scripts every part shows and the server keeps the
 * chosen status's fields; with them only the chosen status's part shows.
 */
export function OutcomeForm({
  lead,
  asked,
  result,
}: {
  lead: { status: string; service: string | null; outcome: LeadOutcome };
  /** The status chosen in the status select that asks for this form (won, lost or quoted), with scripts. */
  asked: OutcomeStatus | null;
  result?: LeadFormAnswer;
}) {
  const fetcher = useLeadForm("lead-outcome", text.failed);
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const refusal = answeredIntent(result) === "outcome" && !result?.ok ? result : undefined;
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : refusal;
  const error = (name: string) => fieldErrorOf(answer, name);
  const o = lead.outcome;
  const stored = (outcomeStatuses as string[]).includes(lead.status) ? (lead.status as OutcomeStatus) : null;
  const sentStatus = sentValue(refusal, "status") as OutcomeStatus | undefined;
  const [status, setStatus] = useState<OutcomeStatus>(asked ?? sentStatus ?? stored ?? "won");
  const first = useRef<HTMLFieldSetElement>(null);

  // The status select asked for this form: show that status's part, then take the keyboard to its first field.
  const focusAsked = useRef(false);
  useEffect(() => {
    if (!asked) return;
    focusAsked.current = true;
    setStatus(asked);
  }, [asked]);
  useEffect(() => {
    if (!focusAsked.current || status !== asked) return;
    focusAsked.current = false;
    first.current?.querySelector<HTMLElement>("input:not([type=radio]), select")?.focus();
  }, [status, asked]);

  const shown = (name: string, value: string) => sentValue(refusal, name) ?? value;
  const part = (s: OutcomeStatus) => !hydrated || status === s;

  return (
    <fetcher.Form
      method="post"
      noValidate
      key={JSON.stringify(o)}
      aria-labelledby="lead-outcome-title"
      className="space-y-4"
      data-testid="outcome-form"
    >
      <h3 id="lead-outcome-title" className="text-base font-semibold text-brand-900">
        {stored ? text.edit : text.title}
      </h3>
      <input type="hidden" name="intent" value="outcome" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{text.status}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {outcomeStatuses.map((s) => (
            <label key={s} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900 sm:min-h-0">
              <input
                type="radio"
                name="status"
                value={s}
                checked={status === s}
                onChange={() => setStatus(s)}
                className="h-4 w-4 accent-brand-700"
              />
              {text.statuses[s]}
            </label>
          ))}
        </div>
        {error("status") && <p className="mt-1 text-sm font-medium text-red-700">{error("status")}</p>}
      </fieldset>

      {part("quoted") && (
        <fieldset ref={status === "quoted" ? first : undefined} className="grid gap-4 sm:grid-cols-2" data-part="quoted">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{text.quotedLegend}</legend>
          <TextField
            id="outcome-quoted-premium"
            name="quotedPremium"
            label={text.quotedPremium}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={shown("quotedPremium", amount(o.quotedPremium))}
            error={error("quotedPremium")}
          />
        </fieldset>
      )}

      {part("won") && (
        <fieldset ref={status === "won" ? first : undefined} className="grid gap-4 sm:grid-cols-2" data-part="won">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{text.wonLegend}</legend>
          <TextField
            id="outcome-carrier"
            name="carrier"
            label={text.carrier}
            required
            autoComplete="off"
            maxLength={CARRIER_MAX}
            defaultValue={shown("carrier", o.carrier ?? "")}
            error={error("carrier")}
          />
          <SelectField
            id="outcome-line"
            name="lineOfBusiness"
            label={text.lineOfBusiness}
            placeholder={text.chooseLine}
            options={outcomeLines}
            defaultValue={shown("lineOfBusiness", o.lineOfBusiness ?? lineFromService(lead.service))}
            error={error("lineOfBusiness")}
          />
          <TextField
            id="outcome-premium"
            name="premium"
            label={text.premium}
            required
            inputMode="decimal"
            autoComplete="off"
            defaultValue={shown("premium", amount(o.premium))}
            error={error("premium")}
          />
          <TextField
            id="outcome-effective"
            name="effectiveDate"
            type="date"
            label={text.effectiveDate}
            required
            defaultValue={shown("effectiveDate", o.effectiveDate ?? "")}
            error={error("effectiveDate") ?? error("expirationDate")}
          />
          <SelectField
            id="outcome-term"
            name="termMonths"
            label={text.termMonths}
            placeholder={text.termMonths}
            options={[
              ...TERMS.map((m) => ({ value: String(m), label: text.term(m) })),
              ...(o.termMonths && !(TERMS as readonly number[]).includes(o.termMonths)
                ? [{ value: String(o.termMonths), label: text.term(o.termMonths) }]
                : []),
            ]}
            defaultValue={shown("termMonths", String(o.termMonths ?? 12))}
            error={error("termMonths")}
          />
        </fieldset>
      )}

      {part("lost") && (
        <fieldset ref={status === "lost" ? first : undefined} className="grid gap-4 sm:grid-cols-2" data-part="lost">
          <legend className="mb-2 text-sm font-semibold text-slate-900">{text.lostLegend}</legend>
          <SelectField
            id="outcome-reason"
            name="lostReason"
            label={text.lostReason}
            required
            placeholder={text.chooseReason}
            options={lostReasons.map((r) => ({ value: r, label: lostReasonLabels[r] }))}
            defaultValue={shown("lostReason", o.lostReason ?? "")}
            error={error("lostReason")}
          />
          <TextField
            id="outcome-reason-other"
            name="lostReasonOther"
            label={text.lostReasonOther}
            autoComplete="off"
            maxLength={REASON_MAX}
            defaultValue={shown("lostReasonOther", o.lostReasonOther ?? "")}
            error={error("lostReasonOther")}
          />
          <TextField
            id="outcome-competitor"
            name="competitor"
            label={text.competitor}
            autoComplete="off"
            maxLength={CARRIER_MAX}
            defaultValue={shown("competitor", o.competitor ?? "")}
            error={error("competitor")}
          />
          <TextField
            id="outcome-x-date"
            name="xDate"
            type="date"
            label={text.xDate}
            defaultValue={shown("xDate", o.xDate ?? "")}
            error={error("xDate")}
          />
        </fieldset>
      )}

      {answer && !Object.keys(answer.result.error ?? {}).some((k) => k !== "") && (
        <p className="text-sm font-medium text-red-700">{answer.message}</p>
      )}
      <button
        type="submit"
        className={buttonClass("primary", "px-4 py-2 text-sm max-sm:min-h-11")}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {text.save}
      </button>
    </fetcher.Form>
  );
}
